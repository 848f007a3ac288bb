//! `payment_sessions`: one per attempt to pay an order. State changes are
//! guarded updates from the states allowed, so a session is paid once.

use diesel::prelude::*;
use keyshop_core::db::DbConnection;

use super::schema::payment_sessions;
use crate::domain::session::SessionState;

#[derive(Debug, Clone, PartialEq, Eq, Queryable, Insertable)]
#[diesel(table_name = payment_sessions)]
pub struct SessionRow {
    pub id: String,
    pub order_no: String,
    pub provider: String,
    pub method: String,
    pub amount: i64,
    pub currency: String,
    pub state: String,
    pub reason: String,
    pub provider_ref: String,
    pub expires_at: i64,
    pub paid_at: Option<i64>,
    pub created_at: i64,
    pub updated_at: i64,
    /// Where the buyer pays (empty until the provider's checkout is open).
    pub redirect_url: String,
    /// The provider's id of the money taken, once paid.
    pub payment_ref: String,
}

pub fn insert(conn: &mut DbConnection, session: &SessionRow) -> QueryResult<()> {
    diesel::insert_into(payment_sessions::table).values(session).execute(conn)?;
    Ok(())
}

pub fn find(conn: &mut DbConnection, id: &str) -> QueryResult<Option<SessionRow>> {
    payment_sessions::table.find(id).get_result(conn).optional()
}

/// The order's sessions, newest first.
pub fn of_order(conn: &mut DbConnection, order_no: &str) -> QueryResult<Vec<SessionRow>> {
    payment_sessions::table
        .filter(payment_sessions::order_no.eq(order_no))
        .order((payment_sessions::created_at.desc(), payment_sessions::id.desc()))
        .load(conn)
}

/// Moves the session to `to` from one of the states allowed; whether it moved.
pub fn transition(conn: &mut DbConnection, id: &str, to: SessionState, reason: &str, now_ms: i64) -> QueryResult<bool> {
    let from: Vec<&str> = to.reachable_from().iter().map(|state| state.as_str()).collect();
    let guarded = payment_sessions::table.find(id).filter(payment_sessions::state.eq_any(from));
    let paid_at = (to == SessionState::Succeeded).then_some(now_ms);
    let moved = diesel::update(guarded)
        .set((
            payment_sessions::state.eq(to.as_str()),
            payment_sessions::reason.eq(reason),
            payment_sessions::paid_at.eq(paid_at),
            payment_sessions::updated_at.eq(now_ms),
        ))
        .execute(conn)?;
    Ok(moved > 0)
}

/// Records the provider's checkout: its id and where the buyer pays.
pub fn set_checkout(conn: &mut DbConnection, id: &str, provider_ref: &str, redirect_url: &str) -> QueryResult<()> {
    diesel::update(payment_sessions::table.find(id))
        .set((payment_sessions::provider_ref.eq(provider_ref), payment_sessions::redirect_url.eq(redirect_url)))
        .execute(conn)?;
    Ok(())
}

/// Records the provider's id of the money taken.
pub fn set_payment_ref(conn: &mut DbConnection, id: &str, payment_ref: &str) -> QueryResult<()> {
    diesel::update(payment_sessions::table.find(id))
        .set(payment_sessions::payment_ref.eq(payment_ref))
        .execute(conn)?;
    Ok(())
}

/// Open sessions whose window closed before `now_ms`.
pub fn due_to_expire(conn: &mut DbConnection, now_ms: i64, limit: i64) -> QueryResult<Vec<String>> {
    payment_sessions::table
        .filter(payment_sessions::state.eq(SessionState::Open.as_str()))
        .filter(payment_sessions::expires_at.lt(now_ms))
        .order(payment_sessions::expires_at)
        .limit(limit)
        .select(payment_sessions::id)
        .load(conn)
}
