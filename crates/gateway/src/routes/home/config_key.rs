//! `GET /api/home/config/configKey/{key}`: one site setting.

use actix_web::{get, web};
use keyshop_proto::catalog::v1 as pb;

use crate::envelope::{ApiResult, Envelope, FieldErrorsDto, Reply};
use crate::routes::LangParam;
use crate::state::GatewayState;

#[utoipa::path(context_path = "/prod-api", tag = "home", operation_id = "home_config_key",
    params(("key" = String, Path, description = "Setting key, e.g. siteTitle", min_length = 1, max_length = 64, pattern = r"^[A-Za-z0-9._-]+$"), LangParam),
    responses(
        (status = 200, description = "The setting's value", body = Envelope<String>),
        (status = 400, description = "Malformed key", body = Envelope<FieldErrorsDto>),
        (status = 404, description = "No such setting", body = Envelope<Option<String>>),
    ))]
#[get("/api/home/config/configKey/{key}")]
pub async fn get_config_key(state: web::Data<GatewayState>, key: web::Path<String>) -> ApiResult<String> {
    let request = pb::GetSettingRequest { key: key.into_inner() };
    let setting = state.clients.catalog().get_setting(request).await?.into_inner();
    Ok(Reply::ok(setting.value))
}
