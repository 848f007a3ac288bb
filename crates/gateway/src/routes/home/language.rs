//! `GET /api/home/language`: the UI languages.

use actix_web::{get, web};
use keyshop_proto::catalog::v1 as pb;
use serde::Serialize;
use utoipa::ToSchema;

use crate::envelope::{ApiResult, Envelope, Reply};
use crate::routes::LangParam;
use crate::state::GatewayState;

#[derive(Debug, Serialize, ToSchema)]
pub struct LanguageDto {
    /// Catalogue code, e.g. `en-US`, `zh-CN`, `cz`.
    pub code: String,
    /// The language's own name for itself.
    pub name: String,
    #[schema(value_type = String, example = "ltr")]
    /// `ltr` or `rtl`.
    pub dir: String,
}

impl From<pb::Language> for LanguageDto {
    fn from(language: pb::Language) -> LanguageDto {
        LanguageDto { code: language.code, name: language.native_name, dir: language.direction }
    }
}

#[utoipa::path(context_path = "/prod-api", tag = "home", operation_id = "home_language", params(LangParam),
    responses((status = 200, description = "The 18 languages", body = Envelope<Vec<LanguageDto>>)))]
#[get("/api/home/language")]
pub async fn list_languages(state: web::Data<GatewayState>) -> ApiResult<Vec<LanguageDto>> {
    let languages = state.clients.catalog().list_languages(pb::ListLanguagesRequest {}).await?.into_inner().languages;
    Ok(Reply::ok(languages.into_iter().map(LanguageDto::from).collect()))
}
