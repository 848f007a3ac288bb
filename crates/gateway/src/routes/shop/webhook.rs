//! `POST /api/payment/webhook/{provider}`: where payment providers report.
//! The body is passed on untouched with its signature headers; the payment
//! service has the provider check it (Stripe's and the sandbox's HMAC,
//! PayPal's verification call), de-duplicates by the provider's event id and
//! applies the event once. A forged or stale signature gets 400.

use actix_web::{HttpRequest, post, web};
use keyshop_core::error::AppError;
use keyshop_core::vocab::PaymentProvider;
use keyshop_proto::payment::v1 as pb;
use serde::Serialize;
use utoipa::ToSchema;

use super::header;
use crate::envelope::{ApiResult, Envelope, FieldErrorsDto, Reply};
use crate::state::GatewayState;

/// The headers providers sign with: Stripe's, the sandbox's, PayPal's five.
const SIGNATURE_HEADERS: [&str; 7] = [
    "stripe-signature",
    "keyshop-signature",
    "paypal-auth-algo",
    "paypal-cert-url",
    "paypal-transmission-id",
    "paypal-transmission-sig",
    "paypal-transmission-time",
];

#[derive(Debug, Serialize, ToSchema)]
pub struct WebhookAckDto {
    /// applied, duplicate, ignored or mismatch.
    pub outcome: String,
}

#[utoipa::path(context_path = "/prod-api", tag = "shop", operation_id = "payment_webhook",
    params(("provider" = PaymentProvider, Path)),
    request_body(content = String, description = "The provider's event, as signed", content_type = "application/json"),
    responses(
        (status = 200, description = "Received (a replay is acknowledged as a duplicate)", body = Envelope<WebhookAckDto>),
        (status = 400, description = "Forged, stale or malformed (api.payment.signatureInvalid)", body = Envelope<FieldErrorsDto>),
        (status = 404, description = "A provider not enabled in this store", body = Envelope<Option<String>>),
        (status = 413, description = "A body over KEYSHOP_BODY_LIMIT_BYTES (api.error.payloadTooLarge)", body = Envelope<Option<String>>),
    ))]
#[post("/api/payment/webhook/{provider}")]
pub async fn receive_webhook(
    state: web::Data<GatewayState>,
    path: web::Path<String>,
    body: web::Bytes,
    request: HttpRequest,
) -> ApiResult<WebhookAckDto> {
    let headers = SIGNATURE_HEADERS
        .iter()
        .map(|name| ((*name).to_owned(), header(&request, name)))
        .filter(|(_, value)| !value.is_empty())
        .collect();
    let provider =
        PaymentProvider::parse(&path.into_inner()).ok_or_else(|| AppError::not_found("api.error.notFound"))?;
    let call =
        pb::WebhookRequest { provider: provider.to_proto(), signature: String::new(), headers, body: body.to_vec() };
    let ack = state.clients.payment().receive_webhook(call).await?.into_inner();
    Ok(Reply::ok(WebhookAckDto { outcome: ack.outcome }))
}
