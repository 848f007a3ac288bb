//! `POST /api/changePassword`: needs the old password; every other session of
//! the member is revoked.

use actix_web::{HttpRequest, post, web};
use keyshop_proto::member::v1 as pb;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::body::JsonBody;
use crate::envelope::{ApiResult, Envelope, FieldErrorsDto, Reply, RetryAfterDto};
use crate::routes::member::authorized;
use crate::state::GatewayState;

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ChangePasswordBody {
    #[schema(required = true, min_length = 1)]
    pub old_password: String,
    /// 6 to 128 characters.
    #[schema(required = true, min_length = 6, max_length = 128)]
    pub password: String,
    #[schema(required = true, min_length = 6, max_length = 128)]
    pub confirm_password: String,
}

#[utoipa::path(context_path = "/prod-api", tag = "account", operation_id = "account_change_password",
    security(("bearer" = [])), request_body = ChangePasswordBody,
    responses(
        (status = 200, description = "Changed (msgKey api.member.passwordChanged)", body = Envelope<Option<String>>),
        (status = 400, description = "A field is wrong, or the old password (oldPasswordWrong)", body = Envelope<FieldErrorsDto>),
        (status = 401, description = "Not signed in", body = Envelope<Option<String>>),
        (status = 429, description = "Too many wrong old passwords", body = Envelope<Option<RetryAfterDto>>),
    ))]
#[post("/api/changePassword")]
pub async fn change_password(
    state: web::Data<GatewayState>,
    body: JsonBody<ChangePasswordBody>,
    request: HttpRequest,
) -> ApiResult<()> {
    let body = body.into_inner();
    let call = pb::ChangePasswordRequest {
        old_password: body.old_password,
        password: body.password,
        confirm_password: body.confirm_password,
    };
    state.clients.member().change_password(authorized(&request, call)).await?;
    Ok(Reply::ok(()).with_msg_key("api.member.passwordChanged"))
}
