//! `newsletter_deliveries`: one row per recipient of an issue. A sender
//! claims a row (pending → sending) in its own transaction before the e-mail
//! goes to the mailer and marks it after; a claim left by a sender that
//! stopped becomes unknown and is never sent again.

use diesel::dsl::count_star;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text};
use keyshop_core::db::DbConnection;

use super::newsletter::SubscriptionStatus;
use super::newsletter_issues::IssueStatus;
use super::schema::{
    newsletter_deliveries as deliveries, newsletter_issues as issues, newsletter_subscriptions as subs,
};

keyshop_core::code_enum! {
    /// Where one recipient's copy is.
    pub enum DeliveryState {
        Pending = "pending",
        /// Claimed by a sender, on its way to the mailer.
        Sending = "sending",
        Sent = "sent",
        /// The mailer refused it.
        Failed = "failed",
        /// Unsubscribed after the issue started.
        Skipped = "skipped",
        /// Claimed by a sender that stopped: maybe sent, never sent again.
        Unknown = "unknown",
    }
}

/// A recipient to send to: the issue, the subscription and where to.
#[derive(Debug, Clone, Queryable)]
pub struct Recipient {
    pub issue_id: i64,
    pub subscription_id: i64,
    pub email: String,
    pub language: String,
    pub unsubscribe_token: String,
    pub status: SubscriptionStatus,
}

/// A row per subscriber confirmed now; how many.
pub fn enqueue_confirmed(conn: &mut DbConnection, issue_id: i64, now_ms: i64) -> QueryResult<usize> {
    let recipients = subs::table.filter(subs::status.eq(SubscriptionStatus::Confirmed)).select((
        issue_id.into_sql::<BigInt>(),
        subs::id,
        DeliveryState::Pending.as_str().into_sql::<Text>(),
        now_ms.into_sql::<BigInt>(),
    ));
    diesel::insert_into(deliveries::table)
        .values(recipients)
        .into_columns((deliveries::issue_id, deliveries::subscription_id, deliveries::state, deliveries::updated_at))
        .execute(conn)
}

/// Claims older than `before_ms` become unknown (their sender stopped).
pub fn expire_claims(conn: &mut DbConnection, before_ms: i64, now_ms: i64) -> QueryResult<usize> {
    diesel::update(
        deliveries::table
            .filter(deliveries::state.eq(DeliveryState::Sending))
            .filter(deliveries::updated_at.lt(before_ms)),
    )
    .set((deliveries::state.eq(DeliveryState::Unknown), deliveries::updated_at.eq(now_ms)))
    .execute(conn)
}

/// Up to `limit` pending recipients of the issues going out.
pub fn pending(conn: &mut DbConnection, limit: i64) -> QueryResult<Vec<Recipient>> {
    deliveries::table
        .inner_join(issues::table)
        .inner_join(subs::table)
        .filter(issues::status.eq(IssueStatus::Sending))
        .filter(deliveries::state.eq(DeliveryState::Pending))
        .order((deliveries::issue_id, deliveries::subscription_id))
        .limit(limit)
        .select((
            deliveries::issue_id,
            deliveries::subscription_id,
            subs::email,
            subs::language,
            subs::unsubscribe_token,
            subs::status,
        ))
        .load(conn)
}

/// Moves a row from `from` to `to`; `false` when it was not in `from` (another
/// sender claimed it first).
pub fn shift(
    conn: &mut DbConnection,
    issue_id: i64,
    subscription_id: i64,
    from: DeliveryState,
    to: DeliveryState,
    now_ms: i64,
) -> QueryResult<bool> {
    let changed = diesel::update(
        deliveries::table
            .filter(deliveries::issue_id.eq(issue_id))
            .filter(deliveries::subscription_id.eq(subscription_id))
            .filter(deliveries::state.eq(from)),
    )
    .set((deliveries::state.eq(to), deliveries::updated_at.eq(now_ms)))
    .execute(conn)?;
    Ok(changed == 1)
}

/// (issue, state, count) for `issue_ids`.
pub fn counts(conn: &mut DbConnection, issue_ids: &[i64]) -> QueryResult<Vec<(i64, DeliveryState, i64)>> {
    deliveries::table
        .filter(deliveries::issue_id.eq_any(issue_ids))
        .group_by((deliveries::issue_id, deliveries::state))
        .select((deliveries::issue_id, deliveries::state, count_star()))
        .load(conn)
}

/// Whether `issue_id` still has copies pending or claimed.
pub fn open(conn: &mut DbConnection, issue_id: i64) -> QueryResult<bool> {
    let left: i64 = deliveries::table
        .filter(deliveries::issue_id.eq(issue_id))
        .filter(deliveries::state.eq_any([DeliveryState::Pending, DeliveryState::Sending]))
        .count()
        .get_result(conn)?;
    Ok(left > 0)
}

/// Subscribers confirmed now (an issue's audience before it goes out).
pub fn audience(conn: &mut DbConnection) -> QueryResult<i64> {
    subs::table.filter(subs::status.eq(SubscriptionStatus::Confirmed)).count().get_result(conn)
}
