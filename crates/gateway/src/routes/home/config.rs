//! `GET /api/home/config`: every public site setting at once, those written
//! per language (title, keywords, description, the hero's texts) in the
//! shopper's language where written.

use std::collections::BTreeMap;

use actix_web::{get, web};
use keyshop_proto::catalog::v1 as pb;

use crate::context;
use crate::envelope::{ApiResult, Envelope, Reply};
use crate::routes::LangParam;
use crate::state::GatewayState;

#[utoipa::path(context_path = "/prod-api", tag = "home", operation_id = "home_config", params(LangParam),
    responses((status = 200, description = "Public site settings, key → value", body = Envelope<BTreeMap<String, String>>)))]
#[get("/api/home/config")]
pub async fn get_config(state: web::Data<GatewayState>) -> ApiResult<BTreeMap<String, String>> {
    let call = pb::ListPublicSettingsRequest { language: context::language().to_owned() };
    let settings = state.clients.catalog().list_public_settings(call).await?.into_inner().settings;
    Ok(Reply::ok(settings.into_iter().map(|setting| (setting.key, setting.value)).collect()))
}
