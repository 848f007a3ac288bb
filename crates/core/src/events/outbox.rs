//! The transactional outbox. [`enqueue`] writes an event in the caller's
//! transaction; the [`OutboxRelay`] publishes pending rows in order and stamps
//! them. A crash between publish and stamp publishes again (at-least-once).

use std::sync::Arc;
use std::time::Duration;

use diesel::prelude::*;
use futures::future::join_all;
use tokio::sync::Notify;

use super::{Event, EventBus};
use crate::clock::{Clock, SystemClock};
use crate::db::{Db, DbConnection, DbError};
use crate::shutdown::Shutdown;

diesel::table! {
    outbox (seq) {
        seq -> BigInt,
        id -> Text,
        topic -> Text,
        event_type -> Text,
        aggregate_key -> Text,
        payload -> Binary,
        traceparent -> Text,
        tracestate -> Text,
        created_at -> BigInt,
        published_at -> Nullable<BigInt>,
        attempts -> Integer,
        last_error -> Nullable<Text>,
    }
}

#[derive(Insertable)]
#[diesel(table_name = outbox)]
struct NewOutboxRow<'a> {
    id: &'a str,
    topic: &'a str,
    event_type: &'a str,
    aggregate_key: &'a str,
    payload: &'a [u8],
    traceparent: &'a str,
    tracestate: &'a str,
    created_at: i64,
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = outbox)]
struct OutboxRow {
    seq: i64,
    id: String,
    topic: String,
    event_type: String,
    aggregate_key: String,
    payload: Vec<u8>,
    traceparent: String,
    tracestate: String,
    created_at: i64,
}

impl From<OutboxRow> for Event {
    fn from(row: OutboxRow) -> Event {
        Event {
            id: row.id,
            event_type: row.event_type,
            topic: row.topic,
            aggregate_key: row.aggregate_key,
            occurred_at_ms: row.created_at,
            traceparent: row.traceparent,
            tracestate: row.tracestate,
            payload: row.payload,
        }
    }
}

/// Writes `event` to the outbox. Call inside the transaction of the state
/// change it reports.
pub fn enqueue(conn: &mut DbConnection, event: &Event) -> QueryResult<()> {
    diesel::insert_into(outbox::table)
        .values(NewOutboxRow {
            id: &event.id,
            topic: &event.topic,
            event_type: &event.event_type,
            aggregate_key: &event.aggregate_key,
            payload: &event.payload,
            traceparent: &event.traceparent,
            tracestate: &event.tracestate,
            created_at: event.occurred_at_ms,
        })
        .execute(conn)?;
    Ok(())
}

/// How many events of `event_type` the outbox holds, published or not.
pub fn count_of_type(conn: &mut DbConnection, event_type: &str) -> QueryResult<i64> {
    outbox::table.filter(outbox::event_type.eq(event_type)).count().get_result(conn)
}

/// The events of `event_type` the outbox holds, oldest first.
pub fn of_type(conn: &mut DbConnection, event_type: &str) -> QueryResult<Vec<Event>> {
    let rows: Vec<OutboxRow> = outbox::table
        .filter(outbox::event_type.eq(event_type))
        .order(outbox::seq)
        .select(OutboxRow::as_select())
        .load(conn)?;
    Ok(rows.into_iter().map(Event::from).collect())
}

/// Rows not yet published.
pub fn pending_count(conn: &mut DbConnection) -> QueryResult<i64> {
    outbox::table.filter(outbox::published_at.is_null()).count().get_result(conn)
}

/// Rows not yet published, and when the oldest of them was written.
pub fn backlog(conn: &mut DbConnection) -> QueryResult<(i64, Option<i64>)> {
    outbox::table
        .filter(outbox::published_at.is_null())
        .select((diesel::dsl::count_star(), diesel::dsl::min(outbox::created_at)))
        .get_result(conn)
}

/// Wakes the relay after a commit so events leave at once instead of at the
/// next poll.
#[derive(Clone, Default)]
pub struct OutboxWaker(Arc<Notify>);

impl OutboxWaker {
    pub fn wake(&self) {
        self.0.notify_one();
    }
}

/// How often the relay measures its backlog for the metrics.
const MEASURE_EVERY: Duration = Duration::from_secs(1);
/// How long the last pass at shutdown may take.
const FINAL_FLUSH: Duration = Duration::from_secs(1);

pub struct OutboxRelay {
    /// The service whose outbox this is (the metrics' label).
    service: &'static str,
    db: Db,
    bus: Arc<dyn EventBus>,
    waker: OutboxWaker,
    poll_interval: Duration,
    batch_size: i64,
}

impl OutboxRelay {
    pub fn new(
        service: &'static str,
        db: Db,
        bus: Arc<dyn EventBus>,
        waker: OutboxWaker,
        poll_interval: Duration,
    ) -> OutboxRelay {
        OutboxRelay { service, db, bus, waker, poll_interval, batch_size: 100 }
    }

    /// Publishes until shutdown, then flushes what is pending once more.
    pub async fn run(self, mut shutdown: Shutdown) {
        let mut measured: Option<tokio::time::Instant> = None;
        loop {
            // A pass waits for the bus to take each event; shutdown cuts it
            // short (what was not marked goes out again: at least once).
            let pass = tokio::select! {
                pass = self.publish_pending() => pass,
                () = shutdown.wait() => break,
            };
            match pass {
                Ok(published) => {
                    metrics::counter!("outbox_published_total", "service" => self.service).increment(published as u64);
                }
                Err(error) => tracing::warn!(error = %error, "outbox relay pass failed"),
            }
            if measured.is_none_or(|at| at.elapsed() >= MEASURE_EVERY) {
                self.measure_backlog().await;
                measured = Some(tokio::time::Instant::now());
            }
            tokio::select! {
                _ = self.waker.0.notified() => {}
                _ = tokio::time::sleep(self.poll_interval) => {}
                _ = shutdown.wait() => break,
            }
        }
        // A last pass, bounded: at shutdown the consumers may be gone already
        // (an in-process bus then never acknowledges). What is left stays in
        // the outbox and goes out at the next start.
        match tokio::time::timeout(FINAL_FLUSH, self.publish_pending()).await {
            Ok(Ok(published)) => tracing::info!(published, "outbox relay flushed"),
            Ok(Err(error)) => tracing::warn!(error = %error, "outbox relay flush failed"),
            Err(_) => tracing::info!("outbox relay flush cut short; the rest goes out at the next start"),
        }
    }

    /// Sets `outbox_backlog` (events not yet published) and
    /// `outbox_oldest_pending_seconds` (how long the oldest has waited).
    async fn measure_backlog(&self) {
        match self.db.run(|conn| backlog(conn).map_err(DbError::from)).await {
            Ok((pending, oldest)) => {
                metrics::gauge!("outbox_backlog", "service" => self.service).set(pending as f64);
                let waited_ms = oldest.map_or(0, |created_at| (SystemClock.now_ms() - created_at).max(0));
                metrics::gauge!("outbox_oldest_pending_seconds", "service" => self.service)
                    .set(waited_ms as f64 / 1000.0);
            }
            Err(error) => tracing::warn!(error = %error, "measuring the outbox backlog failed"),
        }
    }

    /// Publishes pending events in order until none is left or one fails;
    /// returns how many were published.
    pub async fn publish_pending(&self) -> Result<usize, DbError> {
        let mut published = 0;
        loop {
            let batch_size = self.batch_size;
            let rows: Vec<OutboxRow> = self
                .db
                .run(move |conn| {
                    outbox::table
                        .filter(outbox::published_at.is_null())
                        .order(outbox::seq.asc())
                        .limit(batch_size)
                        .select(OutboxRow::as_select())
                        .load(conn)
                        .map_err(DbError::from)
                })
                .await?;
            if rows.is_empty() {
                return Ok(published);
            }
            let full_batch = rows.len() as i64 == batch_size;
            // The whole batch is handed to the bus in order at once, and the
            // acknowledgements awaited together: consumers work through it
            // without a round trip per event.
            let events: Vec<(i64, Event)> = rows.into_iter().map(|row| (row.seq, Event::from(row))).collect();
            let outcomes = join_all(events.iter().map(|(_, event)| self.bus.publish(event))).await;
            // Acknowledged in order up to the first failure: those are done; the
            // failed one and those after it stay pending and are offered again
            // (consumers are idempotent, so a second delivery changes nothing).
            let done: Vec<i64> = events
                .iter()
                .zip(&outcomes)
                .take_while(|(_, outcome)| outcome.is_ok())
                .map(|((seq, _), _)| *seq)
                .collect();
            if !done.is_empty() {
                let now = SystemClock.now_ms();
                let seqs = done.clone();
                self.db
                    .run(move |conn| {
                        diesel::update(outbox::table.filter(outbox::seq.eq_any(seqs)))
                            .set((outbox::published_at.eq(now), outbox::attempts.eq(outbox::attempts + 1)))
                            .execute(conn)
                            .map_err(DbError::from)
                    })
                    .await?;
                published += done.len();
            }
            if let Some(((seq, event), Err(error))) = events.iter().zip(outcomes).nth(done.len()) {
                let (seq, message) = (*seq, error.to_string());
                tracing::warn!(event_id = %event.id, event_type = %event.event_type, error = %message,
                    "publishing an outbox event failed; it stays pending");
                self.db
                    .run(move |conn| {
                        diesel::update(outbox::table.find(seq))
                            .set((outbox::attempts.eq(outbox::attempts + 1), outbox::last_error.eq(message)))
                            .execute(conn)
                            .map_err(DbError::from)
                    })
                    .await?;
                // Keep the order: retry from this event next time.
                return Ok(published);
            }
            if !full_batch {
                return Ok(published);
            }
        }
    }
}
