//! `canned_replies`: answers agents insert by a shortcut, one per language
//! and shortcut.

use diesel::prelude::*;
use keyshop_core::db::DbConnection;

use super::schema::canned_replies;
use crate::domain::chat_desk::CannedReply;

#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = canned_replies)]
pub struct CannedReplyRow {
    pub id: i64,
    pub language: String,
    pub shortcut: String,
    pub body: String,
    pub created_at: i64,
    pub updated_at: i64,
}

/// Every canned reply, by language then shortcut.
pub fn all(conn: &mut DbConnection) -> QueryResult<Vec<CannedReplyRow>> {
    canned_replies::table
        .order((canned_replies::language.asc(), canned_replies::shortcut.asc()))
        .select(CannedReplyRow::as_select())
        .load(conn)
}

pub fn find(conn: &mut DbConnection, id: i64) -> QueryResult<Option<CannedReplyRow>> {
    canned_replies::table.find(id).select(CannedReplyRow::as_select()).first(conn).optional()
}

/// The reply with this language and shortcut, if any.
pub fn by_shortcut(conn: &mut DbConnection, language: &str, shortcut: &str) -> QueryResult<Option<i64>> {
    canned_replies::table
        .filter(canned_replies::language.eq(language))
        .filter(canned_replies::shortcut.eq(shortcut))
        .select(canned_replies::id)
        .first(conn)
        .optional()
}

pub fn insert(conn: &mut DbConnection, reply: &CannedReply, now_ms: i64) -> QueryResult<i64> {
    diesel::insert_into(canned_replies::table)
        .values((
            canned_replies::language.eq(&reply.language),
            canned_replies::shortcut.eq(&reply.shortcut),
            canned_replies::body.eq(&reply.body),
            canned_replies::created_at.eq(now_ms),
            canned_replies::updated_at.eq(now_ms),
        ))
        .returning(canned_replies::id)
        .get_result(conn)
}

/// Whether reply `id` was there to change.
pub fn update(conn: &mut DbConnection, id: i64, reply: &CannedReply, now_ms: i64) -> QueryResult<bool> {
    let changed = diesel::update(canned_replies::table.find(id))
        .set((
            canned_replies::language.eq(&reply.language),
            canned_replies::shortcut.eq(&reply.shortcut),
            canned_replies::body.eq(&reply.body),
            canned_replies::updated_at.eq(now_ms),
        ))
        .execute(conn)?;
    Ok(changed == 1)
}

/// Whether reply `id` was there to delete.
pub fn delete(conn: &mut DbConnection, id: i64) -> QueryResult<bool> {
    Ok(diesel::delete(canned_replies::table.find(id)).execute(conn)? == 1)
}
