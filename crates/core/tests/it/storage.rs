//! The kernel's storage suite, run on SQLite and on PostgreSQL.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::Arc;
use std::time::Duration;

use keyshop_core::db::{self, CORE_MIGRATIONS, Db, DbError};
use keyshop_core::events::Event;
use keyshop_core::events::outbox::{self, OutboxRelay, OutboxWaker};
use keyshop_core::events::{EventBus, MemoryBus, processed, topics};
use keyshop_proto::events::v1::SettingChanged;
use keyshop_testkit::storage_test;

fn event(key: &str) -> Event {
    Event::new(key, &SettingChanged { key: key.to_owned() })
}

async fn next(subscription: &mut Box<dyn keyshop_core::events::Subscription>) -> keyshop_core::events::Delivery {
    tokio::time::timeout(Duration::from_secs(10), subscription.next()).await.expect("delivered").unwrap()
}

async fn pending(db: &Db) -> i64 {
    db.run(|conn| outbox::pending_count(conn).map_err(DbError::from)).await.unwrap()
}

storage_test!(migrations_go_down_and_up_again, &CORE_MIGRATIONS, |db: Db| async move {
    db.run(|conn| db::redo_all(conn, &CORE_MIGRATIONS)).await.unwrap();
    assert_eq!(pending(&db).await, 0);
});

storage_test!(outbox_rows_follow_their_transaction, &CORE_MIGRATIONS, |db: Db| async move {
    let rolled_back: Result<(), DbError> = db
        .write(|conn| {
            outbox::enqueue(conn, &event("lost"))?;
            Err(DbError::Query(diesel::result::Error::RollbackTransaction))
        })
        .await;
    assert!(rolled_back.is_err());
    assert_eq!(pending(&db).await, 0);
    db.write(|conn| outbox::enqueue(conn, &event("kept")).map_err(DbError::from)).await.unwrap();
    assert_eq!(pending(&db).await, 1);
});

storage_test!(concurrent_writers_all_commit, &CORE_MIGRATIONS, |db: Db| async move {
    let writers = (0..40).map(|index| {
        let db = db.clone();
        tokio::spawn(async move {
            db.write(move |conn| outbox::enqueue(conn, &event(&format!("k{index}"))).map_err(DbError::from)).await
        })
    });
    for writer in futures::future::join_all(writers).await {
        writer.unwrap().unwrap();
    }
    assert_eq!(pending(&db).await, 40);
});

storage_test!(relay_publishes_in_order_once, &CORE_MIGRATIONS, |db: Db| async move {
    let bus = Arc::new(MemoryBus::default());
    let mut subscription = bus.subscribe("test", &[topics::CATALOG]).await.unwrap();
    for key in ["a", "b", "c"] {
        db.write(move |conn| outbox::enqueue(conn, &event(key)).map_err(DbError::from)).await.unwrap();
    }
    let consumer = tokio::spawn(async move {
        let mut keys = Vec::new();
        for _ in 0..3 {
            let delivery = subscription.next().await.unwrap();
            keys.push(delivery.event.aggregate_key.clone());
            delivery.ack();
        }
        keys
    });
    let relay = OutboxRelay::new("test", db.clone(), bus.clone(), OutboxWaker::default(), Duration::from_millis(50));
    assert_eq!(relay.publish_pending().await.unwrap(), 3);
    assert_eq!(consumer.await.unwrap(), ["a", "b", "c"]);
    assert_eq!(pending(&db).await, 0);
    assert_eq!(relay.publish_pending().await.unwrap(), 0);
});

storage_test!(published_rows_are_pruned_oldest_first_and_pending_ones_never, &CORE_MIGRATIONS, |db: Db| async move {
    let bus = Arc::new(MemoryBus::default());
    for key in ["a", "b", "c"] {
        db.write(move |conn| outbox::enqueue(conn, &event(key)).map_err(DbError::from)).await.unwrap();
    }
    let relay = OutboxRelay::new("test", db.clone(), bus.clone(), OutboxWaker::default(), Duration::from_millis(50));
    assert_eq!(relay.publish_pending().await.unwrap(), 3);
    db.write(|conn| outbox::enqueue(conn, &event("d")).map_err(DbError::from)).await.unwrap();
    let prune = |before: i64, limit: i64| {
        let db = db.clone();
        async move { db.write(move |conn| outbox::prune_published(conn, before, limit).map_err(DbError::from)).await }
    };
    let keys = || {
        let db = db.clone();
        async move {
            let event_type = event("any").event_type;
            let kept = db.run(move |conn| outbox::of_type(conn, &event_type).map_err(DbError::from)).await.unwrap();
            kept.into_iter().map(|event| event.aggregate_key).collect::<Vec<_>>()
        }
    };
    let now = keyshop_core::clock::Clock::now_ms(&keyshop_core::clock::SystemClock);
    assert_eq!(prune(now - 60_000, 10).await.unwrap(), 0, "published a moment ago: kept");
    assert_eq!(prune(now + 60_000, 2).await.unwrap(), 2);
    assert_eq!(keys().await, ["c", "d"], "the oldest went first");
    assert_eq!(prune(now + 60_000, 10).await.unwrap(), 1);
    assert_eq!(keys().await, ["d"], "the pending row stays");
    assert_eq!(pending(&db).await, 1);
});

storage_test!(
    the_relay_hands_off_the_next_events_while_earlier_ones_are_unacknowledged,
    &CORE_MIGRATIONS,
    |db: Db| async move {
        let bus = Arc::new(MemoryBus::default());
        let mut subscription = bus.subscribe("slow", &[topics::CATALOG]).await.unwrap();
        let waker = OutboxWaker::default();
        let (stop, shutdown) = keyshop_core::shutdown::channel();
        let relay = OutboxRelay::new("test", db.clone(), bus.clone(), waker.clone(), Duration::from_secs(30));
        let running = tokio::spawn(relay.run(shutdown));
        let write = |key: &'static str| {
            let (db, waker) = (db.clone(), waker.clone());
            async move {
                db.write(move |conn| outbox::enqueue(conn, &event(key)).map_err(DbError::from)).await.unwrap();
                waker.wake();
            }
        };
        write("a").await;
        let first = next(&mut subscription).await;
        assert_eq!(first.event.aggregate_key, "a");
        // "a" is still being handled: "b" goes out all the same, after it.
        write("b").await;
        let second = next(&mut subscription).await;
        assert_eq!(second.event.aggregate_key, "b");
        second.ack();
        let stamped = async {
            while pending(&db).await != 1 {
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
        };
        tokio::time::timeout(Duration::from_secs(10), stamped).await.expect("b stamped, a pending");
        first.ack();
        let drained = async {
            while pending(&db).await != 0 {
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
        };
        tokio::time::timeout(Duration::from_secs(10), drained).await.expect("both stamped");
        stop.trigger();
        running.await.unwrap();
    }
);

/// PostgreSQL hands out seqs when rows are written, not when they commit: an
/// event whose transaction commits after a later one's still goes out.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_relay_publishes_an_event_committed_after_a_later_one_on_postgres() {
    let test_db = keyshop_testkit::TestDb::postgres(&CORE_MIGRATIONS).await.unwrap();
    let db = test_db.db.clone();
    let bus = Arc::new(MemoryBus::default());
    let mut subscription = bus.subscribe("all", &[topics::CATALOG]).await.unwrap();
    let waker = OutboxWaker::default();
    let (stop, shutdown) = keyshop_core::shutdown::channel();
    let relay = OutboxRelay::new("test", db.clone(), bus.clone(), waker.clone(), Duration::from_millis(50));
    let running = tokio::spawn(relay.run(shutdown));

    // "early" takes its seq first and commits last.
    let (commit, committed) = std::sync::mpsc::channel::<()>();
    let (written, was_written) = tokio::sync::oneshot::channel::<()>();
    let early = {
        let db = db.clone();
        tokio::spawn(async move {
            db.write(move |conn| {
                outbox::enqueue(conn, &event("early"))?;
                let _ = written.send(());
                committed.recv().map_err(|_| DbError::WriterGone)
            })
            .await
        })
    };
    was_written.await.unwrap();
    db.write(|conn| outbox::enqueue(conn, &event("late")).map_err(DbError::from)).await.unwrap();
    waker.wake();
    let late = next(&mut subscription).await;
    assert_eq!(late.event.aggregate_key, "late");
    late.ack();
    commit.send(()).unwrap();
    early.await.unwrap().unwrap();
    waker.wake();
    let delivery = next(&mut subscription).await;
    assert_eq!(delivery.event.aggregate_key, "early");
    delivery.ack();
    stop.trigger();
    running.await.unwrap();
}

/// The pool does not ask PostgreSQL before lending a connection: one the
/// server dropped fails its caller once and leaves the pool.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_the_server_dropped_leave_the_pool_after_one_failure_on_postgres() {
    use diesel::{Connection, RunQueryDsl};

    let test_db = keyshop_testkit::TestDb::postgres(&CORE_MIGRATIONS).await.unwrap();
    let db = test_db.db.clone();
    let count = |db: Db| async move { db.run(|conn| outbox::pending_count(conn).map_err(DbError::from)).await };
    // Every connection of the pool in use once, then all dropped by the server.
    let busy = (0..8).map(|_| {
        let db = db.clone();
        tokio::spawn(async move {
            db.run(|conn| {
                diesel::sql_query("SELECT pg_sleep(0.05)").execute(conn).map_err(DbError::from)?;
                Ok::<_, DbError>(())
            })
            .await
        })
    });
    for done in futures::future::join_all(busy).await {
        done.unwrap().unwrap();
    }
    let url = test_db.url.clone();
    tokio::task::spawn_blocking(move || {
        let mut admin = diesel::PgConnection::establish(&url).unwrap();
        diesel::sql_query(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
             WHERE datname = current_database() AND pid <> pg_backend_pid()",
        )
        .execute(&mut admin)
        .unwrap();
    })
    .await
    .unwrap();

    // At most one failure per connection the pool held (16 at most).
    let mut failures = 0;
    for _ in 0..30 {
        if count(db.clone()).await.is_err() {
            failures += 1;
        }
    }
    assert!(failures <= 16, "{failures} failures: dropped connections were lent again");
    for _ in 0..10 {
        assert_eq!(count(db.clone()).await.unwrap(), 0, "the pool lends live connections again");
    }
}

storage_test!(an_unacknowledged_event_stays_pending, &CORE_MIGRATIONS, |db: Db| async move {
    let bus = Arc::new(MemoryBus::new(3, Duration::from_millis(1), Duration::from_millis(50)));
    let _silent = bus.subscribe("silent", &[topics::CATALOG]).await.unwrap();
    db.write(|conn| outbox::enqueue(conn, &event("x")).map_err(DbError::from)).await.unwrap();
    let relay = OutboxRelay::new("test", db.clone(), bus, OutboxWaker::default(), Duration::from_millis(50));
    assert_eq!(relay.publish_pending().await.unwrap(), 0);
    assert_eq!(pending(&db).await, 1);
});

storage_test!(the_backlog_counts_what_waits_and_since_when, &CORE_MIGRATIONS, |db: Db| async move {
    let backlog = |db: Db| async move { db.run(|conn| outbox::backlog(conn).map_err(DbError::from)).await.unwrap() };
    assert_eq!(backlog(db.clone()).await, (0, None));
    for (key, at) in [("a", 2_000), ("b", 1_000), ("c", 3_000)] {
        let mut written = event(key);
        written.occurred_at_ms = at;
        db.write(move |conn| outbox::enqueue(conn, &written).map_err(DbError::from)).await.unwrap();
    }
    assert_eq!(backlog(db.clone()).await, (3, Some(1_000)));
    let relay = OutboxRelay::new(
        "test",
        db.clone(),
        Arc::new(MemoryBus::default()),
        OutboxWaker::default(),
        Duration::from_millis(50),
    );
    assert_eq!(relay.publish_pending().await.unwrap(), 3);
    assert_eq!(backlog(db).await, (0, None));
});

storage_test!(a_consumer_claims_an_event_once, &CORE_MIGRATIONS, |db: Db| async move {
    let first = db.write(|conn| processed::claim(conn, "member", "e1").map_err(DbError::from)).await.unwrap();
    let again = db.write(|conn| processed::claim(conn, "member", "e1").map_err(DbError::from)).await.unwrap();
    let other_consumer = db.write(|conn| processed::claim(conn, "order", "e1").map_err(DbError::from)).await.unwrap();
    assert!(first);
    assert!(!again);
    assert!(other_consumer);
});

storage_test!(old_claims_are_pruned_oldest_first, &CORE_MIGRATIONS, |db: Db| async move {
    let claim = |event_id: &'static str| {
        let db = db.clone();
        async move { db.write(move |conn| processed::claim(conn, "member", event_id).map_err(DbError::from)).await }
    };
    for event_id in ["a", "b", "c"] {
        assert!(claim(event_id).await.unwrap());
        // Each claim in a millisecond of its own.
        tokio::time::sleep(Duration::from_millis(3)).await;
    }
    let prune = |before: i64, limit: i64| {
        let db = db.clone();
        async move { db.write(move |conn| processed::prune(conn, before, limit).map_err(DbError::from)).await }
    };
    let now = keyshop_core::clock::Clock::now_ms(&keyshop_core::clock::SystemClock);
    assert_eq!(prune(now - 60_000, 10).await.unwrap(), 0, "claimed a moment ago: kept");
    assert_eq!(prune(now + 60_000, 2).await.unwrap(), 2, "the two oldest");
    assert!(!claim("c").await.unwrap(), "the newest claim is still known");
    assert!(claim("a").await.unwrap(), "a pruned claim is forgotten");
    assert_eq!(prune(now + 60_000, 10).await.unwrap(), 2, "c and the new claim of a");
});

storage_test!(each_writer_keeps_its_outcome_when_writes_are_grouped, &CORE_MIGRATIONS, |db: Db| async move {
    // The first write holds the writer while the others queue behind it, so
    // on SQLite they are committed as one group: the failing and the
    // panicking ones must leave nothing, the others everything.
    let first = {
        let db = db.clone();
        tokio::spawn(async move {
            db.write(|conn| {
                std::thread::sleep(Duration::from_millis(200));
                outbox::enqueue(conn, &event("first")).map_err(DbError::from)
            })
            .await
        })
    };
    tokio::time::sleep(Duration::from_millis(50)).await;
    let writers = (0..30).map(|index| {
        let db = db.clone();
        tokio::spawn(async move {
            db.write(move |conn| {
                outbox::enqueue(conn, &event(&format!("k{index}")))?;
                match index % 3 {
                    0 => Ok(()),
                    1 => Err(DbError::Query(diesel::result::Error::RollbackTransaction)),
                    _ if index == 2 => panic!("a writer that panics"),
                    _ => Err(DbError::Query(diesel::result::Error::NotFound)),
                }
            })
            .await
        })
    });
    let outcomes: Vec<bool> =
        futures::future::join_all(writers).await.into_iter().map(|w| w.unwrap().is_ok()).collect();
    first.await.unwrap().unwrap();
    assert_eq!(outcomes.iter().filter(|ok| **ok).count(), 10, "{outcomes:?}");
    let event_type = event("any").event_type;
    let kept = db.run(move |conn| outbox::of_type(conn, &event_type).map_err(DbError::from)).await.unwrap();
    let mut keys: Vec<String> = kept.into_iter().map(|event| event.aggregate_key).collect();
    keys.sort();
    let mut expected: Vec<String> = (0..30).filter(|index| index % 3 == 0).map(|index| format!("k{index}")).collect();
    expected.push("first".to_owned());
    expected.sort();
    assert_eq!(keys, expected);
});

/// A one-statement write on PostgreSQL is its own transaction, with no
/// `BEGIN` round trip: a `SAVEPOINT`, which needs a transaction block, is
/// refused there and taken inside `Db::write`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_one_statement_write_opens_no_transaction_block_on_postgres() {
    use diesel::RunQueryDsl;

    let test_db = keyshop_testkit::TestDb::postgres(&CORE_MIGRATIONS).await.unwrap();
    let savepoint =
        |conn: &mut db::DbConnection| diesel::sql_query("SAVEPOINT probe").execute(conn).map_err(DbError::from);
    let alone = test_db.db.write_one(savepoint).await.expect_err("no transaction block around one statement");
    assert!(alone.to_string().contains("transaction block"), "{alone}");
    test_db.db.write(savepoint).await.expect("a transaction block around a write");
    // A one-statement write commits.
    test_db.db.write_one(|conn| outbox::enqueue(conn, &event("alone")).map_err(DbError::from)).await.unwrap();
    assert_eq!(pending(&test_db.db).await, 1);
}
