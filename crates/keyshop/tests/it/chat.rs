//! Live chat over the gateway's WebSockets, the whole store in one process:
//! a guest opens a chat, an agent claims it and answers, both see typing and
//! read marks; the guest's socket drops and a new one resumes from its last
//! line with nothing lost or doubled; and the limits: a bad first frame, an
//! oversize message, a flood, 20 sockets from one address, another origin.

use std::net::SocketAddr;
use std::time::Duration;

use futures::{SinkExt, StreamExt};
use keyshop_core::identity::StaffRole;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

use crate::shop::{Shop, start};

pub(crate) type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

pub(crate) async fn connect(http: SocketAddr, path: &str) -> Socket {
    let request = format!("ws://{http}/prod-api/ws/{path}").into_client_request().unwrap();
    tokio_tungstenite::connect_async(request).await.unwrap().0
}

pub(crate) async fn send(socket: &mut Socket, frame: Value) {
    socket.send(Message::text(frame.to_string())).await.unwrap();
}

/// The next JSON frame whose type is one of `types` (others skipped).
pub(crate) async fn next_of(socket: &mut Socket, types: &[&str]) -> Value {
    loop {
        let message = tokio::time::timeout(Duration::from_secs(10), socket.next())
            .await
            .unwrap_or_else(|_| panic!("no {types:?} frame in time"))
            .expect("the socket is open")
            .unwrap();
        if let Message::Text(text) = message {
            let frame: Value = serde_json::from_str(&text).unwrap();
            if types.contains(&frame["type"].as_str().unwrap_or_default()) {
                return frame;
            }
        }
    }
}

/// A guest's socket, greeted: `hello` with their token (none: a new guest).
async fn guest(shop: &Shop, chat_token: &str) -> Socket {
    let mut socket = connect(shop.http, "chat").await;
    send(&mut socket, json!({"type": "hello", "chatToken": chat_token})).await;
    assert_eq!(next_of(&mut socket, &["ready", "error"]).await["type"], "ready");
    socket
}

async fn agent(shop: &Shop, email: &str) -> Socket {
    let token = shop.staff(email, StaffRole::Support).await;
    let mut socket = connect(shop.http, "staff").await;
    send(&mut socket, json!({"type": "hello", "token": token.trim_start_matches("Bearer ")})).await;
    assert_eq!(next_of(&mut socket, &["ready", "error"]).await["type"], "ready");
    socket
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_guest_and_an_agent_chat_and_a_dropped_socket_resumes() {
    let shop = start(Vec::new(), [None, None, None]).await;
    let mut ada = agent(&shop, "ada@shop.example").await;
    let mut gus = guest(&shop, "").await;
    send(&mut gus, json!({"type": "open", "name": "", "email": "gus@"})).await;
    let refused = next_of(&mut gus, &["error"]).await;
    assert_eq!(refused["fields"]["name"], "api.field.required", "{refused}");
    send(&mut gus, json!({"type": "open", "name": "Gus", "email": "gus@example.com"})).await;
    let opened = next_of(&mut gus, &["opened"]).await;
    let chat_id = opened["chat"]["id"].as_i64().unwrap();
    let chat_token = opened["chatToken"].as_str().unwrap().to_owned();
    assert_eq!(chat_token.len(), 64);

    // The agent hears of it, claims it; the guest sees it taken.
    let waiting = next_of(&mut ada, &["chat"]).await;
    assert_eq!((waiting["chat"]["id"].as_i64(), waiting["chat"]["status"].as_str()), (Some(chat_id), Some("waiting")));
    send(&mut ada, json!({"type": "claim", "chatId": chat_id})).await;
    loop {
        let taken = next_of(&mut gus, &["chat"]).await;
        if taken["chat"]["status"] == "active" {
            break;
        }
    }

    // Typing both ways, a line each way, read marks.
    send(&mut gus, json!({"type": "typing"})).await;
    assert_eq!(next_of(&mut ada, &["typing"]).await["side"], "shopper");
    send(&mut gus, json!({"type": "send", "text": "My key does not work"})).await;
    let sent = next_of(&mut gus, &["sent"]).await;
    let first = sent["line"]["id"].as_i64().unwrap();
    assert_eq!(next_of(&mut ada, &["line"]).await["line"]["body"], "My key does not work");
    send(&mut ada, json!({"type": "lines", "chatId": chat_id, "after": 0})).await;
    assert_eq!(next_of(&mut ada, &["thread"]).await["lines"].as_array().unwrap().len(), 1);
    assert_eq!(next_of(&mut gus, &["read"]).await["side"], "agent", "the agent read it");
    send(&mut ada, json!({"type": "typing", "chatId": chat_id})).await;
    assert_eq!(next_of(&mut gus, &["typing"]).await["side"], "agent");
    send(&mut ada, json!({"type": "send", "chatId": chat_id, "text": "Which platform?", "note": false})).await;
    let answer = next_of(&mut gus, &["line"]).await;
    assert_eq!(answer["line"]["author"], "agent");
    let answered = answer["line"]["id"].as_i64().unwrap();
    assert!(answered > first);

    // The guest's connection drops; two lines come meanwhile (and a note).
    drop(gus);
    send(&mut ada, json!({"type": "send", "chatId": chat_id, "text": "Steam or Epic?"})).await;
    send(&mut ada, json!({"type": "send", "chatId": chat_id, "text": "check the order first", "note": true})).await;
    send(&mut ada, json!({"type": "send", "chatId": chat_id, "text": "I can resend the key."})).await;
    for _ in 0..3 {
        next_of(&mut ada, &["sent"]).await;
    }
    // Back with its token and its last line: the two it missed, once, no note.
    let mut gus = guest(&shop, &chat_token).await;
    send(&mut gus, json!({"type": "follow", "chatId": chat_id, "after": answered})).await;
    let missed = [next_of(&mut gus, &["line"]).await, next_of(&mut gus, &["line"]).await];
    let bodies: Vec<&str> = missed.iter().map(|frame| frame["line"]["body"].as_str().unwrap()).collect();
    assert_eq!(bodies, ["Steam or Epic?", "I can resend the key."]);
    send(&mut ada, json!({"type": "send", "chatId": chat_id, "text": "Done."})).await;
    assert_eq!(next_of(&mut gus, &["line"]).await["line"]["body"], "Done.", "live again, nothing doubled");

    // Another token reaches nothing; the agent closes; the guest rates it.
    let mut stranger = guest(&shop, &"0".repeat(64)).await;
    send(&mut stranger, json!({"type": "follow", "chatId": chat_id, "after": 0})).await;
    assert_eq!(next_of(&mut stranger, &["error"]).await["code"], "api.error.notFound");
    send(&mut ada, json!({"type": "close", "chatId": chat_id})).await;
    loop {
        if next_of(&mut gus, &["chat"]).await["chat"]["status"] == "closed" {
            break;
        }
    }
    send(&mut gus, json!({"type": "rate", "stars": 5})).await;
    assert_eq!(next_of(&mut gus, &["rated", "error"]).await["type"], "rated");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn abuse_gets_an_error_frame_and_the_store_stays_up() {
    let shop = start(Vec::new(), [None, None, None]).await;

    // The first frame must be hello.
    let mut rude = connect(shop.http, "chat").await;
    send(&mut rude, json!({"type": "send", "text": "hi"})).await;
    assert_eq!(next_of(&mut rude, &["error"]).await["code"], "api.chat.helloFirst");
    // A staff socket needs a live staff session.
    let mut fake = connect(shop.http, "staff").await;
    send(&mut fake, json!({"type": "hello", "token": "f".repeat(64)})).await;
    assert_eq!(next_of(&mut fake, &["error"]).await["code"], "api.error.unauthorized");

    let mut gus = guest(&shop, "").await;
    send(&mut gus, json!({"type": "open", "name": "Gus", "email": "gus@example.com"})).await;
    next_of(&mut gus, &["opened"]).await;
    // Not a command; a line over 4 KB: refused, the socket goes on.
    send(&mut gus, json!({"type": "dance"})).await;
    assert_eq!(next_of(&mut gus, &["error"]).await["code"], "api.chat.badFrame");
    send(&mut gus, json!({"type": "send", "text": "x".repeat(4097)})).await;
    assert_eq!(next_of(&mut gus, &["error"]).await["fields"]["text"], "api.chat.tooLong");
    // A flood: the burst goes, then about one a second.
    let mut answers = Vec::new();
    for index in 0..8 {
        send(&mut gus, json!({"type": "send", "text": format!("line {index}")})).await;
        answers.push(next_of(&mut gus, &["sent", "error"]).await);
    }
    let flooded = answers.iter().filter(|frame| frame["code"] == "api.chat.flood").count();
    assert!(flooded >= 2, "{answers:?}");
    // A frame over 16 KB: the error, then the socket closes.
    gus.send(Message::text("y".repeat(20_000))).await.unwrap();
    assert_eq!(next_of(&mut gus, &["error"]).await["fields"]["text"], "api.chat.tooLong");

    // Twenty sockets from one address at most (those above may still be
    // closing): the next is refused.
    let mut open = Vec::new();
    let refused = loop {
        let request = format!("ws://{}/prod-api/ws/chat", shop.http).into_client_request().unwrap();
        match tokio_tungstenite::connect_async(request).await {
            Ok((socket, _)) => open.push(socket),
            Err(error) => break error.to_string(),
        }
        assert!(open.len() <= 20, "more than twenty sockets from one address");
    };
    assert!(refused.contains("429") && open.len() >= 17, "{} open: {refused}", open.len());
    drop(open);

    // Another site's page may not open one.
    let mut request = format!("ws://{}/prod-api/ws/chat", shop.http).into_client_request().unwrap();
    request.headers_mut().insert("origin", "https://evil.example".parse().unwrap());
    let refused = tokio_tungstenite::connect_async(request).await.unwrap_err().to_string();
    assert!(refused.contains("403"), "{refused}");

    // And the store still answers.
    assert_eq!(shop.get("/api/home/rate", &[]).await.status, 200);
}
