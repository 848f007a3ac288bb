//! `provider_events`: every provider event seen, so a replayed webhook is
//! recognised and changes nothing.

use diesel::prelude::*;
use keyshop_core::db::DbConnection;

use super::schema::provider_events;

/// Records the event; `false` when it was seen before. One statement: two
/// deliveries of the same event at once cannot both claim it.
pub fn claim(
    conn: &mut DbConnection,
    provider: &str,
    event_id: &str,
    session_id: &str,
    outcome: &str,
    now_ms: i64,
) -> QueryResult<bool> {
    let row = (
        provider_events::provider.eq(provider),
        provider_events::event_id.eq(event_id),
        provider_events::session_id.eq(session_id),
        provider_events::outcome.eq(outcome),
        provider_events::received_at.eq(now_ms),
    );
    let inserted = keyshop_core::on_backend!(conn, |inner| diesel::insert_into(provider_events::table)
        .values(row)
        .on_conflict_do_nothing()
        .execute(inner))?;
    Ok(inserted == 1)
}

pub fn set_outcome(conn: &mut DbConnection, provider: &str, event_id: &str, outcome: &str) -> QueryResult<usize> {
    diesel::update(provider_events::table.find((provider, event_id)))
        .set(provider_events::outcome.eq(outcome))
        .execute(conn)
}

/// The events the sessions received, oldest first: `(session id, outcome, received at)`.
pub fn of_sessions(conn: &mut DbConnection, session_ids: &[String]) -> QueryResult<Vec<(String, String, i64)>> {
    provider_events::table
        .filter(provider_events::session_id.eq_any(session_ids))
        .order(provider_events::received_at)
        .select((provider_events::session_id, provider_events::outcome, provider_events::received_at))
        .load(conn)
}
