//! `GET /api/home/location`: the language and currency to suggest to this
//! visitor (Accept-Language, and GeoIP when a database is configured).

use actix_web::{HttpRequest, get, web};
use keyshop_proto::catalog::v1 as pb;
use serde::Serialize;
use utoipa::ToSchema;

use crate::envelope::{ApiResult, Envelope, Reply};
use crate::routes::LangParam;
use crate::state::GatewayState;

#[derive(Debug, Serialize, ToSchema)]
pub struct LocationDto {
    pub language: String,
    pub currency: String,
    /// ISO 3166-1 alpha-2, when known.
    pub country: Option<String>,
    /// `geoip`, `accept-language` or `default`.
    pub source: String,
}

#[utoipa::path(context_path = "/prod-api", tag = "home", operation_id = "home_location", params(LangParam),
    responses((status = 200, description = "Suggested language and currency", body = Envelope<LocationDto>)))]
#[get("/api/home/location")]
pub async fn suggest_location(state: web::Data<GatewayState>, request: HttpRequest) -> ApiResult<LocationDto> {
    let accept_language =
        request.headers().get("accept-language").and_then(|value| value.to_str().ok()).unwrap_or_default();
    let ip = state.client_address.of(&request);
    let call = pb::SuggestLocationRequest {
        accept_language: accept_language.to_owned(),
        client_ip: ip.map(|ip| ip.to_string()).unwrap_or_default(),
    };
    let location = state.clients.catalog().suggest_location(call).await?.into_inner();
    Ok(Reply::ok(LocationDto {
        language: location.language,
        currency: location.currency,
        country: Some(location.country).filter(|country| !country.is_empty()),
        source: location.source,
    }))
}
