//! `/api/payment/*`: the methods offered in a currency, a payment session's
//! state (the paying screen polls it), leaving it, and the sandbox's hosted
//! card page. A session id is an unguessable handle given at checkout.

use actix_web::{get, post, web};
use keyshop_core::error::AppError;
use keyshop_core::vocab::{PaymentProvider, PaymentState};
use keyshop_proto::payment::v1 as pb;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::CurrencyParam;
use crate::body::JsonBody;
use crate::envelope::{ApiResult, Envelope, FieldErrorsDto, Reply};
use crate::state::GatewayState;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentMethodDto {
    pub code: String,
    pub provider: PaymentProvider,
    /// Hundredths of a percent of the amount.
    pub fee_basis_points: i64,
    /// US cents, converted at the order's rate.
    pub fee_fixed_usd: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentSessionDto {
    pub id: String,
    pub order_no: String,
    pub provider: PaymentProvider,
    pub method: String,
    /// Minor units of `currency`.
    pub amount: i64,
    pub currency: String,
    pub state: PaymentState,
    /// The provider's reason for a failure (card_declined, insufficient_funds…).
    pub reason: String,
    /// Epoch milliseconds.
    pub expires_at: i64,
    /// 0 until paid.
    pub paid_at: i64,
    /// Where the buyer pays: the provider's hosted page (an absolute URL),
    /// or the sandbox's page in the store (a path).
    pub redirect_url: String,
    /// The server's clock, epoch milliseconds: the countdown is `expiresAt - now`.
    pub now: i64,
}

impl TryFrom<pb::Session> for PaymentSessionDto {
    type Error = AppError;

    fn try_from(session: pb::Session) -> Result<PaymentSessionDto, AppError> {
        Ok(PaymentSessionDto {
            id: session.id,
            order_no: session.order_no,
            provider: PaymentProvider::from_proto(session.provider)?,
            method: session.method,
            amount: session.amount,
            currency: session.currency,
            state: PaymentState::from_proto(session.state)?,
            reason: session.reason,
            expires_at: session.expires_at_ms,
            paid_at: session.paid_at_ms,
            redirect_url: session.redirect_url,
            now: session.now_ms,
        })
    }
}

#[utoipa::path(context_path = "/prod-api", tag = "shop", operation_id = "payment_methods",
    params(CurrencyParam),
    responses((status = 200, description = "The methods offered in the currency, with their fees", body = Envelope<Vec<PaymentMethodDto>>)))]
#[get("/api/payment/methods")]
pub async fn list_methods(
    state: web::Data<GatewayState>,
    query: web::Query<CurrencyParam>,
) -> ApiResult<Vec<PaymentMethodDto>> {
    let call = pb::ListMethodsRequest { currency: query.code() };
    let methods = state.clients.payment().list_methods(call).await?.into_inner().methods;
    let methods = methods
        .into_iter()
        .map(|method| {
            Ok(PaymentMethodDto {
                code: method.code,
                provider: PaymentProvider::from_proto(method.provider)?,
                fee_basis_points: method.fee_basis_points,
                fee_fixed_usd: method.fee_fixed_usd,
            })
        })
        .collect::<Result<Vec<_>, AppError>>()?;
    Ok(Reply::ok(methods))
}

#[utoipa::path(context_path = "/prod-api", tag = "shop", operation_id = "payment_session",
    params(("sessionId" = String, Path)),
    responses(
        (status = 200, description = "The session's state", body = Envelope<PaymentSessionDto>),
        (status = 404, description = "No such session", body = Envelope<Option<String>>),
    ))]
#[get("/api/payment/session/{sessionId}")]
pub async fn get_session(state: web::Data<GatewayState>, path: web::Path<String>) -> ApiResult<PaymentSessionDto> {
    let session = state.clients.payment().get_session(pb::SessionRef { id: path.into_inner() }).await?.into_inner();
    Ok(Reply::ok(PaymentSessionDto::try_from(session)?))
}

#[utoipa::path(context_path = "/prod-api", tag = "shop", operation_id = "payment_session_cancel",
    params(("sessionId" = String, Path)),
    responses(
        (status = 200, description = "The buyer left the payment page; paying again opens a new session", body = Envelope<PaymentSessionDto>),
        (status = 404, description = "No such session", body = Envelope<Option<String>>),
    ))]
#[post("/api/payment/session/{sessionId}/cancel")]
pub async fn cancel_session(state: web::Data<GatewayState>, path: web::Path<String>) -> ApiResult<PaymentSessionDto> {
    let session = state.clients.payment().cancel_session(pb::SessionRef { id: path.into_inner() }).await?.into_inner();
    Ok(Reply::ok(PaymentSessionDto::try_from(session)?))
}

#[utoipa::path(context_path = "/prod-api", tag = "shop", operation_id = "payment_session_capture",
    params(("sessionId" = String, Path)),
    responses(
        (status = 200, description = "The buyer came back from PayPal: the approved payment is captured (once); the session as it then stands", body = Envelope<PaymentSessionDto>),
        (status = 404, description = "No such session", body = Envelope<Option<String>>),
        (status = 503, description = "The provider could not be reached; coming back again retries", body = Envelope<Option<String>>),
    ))]
#[post("/api/payment/session/{sessionId}/capture")]
pub async fn capture_session(state: web::Data<GatewayState>, path: web::Path<String>) -> ApiResult<PaymentSessionDto> {
    let session = state.clients.payment().capture_session(pb::SessionRef { id: path.into_inner() }).await?.into_inner();
    Ok(Reply::ok(PaymentSessionDto::try_from(session)?))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct CardBody {
    pub number: String,
    /// MM/YY
    pub expiry: String,
    pub cvc: String,
}

#[utoipa::path(context_path = "/prod-api", tag = "shop", operation_id = "payment_sandbox_charge",
    params(("sessionId" = String, Path)), request_body = CardBody,
    responses(
        (status = 200, description = "The session after the charge: succeeded, or failed with the card's reason", body = Envelope<PaymentSessionDto>),
        (status = 400, description = "Not a card (number, expiry, cvc)", body = Envelope<FieldErrorsDto>),
        (status = 404, description = "No such sandbox session", body = Envelope<Option<String>>),
        (status = 409, description = "The session is no longer open (api.payment.statusIncorrect)", body = Envelope<Option<String>>),
    ))]
#[post("/api/payment/sandbox/{sessionId}/charge")]
pub async fn sandbox_charge(
    state: web::Data<GatewayState>,
    path: web::Path<String>,
    body: JsonBody<CardBody>,
) -> ApiResult<PaymentSessionDto> {
    let body = body.into_inner();
    let call = pb::SandboxChargeRequest {
        session_id: path.into_inner(),
        number: body.number,
        expiry: body.expiry,
        cvc: body.cvc,
    };
    let session = state.clients.payment().sandbox_charge(call).await?.into_inner();
    Ok(Reply::ok(PaymentSessionDto::try_from(session)?))
}
