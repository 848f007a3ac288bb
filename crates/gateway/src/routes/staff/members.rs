//! `/api/staff/members`: the owner's management of staff accounts: the list,
//! a role changed or an account disabled or enabled (`PUT`, with the version
//! read: 409 when it changed since), and a reset of password and
//! authenticator (a new one-time link).

use actix_web::{HttpRequest, get, post, put, web};
use keyshop_core::error::AppError;
use keyshop_core::identity::{Permission, StaffRole};
use keyshop_proto::member::v1 as pb;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::invitations::InvitationDto;
use super::{acting, staff_with};
use crate::body::JsonBody;
use crate::envelope::{ApiResult, Envelope, FieldErrorsDto, Reply};
use crate::routes::LangParam;
use crate::state::GatewayState;

/// Where a staff account stands.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum StaffStateDto {
    /// Not enrolled yet (or reset): its link is waiting.
    Invited,
    Active,
    Disabled,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffAccountDto {
    pub id: i64,
    pub email: String,
    pub role: StaffRole,
    pub state: StaffStateDto,
    /// Sent back with a change.
    pub version: i64,
    /// Epoch milliseconds.
    pub created_at: i64,
}

fn account(row: pb::StaffAccount) -> Result<StaffAccountDto, AppError> {
    let state = match row.state.as_str() {
        "invited" => StaffStateDto::Invited,
        "active" => StaffStateDto::Active,
        "disabled" => StaffStateDto::Disabled,
        other => return Err(AppError::internal(format!("unknown staff state {other:?}"))),
    };
    Ok(StaffAccountDto {
        id: row.id,
        email: row.email,
        role: StaffRole::from_proto(row.role).map_err(AppError::internal)?,
        state,
        version: row.version,
        created_at: row.created_at_ms,
    })
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_members", params(LangParam),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Every staff account, by e-mail", body = Envelope<Vec<StaffAccountDto>>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not manage staff (api.staff.forbidden)", body = Envelope<Option<String>>),
    ))]
#[get("/api/staff/members")]
pub async fn staff_members(state: web::Data<GatewayState>, request: HttpRequest) -> ApiResult<Vec<StaffAccountDto>> {
    let staff = staff_with(&state, &request, Permission::StaffManage).await?;
    let list = acting(staff, state.clients.staff().list_staff(pb::Empty {})).await?.into_inner();
    Ok(Reply::ok(list.staff.into_iter().map(account).collect::<Result<_, _>>()?))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct UpdateStaffBody {
    /// The account's version as it was read.
    #[schema(minimum = 1)]
    pub version: i64,
    /// The new role; absent keeps it.
    pub role: Option<StaffRole>,
    /// Disable (true) or enable (false); absent keeps the state.
    pub disabled: Option<bool>,
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_update_member", params(LangParam,
        ("id" = i64, Path, minimum = 1, description = "The staff account's id")),
    security(("bearer" = [])),
    request_body = UpdateStaffBody,
    responses(
        (status = 200, description = "Changed (msgKey api.staff.updated)", body = Envelope<StaffAccountDto>),
        (status = 400, description = "The body is wrong", body = Envelope<FieldErrorsDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not manage staff (api.staff.forbidden)", body = Envelope<Option<String>>),
        (status = 404, description = "No such account", body = Envelope<Option<String>>),
        (status = 409, description = "It changed since it was read (api.staff.changed), it is the caller's own (api.staff.notYourself), or no active owner would be left (api.staff.lastOwner)", body = Envelope<Option<String>>),
    ))]
#[put("/api/staff/members/{id}")]
pub async fn staff_update_member(
    state: web::Data<GatewayState>,
    path: web::Path<i64>,
    body: JsonBody<UpdateStaffBody>,
    request: HttpRequest,
) -> ApiResult<StaffAccountDto> {
    let staff = staff_with(&state, &request, Permission::StaffManage).await?;
    let body = body.into_inner();
    let call = pb::UpdateStaffRequest {
        id: path.into_inner(),
        version: body.version,
        role: body.role.map_or(0, StaffRole::to_proto),
        disabled: body.disabled,
    };
    let updated = acting(staff, state.clients.staff().update_staff(call)).await?.into_inner();
    Ok(Reply::ok(account(updated)?).with_msg_key("api.staff.updated"))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ResetStaffBody {
    /// The account's version as it was read.
    #[schema(minimum = 1)]
    pub version: i64,
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_reset_member", params(LangParam,
        ("id" = i64, Path, minimum = 1, description = "The staff account's id")),
    security(("bearer" = [])),
    request_body = ResetStaffBody,
    responses(
        (status = 200, description = "Reset: the new enrollment link (msgKey api.staff.reset)", body = Envelope<InvitationDto>),
        (status = 400, description = "The body is wrong", body = Envelope<FieldErrorsDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not manage staff (api.staff.forbidden)", body = Envelope<Option<String>>),
        (status = 404, description = "No such account", body = Envelope<Option<String>>),
        (status = 409, description = "It changed since it was read, it is the caller's own, or it is the last active owner", body = Envelope<Option<String>>),
    ))]
#[post("/api/staff/members/{id}/reset")]
pub async fn staff_reset_member(
    state: web::Data<GatewayState>,
    path: web::Path<i64>,
    body: JsonBody<ResetStaffBody>,
    request: HttpRequest,
) -> ApiResult<InvitationDto> {
    let staff = staff_with(&state, &request, Permission::StaffManage).await?;
    let call = pb::ResetStaffRequest { id: path.into_inner(), version: body.into_inner().version };
    let invitation = acting(staff, state.clients.staff().reset_staff(call)).await?.into_inner();
    Ok(Reply::ok(InvitationDto {
        staff_id: invitation.staff_id,
        link: invitation.link,
        expires_at: invitation.expires_at_ms,
    })
    .with_msg_key("api.staff.reset"))
}
