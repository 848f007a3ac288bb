use diesel::prelude::*;
use keyshop_core::db::DbConnection;

use super::schema::settings;

/// A public setting's value, `None` when unknown or private.
pub fn find_public(conn: &mut DbConnection, key: &str) -> QueryResult<Option<String>> {
    settings::table.find(key).filter(settings::public.eq(true)).select(settings::value).get_result(conn).optional()
}

/// Every public setting, ordered by key.
pub fn list_public(conn: &mut DbConnection) -> QueryResult<Vec<(String, String)>> {
    settings::table
        .filter(settings::public.eq(true))
        .order(settings::key.asc())
        .select((settings::key, settings::value))
        .load(conn)
}

/// Inserts or replaces a public setting.
pub fn upsert(conn: &mut DbConnection, key: &str, value: &str, now_ms: i64) -> QueryResult<()> {
    let updated = diesel::update(settings::table.find(key))
        .set((settings::value.eq(value), settings::updated_at.eq(now_ms)))
        .execute(conn)?;
    if updated == 0 {
        diesel::insert_into(settings::table)
            .values((
                settings::key.eq(key),
                settings::value.eq(value),
                settings::public.eq(true),
                settings::updated_at.eq(now_ms),
            ))
            .execute(conn)?;
    }
    Ok(())
}
