//! The support desk around live chat: agents' presence and the automatic
//! assignment of waiting conversations to the agents who are online (the
//! least busy first, up to [`chat_desk::AGENT_LIMIT`] each); what happens to
//! a shopper's message when nobody is there (a member's conversation becomes
//! a ticket, a guest's is answered by e-mail); canned replies; image
//! attachments in the media store; the e-mailed transcript; the figures.

use keyshop_core::audit::{self, Actor, AuditAction};
use keyshop_core::clock::yyyymmdd;
use keyshop_core::db::{DbConnection, DbError};
use keyshop_core::error::{AppError, ErrorCode};
use keyshop_core::events::outbox;
use keyshop_core::identity::{Party, Permission};
use keyshop_proto::member::v1 as pb;
use keyshop_proto::member::v1::chat_event::Kind;
use sha2::{Digest, Sha256};

use super::MemberService;
use super::chat::{Visitor, chat_proto, line_proto};
use crate::domain::chat::{self, ChatAuthor, ChatStatus, OnDuty};
use crate::domain::chat_desk::{self, ImageKind, Presence, Unanswered};
use crate::domain::throttle;
use crate::domain::ticket::{Author, Status};
use crate::mail;
use crate::store;
use crate::store::canned_replies::CannedReplyRow;
use crate::store::chat_messages::ChatMessageRow;
use crate::store::chats::ChatRow;

/// The most waiting conversations one round of assignment looks at.
const ASSIGN_ROUND: i64 = 50;
const DAY_MS: i64 = 86_400_000;
const FIGURE_DAYS: i64 = 7;

fn not_found() -> AppError {
    AppError::of(ErrorCode::NotFound)
}

/// What became of a shopper's message in a conversation nobody answers.
pub(super) struct Handled {
    pub line: ChatMessageRow,
    /// The conversation, when the message changed it (a ticket, by e-mail).
    pub changed: Option<ChatRow>,
    pub ticket_id: Option<i64>,
}

/// The desk's figures.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Figures {
    pub waiting: i64,
    /// Agents at the desk: staff id, e-mail, presence, conversations they have.
    pub agents: Vec<(i64, String, Presence, i64)>,
    pub first_response_p50_ms: Option<i64>,
    pub answered: i64,
    /// `yyyy-mm-dd` and conversations opened that day, oldest first.
    pub per_day: Vec<(String, i64)>,
}

/// How many agents are connected now (online or away).
fn agents_connected(conn: &mut DbConnection, now_ms: i64) -> Result<i64, DbError> {
    Ok(store::chat_agents::present(conn, now_ms)?.len() as i64)
}

/// Writes the shopper's line `text` in conversation `chat` (waiting or
/// active), in the caller's transaction; with nobody at the desk, a
/// member's conversation becomes a ticket (closed, with every line the
/// shopper wrote) and a guest's is answered by e-mail.
pub(super) fn shopper_line(
    conn: &mut DbConnection,
    chat: &ChatRow,
    text: &str,
    attachment: Option<&str>,
    now_ms: i64,
) -> Result<Handled, AppError> {
    chat::shopper_may_write(chat.status())?;
    let line = store::chat_messages::insert(conn, chat.id, ChatAuthor::Shopper, None, text, attachment, now_ms)?;
    store::chats::touched(conn, chat.id, false, now_ms)?;
    let mut handled = Handled { line, changed: None, ticket_id: None };
    if chat.status() != ChatStatus::Waiting || chat.by_email {
        return Ok(handled);
    }
    match chat_desk::unanswered(agents_connected(conn, now_ms)?, chat.member_id.is_some()) {
        Unanswered::Waits => {}
        Unanswered::Ticket => {
            let Some(member_id) = chat.member_id else { return Ok(handled) };
            // Taken by an agent meanwhile: it waits for them, and no ticket is made.
            if !store::chats::close_for_ticket(conn, chat.id, now_ms)? {
                return Ok(handled);
            }
            let lines = store::chat_messages::after(conn, chat.id, 0, false, 200)?;
            let written: Vec<&str> = lines
                .iter()
                .filter(|line| line.author == ChatAuthor::Shopper.as_str() && !line.body.is_empty())
                .map(|line| line.body.as_str())
                .collect();
            let body = if written.is_empty() { "—".to_owned() } else { written.join("\n\n") };
            let subject = chat_desk::ticket_subject(&body);
            let ticket_id = store::tickets::insert(conn, member_id, &subject, &chat.order_no, Status::Open, now_ms)?;
            store::tickets::add_message(conn, ticket_id, Author::Member.as_str(), &body, now_ms)?;
            store::chats::set_ticket(conn, chat.id, ticket_id)?;
            handled.ticket_id = Some(ticket_id);
            handled.changed = store::chats::find(conn, chat.id)?;
        }
        Unanswered::ByEmail => {
            if store::chats::answer_by_email(conn, chat.id)? {
                handled.changed = store::chats::find(conn, chat.id)?;
            }
        }
    }
    Ok(handled)
}

/// A day's `yyyy-mm-dd`.
fn day_label(day: i64) -> String {
    let date = yyyymmdd(day * DAY_MS);
    format!("{:04}-{:02}-{:02}", date / 10_000, date / 100 % 100, date % 100)
}

fn canned_proto(row: &CannedReplyRow) -> pb::CannedReply {
    pb::CannedReply {
        id: row.id,
        language: row.language.clone(),
        shortcut: row.shortcut.clone(),
        body: row.body.clone(),
    }
}

impl MemberService {
    /// Tells everyone of a shopper's line, and what it changed (a ticket for
    /// the staff, an e-mail-answered conversation for the agents).
    pub(super) async fn after_shopper_line(&self, handled: &Handled) {
        if let Some(chat) = &handled.changed {
            self.announce(chat.id, Kind::Chat(chat_proto(chat))).await;
        }
        self.announce(handled.line.chat_id, Kind::Line(line_proto(&handled.line))).await;
        let Some(chat) = &handled.changed else { return };
        let first = chat_desk::ticket_subject(&handled.line.body);
        match handled.ticket_id {
            Some(ticket_id) => self.announce_ticket(ticket_id, &first, &chat.email).await,
            None => self.announce_left_chat(chat.id, &first, &chat.email).await,
        }
    }

    /// Tells every agent that conversation `id` waits for an answer by e-mail.
    async fn announce_left_chat(&self, id: i64, first_line: &str, sender: &str) {
        let recipients =
            self.db.run(|conn| store::staff::active_with(conn, Permission::ChatAnswer).map_err(DbError::from)).await;
        match recipients {
            Ok(recipients) => {
                let link = format!("{}/staff/chat?id={id}", self.settings.public_url);
                for recipient in recipients {
                    self.send_in_background(mail::chat_left(&recipient, first_line, sender, &link));
                }
            }
            Err(error) => tracing::warn!(error = %error, "agents not told of a chat left for e-mail"),
        }
    }

    /// An agent's answer in a conversation left for e-mail goes to the shopper too.
    pub(super) fn mail_answer(&self, chat: &ChatRow, text: &str) {
        let link = format!("{}/?chat={}", self.settings.public_url, chat.id);
        self.send_in_background(mail::chat_answered(&chat.email, &chat.language, &chat.name, text, &link));
    }

    /// Whether an agent is at the desk (online or away).
    pub async fn desk_open(&self) -> Result<bool, AppError> {
        let now = self.clock.now_ms();
        Ok(self.db.run(move |conn| agents_connected(conn, now)).await? > 0)
    }

    /// Agent `staff_id` is online, away or offline (a heartbeat too: the
    /// gateway sends it again while their console is open). An agent online
    /// is given the waiting conversations they have room for.
    pub async fn set_presence(&self, staff_id: i64, presence: Presence) -> Result<(), AppError> {
        let now = self.clock.now_ms();
        self.db
            .write(move |conn| store::chat_agents::set(conn, staff_id, presence, now).map_err(DbError::from))
            .await?;
        if presence == Presence::Online {
            self.assign_waiting().await;
        }
        Ok(())
    }

    /// Gives waiting conversations, oldest first, to the online agents with
    /// room (the least busy first). Best effort: a failure is logged and the
    /// conversations wait for the next round or a claim.
    pub(super) async fn assign_waiting(&self) {
        let now = self.clock.now_ms();
        let assigned = self
            .db
            .write(move |conn| -> Result<Vec<ChatRow>, DbError> {
                let online: Vec<i64> = store::chat_agents::present(conn, now)?
                    .into_iter()
                    .filter(|(_, presence)| *presence == Presence::Online)
                    .map(|(staff_id, _)| staff_id)
                    .collect();
                if online.is_empty() {
                    return Ok(Vec::new());
                }
                let mut load: Vec<OnDuty> = store::chats::active_per_agent(conn, &online)?
                    .into_iter()
                    .map(|(staff_id, active)| OnDuty { staff_id, active })
                    .collect();
                let mut assigned = Vec::new();
                for id in store::chats::oldest_waiting(conn, ASSIGN_ROUND)? {
                    let Some(agent) = chat::pick_agent(&load, chat_desk::AGENT_LIMIT) else { break };
                    if store::chats::transition(conn, id, ChatStatus::Waiting, ChatStatus::Active, Some(agent), now)? {
                        if let Some(duty) = load.iter_mut().find(|duty| duty.staff_id == agent) {
                            duty.active += 1;
                        }
                        assigned.extend(store::chats::find(conn, id)?);
                    }
                }
                Ok(assigned)
            })
            .await;
        match assigned {
            Ok(assigned) => {
                for chat in assigned {
                    self.announce(chat.id, Kind::Chat(chat_proto(&chat))).await;
                }
            }
            Err(error) => tracing::warn!(error = %error, "waiting chats not assigned"),
        }
    }

    /// (staff) The desk now: who is there, what waits, how fast the first
    /// answer came over the last seven days, conversations per day.
    pub async fn chat_figures(&self) -> Result<Figures, AppError> {
        let now = self.clock.now_ms();
        let today = chat_desk::day_of(now);
        let since = (today - FIGURE_DAYS + 1) * DAY_MS;
        let (waiting, agents, opened) = self
            .db
            .run(move |conn| -> Result<_, DbError> {
                let waiting = store::chats::waiting_count(conn)?;
                let present = store::chat_agents::present(conn, now)?;
                let ids: Vec<i64> = present.iter().map(|(id, _)| *id).collect();
                let load = store::chats::active_per_agent(conn, &ids)?;
                let mut agents = Vec::new();
                for ((staff_id, presence), (_, active)) in present.into_iter().zip(load) {
                    let email = store::staff::find(conn, staff_id)?.map(|staff| staff.email).unwrap_or_default();
                    agents.push((staff_id, email, presence, active));
                }
                Ok((waiting, agents, store::chats::opened_since(conn, since)?))
            })
            .await?;
        let mut waits: Vec<i64> =
            opened.iter().filter_map(|(created, answered)| answered.map(|answered| answered - created)).collect();
        let answered = waits.len() as i64;
        let created: Vec<i64> = opened.iter().map(|(created, _)| *created).collect();
        let per_day = chat_desk::per_day(&created, today, FIGURE_DAYS)
            .into_iter()
            .map(|(day, count)| (day_label(day), count))
            .collect();
        Ok(Figures { waiting, agents, first_response_p50_ms: chat_desk::median(&mut waits), answered, per_day })
    }

    /// (staff) Every canned reply.
    pub async fn canned_replies(&self) -> Result<Vec<pb::CannedReply>, AppError> {
        let rows = self.db.run(|conn| store::canned_replies::all(conn).map_err(DbError::from)).await?;
        Ok(rows.iter().map(canned_proto).collect())
    }

    /// (staff) Creates (`id` 0) or changes a canned reply; one per language
    /// and shortcut (409 for a second). Audited.
    pub async fn save_canned_reply(&self, reply: pb::CannedReply, actor: Actor) -> Result<pb::CannedReply, AppError> {
        let checked = chat_desk::check_canned(&reply.language, &reply.shortcut, &reply.body)?;
        let now = self.clock.now_ms();
        let id = reply.id;
        let saved = self
            .db
            .write(move |conn| -> Result<CannedReplyRow, AppError> {
                let taken = store::canned_replies::by_shortcut(conn, &checked.language, &checked.shortcut)?;
                if taken.is_some_and(|taken| taken != id) {
                    return Err(AppError::new(ErrorCode::Conflict, "api.chat.shortcutTaken"));
                }
                let id = if id == 0 {
                    store::canned_replies::insert(conn, &checked, now)?
                } else if store::canned_replies::update(conn, id, &checked, now)? {
                    id
                } else {
                    return Err(not_found());
                };
                let summary =
                    format!("/{} ({}): {} characters", checked.shortcut, checked.language, checked.body.len());
                let record = audit::record(
                    &actor,
                    AuditAction::CannedReplySave,
                    &format!("canned reply {id}"),
                    &summary,
                    Party::Member,
                    now,
                );
                outbox::enqueue(conn, &record)?;
                store::canned_replies::find(conn, id)?.ok_or_else(not_found)
            })
            .await?;
        self.wake_outbox();
        Ok(canned_proto(&saved))
    }

    /// (staff) Deletes canned reply `id` (404 when there is none). Audited.
    pub async fn delete_canned_reply(&self, id: i64, actor: Actor) -> Result<(), AppError> {
        let now = self.clock.now_ms();
        self.db
            .write(move |conn| -> Result<(), AppError> {
                let reply = store::canned_replies::find(conn, id)?.ok_or_else(not_found)?;
                store::canned_replies::delete(conn, id)?;
                let summary = format!("/{} ({})", reply.shortcut, reply.language);
                let record = audit::record(
                    &actor,
                    AuditAction::CannedReplyDelete,
                    &format!("canned reply {id}"),
                    &summary,
                    Party::Member,
                    now,
                );
                outbox::enqueue(conn, &record)?;
                Ok(())
            })
            .await?;
        self.wake_outbox();
        Ok(())
    }

    /// The shopper attaches an image to their conversation: checked by its
    /// bytes, stored under its content's name, written as a line.
    pub async fn attach_image(&self, visitor: &Visitor, id: i64, data: Vec<u8>) -> Result<ChatMessageRow, AppError> {
        let kind = chat_desk::check_image(&data)?;
        let chat = self.visitor_chat(visitor, id).await?;
        chat::shopper_may_write(chat.status())?;
        self.throttle(&format!("chat:images:{id}"), throttle::CHAT_IMAGES, "api.chat.tooManyImages").await?;
        let digest: String = Sha256::digest(&data).iter().map(|byte| format!("{byte:02x}")).collect();
        let name = format!("{digest}.{}", kind.extension());
        if !self.media.exists(&name).await? {
            self.media.put(&name, data).await?;
        }
        let now = self.clock.now_ms();
        let handled = self
            .db
            .write(move |conn| -> Result<Handled, AppError> {
                let chat = store::chats::find(conn, id)?.ok_or_else(not_found)?;
                shopper_line(conn, &chat, "", Some(&name), now)
            })
            .await?;
        self.after_shopper_line(&handled).await;
        Ok(handled.line)
    }

    /// An image of conversation `chat_id`, line `line_id`: its type and bytes.
    pub async fn chat_image(&self, chat_id: i64, line_id: i64) -> Result<(ImageKind, Vec<u8>), AppError> {
        let line = self
            .db
            .run(move |conn| store::chat_messages::find(conn, chat_id, line_id).map_err(DbError::from))
            .await?
            .ok_or_else(not_found)?;
        let name = line.attachment.ok_or_else(not_found)?;
        let kind = ImageKind::of_name(&name).ok_or_else(not_found)?;
        let data = self.media.get(&name).await?.ok_or_else(not_found)?;
        Ok((kind, data))
    }

    /// E-mails the shopper their conversation as they saw it (notes left
    /// out), at most once every ten minutes (429).
    pub async fn mail_transcript(&self, visitor: &Visitor, id: i64) -> Result<(), AppError> {
        let chat = self.visitor_chat(visitor, id).await?;
        let now = self.clock.now_ms();
        let lines = self
            .db
            .write(move |conn| -> Result<_, AppError> {
                if !store::chats::transcript_sent(conn, id, now - chat_desk::TRANSCRIPT_EVERY_MS, now)? {
                    return Err(AppError::rate_limited(
                        "api.chat.transcriptSent",
                        std::time::Duration::from_millis(chat_desk::TRANSCRIPT_EVERY_MS as u64),
                    ));
                }
                Ok(store::chat_messages::after(conn, id, 0, false, 1_000)?)
            })
            .await?;
        let lines: Vec<mail::TranscriptLine> = lines
            .into_iter()
            .filter(|line| line.author != ChatAuthor::System.as_str())
            .map(|line| mail::TranscriptLine {
                agent: line.author == ChatAuthor::Agent.as_str(),
                at_ms: line.created_at,
                image: line.attachment.is_some(),
                body: line.body,
            })
            .collect();
        self.send_in_background(mail::chat_transcript(&chat.email, &chat.language, chat.created_at, &lines));
        Ok(())
    }
}
