//! `POST /api/newsletter/{subscribe|confirm|unsubscribe}`: double opt-in by
//! e-mail; the tokens come from the e-mailed links' fragments.

use actix_web::{HttpRequest, post, web};
use keyshop_proto::member::v1 as pb;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::body::JsonBody;
use crate::envelope::{ApiResult, Envelope, FieldErrorsDto, Reply, RetryAfterDto};
use crate::routes::LangParam;
use crate::routes::member::client;
use crate::state::GatewayState;

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct SubscribeBody {
    #[schema(required = true, min_length = 1)]
    pub email: String,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct NewsletterTokenBody {
    /// From the e-mailed link.
    #[schema(required = true, min_length = 1)]
    pub token: String,
}

#[utoipa::path(context_path = "/prod-api", tag = "forms", operation_id = "newsletter_subscribe", params(LangParam),
    request_body = SubscribeBody,
    responses(
        (status = 200, description = "A confirmation link was e-mailed (msgKey api.newsletter.confirmSent)", body = Envelope<Option<String>>),
        (status = 400, description = "The e-mail is missing or wrong", body = Envelope<FieldErrorsDto>),
        (status = 429, description = "Too many requests", body = Envelope<Option<RetryAfterDto>>),
    ))]
#[post("/api/newsletter/subscribe")]
pub async fn subscribe(
    state: web::Data<GatewayState>,
    body: JsonBody<SubscribeBody>,
    request: HttpRequest,
) -> ApiResult<()> {
    let call = pb::SubscribeRequest { email: body.into_inner().email, client: Some(client(&request, &state)) };
    state.clients.member().subscribe_newsletter(call).await?;
    Ok(Reply::ok(()).with_msg_key("api.newsletter.confirmSent"))
}

#[utoipa::path(context_path = "/prod-api", tag = "forms", operation_id = "newsletter_confirm", params(LangParam),
    request_body = NewsletterTokenBody,
    responses(
        (status = 200, description = "Subscribed (msgKey api.newsletter.subscribed)", body = Envelope<Option<String>>),
        (status = 422, description = "The link is invalid or expired", body = Envelope<Option<String>>),
    ))]
#[post("/api/newsletter/confirm")]
pub async fn confirm(state: web::Data<GatewayState>, body: JsonBody<NewsletterTokenBody>) -> ApiResult<()> {
    state.clients.member().confirm_newsletter(pb::TokenRequest { token: body.into_inner().token }).await?;
    Ok(Reply::ok(()).with_msg_key("api.newsletter.subscribed"))
}

#[utoipa::path(context_path = "/prod-api", tag = "forms", operation_id = "newsletter_unsubscribe", params(LangParam),
    request_body = NewsletterTokenBody,
    responses(
        (status = 200, description = "Unsubscribed (msgKey api.newsletter.unsubscribed)", body = Envelope<Option<String>>),
        (status = 422, description = "The link is invalid", body = Envelope<Option<String>>),
    ))]
#[post("/api/newsletter/unsubscribe")]
pub async fn unsubscribe(state: web::Data<GatewayState>, body: JsonBody<NewsletterTokenBody>) -> ApiResult<()> {
    state.clients.member().unsubscribe_newsletter(pb::TokenRequest { token: body.into_inner().token }).await?;
    Ok(Reply::ok(()).with_msg_key("api.newsletter.unsubscribed"))
}
