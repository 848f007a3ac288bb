//! `GET /api/countries`: the countries and regions of the profile and address
//! forms, with their dialling code and a zip example (names come from the
//! browser's `Intl.DisplayNames`).

use actix_web::{get, web};
use keyshop_proto::member::v1 as pb;
use serde::Serialize;
use utoipa::ToSchema;

use crate::envelope::{ApiResult, Envelope, Reply};
use crate::state::GatewayState;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CountryDto {
    /// ISO 3166 alpha-2.
    pub code: String,
    /// E.g. "+49".
    pub dial_code: String,
    /// "" where any zip is accepted.
    pub zip_example: String,
}

#[utoipa::path(context_path = "/prod-api", tag = "account", operation_id = "account_countries",
    responses((status = 200, description = "Every country, by code", body = Envelope<Vec<CountryDto>>)))]
#[get("/api/countries")]
pub async fn list_countries(state: web::Data<GatewayState>) -> ApiResult<Vec<CountryDto>> {
    let list = state.clients.member().list_countries(pb::Empty {}).await?.into_inner();
    Ok(Reply::ok(
        list.countries
            .into_iter()
            .map(|country| CountryDto {
                code: country.code,
                dial_code: country.dial_code,
                zip_example: country.zip_example,
            })
            .collect(),
    ))
}
