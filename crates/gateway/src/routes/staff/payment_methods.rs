//! `/api/staff/payment-methods`: the payment methods, switched on or off,
//! with the currencies each takes and its fee (a percentage and a fixed part
//! in US cents), and a fee per currency where one is set. Read with
//! `payments.read`, changed with `payments.manage` and the version read.

use actix_web::{HttpRequest, get, put, web};
use keyshop_core::error::AppError;
use keyshop_core::identity::Permission;
use keyshop_core::vocab::PaymentProvider;
use keyshop_proto::payment::v1 as pb;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{acting, staff_with};
use crate::body::JsonBody;
use crate::envelope::{ApiResult, Envelope, FieldErrorsDto, Reply};
use crate::routes::LangParam;
use crate::state::GatewayState;

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CurrencyFeeDto {
    /// ISO 4217 code.
    pub currency: String,
    /// Hundredths of a percent: 290 is 2.90 %.
    pub fee_basis_points: i64,
    /// US cents, converted at the order's rate.
    pub fee_fixed_usd: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConsoleMethodDto {
    pub code: String,
    pub provider: PaymentProvider,
    /// ISO codes, or "*" for every currency.
    pub currencies: Vec<String>,
    pub fee_basis_points: i64,
    pub fee_fixed_usd: i64,
    pub enabled: bool,
    pub version: i64,
    pub fees: Vec<CurrencyFeeDto>,
    /// Whether its provider is configured on this store (else never offered).
    pub provider_ready: bool,
}

fn fee_dto(fee: pb::CurrencyFee) -> CurrencyFeeDto {
    CurrencyFeeDto { currency: fee.currency, fee_basis_points: fee.fee_basis_points, fee_fixed_usd: fee.fee_fixed_usd }
}

impl TryFrom<pb::StaffMethod> for ConsoleMethodDto {
    type Error = AppError;

    fn try_from(method: pb::StaffMethod) -> Result<ConsoleMethodDto, AppError> {
        Ok(ConsoleMethodDto {
            provider: PaymentProvider::from_proto(method.provider).map_err(AppError::internal)?,
            code: method.code,
            currencies: method.currencies,
            fee_basis_points: method.fee_basis_points,
            fee_fixed_usd: method.fee_fixed_usd,
            enabled: method.enabled,
            version: method.version,
            fees: method.fees.into_iter().map(fee_dto).collect(),
            provider_ready: method.provider_ready,
        })
    }
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_payment_methods", params(LangParam),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Every payment method", body = Envelope<Vec<ConsoleMethodDto>>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not read payments (api.staff.forbidden)", body = Envelope<Option<String>>),
    ))]
#[get("/api/staff/payment-methods")]
pub async fn staff_payment_methods(
    state: web::Data<GatewayState>,
    request: HttpRequest,
) -> ApiResult<Vec<ConsoleMethodDto>> {
    let staff = staff_with(&state, &request, Permission::PaymentsRead).await?;
    let list = acting(staff, state.clients.payment().staff_list_methods(pb::StaffListMethodsRequest {})).await?;
    let methods = list.into_inner().methods.into_iter().map(ConsoleMethodDto::try_from).collect::<Result<_, _>>()?;
    Ok(Reply::ok(methods))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MethodBody {
    /// The version read.
    pub version: i64,
    pub enabled: bool,
    /// ISO codes, or ["*"] for every currency.
    pub currencies: Vec<String>,
    /// At most 2,000 (20 %).
    pub fee_basis_points: i64,
    /// At most 10,000 (100 US dollars).
    pub fee_fixed_usd: i64,
    #[serde(default)]
    pub fees: Vec<CurrencyFeeDto>,
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_save_payment_method", params(LangParam,
        ("code" = String, Path, description = "The method's code, e.g. stripe-card")),
    security(("bearer" = [])),
    request_body = MethodBody,
    responses(
        (status = 200, description = "The method as saved (offered so at once)", body = Envelope<ConsoleMethodDto>),
        (status = 400, description = "A field is wrong", body = Envelope<FieldErrorsDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not manage payments (api.staff.forbidden)", body = Envelope<Option<String>>),
        (status = 404, description = "No such method", body = Envelope<Option<String>>),
        (status = 409, description = "Changed since it was read (api.staff.changed)", body = Envelope<Option<String>>),
    ))]
#[put("/api/staff/payment-methods/{code}")]
pub async fn staff_save_payment_method(
    state: web::Data<GatewayState>,
    path: web::Path<String>,
    body: JsonBody<MethodBody>,
    request: HttpRequest,
) -> ApiResult<ConsoleMethodDto> {
    let staff = staff_with(&state, &request, Permission::PaymentsManage).await?;
    let body = body.into_inner();
    let call = pb::StaffSaveMethodRequest {
        code: path.into_inner(),
        version: body.version,
        enabled: body.enabled,
        currencies: body.currencies,
        fee_basis_points: body.fee_basis_points,
        fee_fixed_usd: body.fee_fixed_usd,
        fees: body
            .fees
            .into_iter()
            .map(|fee| pb::CurrencyFee {
                currency: fee.currency,
                fee_basis_points: fee.fee_basis_points,
                fee_fixed_usd: fee.fee_fixed_usd,
            })
            .collect(),
    };
    let saved = acting(staff, state.clients.payment().staff_save_method(call)).await?.into_inner();
    Ok(Reply::ok(ConsoleMethodDto::try_from(saved)?))
}
