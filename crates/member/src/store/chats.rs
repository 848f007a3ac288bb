//! `chats`: shoppers' conversations with agents. Status moves are guarded
//! updates (`… WHERE status = <read>`), so two agents claiming one waiting
//! chat at once give it to one of them.

use diesel::prelude::*;
use keyshop_core::db::DbConnection;

use super::schema::chats;
use crate::domain::chat::ChatStatus;

#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = chats)]
pub struct ChatRow {
    pub id: i64,
    pub visitor_hash: String,
    pub member_id: Option<i64>,
    pub name: String,
    pub email: String,
    pub order_no: String,
    pub language: String,
    pub status: String,
    pub agent_id: Option<i64>,
    pub rating: Option<i32>,
    pub shopper_read: i64,
    pub agent_read: i64,
    pub first_response_at: Option<i64>,
    pub created_at: i64,
    pub updated_at: i64,
    pub closed_at: Option<i64>,
    /// The ticket it became when nobody was at the desk.
    pub ticket_id: Option<i64>,
    /// Agents' answers go to the shopper's e-mail too (a guest who wrote
    /// while nobody was at the desk).
    pub by_email: bool,
    pub transcript_at: Option<i64>,
}

impl ChatRow {
    /// The stored status (an unknown one reads as closed: it takes nothing more).
    pub fn status(&self) -> ChatStatus {
        ChatStatus::parse(&self.status).unwrap_or(ChatStatus::Closed)
    }
}

/// A conversation as it starts.
pub struct NewChat<'a> {
    pub visitor_hash: &'a str,
    pub member_id: Option<i64>,
    pub name: &'a str,
    pub email: &'a str,
    pub order_no: &'a str,
    pub language: &'a str,
}

pub fn insert(conn: &mut DbConnection, chat: &NewChat<'_>, now_ms: i64) -> QueryResult<i64> {
    diesel::insert_into(chats::table)
        .values((
            chats::visitor_hash.eq(chat.visitor_hash),
            chats::member_id.eq(chat.member_id),
            chats::name.eq(chat.name),
            chats::email.eq(chat.email),
            chats::order_no.eq(chat.order_no),
            chats::language.eq(chat.language),
            chats::status.eq(ChatStatus::Waiting.as_str()),
            chats::created_at.eq(now_ms),
            chats::updated_at.eq(now_ms),
        ))
        .returning(chats::id)
        .get_result(conn)
}

pub fn find(conn: &mut DbConnection, id: i64) -> QueryResult<Option<ChatRow>> {
    chats::table.find(id).select(ChatRow::as_select()).first(conn).optional()
}

/// How many conversations of the visitor are not closed.
pub fn open_of(conn: &mut DbConnection, visitor_hash: &str) -> QueryResult<i64> {
    chats::table
        .filter(chats::visitor_hash.eq(visitor_hash))
        .filter(chats::status.ne(ChatStatus::Closed.as_str()))
        .count()
        .get_result(conn)
}

/// The visitor's conversations, newest first.
pub fn of_visitor(conn: &mut DbConnection, visitor_hash: &str, limit: i64) -> QueryResult<Vec<ChatRow>> {
    chats::table
        .filter(chats::visitor_hash.eq(visitor_hash))
        .order(chats::id.desc())
        .limit(limit)
        .select(ChatRow::as_select())
        .load(conn)
}

/// Which conversations an inbox shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Inbox {
    /// Waiting for an agent, oldest first.
    Waiting,
    /// The agent's own that are not closed.
    Mine(i64),
    /// Every one, latest activity first.
    All,
}

pub fn inbox(conn: &mut DbConnection, which: Inbox, offset: i64, limit: i64) -> QueryResult<(Vec<ChatRow>, i64)> {
    let filtered = || {
        let query = chats::table.into_boxed();
        match which {
            Inbox::Waiting => query.filter(chats::status.eq(ChatStatus::Waiting.as_str())),
            Inbox::Mine(agent) => {
                query.filter(chats::agent_id.eq(agent)).filter(chats::status.eq(ChatStatus::Active.as_str()))
            }
            Inbox::All => query,
        }
    };
    let ordered = match which {
        Inbox::Waiting => filtered().order(chats::id.asc()),
        Inbox::Mine(_) | Inbox::All => filtered().order((chats::updated_at.desc(), chats::id.desc())),
    };
    let rows = ordered.offset(offset).limit(limit).select(ChatRow::as_select()).load(conn)?;
    let total = filtered().count().get_result(conn)?;
    Ok((rows, total))
}

/// Moves the conversation from `from` to `to` with `agent` (guarded: false
/// when it moved meanwhile).
pub fn transition(
    conn: &mut DbConnection,
    id: i64,
    from: ChatStatus,
    to: ChatStatus,
    agent: Option<i64>,
    now_ms: i64,
) -> QueryResult<bool> {
    let closed_at = (to == ChatStatus::Closed).then_some(now_ms);
    let moved = diesel::update(chats::table.find(id).filter(chats::status.eq(from.as_str())))
        .set((
            chats::status.eq(to.as_str()),
            chats::agent_id.eq(agent),
            chats::updated_at.eq(now_ms),
            chats::closed_at.eq(closed_at),
        ))
        .execute(conn)?;
    Ok(moved == 1)
}

/// Notes the latest activity, and the first agent answer when it is one.
pub fn touched(conn: &mut DbConnection, id: i64, agent_answered: bool, now_ms: i64) -> QueryResult<()> {
    diesel::update(chats::table.find(id)).set(chats::updated_at.eq(now_ms)).execute(conn)?;
    if agent_answered {
        diesel::update(chats::table.find(id).filter(chats::first_response_at.is_null()))
            .set(chats::first_response_at.eq(now_ms))
            .execute(conn)?;
    }
    Ok(())
}

/// Moves a side's read mark up to `message_id` (never back); whether it moved.
pub fn mark_read(conn: &mut DbConnection, id: i64, shopper: bool, message_id: i64) -> QueryResult<bool> {
    let moved = if shopper {
        diesel::update(chats::table.find(id).filter(chats::shopper_read.lt(message_id)))
            .set(chats::shopper_read.eq(message_id))
            .execute(conn)?
    } else {
        diesel::update(chats::table.find(id).filter(chats::agent_read.lt(message_id)))
            .set(chats::agent_read.eq(message_id))
            .execute(conn)?
    };
    Ok(moved == 1)
}

/// The shopper's rating of a closed conversation (1 to 5), once.
pub fn rate(conn: &mut DbConnection, id: i64, stars: i32) -> QueryResult<bool> {
    let rated = diesel::update(
        chats::table.find(id).filter(chats::status.eq(ChatStatus::Closed.as_str())).filter(chats::rating.is_null()),
    )
    .set(chats::rating.eq(stars))
    .execute(conn)?;
    Ok(rated == 1)
}

/// Active conversations per agent among `agents`.
pub fn active_per_agent(conn: &mut DbConnection, agents: &[i64]) -> QueryResult<Vec<(i64, i64)>> {
    let rows: Vec<Option<i64>> = chats::table
        .filter(chats::status.eq(ChatStatus::Active.as_str()))
        .filter(chats::agent_id.eq_any(agents))
        .select(chats::agent_id)
        .load(conn)?;
    Ok(agents.iter().map(|agent| (*agent, rows.iter().filter(|row| **row == Some(*agent)).count() as i64)).collect())
}

/// A waiting conversation closes to become a ticket (guarded: false when it
/// moved meanwhile, and then no ticket is made).
pub fn close_for_ticket(conn: &mut DbConnection, id: i64, now_ms: i64) -> QueryResult<bool> {
    let moved = diesel::update(chats::table.find(id).filter(chats::status.eq(ChatStatus::Waiting.as_str())))
        .set((chats::status.eq(ChatStatus::Closed.as_str()), chats::updated_at.eq(now_ms), chats::closed_at.eq(now_ms)))
        .execute(conn)?;
    Ok(moved == 1)
}

/// The ticket the conversation became.
pub fn set_ticket(conn: &mut DbConnection, id: i64, ticket_id: i64) -> QueryResult<()> {
    diesel::update(chats::table.find(id)).set(chats::ticket_id.eq(ticket_id)).execute(conn)?;
    Ok(())
}

/// Agents' answers to the conversation go by e-mail too; whether that is new.
pub fn answer_by_email(conn: &mut DbConnection, id: i64) -> QueryResult<bool> {
    Ok(diesel::update(chats::table.find(id).filter(chats::by_email.eq(false)))
        .set(chats::by_email.eq(true))
        .execute(conn)?
        == 1)
}

/// Notes the transcript as e-mailed now unless it was since `not_since`
/// (guarded: of two requests at once, one sends it).
pub fn transcript_sent(conn: &mut DbConnection, id: i64, not_since: i64, now_ms: i64) -> QueryResult<bool> {
    let sent = diesel::update(
        chats::table.find(id).filter(chats::transcript_at.is_null().or(chats::transcript_at.lt(not_since))),
    )
    .set(chats::transcript_at.eq(now_ms))
    .execute(conn)?;
    Ok(sent == 1)
}

/// The oldest waiting conversations' ids, at most `limit`.
pub fn oldest_waiting(conn: &mut DbConnection, limit: i64) -> QueryResult<Vec<i64>> {
    chats::table
        .filter(chats::status.eq(ChatStatus::Waiting.as_str()))
        .order(chats::id.asc())
        .limit(limit)
        .select(chats::id)
        .load(conn)
}

/// How many conversations wait now.
pub fn waiting_count(conn: &mut DbConnection) -> QueryResult<i64> {
    chats::table.filter(chats::status.eq(ChatStatus::Waiting.as_str())).count().get_result(conn)
}

/// When each conversation opened since `since_ms` was opened and first
/// answered (if it was).
pub fn opened_since(conn: &mut DbConnection, since_ms: i64) -> QueryResult<Vec<(i64, Option<i64>)>> {
    chats::table.filter(chats::created_at.ge(since_ms)).select((chats::created_at, chats::first_response_at)).load(conn)
}
