//! `GET /api/staff/refunds` and `POST /api/staff/refunds/{orderNo}/decision`:
//! the refund queue, oldest first with each request's 2-working-day
//! deadline, and the decision (the payment refunded through its provider,
//! once; the buyer e-mailed either way).

use actix_web::{HttpRequest, get, post, web};
use keyshop_core::identity::Permission;
use keyshop_proto::order::v1 as pb;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{acting, staff_with};
use crate::body::JsonBody;
use crate::envelope::{ApiResult, Envelope, FieldErrorsDto, Reply};
use crate::routes::LangParam;
use crate::routes::dto::ListPage;
use crate::routes::member::PageParams;
use crate::state::GatewayState;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RefundRequestDto {
    pub order_no: String,
    pub email: String,
    /// Minor units of `currency`: what would be refunded.
    pub amount: i64,
    pub currency: String,
    /// Epoch milliseconds.
    pub requested_at: i64,
    /// The buyer's reason.
    pub reason: String,
    /// Epoch milliseconds: 2 working days after the request.
    pub deadline: i64,
    pub overdue: bool,
}

impl From<pb::RefundQueueItem> for RefundRequestDto {
    fn from(row: pb::RefundQueueItem) -> RefundRequestDto {
        RefundRequestDto {
            order_no: row.order_no,
            email: row.email,
            amount: row.amount,
            currency: row.currency,
            requested_at: row.requested_at_ms,
            reason: row.reason,
            deadline: row.deadline_ms,
            overdue: row.overdue,
        }
    }
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_refunds", params(LangParam, PageParams),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The refund requests waiting, oldest first", body = Envelope<ListPage<RefundRequestDto>>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not read orders (api.staff.forbidden)", body = Envelope<Option<String>>),
    ))]
#[get("/api/staff/refunds")]
pub async fn staff_refunds(
    state: web::Data<GatewayState>,
    query: web::Query<PageParams>,
    request: HttpRequest,
) -> ApiResult<ListPage<RefundRequestDto>> {
    let staff = staff_with(&state, &request, Permission::OrdersRead).await?;
    let page = query.request()?;
    let call = pb::StaffListRefundsRequest { page: page.page, limit: page.limit };
    let queue = acting(staff, state.clients.order().staff_list_refunds(call)).await?.into_inner();
    let rows = queue.rows.into_iter().map(RefundRequestDto::from).collect();
    Ok(Reply::ok(ListPage { rows, total: queue.total, page: queue.page, limit: queue.limit }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct RefundDecisionBody {
    /// Refund (true) or decline (false).
    pub approve: bool,
    /// Kept in the order's history; a decline's reason.
    #[serde(default)]
    #[schema(max_length = 200)]
    pub note: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RefundDecidedDto {
    pub order_no: String,
    pub state: keyshop_core::vocab::OrderState,
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_decide_refund", params(LangParam,
        ("orderNo" = String, Path, description = "The order's number")),
    security(("bearer" = [])),
    request_body = RefundDecisionBody,
    responses(
        (status = 200, description = "Decided (msgKey api.staff.refundApproved or api.staff.refundDeclined)", body = Envelope<RefundDecidedDto>),
        (status = 400, description = "The body is wrong", body = Envelope<FieldErrorsDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not decide refunds (api.staff.forbidden)", body = Envelope<Option<String>>),
        (status = 404, description = "No such order", body = Envelope<Option<String>>),
        (status = 409, description = "The order is not waiting for a decision (decided already)", body = Envelope<Option<String>>),
    ))]
#[post("/api/staff/refunds/{orderNo}/decision")]
pub async fn staff_decide_refund(
    state: web::Data<GatewayState>,
    path: web::Path<String>,
    body: JsonBody<RefundDecisionBody>,
    request: HttpRequest,
) -> ApiResult<RefundDecidedDto> {
    let staff = staff_with(&state, &request, Permission::RefundsDecide).await?;
    let body = body.into_inner();
    let call = pb::RefundDecision { order_no: path.into_inner(), approve: body.approve, note: body.note };
    let order = acting(staff, state.clients.order().decide_refund(call)).await?.into_inner();
    let state =
        keyshop_core::vocab::OrderState::from_proto(order.state).map_err(keyshop_core::error::AppError::internal)?;
    let key = if body.approve { "api.staff.refundApproved" } else { "api.staff.refundDeclined" };
    Ok(Reply::ok(RefundDecidedDto { order_no: order.order_no, state }).with_msg_key(key))
}
