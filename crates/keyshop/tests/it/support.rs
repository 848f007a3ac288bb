//! What the process-level tests share: free ports, plain HTTP calls, a
//! guest's paid order, waiting for its delivery, and a hard kill.

#![allow(dead_code)]

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::Child;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

pub const BINARY: &str = env!("CARGO_BIN_EXE_keyshop");

pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// A plain HTTP/1.1 call; `(status, JSON body)`.
pub fn http(
    port: u16,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<&Value>,
) -> Option<(u16, Value)> {
    let (status, text) = http_text(port, method, path, headers, body)?;
    Some((status, serde_json::from_str(&text).ok()?))
}

/// A plain HTTP/1.1 call; `(status, body)`.
pub fn http_text(
    port: u16,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<&Value>,
) -> Option<(u16, String)> {
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
    Some((status, response.split_once("\r\n\r\n")?.1.to_owned()))
}

pub fn kill_hard(mut child: Child) {
    child.kill().unwrap();
    child.wait().unwrap();
}

/// A billing address every checkout in these tests gives.
pub fn billing() -> Value {
    json!({"firstName": "Ann", "lastName": "Lee", "phone": "+49 30 901820", "address": "Unter den Linden 1",
           "city": "Berlin", "province": "", "zip": "10117", "country": "DE"})
}

/// A guest's order of one key of `product`, paid with the sandbox card;
/// `(order number, link token)`.
pub fn buy_and_pay(port: u16, product: &Value, email: &str) -> (String, String) {
    let body = json!({"lines": [{"productId": product["id"], "quantity": 1}], "email": email, "contact": "",
        "note": "", "coupon": "", "paymentMethod": "sandbox-card", "currency": "USD", "billingAddress": billing()});
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

/// Waits (up to `patience`) until the guest's order is delivered; its key.
pub fn delivered_key(port: u16, order_no: &str, token: &str, patience: Duration) -> String {
    let deadline = Instant::now() + patience;
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
    found[0]["key"].as_str().unwrap().to_owned()
}
