//! A store killed with SIGKILL between a payment and its delivery, then
//! started again on the same data: every paid order is delivered with
//! exactly one key and its e-mail, whatever the moment of the kill. Real
//! processes, real ports; the keys never appear in the store's log.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::support;

use std::collections::BTreeMap;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use keyshop_testkit::outbox_mails;
use support::{BINARY, buy_and_pay, delivered_key, free_port, http, kill_hard};

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
    let keys: Vec<String> =
        orders.iter().map(|(order_no, token)| delivered_key(port, order_no, token, Duration::from_secs(30))).collect();
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
