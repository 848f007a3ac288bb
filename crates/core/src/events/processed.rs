//! Idempotent consumers: a handler claims `(consumer, event id)` inside its own
//! transaction; a second delivery of the same event finds the claim and skips.
//!
//! Claims are kept for [`KEEP_PROCESSED`], longer than a topic keeps its
//! events, so every event the bus can still deliver again is recognised; the
//! outbox relay of the same database deletes older ones ([`prune`]), so the
//! table holds about a week of events instead of every event ever handled.

use std::time::Duration;

use diesel::prelude::*;

use crate::clock::{Clock, SystemClock};
use crate::db::DbConnection;

diesel::table! {
    processed_events (consumer, event_id) {
        consumer -> Text,
        event_id -> Text,
        processed_at -> BigInt,
    }
}

/// How long a claim is kept: eight days, a day more than Kafka keeps a
/// topic's events by default (`retention.ms`, 7 days). A cluster whose
/// topics keep events longer (and whose consumer groups may be rewound that
/// far) needs this longer too.
pub const KEEP_PROCESSED: Duration = Duration::from_secs(8 * 24 * 60 * 60);

/// Records that `consumer` handles `event_id`. Returns `false` when it was
/// already handled (skip the work). One statement: call it inside the
/// handler's transaction. A concurrent duplicate waits for the first
/// claim's transaction and then skips (on PostgreSQL; SQLite has one writer).
pub fn claim(conn: &mut DbConnection, consumer: &str, event_id: &str) -> QueryResult<bool> {
    let now_ms = SystemClock.now_ms();
    let row = (
        processed_events::consumer.eq(consumer),
        processed_events::event_id.eq(event_id),
        processed_events::processed_at.eq(now_ms),
    );
    let inserted = crate::on_backend!(conn, |inner| diesel::insert_into(processed_events::table)
        .values(row)
        .on_conflict_do_nothing()
        .execute(inner))?;
    Ok(inserted == 1)
}

/// Deletes about the `limit` oldest claims made before `processed_before_ms`
/// (claims made in the same millisecond as the last one go too); how many it
/// deleted. Reads only those rows, by the `processed_at` index.
pub fn prune(conn: &mut DbConnection, processed_before_ms: i64, limit: i64) -> QueryResult<usize> {
    let old = processed_events::table.filter(processed_events::processed_at.lt(processed_before_ms));
    let edge: Option<i64> = old
        .select(processed_events::processed_at)
        .order(processed_events::processed_at.asc())
        .offset(limit.max(1) - 1)
        .first(conn)
        .optional()?;
    let until = edge.map_or(processed_before_ms, |edge| edge.saturating_add(1));
    diesel::delete(processed_events::table.filter(processed_events::processed_at.lt(until))).execute(conn)
}
