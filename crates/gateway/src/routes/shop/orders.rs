//! `/api/orders` and `/api/order/{orderNo}[/cancel|/confirm|/pay-again|/resend]`:
//! a member's orders, and one order for its member or the guest holding its
//! link token (`X-Order-Token`). Anyone else gets 404, whatever number they try.

use actix_web::{HttpRequest, delete, get, post, web};
use keyshop_proto::order::v1 as pb;
use serde::Deserialize;
use utoipa::ToSchema;

use super::checkout::PlacedDto;
use super::{ORDER_TOKEN_HEADER, OrderDto, header, order_call, order_query};
use crate::body::JsonBody;
use crate::envelope::{ApiResult, Envelope, Reply, RetryAfterDto};
use crate::routes::dto::ListPage;
use crate::routes::member::PageParams;
use crate::state::GatewayState;

#[utoipa::path(context_path = "/prod-api", tag = "shop", operation_id = "orders_list",
    security(("bearer" = [])), params(PageParams),
    responses(
        (status = 200, description = "The member's orders, newest first", body = Envelope<ListPage<OrderDto>>),
        (status = 401, description = "Not signed in", body = Envelope<Option<String>>),
    ))]
#[get("/api/orders")]
pub async fn list_orders(
    state: web::Data<GatewayState>,
    query: web::Query<PageParams>,
    request: HttpRequest,
) -> ApiResult<ListPage<OrderDto>> {
    let page = query.request()?;
    let call = pb::ListOrdersRequest { page: page.page, limit: page.limit };
    let page = state.clients.order().list_orders(order_call(&request, call)).await?.into_inner();
    Ok(Reply::ok(ListPage {
        rows: page.rows.into_iter().map(OrderDto::try_from).collect::<Result<_, _>>()?,
        total: page.total,
        page: i32::try_from(page.page).unwrap_or(i32::MAX),
        limit: i32::try_from(page.limit).unwrap_or(i32::MAX),
    }))
}

#[utoipa::path(context_path = "/prod-api", tag = "shop", operation_id = "order_get",
    params(("orderNo" = String, Path), ("X-Order-Token" = Option<String>, Header, description = "A guest's link token")),
    responses(
        (status = 200, description = "The order", body = Envelope<OrderDto>),
        (status = 404, description = "No such order for this buyer", body = Envelope<Option<String>>),
    ))]
#[get("/api/order/{orderNo}")]
pub async fn get_order(
    state: web::Data<GatewayState>,
    path: web::Path<String>,
    request: HttpRequest,
) -> ApiResult<OrderDto> {
    let call = order_query(&request, path.into_inner());
    let order = state.clients.order().get_order(order_call(&request, call)).await?.into_inner();
    Ok(Reply::ok(OrderDto::try_from(order)?))
}

#[utoipa::path(context_path = "/prod-api", tag = "shop", operation_id = "order_cancel",
    params(("orderNo" = String, Path), ("X-Order-Token" = Option<String>, Header, description = "A guest's link token")),
    responses(
        (status = 200, description = "Cancelled; its keys went back (msgKey api.order.cancelled)", body = Envelope<OrderDto>),
        (status = 404, description = "No such order for this buyer", body = Envelope<Option<String>>),
        (status = 409, description = "No longer unpaid (api.order.stateChanged)", body = Envelope<Option<String>>),
    ))]
#[post("/api/order/{orderNo}/cancel")]
pub async fn cancel_order(
    state: web::Data<GatewayState>,
    path: web::Path<String>,
    request: HttpRequest,
) -> ApiResult<OrderDto> {
    let call = order_query(&request, path.into_inner());
    let order = state.clients.order().cancel_order(order_call(&request, call)).await?.into_inner();
    Ok(Reply::ok(OrderDto::try_from(order)?).with_msg_key("api.order.cancelled"))
}

#[utoipa::path(context_path = "/prod-api", tag = "shop", operation_id = "order_confirm",
    params(("orderNo" = String, Path), ("X-Order-Token" = Option<String>, Header, description = "A guest's link token")),
    responses(
        (status = 200, description = "Completed (msgKey api.order.confirmed)", body = Envelope<OrderDto>),
        (status = 404, description = "No such order for this buyer", body = Envelope<Option<String>>),
        (status = 409, description = "Not delivered (api.order.stateChanged)", body = Envelope<Option<String>>),
    ))]
#[post("/api/order/{orderNo}/confirm")]
pub async fn confirm_receipt(
    state: web::Data<GatewayState>,
    path: web::Path<String>,
    request: HttpRequest,
) -> ApiResult<OrderDto> {
    let call = order_query(&request, path.into_inner());
    let order = state.clients.order().confirm_receipt(order_call(&request, call)).await?.into_inner();
    Ok(Reply::ok(OrderDto::try_from(order)?).with_msg_key("api.order.confirmed"))
}

#[utoipa::path(context_path = "/prod-api", tag = "shop", operation_id = "order_delete",
    params(("orderNo" = String, Path), ("X-Order-Token" = Option<String>, Header, description = "A guest's link token")),
    responses(
        (status = 200, description = "Hidden from the buyer (msgKey api.order.deleted)", body = Envelope<Option<String>>),
        (status = 404, description = "No such order for this buyer", body = Envelope<Option<String>>),
        (status = 422, description = "Not cancelled, expired or completed (api.order.notDeletable)", body = Envelope<Option<String>>),
    ))]
#[delete("/api/order/{orderNo}")]
pub async fn delete_order(
    state: web::Data<GatewayState>,
    path: web::Path<String>,
    request: HttpRequest,
) -> ApiResult<()> {
    let call = order_query(&request, path.into_inner());
    state.clients.order().delete_order(order_call(&request, call)).await?;
    Ok(Reply::ok(()).with_msg_key("api.order.deleted"))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct PayAgainBody {
    /// Empty: the order's method.
    pub payment_method: String,
}

#[utoipa::path(context_path = "/prod-api", tag = "shop", operation_id = "order_pay_again",
    params(("orderNo" = String, Path), ("X-Order-Token" = Option<String>, Header, description = "A guest's link token")),
    request_body = PayAgainBody,
    responses(
        (status = 200, description = "A new payment session for the order", body = Envelope<PlacedDto>),
        (status = 404, description = "No such order for this buyer", body = Envelope<Option<String>>),
        (status = 409, description = "Paid, cancelled or past its window (api.order.stateChanged)", body = Envelope<Option<String>>),
    ))]
#[post("/api/order/{orderNo}/pay-again")]
pub async fn pay_again(
    state: web::Data<GatewayState>,
    path: web::Path<String>,
    body: Option<JsonBody<PayAgainBody>>,
    request: HttpRequest,
) -> ApiResult<PlacedDto> {
    let call = pb::PayAgainRequest {
        order_no: path.into_inner(),
        link_token: header(&request, ORDER_TOKEN_HEADER),
        payment_method: body.map(|body| body.into_inner().payment_method).unwrap_or_default(),
    };
    let placed = state.clients.order().pay_again(order_call(&request, call)).await?.into_inner();
    Ok(Reply::ok(PlacedDto::try_from(placed)?))
}

#[utoipa::path(context_path = "/prod-api", tag = "shop", operation_id = "order_resend",
    params(("orderNo" = String, Path), ("X-Order-Token" = Option<String>, Header, description = "A guest's link token")),
    responses(
        (status = 200, description = "The e-mail is on its way again (msgKey api.order.resent)", body = Envelope<Option<String>>),
        (status = 404, description = "No such order for this buyer", body = Envelope<Option<String>>),
        (status = 409, description = "Not delivered (api.order.stateChanged)", body = Envelope<Option<String>>),
        (status = 429, description = "Sent less than a minute ago", body = Envelope<Option<RetryAfterDto>>),
    ))]
#[post("/api/order/{orderNo}/resend")]
pub async fn resend_email(
    state: web::Data<GatewayState>,
    path: web::Path<String>,
    request: HttpRequest,
) -> ApiResult<()> {
    let call = order_query(&request, path.into_inner());
    state.clients.order().resend_email(order_call(&request, call)).await?;
    Ok(Reply::ok(()).with_msg_key("api.order.resent"))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct RefundBody {
    /// Why; required, at most 1,000 characters.
    #[schema(required = true, min_length = 1)]
    pub reason: String,
}

#[utoipa::path(context_path = "/prod-api", tag = "shop", operation_id = "order_refund",
    params(("orderNo" = String, Path), ("X-Order-Token" = Option<String>, Header, description = "A guest's link token")),
    request_body = RefundBody,
    responses(
        (status = 200, description = "Refund requested; answered within 2 working days (msgKey api.order.refundRequested)", body = Envelope<OrderDto>),
        (status = 400, description = "reason missing or too long", body = Envelope<crate::envelope::FieldErrorsDto>),
        (status = 404, description = "No such order for this buyer", body = Envelope<Option<String>>),
        (status = 409, description = "Not paid, or already asked (api.order.stateChanged)", body = Envelope<Option<String>>),
    ))]
#[post("/api/order/{orderNo}/refund")]
pub async fn request_refund(
    state: web::Data<GatewayState>,
    path: web::Path<String>,
    body: JsonBody<RefundBody>,
    request: HttpRequest,
) -> ApiResult<OrderDto> {
    let call = pb::RefundRequest {
        order_no: path.into_inner(),
        link_token: header(&request, ORDER_TOKEN_HEADER),
        reason: body.into_inner().reason,
    };
    let order = state.clients.order().request_refund(order_call(&request, call)).await?.into_inner();
    Ok(Reply::ok(OrderDto::try_from(order)?).with_msg_key("api.order.refundRequested"))
}
