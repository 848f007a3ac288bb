//! `newsletter_subscriptions`: double opt-in subscriptions.

use diesel::prelude::*;
use keyshop_core::db::DbConnection;

use super::schema::newsletter_subscriptions as subs;

keyshop_core::code_enum! {
    /// Where a subscription is in its double opt-in.
    pub enum SubscriptionStatus {
        /// Asked, the confirmation link not yet followed.
        Pending = "pending",
        Confirmed = "confirmed",
        Unsubscribed = "unsubscribed",
    }
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = subs)]
pub struct SubscriptionRow {
    pub id: i64,
    pub email: String,
    pub status: SubscriptionStatus,
    pub confirm_expires_at: Option<i64>,
    pub unsubscribe_token: String,
    pub language: String,
}

pub fn find_by_email(conn: &mut DbConnection, email: &str) -> QueryResult<Option<SubscriptionRow>> {
    subs::table.filter(subs::email.eq(email)).select(SubscriptionRow::as_select()).first(conn).optional()
}

/// Starts (or restarts) the opt-in of `email` with a new confirmation token.
pub fn upsert_pending(
    conn: &mut DbConnection,
    email: &str,
    confirm_hash: &str,
    confirm_expires_at: i64,
    unsubscribe_token: &str,
    language: &str,
    now_ms: i64,
) -> QueryResult<usize> {
    let updated = diesel::update(subs::table.filter(subs::email.eq(email)))
        .set((
            subs::status.eq(SubscriptionStatus::Pending),
            subs::confirm_token_hash.eq(confirm_hash),
            subs::confirm_expires_at.eq(confirm_expires_at),
            subs::language.eq(language),
            subs::updated_at.eq(now_ms),
        ))
        .execute(conn)?;
    if updated > 0 {
        return Ok(updated);
    }
    diesel::insert_into(subs::table)
        .values((
            subs::email.eq(email),
            subs::status.eq(SubscriptionStatus::Pending),
            subs::confirm_token_hash.eq(confirm_hash),
            subs::confirm_expires_at.eq(confirm_expires_at),
            subs::unsubscribe_token.eq(unsubscribe_token),
            subs::language.eq(language),
            subs::created_at.eq(now_ms),
            subs::updated_at.eq(now_ms),
        ))
        .execute(conn)
}

pub fn find_by_confirm_hash(conn: &mut DbConnection, hash: &str) -> QueryResult<Option<SubscriptionRow>> {
    subs::table.filter(subs::confirm_token_hash.eq(hash)).select(SubscriptionRow::as_select()).first(conn).optional()
}

pub fn find_by_unsubscribe_token(conn: &mut DbConnection, token: &str) -> QueryResult<Option<SubscriptionRow>> {
    subs::table.filter(subs::unsubscribe_token.eq(token)).select(SubscriptionRow::as_select()).first(conn).optional()
}

pub fn set_status(conn: &mut DbConnection, id: i64, status: SubscriptionStatus, now_ms: i64) -> QueryResult<usize> {
    diesel::update(subs::table.find(id))
        .set((
            subs::status.eq(status),
            subs::confirm_token_hash.eq(None::<String>),
            subs::confirm_expires_at.eq(None::<i64>),
            subs::updated_at.eq(now_ms),
        ))
        .execute(conn)
}

pub fn confirmed(conn: &mut DbConnection) -> QueryResult<Vec<SubscriptionRow>> {
    subs::table
        .filter(subs::status.eq(SubscriptionStatus::Confirmed))
        .order(subs::id.asc())
        .select(SubscriptionRow::as_select())
        .load(conn)
}
