//! `sessions`: one row per sign-in, found by the hash of its token.

use diesel::prelude::*;
use keyshop_core::db::DbConnection;

use super::schema::{members, sessions};

/// A session with what the caller needs of its member.
#[derive(Debug, Clone, Queryable)]
pub struct SessionView {
    pub session_id: i64,
    pub member_id: i64,
    pub expires_at: i64,
    pub revoked_at: Option<i64>,
    pub disabled: bool,
    pub email: String,
    pub full_name: String,
    pub level_id: i64,
}

pub fn insert(
    conn: &mut DbConnection,
    member_id: i64,
    token_hash: &str,
    now_ms: i64,
    expires_at: i64,
) -> QueryResult<i64> {
    diesel::insert_into(sessions::table)
        .values((
            sessions::member_id.eq(member_id),
            sessions::token_hash.eq(token_hash),
            sessions::created_at.eq(now_ms),
            sessions::expires_at.eq(expires_at),
        ))
        .returning(sessions::id)
        .get_result(conn)
}

pub fn find(conn: &mut DbConnection, token_hash: &str) -> QueryResult<Option<SessionView>> {
    sessions::table
        .inner_join(members::table)
        .filter(sessions::token_hash.eq(token_hash))
        .select((
            sessions::id,
            sessions::member_id,
            sessions::expires_at,
            sessions::revoked_at,
            members::disabled,
            members::email,
            members::full_name,
            members::level_id,
        ))
        .first(conn)
        .optional()
}

pub fn revoke(conn: &mut DbConnection, session_id: i64, now_ms: i64) -> QueryResult<usize> {
    diesel::update(sessions::table.find(session_id).filter(sessions::revoked_at.is_null()))
        .set(sessions::revoked_at.eq(now_ms))
        .execute(conn)
}

/// Revokes every live session of the member but `keep` (if any).
pub fn revoke_all(conn: &mut DbConnection, member_id: i64, keep: Option<i64>, now_ms: i64) -> QueryResult<usize> {
    let live = sessions::table.filter(sessions::member_id.eq(member_id)).filter(sessions::revoked_at.is_null());
    match keep {
        Some(keep) => {
            diesel::update(live.filter(sessions::id.ne(keep))).set(sessions::revoked_at.eq(now_ms)).execute(conn)
        }
        None => diesel::update(live).set(sessions::revoked_at.eq(now_ms)).execute(conn),
    }
}

/// Deletes sessions that ended (expired or revoked) before `before_ms`.
pub fn purge(conn: &mut DbConnection, before_ms: i64) -> QueryResult<usize> {
    diesel::delete(sessions::table.filter(sessions::expires_at.lt(before_ms).or(sessions::revoked_at.lt(before_ms))))
        .execute(conn)
}
