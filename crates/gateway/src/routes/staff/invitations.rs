//! `POST /api/staff/invitations`: an owner invites a member of staff; the
//! answer is their one-time enrollment link (valid 24 hours), to hand over.

use actix_web::{HttpRequest, post, web};
use keyshop_core::identity::{Permission, StaffRole};
use keyshop_proto::member::v1 as pb;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{acting, staff_with};
use crate::body::JsonBody;
use crate::envelope::{ApiResult, Envelope, FieldErrorsDto, Reply};
use crate::routes::LangParam;
use crate::state::GatewayState;

#[derive(Debug, Deserialize, ToSchema)]
pub struct InviteBody {
    #[schema(min_length = 1)]
    pub email: String,
    pub role: StaffRole,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvitationDto {
    pub staff_id: i64,
    /// The enrollment link: works once.
    pub link: String,
    /// Epoch milliseconds.
    pub expires_at: i64,
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_invite", params(LangParam),
    security(("bearer" = [])),
    request_body = InviteBody,
    responses(
        (status = 200, description = "Invited (msgKey api.staff.invited)", body = Envelope<InvitationDto>),
        (status = 400, description = "The e-mail or the role is wrong", body = Envelope<FieldErrorsDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not manage staff (api.staff.forbidden)", body = Envelope<Option<String>>),
        (status = 409, description = "The account is already enrolled (api.staff.exists)", body = Envelope<Option<String>>),
    ))]
#[post("/api/staff/invitations")]
pub async fn staff_invite(
    state: web::Data<GatewayState>,
    body: JsonBody<InviteBody>,
    request: HttpRequest,
) -> ApiResult<InvitationDto> {
    let staff = staff_with(&state, &request, Permission::StaffManage).await?;
    let body = body.into_inner();
    let call = pb::InviteRequest { email: body.email, role: body.role.to_proto() };
    let invitation = acting(staff, state.clients.staff().invite(call)).await?.into_inner();
    Ok(Reply::ok(InvitationDto {
        staff_id: invitation.staff_id,
        link: invitation.link,
        expires_at: invitation.expires_at_ms,
    })
    .with_msg_key("api.staff.invited"))
}
