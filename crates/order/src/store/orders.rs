//! `orders`, `order_lines` and `order_history`: an order, what it holds, and
//! every state it went through. State changes are guarded updates: an order
//! moves only from the state the caller saw, so two racing changes cannot
//! both win.

use diesel::prelude::*;
use keyshop_core::db::DbConnection;

use super::schema::{order_history, order_lines, orders};
use crate::domain::state::OrderState;

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = orders)]
pub struct NewOrder {
    pub order_no: String,
    pub member_id: i64,
    pub email: String,
    pub contact: String,
    pub note: String,
    pub language: String,
    pub currency: String,
    pub rate_micros: i64,
    pub goods: i64,
    pub member_discount: i64,
    pub coupon_code: Option<String>,
    pub coupon_discount: i64,
    pub payment_method: String,
    pub payment_fee: i64,
    pub adjustment: i64,
    pub service_charge: i64,
    pub freight: i64,
    pub real_amount: i64,
    pub real_amount_usd: i64,
    pub state: String,
    pub link_token_hash: String,
    pub idempotency_key: Option<String>,
    pub expires_at: i64,
    pub created_at: i64,
    pub updated_at: i64,
}

#[derive(Debug, Clone, PartialEq, Eq, Queryable)]
pub struct OrderRow {
    pub order_no: String,
    pub member_id: i64,
    pub email: String,
    pub contact: String,
    pub note: String,
    pub language: String,
    pub currency: String,
    pub rate_micros: i64,
    pub goods: i64,
    pub member_discount: i64,
    pub coupon_code: Option<String>,
    pub coupon_discount: i64,
    pub payment_method: String,
    pub payment_fee: i64,
    pub adjustment: i64,
    pub service_charge: i64,
    pub freight: i64,
    pub real_amount: i64,
    pub real_amount_usd: i64,
    pub state: String,
    pub link_token_hash: String,
    pub idempotency_key: Option<String>,
    pub expires_at: i64,
    pub paid_at: Option<i64>,
    pub delivered_at: Option<i64>,
    pub completed_at: Option<i64>,
    pub deleted_at: Option<i64>,
    pub created_at: i64,
    pub updated_at: i64,
    pub mail_token_hash: Option<String>,
    pub payment_session_id: String,
    pub mail_token_expires_at: Option<i64>,
}

#[derive(Debug, Clone, PartialEq, Eq, Insertable, Queryable)]
#[diesel(table_name = order_lines)]
pub struct OrderLine {
    pub order_no: String,
    pub line_no: i64,
    pub product_id: i64,
    pub sku: String,
    pub title: String,
    pub platform: String,
    pub image: String,
    pub game_name: String,
    pub game_ext_name: String,
    pub unit_price_usd: i64,
    pub unit_price: i64,
    pub quantity: i64,
}

#[derive(Debug, Clone, PartialEq, Eq, Queryable)]
pub struct HistoryRow {
    pub id: i64,
    pub order_no: String,
    pub state: String,
    pub note: String,
    pub at: i64,
}

fn record(conn: &mut DbConnection, order_no: &str, state: OrderState, note: &str, at: i64) -> QueryResult<()> {
    diesel::insert_into(order_history::table)
        .values((
            order_history::order_no.eq(order_no),
            order_history::state.eq(state.as_str()),
            order_history::note.eq(note),
            order_history::at.eq(at),
        ))
        .execute(conn)?;
    Ok(())
}

/// A new order with its lines, its first state recorded.
pub fn insert(conn: &mut DbConnection, order: &NewOrder, lines: &[OrderLine]) -> QueryResult<()> {
    diesel::insert_into(orders::table).values(order).execute(conn)?;
    for line in lines {
        diesel::insert_into(order_lines::table).values(line).execute(conn)?;
    }
    let state = OrderState::parse(&order.state).unwrap_or(OrderState::PendingPayment);
    record(conn, &order.order_no, state, "", order.created_at)
}

pub fn find(conn: &mut DbConnection, order_no: &str) -> QueryResult<Option<OrderRow>> {
    orders::table.find(order_no).get_result(conn).optional()
}

/// The order a buyer already placed with this `Idempotency-Key`.
pub fn find_by_idempotency(
    conn: &mut DbConnection,
    email: &str,
    member_id: i64,
    key: &str,
) -> QueryResult<Option<String>> {
    orders::table
        .filter(orders::email.eq(email))
        .filter(orders::member_id.eq(member_id))
        .filter(orders::idempotency_key.eq(key))
        .select(orders::order_no)
        .get_result(conn)
        .optional()
}

pub fn lines(conn: &mut DbConnection, order_no: &str) -> QueryResult<Vec<OrderLine>> {
    order_lines::table.filter(order_lines::order_no.eq(order_no)).order(order_lines::line_no).load(conn)
}

/// Oldest first.
pub fn history(conn: &mut DbConnection, order_no: &str) -> QueryResult<Vec<HistoryRow>> {
    order_history::table
        .filter(order_history::order_no.eq(order_no))
        .order((order_history::at, order_history::id))
        .load(conn)
}

/// A member's orders not deleted, newest first, and how many there are.
pub fn page_of_member(
    conn: &mut DbConnection,
    member_id: i64,
    offset: i64,
    limit: i64,
) -> QueryResult<(Vec<OrderRow>, i64)> {
    let mine = || orders::table.filter(orders::member_id.eq(member_id)).filter(orders::deleted_at.is_null());
    let rows =
        mine().order((orders::created_at.desc(), orders::order_no.desc())).offset(offset).limit(limit).load(conn)?;
    let total = mine().count().get_result(conn)?;
    Ok((rows, total))
}

/// Moves the order from `from` to `to`, only if it is still in `from`, and
/// records the step. Whether it moved.
pub fn transition(
    conn: &mut DbConnection,
    order_no: &str,
    from: OrderState,
    to: OrderState,
    note: &str,
    now_ms: i64,
) -> QueryResult<bool> {
    let guarded = orders::table.find(order_no).filter(orders::state.eq(from.as_str()));
    let moved = match to {
        OrderState::Paid => diesel::update(guarded)
            .set((orders::state.eq(to.as_str()), orders::paid_at.eq(now_ms), orders::updated_at.eq(now_ms)))
            .execute(conn)?,
        OrderState::Delivered => diesel::update(guarded)
            .set((orders::state.eq(to.as_str()), orders::delivered_at.eq(now_ms), orders::updated_at.eq(now_ms)))
            .execute(conn)?,
        OrderState::Completed => diesel::update(guarded)
            .set((orders::state.eq(to.as_str()), orders::completed_at.eq(now_ms), orders::updated_at.eq(now_ms)))
            .execute(conn)?,
        _ => {
            diesel::update(guarded).set((orders::state.eq(to.as_str()), orders::updated_at.eq(now_ms))).execute(conn)?
        }
    };
    if moved == 0 {
        return Ok(false);
    }
    record(conn, order_no, to, note, now_ms)?;
    Ok(true)
}

/// A new link token for the buyer (a retried checkout).
pub fn set_link_token_hash(conn: &mut DbConnection, order_no: &str, hash: &str) -> QueryResult<usize> {
    diesel::update(orders::table.find(order_no)).set(orders::link_token_hash.eq(hash)).execute(conn)
}

/// The token of the delivery e-mail's link.
pub fn set_mail_token_hash(conn: &mut DbConnection, order_no: &str, hash: &str, expires_at: i64) -> QueryResult<usize> {
    diesel::update(orders::table.find(order_no))
        .set((orders::mail_token_hash.eq(hash), orders::mail_token_expires_at.eq(expires_at)))
        .execute(conn)
}

/// The order's latest payment session.
pub fn set_payment_session(conn: &mut DbConnection, order_no: &str, session_id: &str) -> QueryResult<usize> {
    diesel::update(orders::table.find(order_no)).set(orders::payment_session_id.eq(session_id)).execute(conn)
}

/// Unpaid orders whose payment window closed before `now_ms`.
pub fn due_to_expire(conn: &mut DbConnection, now_ms: i64, limit: i64) -> QueryResult<Vec<String>> {
    orders::table
        .filter(orders::state.eq(OrderState::PendingPayment.as_str()))
        .filter(orders::expires_at.lt(now_ms))
        .order(orders::expires_at)
        .limit(limit)
        .select(orders::order_no)
        .load(conn)
}

/// Delivered orders not confirmed since `before_ms`: completed automatically.
pub fn due_to_complete(conn: &mut DbConnection, before_ms: i64, limit: i64) -> QueryResult<Vec<(String, String)>> {
    orders::table
        .filter(orders::state.eq_any([OrderState::Delivered.as_str(), OrderState::RefundRejected.as_str()]))
        .filter(orders::updated_at.lt(before_ms))
        .order(orders::updated_at)
        .limit(limit)
        .select((orders::order_no, orders::state))
        .load(conn)
}

/// Hides the order from its buyer, if its state allows it. Whether it did.
pub fn soft_delete(conn: &mut DbConnection, order_no: &str, now_ms: i64) -> QueryResult<bool> {
    let deletable: Vec<&str> =
        OrderState::ALL.into_iter().filter(|state| state.deletable()).map(OrderState::as_str).collect();
    let deleted = diesel::update(
        orders::table.find(order_no).filter(orders::deleted_at.is_null()).filter(orders::state.eq_any(deletable)),
    )
    .set((orders::deleted_at.eq(now_ms), orders::updated_at.eq(now_ms)))
    .execute(conn)?;
    Ok(deleted > 0)
}
