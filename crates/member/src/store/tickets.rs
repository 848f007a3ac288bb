//! `tickets` and `ticket_messages`: support conversations with staff.

use diesel::prelude::*;
use keyshop_core::db::DbConnection;

use keyshop_core::vocab::TicketStatus;

use super::schema::{ticket_messages, tickets};

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = tickets)]
pub struct TicketRow {
    pub id: i64,
    pub member_id: i64,
    pub subject: String,
    pub status: TicketStatus,
    pub order_no: String,
    pub created_at: i64,
    pub updated_at: i64,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = ticket_messages)]
pub struct MessageRow {
    pub id: i64,
    pub author: String,
    pub body: String,
    pub created_at: i64,
}

pub fn insert(
    conn: &mut DbConnection,
    member_id: i64,
    subject: &str,
    order_no: &str,
    status: TicketStatus,
    now_ms: i64,
) -> QueryResult<i64> {
    diesel::insert_into(tickets::table)
        .values((
            tickets::member_id.eq(member_id),
            tickets::subject.eq(subject),
            tickets::status.eq(status),
            tickets::order_no.eq(order_no),
            tickets::created_at.eq(now_ms),
            tickets::updated_at.eq(now_ms),
        ))
        .returning(tickets::id)
        .get_result(conn)
}

/// How many tickets have `status`, and when the oldest of them was opened.
pub fn count_of(conn: &mut DbConnection, status: TicketStatus) -> QueryResult<(i64, Option<i64>)> {
    let count = tickets::table.filter(tickets::status.eq(status)).count().get_result(conn)?;
    let oldest = tickets::table
        .filter(tickets::status.eq(status))
        .select(diesel::dsl::min(tickets::created_at))
        .get_result(conn)?;
    Ok((count, oldest))
}

pub fn add_message(conn: &mut DbConnection, ticket_id: i64, author: &str, body: &str, now_ms: i64) -> QueryResult<i64> {
    diesel::insert_into(ticket_messages::table)
        .values((
            ticket_messages::ticket_id.eq(ticket_id),
            ticket_messages::author.eq(author),
            ticket_messages::body.eq(body),
            ticket_messages::created_at.eq(now_ms),
        ))
        .returning(ticket_messages::id)
        .get_result(conn)
}

pub fn set_status(conn: &mut DbConnection, id: i64, status: TicketStatus, now_ms: i64) -> QueryResult<usize> {
    diesel::update(tickets::table.find(id))
        .set((tickets::status.eq(status), tickets::updated_at.eq(now_ms)))
        .execute(conn)
}

/// Ticket `id`; with `member_id`, only when it is that member's.
pub fn find(conn: &mut DbConnection, id: i64, member_id: Option<i64>) -> QueryResult<Option<TicketRow>> {
    let mut query = tickets::table.filter(tickets::id.eq(id)).into_boxed();
    if let Some(member_id) = member_id {
        query = query.filter(tickets::member_id.eq(member_id));
    }
    query.select(TicketRow::as_select()).first(conn).optional()
}

pub fn messages(conn: &mut DbConnection, ticket_id: i64) -> QueryResult<Vec<MessageRow>> {
    ticket_messages::table
        .filter(ticket_messages::ticket_id.eq(ticket_id))
        .order(ticket_messages::id.asc())
        .select(MessageRow::as_select())
        .load(conn)
}

/// Newest activity first; with `member_id`, that member's only; with `status`, that status only.
pub fn page(
    conn: &mut DbConnection,
    member_id: Option<i64>,
    status: Option<TicketStatus>,
    offset: i64,
    limit: i64,
) -> QueryResult<(Vec<TicketRow>, i64)> {
    let filtered = || {
        let mut query = tickets::table.into_boxed();
        if let Some(member_id) = member_id {
            query = query.filter(tickets::member_id.eq(member_id));
        }
        if let Some(status) = status {
            query = query.filter(tickets::status.eq(status));
        }
        query
    };
    let rows = filtered()
        .order((tickets::updated_at.desc(), tickets::id.desc()))
        .offset(offset)
        .limit(limit)
        .select(TicketRow::as_select())
        .load(conn)?;
    let total = filtered().count().get_result(conn)?;
    Ok((rows, total))
}
