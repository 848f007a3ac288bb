//! `payment_sessions`: one per attempt to pay an order. State changes are
//! guarded updates from the states allowed, so a session is paid once.

use diesel::prelude::*;
use keyshop_core::db::DbConnection;

use keyshop_core::ids::{OrderNo, SessionId};
use keyshop_core::money::{CurrencyCode, Money};
use keyshop_core::vocab::{PaymentProvider, PaymentState};

use super::schema::payment_sessions;
use crate::domain::session::{self, PaymentSession};

#[derive(Debug, Clone, PartialEq, Eq, Queryable, Insertable)]
#[diesel(table_name = payment_sessions)]
pub struct SessionRow {
    pub id: SessionId,
    pub order_no: OrderNo,
    pub provider: PaymentProvider,
    pub method: String,
    pub amount: i64,
    pub currency: CurrencyCode,
    pub state: PaymentState,
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

impl From<SessionRow> for PaymentSession {
    fn from(row: SessionRow) -> PaymentSession {
        PaymentSession {
            id: row.id,
            order_no: row.order_no,
            provider: row.provider,
            method: row.method,
            amount: Money::new(row.amount, row.currency),
            state: row.state,
            reason: row.reason,
            provider_ref: row.provider_ref,
            expires_at_ms: row.expires_at,
            paid_at_ms: row.paid_at,
            redirect_url: row.redirect_url,
            payment_ref: row.payment_ref,
        }
    }
}

/// A new open session.
pub struct NewSession {
    pub id: SessionId,
    pub order_no: OrderNo,
    pub provider: PaymentProvider,
    pub method: String,
    pub amount: Money,
    pub expires_at_ms: i64,
    pub now_ms: i64,
}

pub fn insert(conn: &mut DbConnection, session: NewSession) -> QueryResult<PaymentSession> {
    let row = SessionRow {
        id: session.id,
        order_no: session.order_no,
        provider: session.provider,
        method: session.method,
        amount: session.amount.minor,
        currency: session.amount.currency,
        state: PaymentState::Open,
        reason: String::new(),
        provider_ref: String::new(),
        expires_at: session.expires_at_ms,
        paid_at: None,
        created_at: session.now_ms,
        updated_at: session.now_ms,
        redirect_url: String::new(),
        payment_ref: String::new(),
    };
    diesel::insert_into(payment_sessions::table).values(&row).execute(conn)?;
    Ok(row.into())
}

pub fn find(conn: &mut DbConnection, id: &SessionId) -> QueryResult<Option<PaymentSession>> {
    let row: Option<SessionRow> = payment_sessions::table.find(id).get_result(conn).optional()?;
    Ok(row.map(PaymentSession::from))
}

/// The order's sessions, newest first.
pub fn of_order(conn: &mut DbConnection, order_no: &OrderNo) -> QueryResult<Vec<PaymentSession>> {
    let rows: Vec<SessionRow> = payment_sessions::table
        .filter(payment_sessions::order_no.eq(order_no))
        .order((payment_sessions::created_at.desc(), payment_sessions::id.desc()))
        .load(conn)?;
    Ok(rows.into_iter().map(PaymentSession::from).collect())
}

/// The order's sessions as stored, oldest first (staff read the history).
pub fn rows_of_order(conn: &mut DbConnection, order_no: &OrderNo) -> QueryResult<Vec<SessionRow>> {
    payment_sessions::table
        .filter(payment_sessions::order_no.eq(order_no))
        .order((payment_sessions::created_at, payment_sessions::id))
        .load(conn)
}

/// Moves the session to `to` from one of the states allowed; whether it moved.
pub fn transition(
    conn: &mut DbConnection,
    id: &SessionId,
    to: PaymentState,
    reason: &str,
    now_ms: i64,
) -> QueryResult<bool> {
    let guarded = payment_sessions::table.find(id).filter(payment_sessions::state.eq_any(session::reachable_from(to)));
    let paid_at = (to == PaymentState::Succeeded).then_some(now_ms);
    let moved = diesel::update(guarded)
        .set((
            payment_sessions::state.eq(to),
            payment_sessions::reason.eq(reason),
            payment_sessions::paid_at.eq(paid_at),
            payment_sessions::updated_at.eq(now_ms),
        ))
        .execute(conn)?;
    Ok(moved > 0)
}

/// Moves the session to paid from one of the states allowed, with the provider's id of the
/// money taken, in one statement; whether it moved.
pub fn pay(conn: &mut DbConnection, id: &SessionId, reason: &str, payment_ref: &str, now_ms: i64) -> QueryResult<bool> {
    let to = PaymentState::Succeeded;
    let guarded = payment_sessions::table.find(id).filter(payment_sessions::state.eq_any(session::reachable_from(to)));
    let moved = diesel::update(guarded)
        .set((
            payment_sessions::state.eq(to),
            payment_sessions::reason.eq(reason),
            payment_sessions::paid_at.eq(Some(now_ms)),
            payment_sessions::updated_at.eq(now_ms),
            payment_sessions::payment_ref.eq(payment_ref),
        ))
        .execute(conn)?;
    Ok(moved > 0)
}

/// Records the provider's checkout: its id and where the buyer pays.
pub fn set_checkout(
    conn: &mut DbConnection,
    id: &SessionId,
    provider_ref: &str,
    redirect_url: &str,
) -> QueryResult<()> {
    diesel::update(payment_sessions::table.find(id))
        .set((payment_sessions::provider_ref.eq(provider_ref), payment_sessions::redirect_url.eq(redirect_url)))
        .execute(conn)?;
    Ok(())
}

/// Open sessions whose window closed before `now_ms`.
pub fn due_to_expire(conn: &mut DbConnection, now_ms: i64, limit: i64) -> QueryResult<Vec<SessionId>> {
    payment_sessions::table
        .filter(payment_sessions::state.eq(PaymentState::Open))
        .filter(payment_sessions::expires_at.lt(now_ms))
        .order(payment_sessions::expires_at)
        .limit(limit)
        .select(payment_sessions::id)
        .load(conn)
}
