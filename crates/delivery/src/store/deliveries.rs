//! `deliveries` and `delivery_lines`: paid orders to deliver, and the
//! progress of their delivery e-mail.

use diesel::prelude::*;
use keyshop_core::db::DbConnection;

use super::schema::{deliveries, delivery_lines};
use keyshop_core::on_backend;

keyshop_core::code_enum! {
    /// Where a paid order's delivery e-mail is.
    pub enum DeliveryState {
        /// Keys are missing; the order waits for stock.
        WaitingStock = "waiting_stock",
        /// Every key is allocated; the e-mail is due.
        Queued = "queued",
        Sent = "sent",
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Queryable)]
pub struct DeliveryRow {
    pub order_no: String,
    pub email: String,
    pub language: String,
    pub state: DeliveryState,
    pub attempts: i64,
    pub next_attempt_at: i64,
    pub last_error: String,
    pub sent_at: Option<i64>,
    pub resent_at: Option<i64>,
    pub created_at: i64,
    pub updated_at: i64,
    /// Who paid, one line per row of the address; empty when not given.
    pub billing_address: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Queryable, Insertable)]
#[diesel(table_name = delivery_lines)]
pub struct DeliveryLine {
    pub order_no: String,
    pub line_no: i64,
    pub title: String,
    pub platform: String,
    pub game_name: String,
    pub game_ext_name: String,
}

pub struct NewDelivery<'a> {
    pub order_no: &'a str,
    pub email: &'a str,
    pub language: &'a str,
    pub state: DeliveryState,
    pub billing_address: String,
    pub now_ms: i64,
}

pub fn find(conn: &mut DbConnection, order_no: &str) -> QueryResult<Option<DeliveryRow>> {
    deliveries::table.find(order_no).get_result(conn).optional()
}

pub fn insert(conn: &mut DbConnection, delivery: &NewDelivery<'_>, lines: &[DeliveryLine]) -> QueryResult<()> {
    diesel::insert_into(deliveries::table)
        .values((
            deliveries::order_no.eq(delivery.order_no),
            deliveries::email.eq(delivery.email),
            deliveries::language.eq(delivery.language),
            deliveries::state.eq(delivery.state),
            deliveries::billing_address.eq(&delivery.billing_address),
            deliveries::next_attempt_at.eq(delivery.now_ms),
            deliveries::created_at.eq(delivery.now_ms),
            deliveries::updated_at.eq(delivery.now_ms),
        ))
        .execute(conn)?;
    if !lines.is_empty() {
        on_backend!(conn, |inner| diesel::insert_into(delivery_lines::table).values(lines).execute(inner))?;
    }
    Ok(())
}

pub fn lines(conn: &mut DbConnection, order_no: &str) -> QueryResult<Vec<DeliveryLine>> {
    delivery_lines::table.filter(delivery_lines::order_no.eq(order_no)).order(delivery_lines::line_no).load(conn)
}

/// Moves a delivery from `from` to `to` (due at once), only if it is in
/// `from`. Whether it moved.
pub fn advance(
    conn: &mut DbConnection,
    order_no: &str,
    from: DeliveryState,
    to: DeliveryState,
    now_ms: i64,
) -> QueryResult<bool> {
    let moved = diesel::update(deliveries::table.find(order_no).filter(deliveries::state.eq(from)))
        .set((deliveries::state.eq(to), deliveries::next_attempt_at.eq(now_ms), deliveries::updated_at.eq(now_ms)))
        .execute(conn)?;
    Ok(moved > 0)
}

/// Orders in `state` due at `now_ms`, oldest first.
pub fn due(conn: &mut DbConnection, state: DeliveryState, now_ms: i64, limit: i64) -> QueryResult<Vec<String>> {
    deliveries::table
        .filter(deliveries::state.eq(state))
        .filter(deliveries::next_attempt_at.le(now_ms))
        .order(deliveries::next_attempt_at)
        .limit(limit)
        .select(deliveries::order_no)
        .load(conn)
}

/// Takes the e-mail of a due delivery for `lease_ms` (another sender skips
/// it meanwhile) and counts the attempt. The delivery as it then stands,
/// when this caller got it.
pub fn lease(conn: &mut DbConnection, order_no: &str, now_ms: i64, lease_ms: i64) -> QueryResult<Option<DeliveryRow>> {
    diesel::update(
        deliveries::table
            .find(order_no)
            .filter(deliveries::state.eq(DeliveryState::Queued))
            .filter(deliveries::next_attempt_at.le(now_ms)),
    )
    .set((
        deliveries::attempts.eq(deliveries::attempts + 1),
        deliveries::next_attempt_at.eq(now_ms + lease_ms),
        deliveries::updated_at.eq(now_ms),
    ))
    .returning(deliveries::all_columns)
    .get_result(conn)
    .optional()
}

pub fn mark_sent(conn: &mut DbConnection, order_no: &str, now_ms: i64) -> QueryResult<usize> {
    diesel::update(deliveries::table.find(order_no).filter(deliveries::state.eq(DeliveryState::Queued)))
        .set((
            deliveries::state.eq(DeliveryState::Sent),
            deliveries::sent_at.eq(now_ms),
            deliveries::last_error.eq(""),
            deliveries::updated_at.eq(now_ms),
        ))
        .execute(conn)
}

/// Records a failed attempt; the next one is due at `retry_at`.
pub fn mark_failed(
    conn: &mut DbConnection,
    order_no: &str,
    error: &str,
    retry_at: i64,
    now_ms: i64,
) -> QueryResult<usize> {
    diesel::update(deliveries::table.find(order_no))
        .set((
            deliveries::last_error.eq(error),
            deliveries::next_attempt_at.eq(retry_at),
            deliveries::updated_at.eq(now_ms),
        ))
        .execute(conn)
}

/// Queues a sent e-mail again at the buyer's request.
pub fn requeue(conn: &mut DbConnection, order_no: &str, now_ms: i64) -> QueryResult<bool> {
    let moved = diesel::update(deliveries::table.find(order_no).filter(deliveries::state.eq(DeliveryState::Sent)))
        .set((
            deliveries::state.eq(DeliveryState::Queued),
            deliveries::next_attempt_at.eq(now_ms),
            deliveries::resent_at.eq(now_ms),
            deliveries::updated_at.eq(now_ms),
        ))
        .execute(conn)?;
    Ok(moved > 0)
}

/// Makes every order waiting for stock due now (keys just arrived).
pub fn wake_waiting(conn: &mut DbConnection, now_ms: i64) -> QueryResult<usize> {
    diesel::update(deliveries::table.filter(deliveries::state.eq(DeliveryState::WaitingStock)))
        .set(deliveries::next_attempt_at.eq(now_ms))
        .execute(conn)
}
