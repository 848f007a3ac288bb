//! `GET /api/home/config`: every public site setting at once.

use std::collections::BTreeMap;

use actix_web::{get, web};
use keyshop_proto::catalog::v1 as pb;

use crate::envelope::{ApiResult, Envelope, Reply};
use crate::routes::LangParam;
use crate::state::GatewayState;

#[utoipa::path(context_path = "/prod-api", tag = "home", operation_id = "home_config", params(LangParam),
    responses((status = 200, description = "Public site settings, key → value", body = Envelope<BTreeMap<String, String>>)))]
#[get("/api/home/config")]
pub async fn get_config(state: web::Data<GatewayState>) -> ApiResult<BTreeMap<String, String>> {
    let settings =
        state.clients.catalog().list_public_settings(pb::ListPublicSettingsRequest {}).await?.into_inner().settings;
    Ok(Reply::ok(settings.into_iter().map(|setting| (setting.key, setting.value)).collect()))
}
