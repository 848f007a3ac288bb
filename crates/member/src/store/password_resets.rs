//! `password_resets`: forgot-password codes and the reset tokens they give.

use diesel::prelude::*;
use keyshop_core::db::DbConnection;

use super::schema::password_resets;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = password_resets)]
pub struct ResetRow {
    pub id: i64,
    pub member_id: i64,
    pub code_hash: String,
    pub code_expires_at: i64,
    pub attempts: i32,
    pub reset_expires_at: Option<i64>,
    pub used_at: Option<i64>,
}

/// A new code for the member; earlier unused codes stop counting.
pub fn insert(
    conn: &mut DbConnection,
    member_id: i64,
    code_hash: &str,
    expires_at: i64,
    now_ms: i64,
) -> QueryResult<usize> {
    diesel::update(password_resets::table.filter(password_resets::member_id.eq(member_id)))
        .filter(password_resets::used_at.is_null())
        .set(password_resets::used_at.eq(now_ms))
        .execute(conn)?;
    diesel::insert_into(password_resets::table)
        .values((
            password_resets::member_id.eq(member_id),
            password_resets::code_hash.eq(code_hash),
            password_resets::code_expires_at.eq(expires_at),
            password_resets::created_at.eq(now_ms),
        ))
        .execute(conn)
}

/// The member's newest code that is not used up.
pub fn latest_open(conn: &mut DbConnection, member_id: i64) -> QueryResult<Option<ResetRow>> {
    password_resets::table
        .filter(password_resets::member_id.eq(member_id))
        .filter(password_resets::used_at.is_null())
        .filter(password_resets::reset_token_hash.is_null())
        .order(password_resets::id.desc())
        .select(ResetRow::as_select())
        .first(conn)
        .optional()
}

/// Takes one of the code's tries, in the update itself (so concurrent tries
/// can never take more than `max`): false when none is left.
pub fn take_attempt(conn: &mut DbConnection, id: i64, max: i32) -> QueryResult<bool> {
    let taken = diesel::update(password_resets::table.find(id).filter(password_resets::attempts.lt(max)))
        .set(password_resets::attempts.eq(password_resets::attempts + 1))
        .execute(conn)?;
    Ok(taken == 1)
}

/// The code was right: it turns into a reset token.
pub fn grant_reset(conn: &mut DbConnection, id: i64, token_hash: &str, expires_at: i64) -> QueryResult<usize> {
    diesel::update(password_resets::table.find(id))
        .set((password_resets::reset_token_hash.eq(token_hash), password_resets::reset_expires_at.eq(expires_at)))
        .execute(conn)
}

pub fn find_by_reset_token(conn: &mut DbConnection, token_hash: &str) -> QueryResult<Option<ResetRow>> {
    password_resets::table
        .filter(password_resets::reset_token_hash.eq(token_hash))
        .select(ResetRow::as_select())
        .first(conn)
        .optional()
}

/// Marks a reset used; 0 when it already was (a second use).
pub fn mark_used(conn: &mut DbConnection, id: i64, now_ms: i64) -> QueryResult<usize> {
    diesel::update(password_resets::table.find(id).filter(password_resets::used_at.is_null()))
        .set(password_resets::used_at.eq(now_ms))
        .execute(conn)
}
