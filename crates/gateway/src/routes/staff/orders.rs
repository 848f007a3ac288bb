//! `GET /api/staff/orders` and `GET /api/staff/orders/{orderNo}`: staff find
//! orders by number, buyer's e-mail, state, SKU and time (newest first) and
//! read one with its whole history: its states, every attempt to pay it with
//! the provider's events, how its e-mail went, who opened its keys when, and
//! what staff noted.

use actix_web::{HttpRequest, get, web};
use keyshop_core::error::{AppError, FieldErrors};
use keyshop_core::identity::Permission;
use keyshop_core::vocab::{OrderState, PaymentProvider, PaymentState};
use keyshop_proto::delivery::v1 as delivery;
use keyshop_proto::order::v1 as pb;
use keyshop_proto::payment::v1 as payment;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::order_actions::StaffNoteDto;
use super::{acting, staff_with};
use crate::envelope::{ApiResult, Envelope, FieldErrorsDto, Reply};
use crate::routes::dto::ListPage;
use crate::routes::shop::OrderDto;
use crate::routes::shop::keys::RevealDto;
use crate::routes::{LangParam, params};
use crate::state::GatewayState;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct OrderSearchParams {
    /// The order number, or its beginning.
    pub order_no: Option<String>,
    /// The buyer's e-mail, or part of it.
    pub email: Option<String>,
    /// One order state (`pending_payment`, `paid`, `delivered`, …).
    #[param(value_type = Option<OrderState>)]
    pub state: Option<String>,
    /// Orders with a line of this SKU.
    pub sku: Option<String>,
    /// Placed at or after (epoch milliseconds).
    #[param(value_type = Option<i64>, minimum = 1)]
    pub from: Option<String>,
    /// Placed before (epoch milliseconds).
    #[param(value_type = Option<i64>, minimum = 1)]
    pub to: Option<String>,
    /// From 1 (default 1).
    #[param(schema_with = params::page_schema)]
    pub page: Option<String>,
    /// 10, 20, 30 or 50 (default 20).
    #[param(schema_with = params::limit_schema)]
    pub limit: Option<String>,
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_orders", params(LangParam, OrderSearchParams),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The orders found, newest first", body = Envelope<ListPage<OrderDto>>),
        (status = 400, description = "A filter is wrong", body = Envelope<FieldErrorsDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not read orders (api.staff.forbidden)", body = Envelope<Option<String>>),
    ))]
#[get("/api/staff/orders")]
pub async fn staff_orders(
    state: web::Data<GatewayState>,
    query: web::Query<OrderSearchParams>,
    request: HttpRequest,
) -> ApiResult<ListPage<OrderDto>> {
    let staff = staff_with(&state, &request, Permission::OrdersRead).await?;
    let mut errors = FieldErrors::default();
    let order_state = match query.state.as_deref().map(str::trim).filter(|code| !code.is_empty()) {
        None => 0,
        Some(code) => match OrderState::parse(code) {
            Some(order_state) => order_state.to_proto(),
            None => {
                errors.add("state", "api.field.invalid");
                0
            }
        },
    };
    let call = pb::StaffOrderQuery {
        order_no: query.order_no.clone().unwrap_or_default(),
        email: query.email.clone().unwrap_or_default(),
        state: order_state,
        sku: query.sku.clone().unwrap_or_default(),
        from_ms: params::number(&mut errors, "from", query.from.as_deref()),
        to_ms: params::number(&mut errors, "to", query.to.as_deref()),
        page: params::number(&mut errors, "page", query.page.as_deref()),
        limit: params::number(&mut errors, "limit", query.limit.as_deref()),
        member_id: 0,
    };
    errors.finish()?;
    let page = acting(staff, state.clients.order().staff_search_orders(call)).await?.into_inner();
    Ok(Reply::ok(ListPage {
        rows: page.rows.into_iter().map(OrderDto::try_from).collect::<Result<_, _>>()?,
        total: page.total,
        page: i32::try_from(page.page).unwrap_or(i32::MAX),
        limit: i32::try_from(page.limit).unwrap_or(i32::MAX),
    }))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffOrderDto {
    pub order: OrderDto,
    /// Who opened the keys when, newest first (never the keys).
    pub reveals: Vec<RevealDto>,
    /// What staff noted, oldest first (never shown to the buyer).
    pub notes: Vec<StaffNoteDto>,
    /// How the order's e-mail went; absent before the order is paid.
    pub delivery: Option<DeliveryRecordDto>,
    /// Every attempt to pay it, oldest first, with the provider's events.
    pub payments: Vec<PaymentAttemptDto>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryRecordDto {
    /// `waiting_stock` (keys missing), `queued` (the e-mail due) or `sent`.
    pub state: String,
    pub attempts: i64,
    /// Why the last attempt failed (empty when none did).
    pub last_error: String,
    /// Epoch milliseconds.
    pub created_at: i64,
    pub sent_at: Option<i64>,
    pub resent_at: Option<i64>,
    /// When the next attempt is due, while not sent.
    pub next_attempt_at: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentEventDto {
    /// What the provider's event did (`applied`, `ignored`, …).
    pub outcome: String,
    /// Epoch milliseconds.
    pub at: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentAttemptDto {
    pub session_id: String,
    pub provider: PaymentProvider,
    pub method: String,
    /// Minor units of `currency`.
    pub amount: i64,
    pub currency: String,
    pub state: PaymentState,
    /// The provider's reason for a failure.
    pub reason: String,
    /// Epoch milliseconds.
    pub created_at: i64,
    pub paid_at: Option<i64>,
    pub refunded_at: Option<i64>,
    pub events: Vec<PaymentEventDto>,
}

/// `Some(at)` unless `at` is 0 (not yet).
fn when(at: i64) -> Option<i64> {
    (at > 0).then_some(at)
}

fn delivery_record(record: delivery::DeliveryRecord) -> Option<DeliveryRecordDto> {
    record.found.then(|| DeliveryRecordDto {
        next_attempt_at: (record.state != "sent").then_some(record.next_attempt_at_ms).filter(|at| *at > 0),
        state: record.state,
        attempts: record.attempts,
        last_error: record.last_error,
        created_at: record.created_at_ms,
        sent_at: when(record.sent_at_ms),
        resent_at: when(record.resent_at_ms),
    })
}

fn payment_attempt(attempt: payment::PaymentAttempt) -> Result<PaymentAttemptDto, AppError> {
    Ok(PaymentAttemptDto {
        provider: PaymentProvider::from_proto(attempt.provider).map_err(AppError::internal)?,
        state: PaymentState::from_proto(attempt.state).map_err(AppError::internal)?,
        session_id: attempt.session_id,
        method: attempt.method,
        amount: attempt.amount,
        currency: attempt.currency,
        reason: attempt.reason,
        created_at: attempt.created_at_ms,
        paid_at: when(attempt.paid_at_ms),
        refunded_at: when(attempt.refunded_at_ms),
        events: attempt
            .events
            .into_iter()
            .map(|event| PaymentEventDto { outcome: event.outcome, at: event.received_at_ms })
            .collect(),
    })
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_order", params(LangParam,
        ("orderNo" = String, Path, description = "The order's number")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The order, its history and its reveal log", body = Envelope<StaffOrderDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not read orders (api.staff.forbidden)", body = Envelope<Option<String>>),
        (status = 404, description = "No such order", body = Envelope<Option<String>>),
    ))]
#[get("/api/staff/orders/{orderNo}")]
pub async fn staff_order(
    state: web::Data<GatewayState>,
    path: web::Path<String>,
    request: HttpRequest,
) -> ApiResult<StaffOrderDto> {
    let staff = staff_with(&state, &request, Permission::OrdersRead).await?;
    let call = pb::StaffOrderRef { order_no: path.into_inner() };
    let found = acting(staff, state.clients.order().staff_get_order(call)).await?.into_inner();
    let order = OrderDto::try_from(found.order.unwrap_or_default())?;
    let reveals = found
        .reveals
        .into_iter()
        .map(|reveal| RevealDto {
            at: reveal.at_ms,
            actor: reveal.actor,
            ip: reveal.ip,
            browser: reveal.browser,
            os: reveal.os,
        })
        .collect();
    let notes = found.notes.into_iter().map(StaffNoteDto::from).collect();
    let delivery = found.delivery.and_then(delivery_record);
    let payments = found.payments.into_iter().map(payment_attempt).collect::<Result<_, _>>()?;
    Ok(Reply::ok(StaffOrderDto { order, reveals, notes, delivery, payments }))
}
