//! The key inventory over real gRPC, on SQLite and PostgreSQL: imports,
//! concurrent holds that never oversell, allocation once, expiry that survives
//! a restart, reveal with its audit log, and no key in plain text at rest.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::support;
use keyshop_core::clock::Clock;

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use diesel::prelude::*;
use keyshop_core::error::{AppError, ErrorCode};
use keyshop_core::events::outbox;
use keyshop_delivery::store::MIGRATIONS;
use keyshop_delivery::store::schema::product_keys;
use keyshop_proto::delivery::v1 as pb;
use keyshop_testkit::TestDb;
use keyshop_testkit::backend_test;
use support::{keys, line};

fn app_error<T: std::fmt::Debug>(result: Result<T, tonic::Status>) -> AppError {
    AppError::from_status(&result.expect_err("the call fails"))
}

backend_test!(imports_count_duplicates_and_invalid_keys, &MIGRATIONS, |test_db: TestDb| async move {
    let data = tempfile::tempdir().unwrap();
    let mut delivery = support::start(support::config(&test_db, data.path())).await;
    let mut batch = keys("AAAAA", 5);
    batch.push(pb::KeyLine { key: "AAAAA-00001-ABCDE".to_owned(), note: String::new() });
    batch.push(pb::KeyLine { key: "no".to_owned(), note: String::new() });
    batch.push(pb::KeyLine { key: "BAD\u{7}KEY".to_owned(), note: String::new() });
    batch.push(pb::KeyLine { key: "  SPACED-KEY-0001  ".to_owned(), note: "from supplier A".to_owned() });
    let report = delivery.import("SKU-A", batch).await;
    assert_eq!((report.imported, report.duplicates, report.invalid, report.available), (6, 1, 2, 6));
    assert_eq!(report.invalid_lines, [7, 8]);

    // The same keys again, for any product, are duplicates.
    let again = delivery.import("SKU-B", keys("AAAAA", 7)).await;
    assert_eq!((again.imported, again.duplicates, again.available), (2, 5, 2));
    let stock = delivery.stock("SKU-A").await;
    assert_eq!((stock.available, stock.reserved, stock.sold), (6, 0, 0));

    let empty = app_error(
        delivery.staff.import_keys(pb::ImportKeysRequest { sku: " ".to_owned(), ..Default::default() }).await,
    );
    assert_eq!(empty.code, ErrorCode::Validation);
    assert!(empty.fields.contains_key("sku") && empty.fields.contains_key("keys"));

    // Each import that added keys told the catalog (through the outbox).
    let db = delivery.service.db().clone();
    let pending = db.run(|conn| Ok::<_, keyshop_core::db::DbError>(outbox::pending_count(conn)?)).await.unwrap();
    let published = wait_for_outbox_drain(&db, pending).await;
    assert!(published, "the stock events leave the outbox");

    // At rest there is no key text: not in the rows, not in the file.
    let rows: Vec<(Vec<u8>, Vec<u8>)> = db
        .run(|conn| {
            product_keys::table
                .select((product_keys::ciphertext, product_keys::fingerprint))
                .load(conn)
                .map_err(keyshop_core::db::DbError::from)
        })
        .await
        .unwrap();
    assert_eq!(rows.len(), 8);
    for (ciphertext, fingerprint) in &rows {
        for blob in [ciphertext, fingerprint] {
            assert!(!String::from_utf8_lossy(blob).contains("AAAAA"), "a key in plain text");
        }
    }
    if let Some(path) = test_db.url.strip_prefix("sqlite://") {
        drop(delivery);
        // The database file and its write-ahead log.
        let mut bytes = std::fs::read(path).unwrap();
        bytes.extend(std::fs::read(format!("{path}-wal")).unwrap_or_default());
        let text = String::from_utf8_lossy(&bytes);
        assert!(!text.contains("AAAAA-0000") && !text.contains("SPACED-KEY"), "a key in the database file");
        assert!(text.contains("from supplier A"), "notes are plain (they are not secrets)");
    }
});

async fn wait_for_outbox_drain(db: &keyshop_core::db::Db, _initial: i64) -> bool {
    let deadline = Instant::now() + Duration::from_secs(10);
    while Instant::now() < deadline {
        let pending =
            db.run(|conn| Ok::<_, keyshop_core::db::DbError>(outbox::pending_count(conn)?)).await.unwrap_or(1);
        if pending == 0 {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    false
}

backend_test!(two_hundred_checkouts_for_fifty_keys, &MIGRATIONS, |test_db: TestDb| async move {
    let data = tempfile::tempdir().unwrap();
    let mut delivery = support::start(support::config(&test_db, data.path())).await;
    delivery.import("HOT-1", keys("HOT", 50)).await;

    let mut tasks = Vec::new();
    for index in 0..200 {
        let mut client = delivery.client.clone();
        tasks.push(tokio::spawn(async move {
            client
                .reserve(pb::ReserveRequest {
                    order_no: format!("KS-{index:04}"),
                    lines: vec![line(1, "HOT-1", 1)],
                    hold_seconds: 0,
                    email: format!("buyer-{index}@example.com"),
                })
                .await
        }));
    }
    let (mut held, mut refused) = (0, 0);
    for task in tasks {
        match task.await.unwrap() {
            Ok(reservation) => {
                assert_eq!(reservation.into_inner().state(), pb::ReservationState::Held);
                held += 1;
            }
            Err(status) => {
                let error = AppError::from_status(&status);
                assert_eq!((error.code, error.msg_key.as_str()), (ErrorCode::Conflict, "api.delivery.outOfStock"));
                refused += 1;
            }
        }
    }
    assert_eq!((held, refused), (50, 150));
    let stock = delivery.stock("HOT-1").await;
    assert_eq!((stock.available, stock.reserved), (0, 50));

    // Every key is held by exactly one order.
    let db = delivery.service.db().clone();
    let holders: Vec<(i64, Option<String>)> = db
        .run(|conn| {
            product_keys::table
                .filter(product_keys::status.eq("reserved"))
                .select((product_keys::id, product_keys::order_no))
                .load(conn)
                .map_err(keyshop_core::db::DbError::from)
        })
        .await
        .unwrap();
    let orders: BTreeSet<_> = holders.iter().map(|(_, order)| order.clone().unwrap()).collect();
    assert_eq!((holders.len(), orders.len()), (50, 50));

    // Paying all 50 sells 50 distinct keys.
    let mut revealed = BTreeSet::new();
    for order_no in &orders {
        assert!(delivery.allocate(order_no).await.complete);
        for key in delivery.reveal(order_no).await {
            assert!(revealed.insert(key.key), "a key sold twice");
        }
    }
    assert_eq!(revealed.len(), 50);
    let stock = delivery.stock("HOT-1").await;
    assert_eq!((stock.available, stock.reserved, stock.sold), (0, 0, 50));
});

backend_test!(allocation_sells_the_held_keys_once_and_reveals_are_logged, &MIGRATIONS, |test_db: TestDb| async move {
    let data = tempfile::tempdir().unwrap();
    let mut delivery = support::start(support::config(&test_db, data.path())).await;
    delivery.import("SKU-A", keys("AAAAA", 3)).await;
    delivery.import("SKU-B", keys("BBBBB", 2)).await;

    let lines = vec![line(1, "SKU-A", 2), line(2, "SKU-B", 1)];
    let held = delivery.reserve("KS-1", lines.clone(), 0).await.unwrap();
    let window = held.expires_at_ms - delivery.clock.now_ms();
    assert!((14 * 60_000..=15 * 60_000).contains(&window), "the 15-minute payment window: {window}");
    // Asking again answers the same hold and takes nothing more.
    assert_eq!(delivery.reserve("KS-1", lines, 0).await.unwrap().expires_at_ms, held.expires_at_ms);
    assert_eq!(delivery.stock("SKU-A").await.available, 1);
    // Not enough of one line: nothing is held for the order at all.
    let short = app_error(delivery.reserve("KS-2", vec![line(1, "SKU-A", 1), line(2, "SKU-B", 5)], 0).await);
    assert_eq!(short.code, ErrorCode::Conflict);
    assert_eq!(delivery.stock("SKU-A").await.available, 1);
    let bad = app_error(delivery.reserve("bad order", vec![line(1, "SKU-A", 0)], -1).await);
    assert_eq!(bad.code, ErrorCode::Validation);
    assert_eq!(bad.fields.keys().collect::<Vec<_>>(), ["holdSeconds", "orderNo", "quantity"]);

    assert_eq!(delivery.reveal("KS-1").await, vec![], "nothing to show before payment");
    let first = delivery.allocate("KS-1").await;
    let second = delivery.allocate("KS-1").await;
    assert_eq!(first, second);
    assert!(first.complete);
    let shown = delivery.reveal("KS-1").await;
    let again = delivery.reveal("KS-1").await;
    assert_eq!(shown, again);
    let texts: Vec<_> = shown.iter().map(|key| (key.line_no, key.sku.as_str(), key.key.as_str())).collect();
    assert_eq!(
        texts,
        [(1, "SKU-A", "AAAAA-00000-ABCDE"), (1, "SKU-A", "AAAAA-00001-ABCDE"), (2, "SKU-B", "BBBBB-00000-ABCDE")]
    );
    let stock = delivery.stock("SKU-A").await;
    assert_eq!((stock.available, stock.reserved, stock.sold), (1, 0, 2));

    // Releasing a paid order gives nothing back.
    let after = delivery.client.release(pb::OrderRef { order_no: "KS-1".to_owned() }).await.unwrap().into_inner();
    assert_eq!(after.state(), pb::ReservationState::Allocated);
    assert_eq!(delivery.stock("SKU-A").await.sold, 2);

    let log = delivery.client.list_reveals(pb::OrderRef { order_no: "KS-1".to_owned() }).await.unwrap().into_inner();
    assert_eq!(log.reveals.len(), 2, "the empty look before payment is not a reveal");
    let entry = &log.reveals[0];
    assert_eq!((entry.actor.as_str(), entry.ip.as_str()), ("member:7", "198.51.100.9"));
    assert!(entry.browser.starts_with("Firefox") && entry.os.starts_with("Windows"), "{entry:?}");
    let unknown = app_error(delivery.client.allocate(pb::OrderRef { order_no: "KS-404".to_owned() }).await);
    assert_eq!(unknown.code, ErrorCode::NotFound);
});

backend_test!(expired_holds_return_to_stock_even_across_a_restart, &MIGRATIONS, |test_db: TestDb| async move {
    let data = tempfile::tempdir().unwrap();
    let config = support::config(&test_db, data.path());
    let mut delivery = support::start(config.clone()).await;
    delivery.import("SKU-A", keys("AAAAA", 2)).await;
    delivery.reserve("KS-1", vec![line(1, "SKU-A", 2)], 1).await.unwrap();
    assert_eq!(delivery.stock("SKU-A").await.available, 0);
    // The process stops before the hold runs out; a new one releases it.
    let clock = delivery.clock.clone();
    drop(delivery);
    clock.advance(Duration::from_millis(1100));
    let mut restarted = support::start_at(config, false, clock).await;
    let deadline = Instant::now() + Duration::from_secs(10);
    while restarted.stock("SKU-A").await.available != 2 {
        assert!(Instant::now() < deadline, "the expired hold was never released");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let released = restarted.client.release(pb::OrderRef { order_no: "KS-1".to_owned() }).await.unwrap();
    assert_eq!(released.into_inner().state(), pb::ReservationState::Released);

    // Paid after all (a late payment): the order takes keys from stock again;
    // what stock cannot give is reported missing, and filled after an import.
    restarted.reserve("KS-2", vec![line(1, "SKU-A", 1)], 0).await.unwrap();
    let late = restarted.allocate("KS-1").await;
    assert!(!late.complete);
    assert_eq!(late.lines[0].missing, 1);
    restarted.import("SKU-A", keys("CCCCC", 1)).await;
    let filled = restarted.allocate("KS-1").await;
    assert!(filled.complete);
    assert_eq!(restarted.reveal("KS-1").await.len(), 2);
    let stock = restarted.stock("SKU-A").await;
    assert_eq!((stock.available, stock.reserved, stock.sold), (0, 1, 2));
});
