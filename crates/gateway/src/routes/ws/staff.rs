//! `GET /prod-api/ws/staff`: an agent's chat socket, for staff whose role
//! answers chat.
//!
//! Client frames: `hello` (`token`: the staff session) first; then `inbox`
//! (`inbox`: waiting, mine or all; `page`), `lines` (`chatId`, `after`),
//! `claim` (`chatId`), `transfer` (`chatId`, `staffId`), `send` (`chatId`,
//! `text`, `note`), `typing` (`chatId`), `close` (`chatId`), `presence`
//! (`presence`: online, away or offline; renewed at each ping while the
//! socket lives, offline when it ends).
//! Server frames: `ready` (`staffId`), `inbox`, `thread`, `chat`, `line`,
//! `typing`, `read`, `sent`, `presence` and `error`. Every event of every conversation
//! comes as it happens; the session is checked again at each ping (a
//! revoked or expired one closes the socket).

use std::collections::{HashMap, HashSet};
use std::sync::{LazyLock, Mutex};

use actix_web::{HttpRequest, HttpResponse, get, web};
use keyshop_core::clock::{Clock, SystemClock};
use keyshop_core::error::{AppError, ErrorCode};
use keyshop_core::identity::{Permission, StaffClaim, StaffRole};
use keyshop_core::throttle::Allowance;
use keyshop_proto::member::v1 as pb;
use keyshop_proto::member::v1::chat_event::Kind;
use serde::Deserialize;
use serde_json::json;

use super::{Bridge, MAX_FRAME_BYTES, Outgoing, Slot, admit, chat_json, hello, line_json, pump, with_bearer};
use crate::clients::ServiceClients;
use crate::routes::staff::acting;
use crate::state::GatewayState;

/// Sockets of each agent in this process that chose a presence: the last
/// to close says offline (another replica's renews it at its next ping).
static PRESENT: LazyLock<Mutex<HashMap<i64, usize>>> = LazyLock::new(|| Mutex::new(HashMap::new()));

/// Counts a socket of agent `id` in or out; the agent's sockets left.
fn present(id: i64, delta: isize) -> usize {
    let mut sockets = PRESENT.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let count = sockets.entry(id).or_insert(0);
    *count = count.saturating_add_signed(delta);
    let left = *count;
    if left == 0 {
        sockets.remove(&id);
    }
    left
}

/// Lines an agent may send at once, then a second (a canned reply is one).
const BURST: u32 = 10;
const PER_SECOND: f64 = 2.0;

#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
enum Hello {
    Hello { token: String },
}

#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
enum Command {
    Inbox {
        inbox: String,
        #[serde(default)]
        page: i64,
    },
    #[serde(rename_all = "camelCase")]
    Lines {
        chat_id: i64,
        #[serde(default)]
        after: i64,
    },
    #[serde(rename_all = "camelCase")]
    Claim { chat_id: i64 },
    #[serde(rename_all = "camelCase")]
    Transfer { chat_id: i64, staff_id: i64 },
    #[serde(rename_all = "camelCase")]
    Send {
        chat_id: i64,
        text: String,
        #[serde(default)]
        note: bool,
    },
    #[serde(rename_all = "camelCase")]
    Typing { chat_id: i64 },
    #[serde(rename_all = "camelCase")]
    Close { chat_id: i64 },
    /// online (given new conversations), away (keeps theirs) or offline.
    Presence { presence: String },
}

/// The member of staff of `token`, if their session is live and their role
/// answers chat.
async fn agent(clients: &ServiceClients, token: &str, ip: &str) -> Result<StaffClaim, AppError> {
    let member = clients.staff().authenticate(with_bearer(token, pb::Empty {})).await?.into_inner();
    let role = StaffRole::from_proto(member.role).map_err(|_| AppError::of(ErrorCode::Unauthenticated))?;
    if !role.may(Permission::ChatAnswer) {
        return Err(AppError::new(ErrorCode::Forbidden, "api.staff.forbidden"));
    }
    Ok(StaffClaim { id: member.id.to_string(), email: member.email, role, ip: ip.to_owned() })
}

/// An agent's socket: who they are (checked again at each ping), their rate.
struct Agent {
    clients: ServiceClients,
    token: String,
    ip: String,
    staff: StaffClaim,
    allowance: Allowance,
    /// What the agent chose, sent again at each ping (a heartbeat) and
    /// offline when the socket ends; `None` until they choose.
    presence: Option<String>,
    screen: Screen,
}

/// What an agent's console is sent: every conversation's state; the lines,
/// typing and read marks of the waiting ones, the agent's own and the one
/// open on their screen (a console need not carry every conversation of the
/// store).
#[derive(Debug, Default)]
struct Screen {
    me: i64,
    /// The conversation open on the agent's screen.
    selected: i64,
    /// Conversations another agent has, as their last state said.
    others: HashSet<i64>,
}

impl Screen {
    fn wants(&mut self, event: &pb::ChatEvent) -> bool {
        match &event.kind {
            Some(Kind::Chat(chat)) => {
                if chat.status == "active" && chat.agent_id.is_some_and(|agent| agent != self.me) {
                    self.others.insert(chat.id);
                } else {
                    self.others.remove(&chat.id);
                }
                true
            }
            _ => event.chat_id == self.selected || !self.others.contains(&event.chat_id),
        }
    }
}

impl Agent {
    fn staff_id(&self) -> i64 {
        self.staff.id.parse().unwrap_or(0)
    }

    async fn tell_presence(&self, presence: &str) -> Result<(), AppError> {
        let call = pb::PresenceRequest { presence: presence.to_owned() };
        acting(self.staff.clone(), self.clients.chat().staff_set_presence(call)).await?;
        Ok(())
    }
}

impl Bridge for Agent {
    type Command = Command;

    async fn run(
        &mut self,
        command: Command,
        _follow: &mut Option<tonic::Streaming<pb::ChatEvent>>,
    ) -> Result<Option<serde_json::Value>, AppError> {
        let mut chat = self.clients.chat();
        let frame = match command {
            Command::Inbox { inbox, page } => {
                let call = pb::ChatInboxRequest { inbox: inbox.clone(), page: page.max(1), limit: 50 };
                let page = acting(self.staff.clone(), chat.staff_chat_inbox(call)).await?.into_inner();
                let rows: Vec<_> = page.rows.iter().map(chat_json).collect();
                json!({"type": "inbox", "inbox": inbox, "rows": rows, "total": page.total})
            }
            Command::Lines { chat_id, after } => {
                self.screen.selected = chat_id;
                let call = pb::ChatLinesRequest { chat_id, after_id: after };
                let thread = acting(self.staff.clone(), chat.staff_chat_lines(call)).await?.into_inner();
                let lines: Vec<_> = thread.lines.iter().map(line_json).collect();
                json!({"type": "thread", "chat": thread.chat.as_ref().map(chat_json), "lines": lines})
            }
            Command::Claim { chat_id } => {
                let call = pb::AssignChatRequest { chat_id, staff_id: 0 };
                json!({"type": "chat", "chat": chat_json(&acting(self.staff.clone(), chat.staff_assign_chat(call)).await?.into_inner())})
            }
            Command::Transfer { chat_id, staff_id } => {
                if staff_id <= 0 {
                    return Err(AppError::field("staffId", "api.field.invalid"));
                }
                let call = pb::AssignChatRequest { chat_id, staff_id };
                json!({"type": "chat", "chat": chat_json(&acting(self.staff.clone(), chat.staff_assign_chat(call)).await?.into_inner())})
            }
            Command::Send { chat_id, text, note } => {
                if !self.allowance.take(SystemClock.now_ms()) {
                    return Err(AppError::new(ErrorCode::RateLimited, "api.chat.flood"));
                }
                let call = pb::StaffWriteChatRequest { chat_id, text, note };
                json!({"type": "sent", "line": line_json(&acting(self.staff.clone(), chat.staff_write_chat(call)).await?.into_inner())})
            }
            Command::Typing { chat_id } => {
                acting(self.staff.clone(), chat.staff_typing(pb::ChatRef { credential: None, chat_id })).await?;
                return Ok(None);
            }
            Command::Close { chat_id } => {
                let call = pb::ChatRef { credential: None, chat_id };
                json!({"type": "chat", "chat": chat_json(&acting(self.staff.clone(), chat.staff_close_chat(call)).await?.into_inner())})
            }
            Command::Presence { presence } => {
                self.tell_presence(&presence).await?;
                let chosen = presence != "offline";
                if chosen != self.presence.is_some() {
                    present(self.staff_id(), if chosen { 1 } else { -1 });
                }
                self.presence = chosen.then(|| presence.clone());
                json!({"type": "presence", "presence": presence})
            }
        };
        Ok(Some(frame))
    }

    fn wants(&mut self, event: &pb::ChatEvent) -> bool {
        self.screen.wants(event)
    }

    /// Dropped for falling behind, or the member service went: the client
    /// connects again and reads its inbox afresh.
    fn keeps_going_after(&self, _failure: Option<&tonic::Status>) -> bool {
        false
    }

    /// A revoked or expired staff session, or a role that no longer answers
    /// chat, ends the socket.
    async fn still_welcome(&mut self) -> Result<(), AppError> {
        self.staff = agent(&self.clients, &self.token, &self.ip).await?;
        if let Some(presence) = &self.presence {
            self.tell_presence(presence).await?;
        }
        Ok(())
    }

    /// The agent who chose a presence is offline when their last console
    /// here closes (a replica that dies leaves it to expire with the
    /// heartbeat).
    async fn ended(&mut self) {
        if self.presence.is_some()
            && present(self.staff_id(), -1) == 0
            && let Err(error) = self.tell_presence("offline").await
        {
            tracing::debug!(error = %error, "an agent's presence was left to expire");
        }
    }
}

#[get("/ws/staff")]
pub async fn staff_socket(
    state: web::Data<GatewayState>,
    request: HttpRequest,
    body: web::Payload,
) -> Result<HttpResponse, actix_web::Error> {
    let slot = match admit(&state, &request) {
        Ok(slot) => slot,
        Err(refused) => return Ok(refused.response()),
    };
    let (response, session, stream) = actix_ws::handle(&request, body)?;
    let stream = stream.max_frame_size(MAX_FRAME_BYTES);
    let clients = state.clients.clone();
    let ip = state.client_ip(&request);
    actix_web::rt::spawn(serve(clients, ip, Outgoing { session }, stream, slot));
    Ok(response)
}

async fn serve(
    clients: ServiceClients,
    ip: String,
    mut outgoing: Outgoing,
    mut stream: actix_ws::MessageStream,
    _slot: Slot,
) {
    let Some(Hello::Hello { token }) = hello::<Hello>(&mut stream, &mut outgoing).await else {
        outgoing.close(None).await;
        return;
    };
    let staff = match agent(&clients, &token, &ip).await {
        Ok(staff) => staff,
        Err(error) => {
            outgoing.error(&error).await;
            outgoing.close(None).await;
            return;
        }
    };
    let follow = match acting(staff.clone(), clients.chat().staff_follow_chats(pb::Empty {})).await {
        Ok(stream) => stream.into_inner(),
        Err(status) => {
            outgoing.error(&AppError::from_status(&status)).await;
            outgoing.close(None).await;
            return;
        }
    };
    if !outgoing.send(&json!({"type": "ready", "staffId": staff.id.parse::<i64>().unwrap_or(0)})).await {
        return;
    }
    let allowance = Allowance::new(BURST, PER_SECOND, SystemClock.now_ms());
    let screen = Screen { me: staff.id.parse().unwrap_or(0), ..Screen::default() };
    let mut agent = Agent { clients, token, ip, staff, allowance, presence: None, screen };
    pump(&mut agent, outgoing, stream, Some(follow)).await;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chat(id: i64, status: &str, agent_id: Option<i64>) -> pb::ChatEvent {
        let chat = pb::Chat { id, status: status.to_owned(), agent_id, ..pb::Chat::default() };
        pb::ChatEvent { chat_id: id, kind: Some(Kind::Chat(chat)) }
    }

    fn line(chat_id: i64) -> pb::ChatEvent {
        pb::ChatEvent { chat_id, kind: Some(Kind::Line(pb::ChatLine { chat_id, ..pb::ChatLine::default() })) }
    }

    #[test]
    fn a_console_carries_its_own_the_waiting_and_the_open_conversation() {
        let mut screen = Screen { me: 1, ..Screen::default() };
        assert!(screen.wants(&line(5)), "a conversation not seen yet: sent");
        assert!(screen.wants(&chat(5, "active", Some(2))), "every state is sent");
        assert!(!screen.wants(&line(5)), "another agent's");
        screen.selected = 5;
        assert!(screen.wants(&line(5)), "open on the screen");
        screen.selected = 0;
        assert!(screen.wants(&chat(5, "active", Some(1))));
        assert!(screen.wants(&line(5)), "handed to this agent");
        assert!(screen.wants(&chat(6, "waiting", None)) && screen.wants(&line(6)), "waiting: anyone's");
    }
}
