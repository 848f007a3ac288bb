//! `/api/staff/currencies`: the currencies the shop sells in and their rates
//! to the US dollar (the base, fixed at 1). A rate is written as a decimal
//! ("0.92": units of the currency per dollar, at most 6 decimals); the
//! change reaches new orders at once and is audited.

use actix_web::{HttpRequest, get, put, web};
use keyshop_core::error::AppError;
use keyshop_core::identity::Permission;
use keyshop_core::money::ExchangeRate;
use keyshop_proto::catalog::v1 as pb;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{acting, staff_with};
use crate::body::JsonBody;
use crate::envelope::{ApiResult, Envelope, FieldErrorsDto, Reply};
use crate::routes::LangParam;
use crate::state::GatewayState;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConsoleCurrencyDto {
    /// ISO 4217 code.
    pub code: String,
    pub symbol: String,
    pub name: String,
    /// Units per US dollar as a decimal, e.g. "0.92".
    pub rate: String,
    /// Epoch milliseconds of the last change.
    pub updated_at: i64,
}

fn decimal(micros: i64) -> String {
    let whole = micros / ExchangeRate::MICROS_PER_UNIT;
    let fraction = format!("{:06}", micros % ExchangeRate::MICROS_PER_UNIT);
    let fraction = fraction.trim_end_matches('0');
    if fraction.is_empty() { whole.to_string() } else { format!("{whole}.{fraction}") }
}

impl From<pb::Currency> for ConsoleCurrencyDto {
    fn from(currency: pb::Currency) -> ConsoleCurrencyDto {
        ConsoleCurrencyDto {
            rate: decimal(currency.rate_micros),
            code: currency.code,
            symbol: currency.symbol,
            name: currency.name,
            updated_at: currency.updated_at_ms,
        }
    }
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_currencies", params(LangParam),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Every currency with its rate", body = Envelope<Vec<ConsoleCurrencyDto>>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not manage content (api.staff.forbidden)", body = Envelope<Option<String>>),
    ))]
#[get("/api/staff/currencies")]
pub async fn staff_currencies(
    state: web::Data<GatewayState>,
    request: HttpRequest,
) -> ApiResult<Vec<ConsoleCurrencyDto>> {
    let staff = staff_with(&state, &request, Permission::ContentManage).await?;
    let list = acting(staff, state.clients.catalog().list_currencies(pb::ListCurrenciesRequest {})).await?;
    Ok(Reply::ok(list.into_inner().currencies.into_iter().map(ConsoleCurrencyDto::from).collect()))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CurrencyRateBody {
    /// Units of the currency per US dollar, e.g. "0.92" (at most 6 decimals).
    pub rate: String,
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_set_currency_rate", params(LangParam,
        ("code" = String, Path, description = "ISO 4217 code, e.g. EUR")),
    security(("bearer" = [])),
    request_body = CurrencyRateBody,
    responses(
        (status = 200, description = "The currency at its new rate", body = Envelope<ConsoleCurrencyDto>),
        (status = 400, description = "Not a rate, or the US dollar (always 1)", body = Envelope<FieldErrorsDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not manage content (api.staff.forbidden)", body = Envelope<Option<String>>),
        (status = 404, description = "No such currency", body = Envelope<Option<String>>),
    ))]
#[put("/api/staff/currencies/{code}")]
pub async fn staff_set_currency_rate(
    state: web::Data<GatewayState>,
    path: web::Path<String>,
    body: JsonBody<CurrencyRateBody>,
    request: HttpRequest,
) -> ApiResult<ConsoleCurrencyDto> {
    let staff = staff_with(&state, &request, Permission::ContentManage).await?;
    let rate = ExchangeRate::parse_decimal(&body.into_inner().rate)
        .map_err(|_| AppError::field("rate", "api.staff.rateInvalid"))?;
    let call = pb::SetCurrencyRateRequest { code: path.into_inner(), rate_micros: rate.micros() };
    let currency = acting(staff, state.clients.catalog().set_currency_rate(call)).await?.into_inner();
    Ok(Reply::ok(ConsoleCurrencyDto::from(currency)))
}

#[cfg(test)]
mod tests {
    use super::decimal;

    #[test]
    fn rates_read_as_decimals() {
        assert_eq!(decimal(920_000), "0.92");
        assert_eq!(decimal(1_000_000), "1");
        assert_eq!(decimal(151_234_567), "151.234567");
    }
}
