//! `/api/staff/levels`: the membership levels. The table (lowest threshold
//! first) with the version to send back, and the whole table replaced at
//! once: a level's name, the total a member must have spent, its discount,
//! the points a dollar earns and how many points are worth a dollar. Every
//! member moves to the level their total then reaches.

use actix_web::{HttpRequest, get, put, web};
use keyshop_core::identity::Permission;
use keyshop_proto::member::v1 as pb;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{acting, staff_with};
use crate::body::JsonBody;
use crate::envelope::{ApiResult, Envelope, FieldErrorsDto, Reply};
use crate::routes::LangParam;
use crate::state::GatewayState;

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ConsoleLevelDto {
    /// 0 for a new level.
    #[serde(default)]
    pub id: i64,
    pub name: String,
    /// Total spent (US cents) from which a member has this level.
    pub threshold_usd_cents: i64,
    /// 0 to 50.
    pub discount_percent: i32,
    /// Points a US dollar paid earns, 0 to 100.
    pub points_per_usd: i32,
    /// Points worth one US dollar, 1 to 100,000.
    pub exchange_rate: i32,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConsoleLevelsDto {
    /// Lowest threshold first.
    pub levels: Vec<ConsoleLevelDto>,
    /// To send back with a change.
    pub version: String,
}

fn dto(table: pb::StaffLevels) -> ConsoleLevelsDto {
    ConsoleLevelsDto {
        levels: table
            .levels
            .into_iter()
            .map(|level| ConsoleLevelDto {
                id: level.id,
                name: level.name,
                threshold_usd_cents: level.threshold_usd_cents,
                discount_percent: level.discount_percent,
                points_per_usd: level.points_per_usd,
                exchange_rate: level.exchange_rate,
            })
            .collect(),
        version: table.version,
    }
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_levels", params(LangParam),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The level table", body = Envelope<ConsoleLevelsDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not manage content (api.staff.forbidden)", body = Envelope<Option<String>>),
    ))]
#[get("/api/staff/levels")]
pub async fn staff_levels(state: web::Data<GatewayState>, request: HttpRequest) -> ApiResult<ConsoleLevelsDto> {
    let staff = staff_with(&state, &request, Permission::ContentManage).await?;
    let table = acting(staff, state.clients.member().staff_list_levels(pb::Empty {})).await?.into_inner();
    Ok(Reply::ok(dto(table)))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LevelsBody {
    /// The version read.
    pub version: String,
    /// The whole table; a level left out is removed.
    pub levels: Vec<ConsoleLevelDto>,
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_save_levels", params(LangParam),
    security(("bearer" = [])),
    request_body = LevelsBody,
    responses(
        (status = 200, description = "The table as saved", body = Envelope<ConsoleLevelsDto>),
        (status = 400, description = "A field is wrong", body = Envelope<FieldErrorsDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not manage content (api.staff.forbidden)", body = Envelope<Option<String>>),
        (status = 409, description = "Changed since it was read (api.staff.changed)", body = Envelope<Option<String>>),
    ))]
#[put("/api/staff/levels")]
pub async fn staff_save_levels(
    state: web::Data<GatewayState>,
    body: JsonBody<LevelsBody>,
    request: HttpRequest,
) -> ApiResult<ConsoleLevelsDto> {
    let staff = staff_with(&state, &request, Permission::ContentManage).await?;
    let body = body.into_inner();
    let call = pb::SaveLevelsRequest {
        version: body.version,
        levels: body
            .levels
            .into_iter()
            .map(|level| pb::Level {
                id: level.id,
                name: level.name,
                threshold_usd_cents: level.threshold_usd_cents,
                discount_percent: level.discount_percent,
                points_per_usd: level.points_per_usd,
                exchange_rate: level.exchange_rate,
            })
            .collect(),
    };
    let table = acting(staff, state.clients.member().staff_save_levels(call)).await?.into_inner();
    Ok(Reply::ok(dto(table)))
}
