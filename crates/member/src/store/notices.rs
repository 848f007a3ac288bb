//! `notices` and `notice_reads`: messages to one member or to all, and who read them.

use diesel::prelude::*;
use keyshop_core::db::DbConnection;

use super::schema::{notice_reads, notices};

#[derive(Debug, Clone, Queryable)]
pub struct NoticeRow {
    pub id: i64,
    pub title: String,
    pub content: String,
    pub created_at: i64,
    pub read_at: Option<i64>,
}

/// `member_id` `None` sends to every member.
pub fn insert(
    conn: &mut DbConnection,
    member_id: Option<i64>,
    title: &str,
    content: &str,
    now_ms: i64,
) -> QueryResult<i64> {
    diesel::insert_into(notices::table)
        .values((
            notices::member_id.eq(member_id),
            notices::title.eq(title),
            notices::content.eq(content),
            notices::created_at.eq(now_ms),
        ))
        .returning(notices::id)
        .get_result(conn)
}

/// The notices the member can see, newest first, with read marks.
pub fn page(conn: &mut DbConnection, member_id: i64, offset: i64, limit: i64) -> QueryResult<(Vec<NoticeRow>, i64)> {
    let visible = notices::member_id.eq(member_id).or(notices::member_id.is_null());
    let rows = notices::table
        .left_join(
            notice_reads::table.on(notice_reads::notice_id.eq(notices::id).and(notice_reads::member_id.eq(member_id))),
        )
        .filter(visible)
        .order((notices::created_at.desc(), notices::id.desc()))
        .offset(offset)
        .limit(limit)
        .select((notices::id, notices::title, notices::content, notices::created_at, notice_reads::read_at.nullable()))
        .load(conn)?;
    let total = notices::table.filter(visible).count().get_result(conn)?;
    Ok((rows, total))
}

pub fn unread_count(conn: &mut DbConnection, member_id: i64) -> QueryResult<i64> {
    let visible = notices::member_id.eq(member_id).or(notices::member_id.is_null());
    let total: i64 = notices::table.filter(visible).count().get_result(conn)?;
    let read: i64 = notice_reads::table
        .inner_join(notices::table)
        .filter(notice_reads::member_id.eq(member_id))
        .filter(visible)
        .count()
        .get_result(conn)?;
    Ok(total - read)
}

/// Marks notice `id` read; `false` when the member cannot see it.
pub fn mark_read(conn: &mut DbConnection, member_id: i64, id: i64, now_ms: i64) -> QueryResult<bool> {
    let visible: i64 = notices::table
        .filter(notices::id.eq(id))
        .filter(notices::member_id.eq(member_id).or(notices::member_id.is_null()))
        .count()
        .get_result(conn)?;
    if visible == 0 {
        return Ok(false);
    }
    let read: i64 = notice_reads::table
        .filter(notice_reads::notice_id.eq(id))
        .filter(notice_reads::member_id.eq(member_id))
        .count()
        .get_result(conn)?;
    if read == 0 {
        diesel::insert_into(notice_reads::table)
            .values((
                notice_reads::notice_id.eq(id),
                notice_reads::member_id.eq(member_id),
                notice_reads::read_at.eq(now_ms),
            ))
            .execute(conn)?;
    }
    Ok(true)
}
