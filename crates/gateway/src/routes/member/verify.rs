//! `POST /api/verify`: the e-mailed code for a short-lived reset token (5
//! tries per code).

use actix_web::{post, web};
use keyshop_proto::member::v1 as pb;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::body::JsonBody;
use crate::envelope::{ApiResult, Envelope, FieldErrorsDto, Reply, RetryAfterDto};
use crate::routes::LangParam;
use crate::state::GatewayState;

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct VerifyBody {
    #[schema(required = true, min_length = 1)]
    pub email: String,
    /// The 6 digits of the e-mail.
    #[schema(required = true, min_length = 1)]
    pub code: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VerifyDto {
    /// For `/api/resetPassword`.
    pub reset_token: String,
}

#[utoipa::path(context_path = "/prod-api", tag = "members", operation_id = "member_verify", params(LangParam),
    request_body = VerifyBody,
    responses(
        (status = 200, description = "The code is right (msgKey api.member.codeVerified)", body = Envelope<VerifyDto>),
        (status = 400, description = "Code empty, wrong or expired (field code)", body = Envelope<FieldErrorsDto>),
        (status = 429, description = "Too many wrong codes", body = Envelope<Option<RetryAfterDto>>),
    ))]
#[post("/api/verify")]
pub async fn verify(state: web::Data<GatewayState>, body: JsonBody<VerifyBody>) -> ApiResult<VerifyDto> {
    let body = body.into_inner();
    let verified = state
        .clients
        .member()
        .verify_reset_code(pb::VerifyResetCodeRequest { email: body.email, code: body.code })
        .await?
        .into_inner();
    Ok(Reply::ok(VerifyDto { reset_token: verified.reset_token }).with_msg_key("api.member.codeVerified"))
}
