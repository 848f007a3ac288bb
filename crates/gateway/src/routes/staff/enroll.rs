//! `POST /api/staff/enroll/start` and `POST /api/staff/enroll/finish`: the
//! one-time enrollment link (`/staff/enroll#token=…`, from `keyshop admin
//! staff add` or an owner's invitation). Start shows the TOTP secret to add
//! to an authenticator; finish sets the password, proves the authenticator
//! with a code and answers the 10 recovery codes, once.

use actix_web::{HttpRequest, post, web};
use keyshop_core::identity::StaffRole;
use keyshop_proto::member::v1 as pb;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::body::JsonBody;
use crate::envelope::{ApiResult, Envelope, FieldErrorsDto, Reply, RetryAfterDto};
use crate::routes::LangParam;
use crate::routes::member::client;
use crate::state::GatewayState;

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct EnrollmentTokenBody {
    /// The token of the enrollment link.
    #[schema(required = true, min_length = 1)]
    pub token: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EnrollmentDto {
    pub email: String,
    pub role: StaffRole,
    /// Base32, to type into an authenticator app.
    pub totp_secret: String,
    /// `otpauth://totp/…`, for a QR code.
    pub otpauth_url: String,
    /// Epoch milliseconds: the link's end.
    pub expires_at: i64,
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_enroll_start", params(LangParam),
    request_body = EnrollmentTokenBody,
    responses(
        (status = 200, description = "The account and its TOTP secret", body = Envelope<EnrollmentDto>),
        (status = 404, description = "The link is unknown, used or expired (api.staff.linkInvalid)", body = Envelope<Option<String>>),
        (status = 429, description = "Too many links tried; data.retryAfter", body = Envelope<Option<RetryAfterDto>>),
    ))]
#[post("/api/staff/enroll/start")]
pub async fn staff_enroll_start(
    state: web::Data<GatewayState>,
    body: JsonBody<EnrollmentTokenBody>,
    request: HttpRequest,
) -> ApiResult<EnrollmentDto> {
    let call = pb::EnrollmentToken { token: body.into_inner().token, client: Some(client(&request, &state)) };
    let start = state.clients.staff().start_enrollment(call).await?.into_inner();
    let role = StaffRole::from_proto(start.role).map_err(keyshop_core::error::AppError::internal)?;
    Ok(Reply::ok(EnrollmentDto {
        email: start.email,
        role,
        totp_secret: start.totp_secret,
        otpauth_url: start.otpauth_url,
        expires_at: start.expires_at_ms,
    }))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct FinishEnrollmentBody {
    #[schema(required = true, min_length = 1)]
    pub token: String,
    /// 12 to 128 characters.
    #[schema(required = true, min_length = 12, max_length = 128)]
    pub password: String,
    #[schema(required = true)]
    pub confirm_password: String,
    /// The authenticator's current six digits.
    #[schema(required = true, min_length = 1)]
    pub code: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecoveryCodesDto {
    /// Shown this once: each signs in once in place of a TOTP code.
    pub recovery_codes: Vec<String>,
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_enroll_finish", params(LangParam),
    request_body = FinishEnrollmentBody,
    responses(
        (status = 200, description = "Enrolled (msgKey api.staff.enrolled)", body = Envelope<RecoveryCodesDto>),
        (status = 400, description = "The password or the code is wrong (fields password, confirmPassword, code)", body = Envelope<FieldErrorsDto>),
        (status = 404, description = "The link is unknown, used or expired (api.staff.linkInvalid)", body = Envelope<Option<String>>),
        (status = 429, description = "Too many links tried; data.retryAfter", body = Envelope<Option<RetryAfterDto>>),
    ))]
#[post("/api/staff/enroll/finish")]
pub async fn staff_enroll_finish(
    state: web::Data<GatewayState>,
    body: JsonBody<FinishEnrollmentBody>,
    request: HttpRequest,
) -> ApiResult<RecoveryCodesDto> {
    let body = body.into_inner();
    let call = pb::FinishEnrollmentRequest {
        token: body.token,
        password: body.password,
        confirm_password: body.confirm_password,
        code: body.code,
        client: Some(client(&request, &state)),
    };
    let codes = state.clients.staff().finish_enrollment(call).await?.into_inner();
    Ok(Reply::ok(RecoveryCodesDto { recovery_codes: codes.codes }).with_msg_key("api.staff.enrolled"))
}
