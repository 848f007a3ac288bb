//! `POST /api/staff/login` and `POST /api/staff/logout`: a staff session
//! from e-mail, password and a TOTP code (or a recovery code); the same 401
//! whatever was wrong; 429 after repeated failures.

use actix_web::{HttpRequest, post, web};
use keyshop_proto::member::v1 as pb;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::StaffDto;
use crate::body::JsonBody;
use crate::envelope::{ApiResult, Envelope, FieldErrorsDto, Reply, RetryAfterDto};
use crate::routes::LangParam;
use crate::routes::member::{authorized, client};
use crate::state::GatewayState;

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct StaffLoginBody {
    #[schema(required = true, min_length = 1)]
    pub email: String,
    #[schema(required = true, min_length = 1)]
    pub password: String,
    /// The authenticator's six digits, or a recovery code.
    #[schema(required = true, min_length = 1)]
    pub code: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffSessionDto {
    /// Sent back as `Authorization: Bearer <token>` on `/api/staff/**`.
    pub token: String,
    /// Epoch milliseconds: the latest end (it ends sooner when idle).
    pub expires_at: i64,
    pub staff: StaffDto,
    /// The recovery codes left, when one was used to sign in.
    pub recovery_codes_left: Option<i32>,
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_login", params(LangParam),
    request_body = StaffLoginBody,
    responses(
        (status = 200, description = "Signed in (msgKey api.staff.signedIn)", body = Envelope<StaffSessionDto>),
        (status = 400, description = "A field is missing", body = Envelope<FieldErrorsDto>),
        (status = 401, description = "Wrong e-mail, password or code (api.staff.badCredentials)", body = Envelope<Option<String>>),
        (status = 429, description = "Too many attempts; data.retryAfter", body = Envelope<Option<RetryAfterDto>>),
    ))]
#[post("/api/staff/login")]
pub async fn staff_login(
    state: web::Data<GatewayState>,
    body: JsonBody<StaffLoginBody>,
    request: HttpRequest,
) -> ApiResult<StaffSessionDto> {
    let body = body.into_inner();
    let call = pb::StaffSignInRequest {
        email: body.email,
        password: body.password,
        code: body.code,
        client: Some(client(&request, &state)),
    };
    let session = state.clients.staff().sign_in(call).await?.into_inner();
    let staff = StaffDto::from_proto(session.staff.unwrap_or_default())?;
    let left = (session.recovery_codes_left >= 0).then_some(session.recovery_codes_left);
    Ok(Reply::ok(StaffSessionDto {
        token: session.token,
        expires_at: session.expires_at_ms,
        staff,
        recovery_codes_left: left,
    })
    .with_msg_key("api.staff.signedIn"))
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_logout", params(LangParam),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Signed out (msgKey api.staff.signedOut)", body = Envelope<Option<String>>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
    ))]
#[post("/api/staff/logout")]
pub async fn staff_logout(state: web::Data<GatewayState>, request: HttpRequest) -> ApiResult<()> {
    state.clients.staff().sign_out(authorized(&request, pb::Empty {})).await?;
    Ok(Reply::ok(()).with_msg_key("api.staff.signedOut"))
}
