//! `GET /prod-api/ws/chat`: a shopper's chat socket.
//!
//! Client frames: `hello` (`token`: a member's session, or `chatToken`: a
//! guest's; neither for a guest who has not chatted yet) first; then `open`
//! (`name`, `email`, `orderNo`), `follow` (`chatId`, `after`: the last line
//! the client has), `send` (`text`), `typing`, `read` (`upTo`: the last line
//! shown), `rate` (`stars`), `transcript` (e-mail it), `desk`.
//! Server frames: `ready` and `desk` (`agentsOnline`, `replyWithinHours`:
//! with nobody at the desk a member's message becomes a ticket and a
//! guest's is answered by e-mail), `opened` (`chat`, `chatToken` for a new
//! guest), `chat`, `line`, `typing`, `read`, `sent` (the line just written),
//! `transcript` and `error` (`code`, `fields`).

use std::time::Instant;

use actix_web::{HttpRequest, HttpResponse, get, web};
use keyshop_core::clock::{Clock, SystemClock};
use keyshop_core::error::{AppError, ErrorCode};
use keyshop_core::throttle::Allowance;
use keyshop_proto::member::v1 as pb;
use serde::Deserialize;
use serde_json::json;

use super::{Bridge, MAX_FRAME_BYTES, Outgoing, Slot, admit, chat_json, hello, line_json, pump, with_bearer};
use crate::clients::ServiceClients;
use crate::context;
use crate::state::GatewayState;

/// Messages a socket may send at once, then a second.
const BURST: u32 = 5;
const PER_SECOND: f64 = 1.0;

fn now_ms() -> i64 {
    SystemClock.now_ms()
}

#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
enum Hello {
    #[serde(rename_all = "camelCase")]
    Hello {
        #[serde(default)]
        token: String,
        #[serde(default)]
        chat_token: String,
    },
}

#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
enum Command {
    #[serde(rename_all = "camelCase")]
    Open {
        #[serde(default)]
        name: String,
        #[serde(default)]
        email: String,
        #[serde(default)]
        order_no: String,
    },
    #[serde(rename_all = "camelCase")]
    Follow {
        chat_id: i64,
        #[serde(default)]
        after: i64,
    },
    Send {
        text: String,
    },
    Typing,
    #[serde(rename_all = "camelCase")]
    Read {
        up_to: i64,
    },
    Rate {
        stars: i32,
    },
    /// E-mail the conversation to the shopper.
    Transcript,
    /// Whether an agent is at the desk now.
    Desk,
}

/// Who the socket speaks for, and what it follows.
struct Shopper {
    clients: ServiceClients,
    token: String,
    chat_token: String,
    language: String,
    chat_id: i64,
    /// Messages it may send now: a burst, then about one a second.
    allowance: Allowance,
    /// When it last told the agent it was typing.
    typed_at: Option<Instant>,
}

impl Shopper {
    fn credential(&self) -> Option<pb::ChatCredential> {
        Some(pb::ChatCredential { chat_token: self.chat_token.clone() })
    }

    /// Follows conversation `chat_id` from the line after `after`.
    async fn follow(
        &mut self,
        chat_id: i64,
        after: i64,
        follow: &mut Option<tonic::Streaming<pb::ChatEvent>>,
    ) -> Result<(), AppError> {
        let call = pb::FollowChatRequest { credential: self.credential(), chat_id, after_id: after };
        let stream = self.clients.chat().follow_chat(with_bearer(&self.token, call)).await?.into_inner();
        *follow = Some(stream);
        self.chat_id = chat_id;
        Ok(())
    }
}

impl Bridge for Shopper {
    type Command = Command;

    async fn run(
        &mut self,
        command: Command,
        follow: &mut Option<tonic::Streaming<pb::ChatEvent>>,
    ) -> Result<Option<serde_json::Value>, AppError> {
        let mut chat = self.clients.chat();
        match command {
            Command::Open { name, email, order_no } => {
                let call = pb::OpenChatRequest {
                    credential: self.credential(),
                    name,
                    email,
                    order_no,
                    language: self.language.clone(),
                };
                let opened = chat.open_chat(with_bearer(&self.token, call)).await?.into_inner();
                if !opened.chat_token.is_empty() {
                    self.chat_token.clone_from(&opened.chat_token);
                }
                let id = opened.chat.as_ref().map_or(0, |chat| chat.id);
                self.follow(id, 0, follow).await?;
                Ok(Some(json!({
                    "type": "opened",
                    "chat": opened.chat.as_ref().map(chat_json),
                    "chatToken": opened.chat_token,
                })))
            }
            Command::Follow { chat_id, after } => {
                self.follow(chat_id, after, follow).await?;
                Ok(None)
            }
            Command::Send { text } => {
                if !self.allowance.take(now_ms()) {
                    return Err(AppError::new(ErrorCode::RateLimited, "api.chat.flood"));
                }
                let call = pb::WriteChatRequest { credential: self.credential(), chat_id: self.chat_id, text };
                let line = chat.write_chat(with_bearer(&self.token, call)).await?.into_inner();
                // The next keystroke begins a new message.
                self.typed_at = None;
                Ok(Some(json!({"type": "sent", "line": line_json(&line)})))
            }
            Command::Typing => {
                // At most one a second reaches the agent; the rest are quietly dropped.
                if self.typed_at.is_none_or(|at| at.elapsed().as_millis() >= 1000) && self.chat_id > 0 {
                    self.typed_at = Some(Instant::now());
                    let call = pb::ChatRef { credential: self.credential(), chat_id: self.chat_id };
                    chat.shopper_typing(with_bearer(&self.token, call)).await?;
                }
                Ok(None)
            }
            Command::Read { up_to } => {
                let call = pb::ReadChatRequest { credential: self.credential(), chat_id: self.chat_id, up_to };
                chat.read_chat(with_bearer(&self.token, call)).await?;
                Ok(None)
            }
            Command::Rate { stars } => {
                let call = pb::RateChatRequest { credential: self.credential(), chat_id: self.chat_id, stars };
                chat.rate_chat(with_bearer(&self.token, call)).await?;
                Ok(Some(json!({"type": "rated", "stars": stars})))
            }
            Command::Transcript => {
                let call = pb::ChatRef { credential: self.credential(), chat_id: self.chat_id };
                chat.mail_transcript(with_bearer(&self.token, call)).await?;
                Ok(Some(json!({"type": "transcript"})))
            }
            Command::Desk => Ok(Some(desk(&self.clients).await?)),
        }
    }

    /// A conversation's stream ended (closed) or failed (the client was too
    /// slow, or the service went): the socket stays, the client follows again.
    fn keeps_going_after(&self, _failure: Option<&tonic::Status>) -> bool {
        true
    }

    async fn still_welcome(&mut self) -> Result<(), AppError> {
        Ok(())
    }
}

/// Whether an agent is at the desk, as a `desk` frame.
async fn desk(clients: &ServiceClients) -> Result<serde_json::Value, AppError> {
    let desk = clients.chat().chat_desk(pb::Empty {}).await?.into_inner();
    Ok(json!({"type": "desk", "agentsOnline": desk.agents_online, "replyWithinHours": desk.reply_within_hours}))
}

#[get("/ws/chat")]
pub async fn chat_socket(
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
    let language = context::language().to_owned();
    actix_web::rt::spawn(serve(clients, language, Outgoing { session }, stream, slot));
    Ok(response)
}

async fn serve(
    clients: ServiceClients,
    language: String,
    mut outgoing: Outgoing,
    mut stream: actix_ws::MessageStream,
    _slot: Slot,
) {
    let Some(Hello::Hello { token, chat_token }) = hello::<Hello>(&mut stream, &mut outgoing).await else {
        outgoing.close(None).await;
        return;
    };
    let mut shopper = Shopper {
        clients,
        token,
        chat_token,
        language,
        chat_id: 0,
        allowance: Allowance::new(BURST, PER_SECOND, now_ms()),
        typed_at: None,
    };
    let ready = match desk(&shopper.clients).await {
        Ok(mut desk) => {
            desk["type"] = json!("ready");
            desk
        }
        Err(_) => json!({"type": "ready", "agentsOnline": true, "replyWithinHours": 0}),
    };
    if !outgoing.send(&ready).await {
        return;
    }
    pump(&mut shopper, outgoing, stream, None).await;
}
