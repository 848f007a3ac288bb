//! Live chat over WebSockets: `/prod-api/ws/chat` for shoppers and
//! `/prod-api/ws/staff` for agents, each a bridge to the member service's
//! `ChatService` (its server streams in, its calls out). Frames are JSON
//! objects with a `type`. Credentials come in the first frame (`hello`),
//! never in the URL; a browser from another origin is refused. Each
//! connection is held to limits: a frame's size, a message rate (a burst,
//! then about one a second), sockets per address, an idle time-out (pings
//! every 15 s), and a client too slow to read is dropped rather than
//! buffered (it resumes from its last line). Abuse is answered with an
//! `error` frame; the socket is closed only when it cannot go on.

pub mod chat;
pub mod staff;

use std::collections::HashMap;
use std::sync::{LazyLock, Mutex};
use std::time::{Duration, Instant};

use actix_web::{HttpRequest, HttpResponse};
use actix_ws::{CloseCode, CloseReason, Message, MessageStream, ProtocolError, Session};
use keyshop_core::error::{AppError, ErrorCode};
use keyshop_proto::member::v1 as pb;
use keyshop_proto::member::v1::chat_event::Kind;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

use crate::state::GatewayState;

/// The largest frame read: a message of 4 KB of text, escaped, with its envelope.
const MAX_FRAME_BYTES: usize = 16 * 1024;
/// The longest wait for the `hello` frame.
const HELLO_WITHIN: Duration = Duration::from_secs(10);
/// How often the server pings.
const PING_EVERY: Duration = Duration::from_secs(15);
/// A client silent this long (no frame, no pong) is gone.
const IDLE_AFTER: Duration = Duration::from_secs(45);
/// The longest a frame may wait for the client to read it.
const SEND_WITHIN: Duration = Duration::from_secs(5);
/// The most sockets open at once from one address.
pub const SOCKETS_PER_ADDRESS: usize = 20;

/// Open sockets per address, over the process's workers.
static SOCKETS: LazyLock<Mutex<HashMap<String, usize>>> = LazyLock::new(|| Mutex::new(HashMap::new()));

/// One open socket of an address; counted until dropped.
pub struct Slot(String);

impl Slot {
    /// A slot for `address`, unless it has [`SOCKETS_PER_ADDRESS`] already.
    fn take(address: &str) -> Option<Slot> {
        let mut open = SOCKETS.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let count = open.entry(address.to_owned()).or_insert(0);
        if *count >= SOCKETS_PER_ADDRESS {
            return None;
        }
        *count += 1;
        Some(Slot(address.to_owned()))
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut open = SOCKETS.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(count) = open.get_mut(&self.0) {
            *count = count.saturating_sub(1);
            if *count == 0 {
                open.remove(&self.0);
            }
        }
    }
}

/// Whether a handshake's `Origin` (absent for a client that is no browser)
/// is the store's own: the public URL's, or the host the request was sent to.
fn same_origin(origin: Option<&str>, public_origin: &str, host: &str) -> bool {
    let Some(origin) = origin else { return true };
    let origin = origin.trim().to_ascii_lowercase();
    if origin == public_origin {
        return true;
    }
    origin.split_once("://").is_some_and(|(_, rest)| rest == host.to_ascii_lowercase())
}

/// Why a socket was not opened.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Refusal {
    /// A page of another site.
    Origin,
    /// The address has [`SOCKETS_PER_ADDRESS`] open.
    Sockets,
}

impl Refusal {
    fn response(self) -> HttpResponse {
        match self {
            Refusal::Origin => HttpResponse::Forbidden().json(json!({"code": 403, "msgKey": "api.chat.origin"})),
            Refusal::Sockets => {
                HttpResponse::TooManyRequests().json(json!({"code": 429, "msgKey": "api.chat.sockets"}))
            }
        }
    }
}

/// The checks before a socket opens: its origin and its address's sockets;
/// the slot it holds.
fn admit(state: &GatewayState, request: &HttpRequest) -> Result<Slot, Refusal> {
    let origin = request.headers().get("origin").and_then(|value| value.to_str().ok());
    if !same_origin(origin, &state.public_origin, request.connection_info().host()) {
        return Err(Refusal::Origin);
    }
    Slot::take(&state.client_ip(request)).ok_or(Refusal::Sockets)
}

/// A socket's outgoing side, with the time-out that drops a slow reader.
pub struct Outgoing {
    session: Session,
}

impl Outgoing {
    /// Sends `frame`; false when the client is gone or does not read.
    async fn send(&mut self, frame: &Value) -> bool {
        matches!(tokio::time::timeout(SEND_WITHIN, self.session.text(frame.to_string())).await, Ok(Ok(())))
    }

    /// An `error` frame: the message key and the fields at fault.
    async fn error(&mut self, error: &AppError) -> bool {
        self.send(&json!({"type": "error", "code": error.msg_key, "fields": error.fields})).await
    }

    async fn close(self, reason: Option<CloseReason>) {
        let _ = self.session.close(reason).await;
    }
}

/// What the client sent next, as far as the bridge cares.
enum Incoming<T> {
    Command(T),
    /// A frame that is not a command: its error is sent, the socket goes on.
    Refused(AppError),
    /// A frame over the size limit: the socket cannot go on.
    TooLarge,
    Gone,
}

/// Reads the next frame: answers pings, notes pongs (in `seen`), skips
/// what is not text.
async fn incoming<T: DeserializeOwned>(
    stream: &mut MessageStream,
    outgoing: &mut Outgoing,
    seen: &mut Instant,
) -> Incoming<T> {
    loop {
        let Some(frame) = stream.recv().await else { return Incoming::Gone };
        *seen = Instant::now();
        match frame {
            Ok(Message::Text(text)) => {
                return match serde_json::from_str::<T>(&text) {
                    Ok(command) => Incoming::Command(command),
                    Err(_) => Incoming::Refused(AppError::new(ErrorCode::Validation, "api.chat.badFrame")),
                };
            }
            Ok(Message::Binary(_)) => {
                return Incoming::Refused(AppError::new(ErrorCode::Validation, "api.chat.badFrame"));
            }
            Ok(Message::Ping(bytes)) => {
                if outgoing.session.pong(&bytes).await.is_err() {
                    return Incoming::Gone;
                }
            }
            Ok(Message::Close(_)) => return Incoming::Gone,
            Ok(Message::Pong(_) | Message::Continuation(_) | Message::Nop) => {}
            Err(ProtocolError::Overflow) => return Incoming::TooLarge,
            Err(_) => return Incoming::Gone,
        }
    }
}

/// Waits for the `hello` frame; `None` (the socket closed with an error
/// frame) for none in time or another frame.
async fn hello<T: DeserializeOwned>(stream: &mut MessageStream, outgoing: &mut Outgoing) -> Option<T> {
    let mut seen = Instant::now();
    match tokio::time::timeout(HELLO_WITHIN, incoming::<T>(stream, outgoing, &mut seen)).await {
        Ok(Incoming::Command(hello)) => Some(hello),
        Ok(Incoming::Refused(_) | Incoming::TooLarge) | Err(_) => {
            outgoing.error(&AppError::new(ErrorCode::Validation, "api.chat.helloFirst")).await;
            None
        }
        Ok(Incoming::Gone) => None,
    }
}

/// The close for a frame over the size limit, after its error frame.
async fn too_large(mut outgoing: Outgoing) {
    outgoing.error(&AppError::field("text", "api.chat.tooLong")).await;
    outgoing.close(Some(CloseReason { code: CloseCode::Size, description: None })).await;
}

/// One side of the chat behind a socket: what its commands do, what a
/// followed stream's end means, what is checked again at each ping.
trait Bridge {
    type Command: DeserializeOwned;

    /// Runs `command`; the frame to answer with (or a stream to follow, set in `follow`).
    async fn run(
        &mut self,
        command: Self::Command,
        follow: &mut Option<tonic::Streaming<pb::ChatEvent>>,
    ) -> Result<Option<Value>, AppError>;

    /// The followed stream failed (`Some`) or ended: whether the socket goes on.
    fn keeps_going_after(&self, failure: Option<&tonic::Status>) -> bool;

    /// Checked at each ping: an error ends the socket after its frame.
    async fn still_welcome(&mut self) -> Result<(), AppError>;

    /// Whether the client is sent `event` (all, unless the side says otherwise).
    fn wants(&mut self, _event: &pb::ChatEvent) -> bool {
        true
    }

    /// The socket has ended.
    async fn ended(&mut self) {}
}

/// Serves a greeted socket until it ends: its commands through `bridge`,
/// the followed events out, a ping every [`PING_EVERY`] (and gone after
/// [`IDLE_AFTER`] of silence).
async fn pump<B: Bridge>(
    bridge: &mut B,
    mut outgoing: Outgoing,
    mut stream: MessageStream,
    mut follow: Option<tonic::Streaming<pb::ChatEvent>>,
) {
    let mut seen = Instant::now();
    let mut ping = tokio::time::interval(PING_EVERY);
    loop {
        let going = tokio::select! {
            frame = incoming::<B::Command>(&mut stream, &mut outgoing, &mut seen) => match frame {
                Incoming::Command(command) => match bridge.run(command, &mut follow).await {
                    Ok(Some(frame)) => outgoing.send(&frame).await,
                    Ok(None) => true,
                    Err(error) => outgoing.error(&error).await,
                },
                Incoming::Refused(error) => outgoing.error(&error).await,
                Incoming::TooLarge => {
                    bridge.ended().await;
                    return too_large(outgoing).await;
                }
                Incoming::Gone => false,
            },
            event = next_event(&mut follow) => match event {
                Some(Ok(event)) => match event_json(&event).filter(|_| bridge.wants(&event)) {
                    Some(frame) => outgoing.send(&frame).await,
                    None => true,
                },
                Some(Err(status)) => {
                    follow = None;
                    bridge.keeps_going_after(Some(&status))
                        && outgoing.error(&AppError::from_status(&status)).await
                }
                None => {
                    follow = None;
                    bridge.keeps_going_after(None)
                }
            },
            _ = ping.tick() => {
                if seen.elapsed() > IDLE_AFTER || outgoing.session.ping(b"").await.is_err() {
                    false
                } else {
                    match bridge.still_welcome().await {
                        Ok(()) => true,
                        Err(error) => {
                            outgoing.error(&error).await;
                            false
                        }
                    }
                }
            }
        };
        if !going {
            break;
        }
    }
    bridge.ended().await;
    outgoing.close(None).await;
}

/// A stored conversation as frames carry it.
fn chat_json(chat: &pb::Chat) -> Value {
    json!({
        "id": chat.id,
        "status": chat.status,
        "memberId": chat.member_id,
        "name": chat.name,
        "email": chat.email,
        "orderNo": chat.order_no,
        "language": chat.language,
        "agentId": chat.agent_id,
        "shopperRead": chat.shopper_read,
        "agentRead": chat.agent_read,
        "rating": chat.rating,
        "createdAt": chat.created_at_ms,
        "updatedAt": chat.updated_at_ms,
        "firstResponseAt": chat.first_response_at_ms,
        "ticketId": chat.ticket_id,
        "byEmail": chat.by_email,
    })
}

fn line_json(line: &pb::ChatLine) -> Value {
    json!({
        "id": line.id,
        "chatId": line.chat_id,
        "author": line.author,
        "body": line.body,
        "createdAt": line.created_at_ms,
        "imageType": line.image_type,
    })
}

/// An event of the member service as a frame.
fn event_json(event: &pb::ChatEvent) -> Option<Value> {
    let chat_id = event.chat_id;
    Some(match event.kind.as_ref()? {
        Kind::Line(line) => json!({"type": "line", "line": line_json(line)}),
        Kind::Typing(side) => json!({"type": "typing", "chatId": chat_id, "side": side}),
        Kind::Read(mark) => json!({"type": "read", "chatId": chat_id, "side": mark.side, "upTo": mark.up_to}),
        Kind::Chat(chat) => json!({"type": "chat", "chat": chat_json(chat)}),
    })
}

/// `message` with `authorization: Bearer <token>` when there is a token.
fn with_bearer<T>(token: &str, message: T) -> tonic::Request<T> {
    let mut request = tonic::Request::new(message);
    if !token.is_empty()
        && let Ok(value) = format!("Bearer {token}").parse()
    {
        request.metadata_mut().insert("authorization", value);
    }
    request
}

/// The next event of a followed stream; never, while nothing is followed.
async fn next_event(
    follow: &mut Option<tonic::Streaming<pb::ChatEvent>>,
) -> Option<Result<pb::ChatEvent, tonic::Status>> {
    match follow {
        Some(stream) => stream.message().await.transpose(),
        None => std::future::pending().await,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_stores_own_pages_open_a_socket() {
        let public = "https://shop.example";
        assert!(same_origin(Some("https://shop.example"), public, "shop.example"));
        assert!(same_origin(Some("HTTPS://Shop.Example"), public, "127.0.0.1:8080"));
        assert!(same_origin(Some("http://127.0.0.1:8080"), public, "127.0.0.1:8080"), "the host asked");
        assert!(!same_origin(Some("https://evil.example"), public, "shop.example"));
        assert!(!same_origin(Some("null"), public, "shop.example"));
        assert!(same_origin(None, public, "shop.example"), "not a browser: no cookies to ride on");
    }

    #[test]
    fn an_address_has_twenty_sockets_at_most() {
        let slots: Vec<Slot> = (0..SOCKETS_PER_ADDRESS).map(|_| Slot::take("198.51.100.77").unwrap()).collect();
        assert!(Slot::take("198.51.100.77").is_none());
        assert!(Slot::take("198.51.100.78").is_some(), "another address");
        drop(slots);
        assert!(Slot::take("198.51.100.77").is_some(), "given back when they close");
    }
}
