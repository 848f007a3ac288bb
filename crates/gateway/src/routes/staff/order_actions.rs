//! `POST /api/staff/orders/{orderNo}/cancel`, `…/resend` and `…/notes`: what
//! staff do to an order from its page. Cancel an unpaid order (its keys and
//! coupon go back), send a delivered order's e-mail again (at most once a
//! minute), and note something only staff see. Each is in the audit log.

use actix_web::{HttpRequest, post, web};
use keyshop_core::identity::Permission;
use keyshop_proto::order::v1 as pb;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{acting, staff_with};
use crate::body::JsonBody;
use crate::envelope::{ApiResult, Envelope, FieldErrorsDto, Reply};
use crate::routes::LangParam;
use crate::routes::shop::OrderDto;
use crate::state::GatewayState;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffNoteDto {
    pub staff_email: String,
    pub note: String,
    /// Epoch milliseconds.
    pub at: i64,
}

impl From<pb::StaffNote> for StaffNoteDto {
    fn from(note: pb::StaffNote) -> StaffNoteDto {
        StaffNoteDto { staff_email: note.staff_email, note: note.note, at: note.at_ms }
    }
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_cancel_order", params(LangParam,
        ("orderNo" = String, Path, description = "The order's number")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The order, cancelled", body = Envelope<OrderDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not manage orders (api.staff.forbidden)", body = Envelope<Option<String>>),
        (status = 404, description = "No such order", body = Envelope<Option<String>>),
        (status = 409, description = "The order is not unpaid (api.order.stateChanged)", body = Envelope<Option<String>>),
    ))]
#[post("/api/staff/orders/{orderNo}/cancel")]
pub async fn staff_cancel_order(
    state: web::Data<GatewayState>,
    path: web::Path<String>,
    request: HttpRequest,
) -> ApiResult<OrderDto> {
    let staff = staff_with(&state, &request, Permission::OrdersManage).await?;
    let call = pb::StaffOrderRef { order_no: path.into_inner() };
    let order = acting(staff, state.clients.order().staff_cancel_order(call)).await?.into_inner();
    Ok(Reply::ok(OrderDto::try_from(order)?))
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_resend_email", params(LangParam,
        ("orderNo" = String, Path, description = "The order's number")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The e-mail is on its way", body = Envelope<OrderDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not resend e-mails (api.staff.forbidden)", body = Envelope<Option<String>>),
        (status = 404, description = "No such order", body = Envelope<Option<String>>),
        (status = 409, description = "The order is not delivered (api.order.stateChanged)", body = Envelope<Option<String>>),
        (status = 429, description = "Sent less than a minute ago", body = Envelope<Option<String>>),
    ))]
#[post("/api/staff/orders/{orderNo}/resend")]
pub async fn staff_resend_email(
    state: web::Data<GatewayState>,
    path: web::Path<String>,
    request: HttpRequest,
) -> ApiResult<OrderDto> {
    let staff = staff_with(&state, &request, Permission::OrdersResend).await?;
    let call = pb::StaffOrderRef { order_no: path.into_inner() };
    let order = acting(staff, state.clients.order().staff_resend_email(call)).await?.into_inner();
    Ok(Reply::ok(OrderDto::try_from(order)?))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct StaffNoteBody {
    /// Seen by staff only.
    #[schema(max_length = 1000)]
    pub note: String,
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_add_note", params(LangParam,
        ("orderNo" = String, Path, description = "The order's number")),
    security(("bearer" = [])),
    request_body = StaffNoteBody,
    responses(
        (status = 200, description = "The order's notes, oldest first", body = Envelope<Vec<StaffNoteDto>>),
        (status = 400, description = "No note, or too long", body = Envelope<FieldErrorsDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not manage orders (api.staff.forbidden)", body = Envelope<Option<String>>),
        (status = 404, description = "No such order", body = Envelope<Option<String>>),
    ))]
#[post("/api/staff/orders/{orderNo}/notes")]
pub async fn staff_add_note(
    state: web::Data<GatewayState>,
    path: web::Path<String>,
    body: JsonBody<StaffNoteBody>,
    request: HttpRequest,
) -> ApiResult<Vec<StaffNoteDto>> {
    let staff = staff_with(&state, &request, Permission::OrdersManage).await?;
    let call = pb::StaffNoteRequest { order_no: path.into_inner(), note: body.into_inner().note };
    let notes = acting(staff, state.clients.order().staff_add_note(call)).await?.into_inner();
    Ok(Reply::ok(notes.notes.into_iter().map(StaffNoteDto::from).collect()))
}
