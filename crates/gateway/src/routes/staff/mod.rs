//! `/api/staff/**`: the staff console's calls. A member of staff signs in
//! with password and TOTP (`sign_in`); their session token travels as
//! `Authorization: Bearer <token>` like a member's, but only the staff
//! module knows it. Every other call authenticates it ([`staff`]), checks
//! the permission of the role ([`require`]: 403 with `api.staff.forbidden`),
//! and calls the services for that member of staff ([`acting`]): each call
//! carries the gateway's signed assertion of who they are, which the service
//! checks again.

pub mod audit;
pub mod chat;
pub mod coupons;
pub mod currencies;
pub mod customers;
pub mod dashboard;
pub mod enroll;
pub mod forms;
pub mod invitations;
pub mod levels;
pub mod me;
pub mod members;
pub mod news;
pub mod newsletters;
pub mod notices;
pub mod order_actions;
pub mod orders;
pub mod pages;
pub mod payment_methods;
pub mod preview;
pub mod products;
pub mod refunds;
pub mod reviews;
pub mod sessions;
pub mod settings;
pub mod sign_in;
pub mod stock;
pub mod tickets;

use std::future::Future;

use actix_web::HttpRequest;
use keyshop_core::error::{AppError, ErrorCode};
use keyshop_core::identity::{ACTING_STAFF, Permission, StaffClaim, StaffRole};
use keyshop_proto::member::v1 as pb;
use serde::Serialize;
use utoipa::ToSchema;

use super::member::authorized;
use crate::envelope::ApiError;
use crate::state::GatewayState;

/// The member of staff of `request`'s session: 401 without a live one (a
/// member's token is not one).
pub async fn staff(state: &GatewayState, request: &HttpRequest) -> Result<StaffClaim, ApiError> {
    let member = state.clients.staff().authenticate(authorized(request, pb::Empty {})).await?.into_inner();
    let role = StaffRole::from_proto(member.role).map_err(|_| AppError::of(ErrorCode::Unauthenticated))?;
    Ok(StaffClaim { id: member.id.to_string(), email: member.email, role, ip: state.client_ip(request) })
}

/// 403 unless `staff`'s role has `permission`.
pub fn require(staff: &StaffClaim, permission: Permission) -> Result<(), ApiError> {
    if staff.role.may(permission) {
        Ok(())
    } else {
        Err(AppError::new(ErrorCode::Forbidden, "api.staff.forbidden").into())
    }
}

/// The member of staff of `request`, if their role has `permission`.
pub async fn staff_with(
    state: &GatewayState,
    request: &HttpRequest,
    permission: Permission,
) -> Result<StaffClaim, ApiError> {
    let staff = staff(state, request).await?;
    require(&staff, permission)?;
    Ok(staff)
}

/// Runs `calls` for `staff`: every service call they make asserts them.
pub async fn acting<F: Future>(staff: StaffClaim, calls: F) -> F::Output {
    ACTING_STAFF.scope(staff, calls).await
}

/// A member of staff as the console shows them.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffDto {
    pub id: i64,
    pub email: String,
    pub role: StaffRole,
    /// What the role may do (the console hides the rest).
    pub permissions: Vec<String>,
}

impl StaffDto {
    pub fn from_proto(member: pb::StaffMember) -> Result<StaffDto, ApiError> {
        let role = StaffRole::from_proto(member.role).map_err(AppError::internal)?;
        Ok(StaffDto {
            id: member.id,
            email: member.email,
            role,
            permissions: role.permissions().iter().map(|permission| permission.as_str().to_owned()).collect(),
        })
    }
}
