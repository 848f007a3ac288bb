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

/// A raw HTTP/1.1 exchange with a binary body either way: status, head, body.
async fn raw(
    http: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> (u16, String, Vec<u8>) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(http).await.unwrap();
    let mut request = format!("{method} /prod-api{path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n");
    for (name, value) in headers {
        request.push_str(&format!("{name}: {value}\r\n"));
    }
    request.push_str(&format!("Content-Length: {}\r\n\r\n", body.len()));
    stream.write_all(request.as_bytes()).await.unwrap();
    stream.write_all(body).await.unwrap();
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await.unwrap();
    let split = response.windows(4).position(|window| window == b"\r\n\r\n").unwrap();
    let head = String::from_utf8_lossy(&response[..split]).to_ascii_lowercase();
    let status = head.split(' ').nth(1).and_then(|code| code.parse().ok()).unwrap_or(0);
    (status, head, response[split + 4..].to_vec())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_online_agent_is_given_the_chat_and_a_guest_attaches_a_screenshot() {
    let shop = start(Vec::new(), [None, None, None]).await;
    let token = shop.staff("ada@shop.example", StaffRole::Support).await;
    let mut ada = connect(shop.http, "staff").await;
    send(&mut ada, json!({"type": "hello", "token": token.trim_start_matches("Bearer ")})).await;
    let ready = next_of(&mut ada, &["ready"]).await;
    let ada_id = ready["staffId"].as_i64().unwrap();

    // Nobody at the desk yet; then Ada is online and a new chat is hers at once.
    let mut early = connect(shop.http, "chat").await;
    send(&mut early, json!({"type": "hello"})).await;
    let desk = next_of(&mut early, &["ready"]).await;
    assert_eq!((desk["agentsOnline"].as_bool(), desk["replyWithinHours"].as_i64()), (Some(false), Some(24)));
    send(&mut ada, json!({"type": "presence", "presence": "online"})).await;
    assert_eq!(next_of(&mut ada, &["presence"]).await["presence"], "online");
    send(&mut ada, json!({"type": "presence", "presence": "busy"})).await;
    assert_eq!(next_of(&mut ada, &["error"]).await["fields"]["presence"], "api.field.invalid");
    let mut gus = guest(&shop, "").await;
    send(&mut gus, json!({"type": "desk"})).await;
    assert_eq!(next_of(&mut gus, &["desk"]).await["agentsOnline"], true);
    send(&mut gus, json!({"type": "open", "name": "Gus", "email": "gus@example.com"})).await;
    let opened = next_of(&mut gus, &["opened"]).await;
    assert_eq!((opened["chat"]["status"].as_str(), opened["chat"]["agentId"].as_i64()), (Some("active"), Some(ada_id)));
    let chat_id = opened["chat"]["id"].as_i64().unwrap();
    let chat_token = opened["chatToken"].as_str().unwrap().to_owned();

    // A screenshot over HTTP, the guest's token in a header (never the URL).
    let png = b"\x89PNG\r\n\x1a\n a screenshot".to_vec();
    let path = format!("/api/chat/{chat_id}/images");
    let octets = ("Content-Type", "application/octet-stream");
    let (status, _, body) = raw(shop.http, "POST", &path, &[octets, ("X-Chat-Token", &chat_token)], &png).await;
    assert_eq!(status, 200, "{}", String::from_utf8_lossy(&body));
    let line: Value = serde_json::from_slice(&body).unwrap();
    let line_id = line["data"]["id"].as_i64().unwrap();
    assert_eq!(line["data"]["imageType"], "image/png");
    let seen = next_of(&mut ada, &["line"]).await;
    assert_eq!((seen["line"]["id"].as_i64(), seen["line"]["imageType"].as_str()), (Some(line_id), Some("image/png")));
    let (status, _, body) = raw(shop.http, "POST", &path, &[octets, ("X-Chat-Token", &chat_token)], b"<svg/>").await;
    let refused: Value = serde_json::from_slice(&body).unwrap();
    assert_eq!((status, refused["data"]["fields"]["file"].as_str()), (400, Some("api.chat.imageType")));
    let (status, _, _) = raw(shop.http, "POST", &path, &[octets], &png).await;
    assert_eq!(status, 401, "no credential");

    // Read back by the guest and by staff, as an inert image; nobody else.
    let image = format!("/api/chat/{chat_id}/images/{line_id}");
    let (status, head, body) = raw(shop.http, "GET", &image, &[("X-Chat-Token", &chat_token)], b"").await;
    assert_eq!((status, body.as_slice()), (200, png.as_slice()));
    assert!(head.contains("content-type: image/png") && head.contains("x-content-type-options: nosniff"), "{head}");
    assert!(head.contains("content-security-policy: default-src 'none'; sandbox"), "{head}");
    let stranger = "0".repeat(64);
    assert_eq!(raw(shop.http, "GET", &image, &[("X-Chat-Token", &stranger)], b"").await.0, 404);
    let staff_image = format!("/api/staff/chat/{chat_id}/images/{line_id}");
    let (status, _, body) = raw(shop.http, "GET", &staff_image, &[("Authorization", &token)], b"").await;
    assert_eq!((status, body.as_slice()), (200, png.as_slice()));

    // The transcript, once; a second at once is refused.
    send(&mut gus, json!({"type": "transcript"})).await;
    assert_eq!(next_of(&mut gus, &["transcript", "error"]).await["type"], "transcript");
    send(&mut gus, json!({"type": "transcript"})).await;
    assert_eq!(next_of(&mut gus, &["transcript", "error"]).await["code"], "api.chat.transcriptSent");

    // Ada's console closes: she is offline at once, and the desk says so.
    drop(ada);
    let mut closed = false;
    for _ in 0..50 {
        send(&mut gus, json!({"type": "desk"})).await;
        if next_of(&mut gus, &["desk"]).await["agentsOnline"] == false {
            closed = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(closed, "the agent who left is offline");
}
