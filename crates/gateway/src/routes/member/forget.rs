//! `POST /api/forget`: e-mails a 6-digit code (valid 15 minutes). The answer
//! is the same whether the address is registered or not.

use actix_web::{HttpRequest, post, web};
use keyshop_proto::member::v1 as pb;
use serde::Deserialize;
use utoipa::ToSchema;

use super::{captcha_answer, client};
use crate::body::JsonBody;
use crate::envelope::{ApiResult, Envelope, FieldErrorsDto, Reply, RetryAfterDto};
use crate::routes::LangParam;
use crate::state::GatewayState;

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ForgetBody {
    #[schema(required = true, min_length = 1)]
    pub email: String,
    /// What the captcha image shows.
    pub code: String,
    /// The `uuid` of `/captchaImage`.
    pub uuid: String,
}

#[utoipa::path(context_path = "/prod-api", tag = "members", operation_id = "member_forget", params(LangParam),
    request_body = ForgetBody,
    responses(
        (status = 200, description = "Code sent if the address is registered (msgKey api.member.codeSent)", body = Envelope<Option<String>>),
        (status = 400, description = "E-mail or captcha missing or wrong", body = Envelope<FieldErrorsDto>),
        (status = 429, description = "Too many requests", body = Envelope<Option<RetryAfterDto>>),
    ))]
#[post("/api/forget")]
pub async fn forget(state: web::Data<GatewayState>, body: JsonBody<ForgetBody>, request: HttpRequest) -> ApiResult<()> {
    let body = body.into_inner();
    let call = pb::ForgotPasswordRequest {
        email: body.email,
        captcha: captcha_answer(body.code, body.uuid),
        client: Some(client(&request, &state)),
    };
    state.clients.member().forgot_password(call).await?;
    Ok(Reply::ok(()).with_msg_key("api.member.codeSent"))
}
