//! Live chat, the stored side: a shopper opens a conversation (a member as
//! themselves, a guest with a name and an e-mail, given a token whose hash
//! alone is kept), writes in it and reads what came after the last line they
//! saw; agents see the waiting, their own and every conversation, take one
//! (two agents at once: one gets it), write (or leave a note the shopper
//! never sees) and close it. Every change is announced on the chat fan-out
//! (to the followers of every replica) once it is stored.

use keyshop_core::db::DbError;
use keyshop_core::error::{AppError, ErrorCode};
use keyshop_core::paging::Paging;
use keyshop_core::secret;
use keyshop_proto::member::v1 as pb;
use keyshop_proto::member::v1::chat_event::Kind;
use prost::Message;
use tokio::sync::broadcast;

use super::chat_desk::{Handled, shopper_line};
use super::chat_router::Event;
use super::{MemberService, page_window};
use crate::domain::chat::{self, ChatAuthor, ChatStatus, ChatStep};
use crate::domain::chat_desk::ImageKind;
use crate::store;
use crate::store::chat_messages::ChatMessageRow;
use crate::store::chats::{ChatRow, Inbox, NewChat};

/// The most lines one read returns (a client asks again after the last).
const MAX_LINES: i64 = 200;

/// Who is on the shopper's side of a conversation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Visitor {
    Member {
        member_id: i64,
        email: String,
        name: String,
    },
    /// A guest, by the hash of the chat token they were given.
    Guest {
        token_hash: String,
    },
}

impl Visitor {
    /// What their conversations are stored under.
    fn key(&self) -> String {
        match self {
            Visitor::Member { member_id, .. } => format!("member:{member_id}"),
            Visitor::Guest { token_hash } => format!("guest:{token_hash}"),
        }
    }
}

/// What a shopper gives to start a conversation (a member's name and e-mail
/// are their account's).
#[derive(Debug, Clone, Default)]
pub struct ChatOpening {
    pub name: String,
    pub email: String,
    pub order_no: String,
    pub language: String,
}

/// A conversation just opened; a guest's token, shown once, when one was made.
#[derive(Debug, Clone)]
pub struct Opened {
    pub chat: ChatRow,
    pub token: Option<String>,
}

fn not_found() -> AppError {
    AppError::of(ErrorCode::NotFound)
}

/// A conversation as followers and the API see it.
pub fn chat_proto(row: &ChatRow) -> pb::Chat {
    pb::Chat {
        id: row.id,
        status: row.status().as_str().to_owned(),
        member_id: row.member_id,
        name: row.name.clone(),
        email: row.email.clone(),
        order_no: row.order_no.clone(),
        language: row.language.clone(),
        agent_id: row.agent_id,
        shopper_read: row.shopper_read,
        agent_read: row.agent_read,
        rating: row.rating,
        created_at_ms: row.created_at,
        updated_at_ms: row.updated_at,
        first_response_at_ms: row.first_response_at.unwrap_or(0),
        ticket_id: row.ticket_id.unwrap_or(0),
        by_email: row.by_email,
    }
}

/// A line as followers and the API see it.
pub fn line_proto(row: &ChatMessageRow) -> pb::ChatLine {
    pb::ChatLine {
        id: row.id,
        chat_id: row.chat_id,
        author: row.author.clone(),
        body: row.body.clone(),
        created_at_ms: row.created_at,
        image_type: row
            .attachment
            .as_deref()
            .and_then(ImageKind::of_name)
            .map(|kind| kind.content_type().to_owned())
            .unwrap_or_default(),
    }
}

impl MemberService {
    /// Tells every follower of every replica (best effort: a follower that
    /// misses it catches up from the database when it resumes).
    pub(super) async fn announce(&self, chat_id: i64, kind: Kind) {
        let event = pb::ChatEvent { chat_id, kind: Some(kind) };
        self.chat_fanout.publish(event.encode_to_vec()).await;
    }

    /// The events of conversation `chat_id` from now on.
    pub fn chat_events(&self, chat_id: i64) -> broadcast::Receiver<Event> {
        self.chat_router.chat(chat_id)
    }

    /// Every conversation's events from now on (the agents' screens).
    pub fn all_chat_events(&self) -> broadcast::Receiver<Event> {
        self.chat_router.all()
    }

    /// Someone is typing in conversation `id` (`shopper` or `agent`): not stored.
    pub async fn chat_typing(&self, id: i64, side: ChatAuthor) {
        self.announce(id, Kind::Typing(side.as_str().to_owned())).await;
    }

    /// The shopper of a call: the member of `bearer`, else the guest of
    /// `chat_token`; `None` for neither (a guest who has not chatted yet).
    pub async fn chat_visitor(
        &self,
        bearer: Option<&str>,
        chat_token: Option<&str>,
    ) -> Result<Option<Visitor>, AppError> {
        if bearer.is_some_and(|token| !token.is_empty()) {
            let caller = self.caller(bearer).await?;
            return Ok(Some(Visitor::Member {
                member_id: caller.member_id,
                email: caller.email,
                name: caller.full_name,
            }));
        }
        match chat_token.filter(|token| !token.is_empty()) {
            None => Ok(None),
            Some(token) if secret::is_token_shaped(token) => {
                Ok(Some(Visitor::Guest { token_hash: secret::digest(token) }))
            }
            Some(_) => Err(AppError::of(ErrorCode::Unauthenticated)),
        }
    }

    /// Opens a conversation for `visitor` (`None`: a new guest, given a
    /// token now). A guest names themselves and an e-mail; at most
    /// [`chat::MAX_OPEN_PER_VISITOR`] conversations are open at once (429).
    pub async fn open_chat(&self, visitor: Option<Visitor>, opening: ChatOpening) -> Result<Opened, AppError> {
        let language = keyshop_core::mail::language(&opening.language).to_owned();
        let (visitor, token) = match visitor {
            Some(visitor) => (visitor, None),
            None => {
                let token = secret::new_token().map_err(AppError::internal)?;
                (Visitor::Guest { token_hash: secret::digest(&token) }, Some(token))
            }
        };
        let (member_id, name, email, order_no) = match &visitor {
            Visitor::Member { member_id, email, name } => {
                (Some(*member_id), name.clone(), email.clone(), chat::check_order(&opening.order_no)?)
            }
            Visitor::Guest { .. } => {
                let intro = chat::check_intro(&opening.name, &opening.email, &opening.order_no)?;
                (None, intro.name, intro.email.as_str().to_owned(), intro.order_no)
            }
        };
        let key = visitor.key();
        let now = self.clock.now_ms();
        let chat = self
            .db
            .write(move |conn| -> Result<ChatRow, AppError> {
                if store::chats::open_of(conn, &key)? >= chat::MAX_OPEN_PER_VISITOR {
                    return Err(AppError::rate_limited("api.chat.tooMany", std::time::Duration::from_secs(60)));
                }
                let new = NewChat {
                    visitor_hash: &key,
                    member_id,
                    name: &name,
                    email: &email,
                    order_no: &order_no,
                    language: &language,
                };
                let id = store::chats::insert(conn, &new, now)?;
                store::chats::find(conn, id)?.ok_or_else(|| AppError::internal("a chat just written is gone"))
            })
            .await?;
        self.announce(chat.id, Kind::Chat(chat_proto(&chat))).await;
        self.assign_waiting().await;
        let chat = self.visitor_chat(&visitor, chat.id).await?;
        Ok(Opened { chat, token })
    }

    /// The visitor's conversation `id` (404 for anyone else's).
    pub async fn visitor_chat(&self, visitor: &Visitor, id: i64) -> Result<ChatRow, AppError> {
        let key = visitor.key();
        let chat = self.db.run(move |conn| store::chats::find(conn, id).map_err(DbError::from)).await?;
        chat.filter(|chat| chat.visitor_hash == key).ok_or_else(not_found)
    }

    /// The visitor's conversations, newest first.
    pub async fn visitor_chats(&self, visitor: &Visitor) -> Result<Vec<ChatRow>, AppError> {
        let key = visitor.key();
        Ok(self.db.run(move |conn| store::chats::of_visitor(conn, &key, 20).map_err(DbError::from)).await?)
    }

    /// What the shopper sees of conversation `id` after the line `after_id`
    /// (staff notes left out), oldest first; their read mark moves to it.
    pub async fn shopper_lines(
        &self,
        visitor: &Visitor,
        id: i64,
        after_id: i64,
    ) -> Result<(ChatRow, Vec<ChatMessageRow>), AppError> {
        let chat = self.visitor_chat(visitor, id).await?;
        let lines = self
            .db
            .write(move |conn| -> Result<_, DbError> {
                let lines = store::chat_messages::after(conn, id, after_id.max(0), false, MAX_LINES)?;
                if let Some(last) = lines.last() {
                    store::chats::mark_read(conn, id, true, last.id)?;
                }
                Ok(lines)
            })
            .await?;
        if let Some(last) = lines.last().filter(|last| last.id > chat.shopper_read) {
            self.announce(
                id,
                Kind::Read(pb::ReadMark { side: ChatAuthor::Shopper.as_str().to_owned(), up_to: last.id }),
            )
            .await;
        }
        Ok((chat, lines))
    }

    /// The shopper has read their conversation up to line `up_to` (a line of it).
    pub async fn shopper_read(&self, visitor: &Visitor, id: i64, up_to: i64) -> Result<(), AppError> {
        self.visitor_chat(visitor, id).await?;
        let moved = self
            .db
            .write(move |conn| -> Result<bool, DbError> {
                let last = store::chat_messages::after(conn, id, up_to - 1, false, 1)?;
                if last.first().is_none_or(|line| line.id != up_to) {
                    return Ok(false);
                }
                Ok(store::chats::mark_read(conn, id, true, up_to)?)
            })
            .await?;
        if moved {
            self.announce(id, Kind::Read(pb::ReadMark { side: ChatAuthor::Shopper.as_str().to_owned(), up_to })).await;
        }
        Ok(())
    }

    /// The shopper writes in their conversation (not a closed one).
    pub async fn shopper_write(&self, visitor: &Visitor, id: i64, text: &str) -> Result<ChatMessageRow, AppError> {
        let text = chat::check_text(text)?;
        let key = visitor.key();
        let now = self.clock.now_ms();
        let handled = self
            .db
            .write(move |conn| -> Result<Handled, AppError> {
                let chat =
                    store::chats::find(conn, id)?.filter(|chat| chat.visitor_hash == key).ok_or_else(not_found)?;
                shopper_line(conn, &chat, &text, None, now)
            })
            .await?;
        self.after_shopper_line(&handled).await;
        Ok(handled.line)
    }

    /// The shopper rates their closed conversation, 1 to 5 stars, once.
    pub async fn rate_chat(&self, visitor: &Visitor, id: i64, stars: i32) -> Result<(), AppError> {
        if !(1..=5).contains(&stars) {
            return Err(AppError::field("stars", "api.field.stars"));
        }
        let chat = self.visitor_chat(visitor, id).await?;
        if chat.status() != ChatStatus::Closed {
            return Err(AppError::new(ErrorCode::Conflict, "api.chat.notClosed"));
        }
        let rated = self
            .db
            .write(move |conn| -> Result<_, DbError> {
                Ok(if store::chats::rate(conn, id, stars)? { store::chats::find(conn, id)? } else { None })
            })
            .await?;
        let rated = rated.ok_or_else(|| AppError::new(ErrorCode::Conflict, "api.chat.rated"))?;
        self.announce(id, Kind::Chat(chat_proto(&rated))).await;
        Ok(())
    }

    /// (staff) An inbox: waiting, the agent's own, or every conversation.
    pub async fn chat_inbox(
        &self,
        which: Inbox,
        page: i64,
        limit: i64,
    ) -> Result<(Vec<ChatRow>, i64, Paging), AppError> {
        let (paging, offset, size) = page_window(page, limit)?;
        let (rows, total) =
            self.db.run(move |conn| store::chats::inbox(conn, which, offset, size).map_err(DbError::from)).await?;
        Ok((rows, total, paging))
    }

    /// (staff) Conversation `id` with every line after `after_id`, notes included.
    pub async fn agent_lines(&self, id: i64, after_id: i64) -> Result<(ChatRow, Vec<ChatMessageRow>), AppError> {
        let (chat, lines) = self
            .db
            .write(move |conn| -> Result<_, AppError> {
                let chat = store::chats::find(conn, id)?.ok_or_else(not_found)?;
                let lines = store::chat_messages::after(conn, id, after_id.max(0), true, MAX_LINES)?;
                if let Some(last) = lines.last() {
                    store::chats::mark_read(conn, id, false, last.id)?;
                }
                Ok((chat, lines))
            })
            .await?;
        if let Some(last) = lines.last().filter(|last| last.id > chat.agent_read) {
            self.announce(id, Kind::Read(pb::ReadMark { side: ChatAuthor::Agent.as_str().to_owned(), up_to: last.id }))
                .await;
        }
        Ok((chat, lines))
    }

    /// (staff) Gives conversation `id` to agent `to`: `step` claims a waiting
    /// one (two agents at once: one gets it, 409 for the other) or hands one
    /// over.
    pub async fn assign_chat(&self, id: i64, to: i64, step: ChatStep) -> Result<ChatRow, AppError> {
        let now = self.clock.now_ms();
        let chat = self
            .db
            .write(move |conn| -> Result<ChatRow, AppError> {
                let chat = store::chats::find(conn, id)?.ok_or_else(not_found)?;
                let from = chat.status();
                let next = chat::after(from, step)?;
                if !store::chats::transition(conn, id, from, next, Some(to), now)? {
                    return Err(AppError::new(ErrorCode::Conflict, "api.chat.taken"));
                }
                store::chats::find(conn, id)?.ok_or_else(not_found)
            })
            .await?;
        self.announce(id, Kind::Chat(chat_proto(&chat))).await;
        Ok(chat)
    }

    /// (staff) Agent `staff_id` writes in conversation `id` (a waiting one is
    /// theirs by it); a note is for staff only.
    pub async fn agent_write(
        &self,
        id: i64,
        staff_id: i64,
        text: &str,
        note: bool,
    ) -> Result<ChatMessageRow, AppError> {
        let text = chat::check_text(text)?;
        let now = self.clock.now_ms();
        let (line, taken, chat) = self
            .db
            .write(move |conn| -> Result<_, AppError> {
                let chat = store::chats::find(conn, id)?.ok_or_else(not_found)?;
                let status = chat.status();
                chat::shopper_may_write(status)?;
                let taken = status == ChatStatus::Waiting
                    && !note
                    && store::chats::transition(conn, id, status, ChatStatus::Active, Some(staff_id), now)?;
                let author = if note { ChatAuthor::Note } else { ChatAuthor::Agent };
                let line = store::chat_messages::insert(conn, id, author, Some(staff_id), &text, None, now)?;
                store::chats::touched(conn, id, !note, now)?;
                let taken = if taken { store::chats::find(conn, id)? } else { None };
                Ok((line, taken, chat))
            })
            .await?;
        if let Some(chat) = taken {
            self.announce(id, Kind::Chat(chat_proto(&chat))).await;
        }
        self.announce(id, Kind::Line(line_proto(&line))).await;
        if chat.by_email && !note {
            self.mail_answer(&chat, &line.body);
        }
        Ok(line)
    }

    /// (staff) Closes conversation `id` (409 when it is closed already).
    pub async fn close_chat(&self, id: i64) -> Result<ChatRow, AppError> {
        let now = self.clock.now_ms();
        let chat = self
            .db
            .write(move |conn| -> Result<ChatRow, AppError> {
                let chat = store::chats::find(conn, id)?.ok_or_else(not_found)?;
                let from = chat.status();
                let next = chat::after(from, ChatStep::Close)?;
                if !store::chats::transition(conn, id, from, next, chat.agent_id, now)? {
                    return Err(AppError::new(ErrorCode::Conflict, "api.chat.closed"));
                }
                store::chats::find(conn, id)?.ok_or_else(not_found)
            })
            .await?;
        self.announce(id, Kind::Chat(chat_proto(&chat))).await;
        // The agent has room for another.
        self.assign_waiting().await;
        Ok(chat)
    }
}
