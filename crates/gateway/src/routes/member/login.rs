//! `POST /api/login`: a session token for the account and password; the same
//! answer for an unknown account and a wrong password; the captcha after 3
//! failures; 429 with the retry time when throttled.

use actix_web::{HttpRequest, post, web};
use keyshop_proto::member::v1 as pb;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{captcha_answer, client};
use crate::body::JsonBody;
use crate::envelope::{ApiResult, Envelope, FieldErrorsDto, Reply, RetryAfterDto};
use crate::routes::LangParam;
use crate::state::GatewayState;

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct LoginBody {
    /// The e-mail of the account.
    #[schema(required = true, min_length = 1)]
    pub account: String,
    #[schema(required = true, min_length = 1)]
    pub password: String,
    /// What the captcha image shows.
    pub code: String,
    /// The `uuid` of `/captchaImage`.
    pub uuid: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginDto {
    /// Sent back as `Authorization: Bearer <token>`.
    pub token: String,
    /// Epoch milliseconds.
    pub expires_at: i64,
}

#[utoipa::path(context_path = "/prod-api", tag = "members", operation_id = "member_login", params(LangParam),
    request_body = LoginBody,
    responses(
        (status = 200, description = "Signed in (msgKey api.member.loggedIn)", body = Envelope<LoginDto>),
        (status = 400, description = "A field is missing, or the captcha is needed or wrong (field code)", body = Envelope<FieldErrorsDto>),
        (status = 401, description = "Unknown account or wrong password", body = Envelope<Option<String>>),
        (status = 403, description = "The account is disabled", body = Envelope<Option<String>>),
        (status = 429, description = "Too many failures; data.retryAfter", body = Envelope<Option<RetryAfterDto>>),
    ))]
#[post("/api/login")]
pub async fn login(
    state: web::Data<GatewayState>,
    body: JsonBody<LoginBody>,
    request: HttpRequest,
) -> ApiResult<LoginDto> {
    let body = body.into_inner();
    let call = pb::LoginRequest {
        account: body.account,
        password: body.password,
        captcha: captcha_answer(body.code, body.uuid),
        client: Some(client(&request, &state)),
    };
    let session = state.clients.member().login(call).await?.into_inner();
    Ok(Reply::ok(LoginDto { token: session.token, expires_at: session.expires_at_ms })
        .with_msg_key("api.member.loggedIn"))
}
