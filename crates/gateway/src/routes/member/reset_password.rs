//! `POST /api/resetPassword`: the new password; every session of the account
//! is revoked.

use actix_web::{HttpRequest, post, web};
use keyshop_proto::member::v1 as pb;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::body::JsonBody;
use crate::envelope::{ApiResult, Envelope, FieldErrorsDto, Reply, RetryAfterDto};
use crate::routes::LangParam;
use crate::state::GatewayState;

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ResetPasswordBody {
    /// From `/api/verify`.
    #[schema(required = true, min_length = 1)]
    pub reset_token: String,
    /// 6 to 128 characters.
    #[schema(required = true, min_length = 6, max_length = 128)]
    pub password: String,
    #[schema(required = true, min_length = 6, max_length = 128)]
    pub confirm_password: String,
}

#[utoipa::path(context_path = "/prod-api", tag = "members", operation_id = "member_reset_password", params(LangParam),
    request_body = ResetPasswordBody,
    responses(
        (status = 200, description = "Reset (msgKey api.member.passwordReset)", body = Envelope<Option<String>>),
        (status = 400, description = "A field is missing or wrong", body = Envelope<FieldErrorsDto>),
        (status = 422, description = "The reset token expired or was used", body = Envelope<Option<String>>),
        (status = 429, description = "Too many resets from this address", body = Envelope<Option<RetryAfterDto>>),
    ))]
#[post("/api/resetPassword")]
pub async fn reset_password(
    request: HttpRequest,
    state: web::Data<GatewayState>,
    body: JsonBody<ResetPasswordBody>,
) -> ApiResult<()> {
    let body = body.into_inner();
    let call = pb::ResetPasswordRequest {
        reset_token: body.reset_token,
        password: body.password,
        confirm_password: body.confirm_password,
        client: Some(super::client(&request, &state)),
    };
    state.clients.member().reset_password(call).await?;
    Ok(Reply::ok(()).with_msg_key("api.member.passwordReset"))
}
