//! `GET /api/staff/dashboard`: the console's first page in figures. Sales,
//! paid and delivered orders per day for 30 days and orders per hour for 24
//! hours (from the order service), the orders waiting for keys and the
//! refund requests waiting with their deadlines (order), the products low
//! on keys (delivery) and the tickets waiting for an answer (member), asked
//! of the three services at once.

use actix_web::{HttpRequest, get, web};
use keyshop_core::error::FieldErrors;
use keyshop_core::identity::Permission;
use keyshop_proto::delivery::v1 as delivery;
use keyshop_proto::member::v1 as member;
use keyshop_proto::order::v1 as order;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::refunds::RefundRequestDto;
use super::stock::StockDto;

use super::{acting, staff_with};
use crate::envelope::{ApiResult, Envelope, FieldErrorsDto, Reply};
use crate::routes::LangParam;
use crate::state::GatewayState;

/// The widest offset from UTC a clock has, in minutes.
const MAX_OFFSET_MINUTES: i32 = 14 * 60;
/// The low-stock products the dashboard lists.
const LOW_STOCK_SHOWN: i64 = 8;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct DashboardParams {
    /// The console's offset from UTC in minutes, east positive (-840 to 840;
    /// default 0): the days start at its midnight.
    #[param(value_type = Option<i32>, minimum = -840, maximum = 840)]
    pub utc_offset: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DayDto {
    /// Epoch milliseconds: the day's start.
    pub day: i64,
    /// US cents paid that day, refunded orders left out.
    pub sales_usd: i64,
    pub paid: i64,
    pub delivered: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HourDto {
    /// Epoch milliseconds: the hour's start.
    pub hour: i64,
    pub placed: i64,
    pub paid: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DashboardDto {
    /// 30 days, oldest first; the last is today.
    pub days: Vec<DayDto>,
    /// 24 hours, oldest first; the last is the hour now.
    pub hours: Vec<HourDto>,
    /// Paid orders whose keys are not all delivered yet.
    pub waiting_for_keys: i64,
    /// Epoch milliseconds: when the oldest of them was paid.
    pub oldest_waiting_paid_at: Option<i64>,
    pub refunds_waiting: i64,
    pub refunds_overdue: i64,
    /// The oldest refund requests waiting, with their deadlines.
    pub refunds: Vec<RefundRequestDto>,
    /// The products at or under their low-stock threshold, fewest keys first.
    pub low_stock: Vec<StockDto>,
    pub low_stock_total: i64,
    /// Support tickets waiting for an answer.
    pub open_tickets: i64,
    /// Epoch milliseconds: when the oldest of them was opened.
    pub oldest_open_ticket_at: Option<i64>,
}

/// `Some(at)` unless `at` is 0 (none).
fn when(at: i64) -> Option<i64> {
    (at > 0).then_some(at)
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_dashboard", params(LangParam, DashboardParams),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The dashboard's figures", body = Envelope<DashboardDto>),
        (status = 400, description = "The offset is out of range", body = Envelope<FieldErrorsDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
    ))]
#[get("/api/staff/dashboard")]
pub async fn staff_dashboard(
    state: web::Data<GatewayState>,
    query: web::Query<DashboardParams>,
    request: HttpRequest,
) -> ApiResult<DashboardDto> {
    let staff = staff_with(&state, &request, Permission::DashboardRead).await?;
    let mut errors = FieldErrors::default();
    let offset = match query.utc_offset.as_deref().map(str::parse::<i32>) {
        None => 0,
        Some(Ok(offset)) if offset.abs() <= MAX_OFFSET_MINUTES => offset,
        Some(Ok(_)) => {
            errors.add("utcOffset", "api.field.outOfRange");
            0
        }
        Some(Err(_)) => {
            errors.add("utcOffset", "api.field.notANumber");
            0
        }
    };
    errors.finish()?;
    let (mut orders, mut stock, mut support) =
        (state.clients.order(), state.clients.delivery(), state.clients.member());
    let (orders, stock, support) = acting(staff, async {
        tokio::try_join!(
            orders.staff_dashboard(order::StaffDashboardRequest { utc_offset_minutes: offset }),
            stock.staff_low_stock(delivery::StaffLowStockRequest { limit: LOW_STOCK_SHOWN }),
            support.staff_support_figures(member::Empty {}),
        )
    })
    .await?;
    let (orders, stock, support) = (orders.into_inner(), stock.into_inner(), support.into_inner());
    Ok(Reply::ok(DashboardDto {
        days: orders
            .days
            .into_iter()
            .map(|day| DayDto {
                day: day.day_start_ms,
                sales_usd: day.sales_usd,
                paid: day.paid,
                delivered: day.delivered,
            })
            .collect(),
        hours: orders
            .hours
            .into_iter()
            .map(|hour| HourDto { hour: hour.hour_start_ms, placed: hour.placed, paid: hour.paid })
            .collect(),
        waiting_for_keys: orders.waiting_for_keys,
        oldest_waiting_paid_at: when(orders.oldest_waiting_paid_ms),
        refunds_waiting: orders.refunds_waiting,
        refunds_overdue: orders.refunds_overdue,
        refunds: orders.refunds.into_iter().map(RefundRequestDto::from).collect(),
        low_stock: super::stock::titled(&state, stock.rows).await?,
        low_stock_total: stock.total,
        open_tickets: support.open_tickets,
        oldest_open_ticket_at: when(support.oldest_open_ms),
    }))
}
