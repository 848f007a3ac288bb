//! `chat_messages`: the lines of each conversation, in the order written
//! (their ids): a client that says what it last saw gets what came after.

use diesel::prelude::*;
use keyshop_core::db::DbConnection;

use super::schema::chat_messages;
use crate::domain::chat::ChatAuthor;

#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = chat_messages)]
pub struct ChatMessageRow {
    pub id: i64,
    pub chat_id: i64,
    pub author: String,
    pub staff_id: Option<i64>,
    pub body: String,
    pub created_at: i64,
    /// An image's name in the media store (a shopper's screenshot).
    pub attachment: Option<String>,
}

pub fn insert(
    conn: &mut DbConnection,
    chat_id: i64,
    author: ChatAuthor,
    staff_id: Option<i64>,
    body: &str,
    attachment: Option<&str>,
    now_ms: i64,
) -> QueryResult<ChatMessageRow> {
    let id = diesel::insert_into(chat_messages::table)
        .values((
            chat_messages::chat_id.eq(chat_id),
            chat_messages::author.eq(author.as_str()),
            chat_messages::staff_id.eq(staff_id),
            chat_messages::body.eq(body),
            chat_messages::attachment.eq(attachment),
            chat_messages::created_at.eq(now_ms),
        ))
        .returning(chat_messages::id)
        .get_result::<i64>(conn)?;
    chat_messages::table.find(id).select(ChatMessageRow::as_select()).first(conn)
}

/// The lines after `after_id`, oldest first, at most `limit`; staff notes
/// only when `with_notes`.
pub fn after(
    conn: &mut DbConnection,
    chat_id: i64,
    after_id: i64,
    with_notes: bool,
    limit: i64,
) -> QueryResult<Vec<ChatMessageRow>> {
    let mut query = chat_messages::table
        .filter(chat_messages::chat_id.eq(chat_id))
        .filter(chat_messages::id.gt(after_id))
        .into_boxed();
    if !with_notes {
        query = query.filter(chat_messages::author.ne(ChatAuthor::Note.as_str()));
    }
    query.order(chat_messages::id.asc()).limit(limit).select(ChatMessageRow::as_select()).load(conn)
}

/// Line `id` of conversation `chat_id`, if it is one.
pub fn find(conn: &mut DbConnection, chat_id: i64, id: i64) -> QueryResult<Option<ChatMessageRow>> {
    chat_messages::table
        .find(id)
        .filter(chat_messages::chat_id.eq(chat_id))
        .select(ChatMessageRow::as_select())
        .first(conn)
        .optional()
}
