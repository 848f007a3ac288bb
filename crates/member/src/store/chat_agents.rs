//! `chat_agents`: each agent's presence as they chose it and their last
//! heartbeat (older than a minute: offline, whatever they chose).

use diesel::prelude::*;
use keyshop_core::db::DbConnection;

use super::schema::chat_agents;
use crate::domain::chat_desk::{PRESENCE_TTL_MS, Presence};

/// Sets the agent's presence and heartbeat.
pub fn set(conn: &mut DbConnection, staff_id: i64, presence: Presence, now_ms: i64) -> QueryResult<()> {
    let values = (
        chat_agents::staff_id.eq(staff_id),
        chat_agents::presence.eq(presence.as_str()),
        chat_agents::seen_at.eq(now_ms),
    );
    let changes = (chat_agents::presence.eq(presence.as_str()), chat_agents::seen_at.eq(now_ms));
    // An upsert, which the multi-backend connection does not offer.
    let upsert = diesel::insert_into(chat_agents::table)
        .values(values)
        .on_conflict(chat_agents::staff_id)
        .do_update()
        .set(changes);
    match conn {
        DbConnection::Sqlite(inner) => upsert.execute(inner)?,
        DbConnection::Postgres(inner) => upsert.execute(inner)?,
    };
    Ok(())
}

/// The agents whose heartbeat is recent, with the presence they chose
/// (offline ones left out).
pub fn present(conn: &mut DbConnection, now_ms: i64) -> QueryResult<Vec<(i64, Presence)>> {
    let rows: Vec<(i64, String)> = chat_agents::table
        .filter(chat_agents::seen_at.ge(now_ms - PRESENCE_TTL_MS))
        .filter(chat_agents::presence.ne(Presence::Offline.as_str()))
        .order(chat_agents::staff_id.asc())
        .select((chat_agents::staff_id, chat_agents::presence))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .filter_map(|(staff_id, presence)| Presence::parse(&presence).map(|presence| (staff_id, presence)))
        .collect())
}
