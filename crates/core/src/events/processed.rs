//! Idempotent consumers: a handler claims `(consumer, event id)` inside its own
//! transaction; a second delivery of the same event finds the claim and skips.

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

/// Records that `consumer` handles `event_id`. Returns `false` when it was
/// already handled (skip the work). Call inside the handler's transaction: a
/// concurrent duplicate then fails on the primary key and rolls back.
pub fn claim(conn: &mut DbConnection, consumer: &str, event_id: &str) -> QueryResult<bool> {
    let seen: i64 = processed_events::table
        .filter(processed_events::consumer.eq(consumer))
        .filter(processed_events::event_id.eq(event_id))
        .count()
        .get_result(conn)?;
    if seen > 0 {
        return Ok(false);
    }
    diesel::insert_into(processed_events::table)
        .values((
            processed_events::consumer.eq(consumer),
            processed_events::event_id.eq(event_id),
            processed_events::processed_at.eq(SystemClock.now_ms()),
        ))
        .execute(conn)?;
    Ok(true)
}
