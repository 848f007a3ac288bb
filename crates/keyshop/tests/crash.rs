//! A store killed with SIGKILL between a payment and its delivery, then
//! started again on the same data: every paid order is delivered with
//! exactly one key and its e-mail, whatever the moment of the kill. Real
//! processes, real ports; the keys never appear in the store's log.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use keyshop_core::test_support::outbox_mails;
use serde_json::{Value, json};

const BINARY: &str = env!("CARGO_BIN_EXE_keyshop");

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// A plain HTTP/1.1 call; `(status, JSON body)`.
fn http(port: u16, method: &str, path: &str, headers: &[(&str, &str)], body: Option<&Value>) -> Option<(u16, Value)> {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).ok()?;
    stream.set_read_timeout(Some(Duration::from_secs(20))).ok()?;
    let payload = body.map(Value::to_string).unwrap_or_default();
    let mut request = format!("{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n");
    for (name, value) in headers {
        request.push_str(&format!("{name}: {value}\r\n"));
    }
    request.push_str(&format!("Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{payload}", payload.len()));
    stream.write_all(request.as_bytes()).ok()?;
    let mut response = String::new();
    stream.read_to_string(&mut response).ok()?;
    let status = response.split(' ').nth(1)?.parse().ok()?;
    Some((status, serde_json::from_str(response.split_once("\r\n\r\n")?.1).ok()?))
}

/// `keyshop serve --demo` on `data` and `port`, its log in `data/keyshop.log`.
fn serve(data: &Path, port: u16) -> Child {
    let log = std::fs::OpenOptions::new().create(true).append(true).open(data.join("keyshop.log")).unwrap();
    let mut child = Command::new(BINARY)
        .args(["serve", "--demo"])
        .current_dir(data)
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("KEYSHOP_DATA_DIR", data)
        .env("KEYSHOP_HTTP_ADDR", format!("127.0.0.1:{port}"))
        .env("KEYSHOP_LOG", "info")
        .stdout(Stdio::from(log.try_clone().unwrap()))
        .stderr(Stdio::from(log))
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    while http(port, "GET", "/readyz", &[], None).is_none_or(|(status, _)| status != 200) {
        assert!(child.try_wait().unwrap().is_none(), "keyshop exited early");
        assert!(Instant::now() < deadline, "keyshop did not become ready");
        std::thread::sleep(Duration::from_millis(100));
    }
    child
}

fn kill_hard(mut child: Child) {
    child.kill().unwrap();
    child.wait().unwrap();
}

/// A guest's order of one key of `product`, paid with the sandbox card;
/// `(order number, link token)`.
fn buy_and_pay(port: u16, product: &Value, email: &str) -> (String, String) {
    let body = json!({"lines": [{"productId": product["id"], "quantity": 1}], "email": email, "contact": "",
        "note": "", "coupon": "", "paymentMethod": "sandbox-card", "currency": "USD"});
    let (status, placed) = http(port, "POST", "/prod-api/api/order/checkout", &[], Some(&body)).unwrap();
    assert_eq!(status, 200, "{placed}");
    let session = placed["data"]["paymentSessionId"].as_str().unwrap();
    let card = json!({"number": "4242424242424242", "expiry": "12/39", "cvc": "123"});
    let path = format!("/prod-api/api/payment/sandbox/{session}/charge");
    let (status, paid) = http(port, "POST", &path, &[], Some(&card)).unwrap();
    assert_eq!((status, paid["data"]["state"].as_str()), (200, Some("succeeded")), "{paid}");
    let order = &placed["data"];
    (order["order"]["orderNo"].as_str().unwrap().to_owned(), order["linkToken"].as_str().unwrap().to_owned())
}

#[test]
fn a_store_killed_between_payment_and_delivery_delivers_each_key_exactly_once() {
    let data = tempfile::tempdir().unwrap();
    let port = free_port();
    let mut server = serve(data.path(), port);
    let (status, list) = http(port, "GET", "/prod-api/api/home/queryGames?stock=in_stock&limit=10", &[], None).unwrap();
    assert_eq!(status, 200);
    let products = list["data"]["rows"].as_array().unwrap().clone();

    // Killed at once after the payment, a little later, and later still.
    let mut orders = BTreeMap::new();
    for (round, pause_ms) in [0_u64, 30, 150].into_iter().enumerate() {
        let (order_no, token) = buy_and_pay(port, &products[round], &format!("crash{round}@example.com"));
        std::thread::sleep(Duration::from_millis(pause_ms));
        kill_hard(server);
        orders.insert(order_no, token);
        server = serve(data.path(), port);
    }

    // Every order is delivered after the restarts, with one key each.
    let mut keys = Vec::new();
    for (order_no, token) in &orders {
        let deadline = Instant::now() + Duration::from_secs(30);
        let path = format!("/prod-api/api/order/{order_no}");
        loop {
            let (_, order) = http(port, "GET", &path, &[("X-Order-Token", token)], None).unwrap();
            if order["data"]["state"] == "delivered" {
                break;
            }
            assert!(Instant::now() < deadline, "{order_no} stayed {}", order["data"]["state"]);
            std::thread::sleep(Duration::from_millis(100));
        }
        let (status, revealed) =
            http(port, "POST", &format!("{path}/keys"), &[("X-Order-Token", token)], Some(&json!({}))).unwrap();
        assert_eq!(status, 200, "{revealed}");
        let found = revealed["data"]["keys"].as_array().unwrap();
        assert_eq!(found.len(), 1, "{revealed}");
        keys.push(found[0]["key"].as_str().unwrap().to_owned());
    }
    // Every order's e-mail is written. One the killed process had leased
    // goes out when its lease ends (a minute); one written in the instant
    // before the kill, before it was marked sent, is written again: the same
    // key to the same buyer. The keys themselves were allocated once (above).
    for order_no in orders.keys() {
        let deadline = Instant::now() + Duration::from_secs(80);
        loop {
            let mails = outbox_mails(&data.path().join("outbox"));
            let count = mails.iter().filter(|mail| mail.contains(order_no.as_str())).count();
            assert!(count <= 2, "{order_no}: {count} delivery e-mails");
            if count >= 1 {
                break;
            }
            assert!(Instant::now() < deadline, "{order_no}: no delivery e-mail");
            std::thread::sleep(Duration::from_millis(200));
        }
    }
    kill_hard(server);

    let log = std::fs::read_to_string(data.path().join("keyshop.log")).unwrap();
    for key in &keys {
        assert!(!log.contains(key.as_str()), "a key was logged");
    }
}
