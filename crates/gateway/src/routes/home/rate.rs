//! `GET /api/home/rate`: the currencies and their rates to USD.

use actix_web::{get, web};
use keyshop_core::money::ExchangeRate;
use keyshop_proto::catalog::v1 as pb;
use serde::Serialize;
use utoipa::ToSchema;

use crate::envelope::{ApiResult, Envelope, Reply};
use crate::routes::LangParam;
use crate::state::GatewayState;

#[derive(Debug, Serialize, ToSchema)]
pub struct CurrencyDto {
    /// ISO 4217 code.
    pub code: String,
    pub symbol: String,
    pub name: String,
    /// Units of this currency per 1 USD.
    pub rate: f64,
}

impl From<pb::Currency> for CurrencyDto {
    fn from(currency: pb::Currency) -> CurrencyDto {
        let rate = ExchangeRate::from_micros(currency.rate_micros).map_or(1.0, ExchangeRate::as_f64);
        CurrencyDto { code: currency.code, symbol: currency.symbol, name: currency.name, rate }
    }
}

#[utoipa::path(context_path = "/prod-api", tag = "home", operation_id = "home_rate", params(LangParam),
    responses((status = 200, description = "Currencies with their rate to USD", body = Envelope<Vec<CurrencyDto>>)))]
#[get("/api/home/rate")]
pub async fn list_rates(state: web::Data<GatewayState>) -> ApiResult<Vec<CurrencyDto>> {
    let currencies =
        state.clients.catalog().list_currencies(pb::ListCurrenciesRequest {}).await?.into_inner().currencies;
    Ok(Reply::ok(currencies.into_iter().map(CurrencyDto::from).collect()))
}
