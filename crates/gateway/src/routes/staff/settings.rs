//! `/api/staff/settings`: the manager's site settings. Every public setting
//! as stored (those written per language as `siteTitle.ar`, …), and one set:
//! the catalog checks the key and the value (a switch is `true` or `false`,
//! the support address an address), records who changed it, and the shop
//! reads the new value at once.

use std::collections::BTreeMap;

use actix_web::{HttpRequest, get, put, web};
use keyshop_core::identity::Permission;
use keyshop_proto::catalog::v1 as pb;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{acting, staff_with};
use crate::body::JsonBody;
use crate::envelope::{ApiResult, Envelope, FieldErrorsDto, Reply};
use crate::routes::LangParam;
use crate::state::GatewayState;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SettingBody {
    /// At most 4,000 characters; empty clears a per-language value (the
    /// default shows again).
    pub value: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SettingDto {
    pub key: String,
    pub value: String,
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_settings", params(LangParam),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Every public setting as stored, key → value", body = Envelope<BTreeMap<String, String>>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not manage content (api.staff.forbidden)", body = Envelope<Option<String>>),
    ))]
#[get("/api/staff/settings")]
pub async fn staff_settings(
    state: web::Data<GatewayState>,
    request: HttpRequest,
) -> ApiResult<BTreeMap<String, String>> {
    let staff = staff_with(&state, &request, Permission::ContentManage).await?;
    let call = pb::ListPublicSettingsRequest { language: String::new() };
    let settings = acting(staff, state.clients.catalog().list_public_settings(call)).await?.into_inner().settings;
    Ok(Reply::ok(settings.into_iter().map(|setting| (setting.key, setting.value)).collect()))
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_set_setting", params(LangParam,
        ("key" = String, Path, description = "The setting, `heroTitle` or `heroTitle.ar` for one language")),
    security(("bearer" = [])),
    request_body = SettingBody,
    responses(
        (status = 200, description = "The setting as saved", body = Envelope<SettingDto>),
        (status = 400, description = "A bad key or value", body = Envelope<FieldErrorsDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not manage content (api.staff.forbidden)", body = Envelope<Option<String>>),
    ))]
#[put("/api/staff/settings/{key}")]
pub async fn staff_set_setting(
    state: web::Data<GatewayState>,
    path: web::Path<String>,
    body: JsonBody<SettingBody>,
    request: HttpRequest,
) -> ApiResult<SettingDto> {
    let staff = staff_with(&state, &request, Permission::ContentManage).await?;
    let call = pb::Setting { key: path.into_inner(), value: body.into_inner().value };
    let saved = acting(staff, state.clients.catalog().set_setting(call)).await?.into_inner();
    Ok(Reply::ok(SettingDto { key: saved.key, value: saved.value.trim().to_owned() }))
}
