//! `reservations` and `reservation_lines`: what each checkout holds, until when.

use diesel::prelude::*;
use keyshop_core::db::DbConnection;

use super::schema::{reservation_lines, reservations};
use crate::domain::reservation::{HoldState, LineRequest};
use keyshop_core::on_backend;

#[derive(Debug, Clone, Queryable)]
pub struct ReservationRow {
    pub order_no: String,
    pub state: HoldState,
    pub expires_at: i64,
    pub created_at: i64,
    pub updated_at: i64,
    /// The buyer's e-mail the order service gave (empty for older holds).
    pub email: String,
}

pub fn find(conn: &mut DbConnection, order_no: &str) -> QueryResult<Option<ReservationRow>> {
    reservations::table.find(order_no).get_result(conn).optional()
}

pub fn lines(conn: &mut DbConnection, order_no: &str) -> QueryResult<Vec<LineRequest>> {
    let rows: Vec<(i64, String, i64)> = reservation_lines::table
        .filter(reservation_lines::order_no.eq(order_no))
        .order(reservation_lines::line_no)
        .select((reservation_lines::line_no, reservation_lines::sku, reservation_lines::quantity))
        .load(conn)?;
    Ok(rows.into_iter().map(|(line_no, sku, quantity)| LineRequest { line_no, sku, quantity }).collect())
}

/// A new held reservation with its lines, for the buyer at `email`.
pub fn insert(
    conn: &mut DbConnection,
    order_no: &str,
    email: &str,
    lines: &[LineRequest],
    expires_at: i64,
    now_ms: i64,
) -> QueryResult<()> {
    diesel::insert_into(reservations::table)
        .values((
            reservations::order_no.eq(order_no),
            reservations::email.eq(email),
            reservations::state.eq(HoldState::Held),
            reservations::expires_at.eq(expires_at),
            reservations::created_at.eq(now_ms),
            reservations::updated_at.eq(now_ms),
        ))
        .execute(conn)?;
    let rows: Vec<_> = lines
        .iter()
        .map(|line| {
            (
                reservation_lines::order_no.eq(order_no),
                reservation_lines::line_no.eq(line.line_no),
                reservation_lines::sku.eq(&line.sku),
                reservation_lines::quantity.eq(line.quantity),
            )
        })
        .collect();
    on_backend!(conn, |inner| diesel::insert_into(reservation_lines::table).values(&rows).execute(inner))?;
    Ok(())
}

pub fn set_state(
    conn: &mut DbConnection,
    order_no: &str,
    state: HoldState,
    expires_at: i64,
    now_ms: i64,
) -> QueryResult<usize> {
    diesel::update(reservations::table.find(order_no))
        .set((
            reservations::state.eq(state),
            reservations::expires_at.eq(expires_at),
            reservations::updated_at.eq(now_ms),
        ))
        .execute(conn)
}

/// Orders whose hold ran out before `now_ms`, oldest first.
pub fn expired(conn: &mut DbConnection, now_ms: i64, limit: i64) -> QueryResult<Vec<String>> {
    reservations::table
        .filter(reservations::state.eq(HoldState::Held))
        .filter(reservations::expires_at.lt(now_ms))
        .order(reservations::expires_at)
        .limit(limit)
        .select(reservations::order_no)
        .load(conn)
}
