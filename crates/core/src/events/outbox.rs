//! The transactional outbox. [`enqueue`] writes an event in the caller's
//! transaction; the [`OutboxRelay`] publishes pending rows in order and stamps
//! them. A crash between publish and stamp publishes again (at-least-once).
//! Published rows are kept for [`KEEP_PUBLISHED`] (to see what went out),
//! then the relay deletes them, and the consumers' claims of the same
//! database after [`processed::KEEP_PROCESSED`].

use std::collections::HashSet;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use diesel::prelude::*;
use futures::future::join_all;
use futures::stream::FuturesUnordered;
use futures::{FutureExt, StreamExt};
use tokio::sync::Notify;

use super::{BusError, Event, EventBus, processed};
use crate::clock::{Clock, SystemClock};
use crate::db::{Backend, Db, DbConnection, DbError};
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

/// Deletes, among the `limit` oldest rows, those published before
/// `published_before_ms`; how many it deleted. Pending rows are never
/// deleted. Only those rows are read (a range of the primary key): looking
/// for old rows across the whole table would read all of it each time
/// nothing is old yet.
pub fn prune_published(conn: &mut DbConnection, published_before_ms: i64, limit: i64) -> QueryResult<usize> {
    let first: Option<i64> = outbox::table.select(diesel::dsl::min(outbox::seq)).get_result(conn)?;
    let Some(first) = first else { return Ok(0) };
    diesel::delete(
        outbox::table
            .filter(outbox::seq.lt(first.saturating_add(limit)))
            .filter(outbox::published_at.lt(published_before_ms)),
    )
    .execute(conn)
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
/// How long a published row stays in the outbox.
pub const KEEP_PUBLISHED: Duration = Duration::from_secs(60 * 60);
/// How often the relay deletes the rows published longer ago.
const PRUNE_EVERY: Duration = Duration::from_secs(60);
/// The oldest rows looked at per write, and writes per pass at most: a pass
/// holds the (SQLite) writer briefly, and a backlog of old rows goes over
/// several.
const PRUNE_BATCH: i64 = 5_000;
const PRUNE_BATCHES_PER_PASS: usize = 20;
/// How long the last pass at shutdown may take.
const FINAL_FLUSH: Duration = Duration::from_secs(1);
/// Batches handed to the bus whose acknowledgements the relay awaits at
/// once: the next batch goes out while consumers still work through the last.
const BATCHES_IN_FLIGHT: usize = 8;

/// How long events written while others are in flight wait for company.
const LINGER: Duration = Duration::from_millis(2);

/// A row handed to the bus and how its acknowledgement went.
struct Outcome {
    seq: i64,
    event_id: String,
    event_type: String,
    result: Result<(), BusError>,
}

/// The acknowledgements of one batch, in the order of its rows.
type BatchAcks = Pin<Box<dyn Future<Output = Vec<Outcome>> + Send>>;

/// Which pending rows a batch takes, in the order of their seqs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Pick {
    /// Every pending row: the new ones and the late ones in one read.
    All,
    /// Those after this seq: the new ones.
    After(i64),
    /// Those up to this seq: committed after rows with later seqs.
    Late { up_to: i64 },
}

/// Where the running relay looks for pending rows next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Scan {
    /// Rows up to this seq were handed off (or were not pending).
    handed_up_to: i64,
    /// Whether rows may be pending past `handed_up_to`: after a wake, a poll
    /// interval or a full batch (a short batch took all there was).
    look: bool,
    /// Whether rows may be pending before `handed_up_to` too: at each poll
    /// interval, and on PostgreSQL (where seqs are handed out before commit,
    /// so a row may turn up behind later ones) at each wake.
    rescan: bool,
}

impl Scan {
    /// The next read, if any: when both new and late rows may be pending,
    /// one read of every pending row rather than one for each (on
    /// PostgreSQL that is every wake: a statement fewer per event published).
    fn pick(&self) -> Option<Pick> {
        match (self.look, self.rescan) {
            (true, true) => Some(Pick::All),
            (false, true) => Some(Pick::Late { up_to: self.handed_up_to }),
            (true, false) => Some(Pick::After(self.handed_up_to)),
            (false, false) => None,
        }
    }

    /// After a read by `pick` that handed off up to `last_seq` (`None`: it
    /// found no pending row); `full` when it took as many rows as it could.
    fn read(&mut self, pick: Pick, last_seq: Option<i64>, full: bool) {
        let more = last_seq.is_some() && full;
        match pick {
            Pick::All => {
                self.handed_up_to = self.handed_up_to.max(last_seq.unwrap_or(0));
                (self.look, self.rescan) = (more, more);
            }
            Pick::After(_) => {
                if let Some(last_seq) = last_seq {
                    self.handed_up_to = last_seq;
                }
                self.look = more;
            }
            Pick::Late { .. } => self.rescan = more,
        }
    }
}

/// Rows handed to the bus together.
struct Batch {
    /// The last seq handed off.
    last_seq: i64,
    /// Whether the batch took as many rows as it could (more may wait).
    full: bool,
    seqs: Vec<i64>,
    acks: BatchAcks,
}

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
    /// Pending rows are handed to the bus in order, batch after batch, up to
    /// [`BATCHES_IN_FLIGHT`] batches ahead of their acknowledgements; each
    /// acknowledged row is stamped. New rows are looked for after the last
    /// seq handed off; also before it, in the same read, for rows whose
    /// transaction committed after a later one's (PostgreSQL hands out seqs
    /// before commit): at each wake on PostgreSQL, at each poll interval on
    /// SQLite too. A failed row is stamped with its error, and after a
    /// poll interval the relay hands off again from it (the rows after it a
    /// second time: consumers are idempotent).
    pub async fn run(self, mut shutdown: Shutdown) {
        let mut measured: Option<tokio::time::Instant> = None;
        // The first pass a minute after the start, not during it.
        let mut pruned = tokio::time::Instant::now();
        let mut in_flight: FuturesUnordered<BatchAcks> = FuturesUnordered::new();
        // The seqs handed off and not yet settled.
        let mut handed: HashSet<i64> = HashSet::new();
        let mut scan = Scan { handed_up_to: 0, look: true, rescan: false };
        let late_commits = self.db.backend() == Backend::Postgres;
        // A wake while batches are in flight hands off after [`LINGER`]: the
        // events of the next moments go together (fewer, larger batches for
        // the relay and the consumers, whose writes then commit together).
        let mut linger_until: Option<tokio::time::Instant> = None;
        // After a failure, when to try again.
        let mut paused_until: Option<tokio::time::Instant> = None;
        loop {
            let now = tokio::time::Instant::now();
            if paused_until.is_some_and(|until| now >= until) {
                paused_until = None;
                scan.look = true;
            }
            if linger_until.is_some_and(|until| now >= until) {
                linger_until = None;
                scan.look = true;
                scan.rescan |= late_commits;
            }
            while paused_until.is_none() && in_flight.len() < BATCHES_IN_FLIGHT {
                let Some(pick) = scan.pick() else { break };
                let batch = tokio::select! {
                    batch = self.hand_off_batch(pick, &handed) => batch,
                    () = shutdown.wait() => return self.flush().await,
                };
                match batch {
                    Ok(Some(batch)) => {
                        scan.read(pick, Some(batch.last_seq), batch.full);
                        if !batch.seqs.is_empty() {
                            handed.extend(batch.seqs);
                            in_flight.push(batch.acks);
                        }
                    }
                    Ok(None) => scan.read(pick, None, false),
                    Err(error) => {
                        tracing::warn!(error = %error, "outbox relay pass failed");
                        paused_until = Some(tokio::time::Instant::now() + self.poll_interval);
                    }
                }
            }
            if measured.is_none_or(|at| at.elapsed() >= MEASURE_EVERY) {
                self.measure_backlog().await;
                measured = Some(tokio::time::Instant::now());
            }
            if pruned.elapsed() >= PRUNE_EVERY {
                self.prune().await;
                pruned = tokio::time::Instant::now();
            }
            // A lingering hand-off, a pause or the next poll.
            let poll = linger_until.is_none() && paused_until.is_none();
            let deadline =
                linger_until.or(paused_until).unwrap_or_else(|| tokio::time::Instant::now() + self.poll_interval);
            tokio::select! {
                Some(outcomes) = in_flight.next(), if !in_flight.is_empty() => {
                    // Every batch acknowledged by now is stamped in one write.
                    let mut outcomes = outcomes;
                    while let Some(Some(more)) = in_flight.next().now_or_never() {
                        outcomes.extend(more);
                    }
                    for outcome in &outcomes {
                        handed.remove(&outcome.seq);
                    }
                    match self.settle(outcomes).await {
                        Ok((_, None)) => {}
                        Ok((_, Some(failed_seq))) => {
                            scan.handed_up_to = scan.handed_up_to.min(failed_seq - 1);
                            paused_until = Some(tokio::time::Instant::now() + self.poll_interval);
                        }
                        Err(error) => {
                            // Not stamped: the rows go out again from the
                            // oldest pending (at least once).
                            tracing::warn!(error = %error, "stamping published outbox rows failed");
                            paused_until = Some(tokio::time::Instant::now() + self.poll_interval);
                            scan.handed_up_to = 0;
                        }
                    }
                }
                _ = self.waker.0.notified(), if linger_until.is_none() => {
                    if in_flight.is_empty() {
                        scan.look = true;
                        scan.rescan |= late_commits;
                    } else {
                        linger_until = Some(tokio::time::Instant::now() + LINGER);
                    }
                }
                () = tokio::time::sleep_until(deadline) => {
                    scan.look = true;
                    scan.rescan |= poll;
                }
                () = shutdown.wait() => break,
            }
        }
        self.flush().await;
    }

    /// A last pass, bounded: at shutdown the consumers may be gone already
    /// (an in-process bus then never acknowledges). What is left stays in the
    /// outbox and goes out at the next start.
    async fn flush(&self) {
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

    /// Deletes the rows published more than [`KEEP_PUBLISHED`] ago
    /// (`outbox_pruned_total`) and the consumers' claims older than
    /// [`processed::KEEP_PROCESSED`] (`processed_events_pruned_total`), the
    /// same database's two tables that grow with every event.
    async fn prune(&self) {
        let now = SystemClock.now_ms();
        let age = |keep: Duration| now - i64::try_from(keep.as_millis()).unwrap_or(i64::MAX);
        let (published_before, processed_before) = (age(KEEP_PUBLISHED), age(processed::KEEP_PROCESSED));
        self.prune_table("outbox_pruned_total", move |conn| prune_published(conn, published_before, PRUNE_BATCH)).await;
        self.prune_table("processed_events_pruned_total", move |conn| {
            processed::prune(conn, processed_before, PRUNE_BATCH)
        })
        .await;
    }

    /// Runs `delete` (one batch of old rows) until it deletes nothing, at most
    /// [`PRUNE_BATCHES_PER_PASS`] times, counting the rows in `counter`; a
    /// failure waits for the next pass.
    async fn prune_table(
        &self,
        counter: &'static str,
        delete: impl Fn(&mut DbConnection) -> QueryResult<usize> + Clone + Send + 'static,
    ) {
        for _ in 0..PRUNE_BATCHES_PER_PASS {
            let delete = delete.clone();
            match self.db.write(move |conn| delete(conn).map_err(DbError::from)).await {
                Ok(deleted) => {
                    metrics::counter!(counter, "service" => self.service).increment(deleted as u64);
                    if deleted == 0 {
                        return;
                    }
                }
                Err(error) => {
                    tracing::warn!(error = %error, table = counter, "deleting old rows failed");
                    return;
                }
            }
        }
    }

    /// Hands one batch of pending rows to the bus in order: those `pick`s,
    /// but for the seqs in `handed` (in flight already). `None` when there
    /// is none. A row the bus refuses ends the batch.
    async fn hand_off_batch(&self, pick: Pick, handed: &HashSet<i64>) -> Result<Option<Batch>, DbError> {
        let batch_size = self.batch_size;
        // Late rows are looked for among the pending ones, the rows in flight
        // with them: as many more as there are rows in flight.
        let limit = match pick {
            Pick::Late { .. } | Pick::All => batch_size + i64::try_from(handed.len()).unwrap_or(i64::MAX / 2),
            Pick::After(_) => batch_size,
        };
        let rows: Vec<OutboxRow> = self
            .db
            .run(move |conn| {
                let pending = outbox::table.filter(outbox::published_at.is_null()).into_boxed();
                let pending = match pick {
                    Pick::All => pending,
                    Pick::After(after) => pending.filter(outbox::seq.gt(after)),
                    Pick::Late { up_to } => pending.filter(outbox::seq.le(up_to)),
                };
                pending
                    .order(outbox::seq.asc())
                    .limit(limit)
                    .select(OutboxRow::as_select())
                    .load(conn)
                    .map_err(DbError::from)
            })
            .await?;
        let Some(last_fetched) = rows.last().map(|row| row.seq) else { return Ok(None) };
        let mut full = i64::try_from(rows.len()).unwrap_or(i64::MAX) == limit;
        let mut rows: Vec<OutboxRow> = rows.into_iter().filter(|row| !handed.contains(&row.seq)).collect();
        // Past the rows taken, or past every row fetched (those not taken are
        // in flight already).
        let mut last_seq = last_fetched;
        if rows.len() > self.batch_size as usize {
            rows.truncate(self.batch_size as usize);
            last_seq = rows.last().map_or(last_fetched, |row| row.seq);
            full = true;
        }
        let mut seqs = Vec::with_capacity(rows.len());
        let mut acks = Vec::with_capacity(rows.len());
        for row in rows {
            let seq = row.seq;
            let event = Event::from(row);
            let handed = self.bus.hand_off(&event).await;
            let refused = handed.is_err();
            seqs.push(seq);
            acks.push(async move {
                let result = match handed {
                    Ok(ack) => ack.await,
                    Err(error) => Err(error),
                };
                Outcome { seq, event_id: event.id, event_type: event.event_type, result }
            });
            if refused {
                // Keep the order: the rest goes out after this one.
                last_seq = seq;
                full = false;
                break;
            }
        }
        Ok(Some(Batch { last_seq, full, seqs, acks: Box::pin(join_all(acks)) }))
    }

    /// Stamps the acknowledged rows of a batch published, and the first
    /// failed one with its error; how many were published, and the seq of
    /// the failed one.
    async fn settle(&self, outcomes: Vec<Outcome>) -> Result<(usize, Option<i64>), DbError> {
        let done: Vec<i64> =
            outcomes.iter().filter(|outcome| outcome.result.is_ok()).map(|outcome| outcome.seq).collect();
        let published = done.len();
        if !done.is_empty() {
            let now = SystemClock.now_ms();
            self.db
                .write_one(move |conn| {
                    diesel::update(outbox::table.filter(outbox::seq.eq_any(done)))
                        .set((outbox::published_at.eq(now), outbox::attempts.eq(outbox::attempts + 1)))
                        .execute(conn)
                        .map_err(DbError::from)
                })
                .await?;
            metrics::counter!("outbox_published_total", "service" => self.service).increment(published as u64);
        }
        let Some(failed) = outcomes.into_iter().find(|outcome| outcome.result.is_err()) else {
            return Ok((published, None));
        };
        let message = failed.result.err().map(|error| error.to_string()).unwrap_or_default();
        tracing::warn!(event_id = %failed.event_id, event_type = %failed.event_type, error = %message,
            "publishing an outbox event failed; it stays pending");
        let seq = failed.seq;
        self.db
            .write_one(move |conn| {
                diesel::update(outbox::table.find(seq))
                    .set((outbox::attempts.eq(outbox::attempts + 1), outbox::last_error.eq(message)))
                    .execute(conn)
                    .map_err(DbError::from)
            })
            .await?;
        Ok((published, Some(seq)))
    }

    /// Publishes pending events in order, each batch acknowledged before the
    /// next goes, until none is left or one fails; how many were published.
    pub async fn publish_pending(&self) -> Result<usize, DbError> {
        let mut published = 0;
        while let Some(batch) = self.hand_off_batch(Pick::All, &HashSet::new()).await? {
            let (done, failed) = self.settle(batch.acks.await).await?;
            published += done;
            if failed.is_some() || !batch.full {
                return Ok(published);
            }
        }
        Ok(published)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scan(handed_up_to: i64, look: bool, rescan: bool) -> Scan {
        Scan { handed_up_to, look, rescan }
    }

    #[test]
    fn new_and_late_rows_are_looked_for_in_one_read() {
        assert_eq!(scan(7, true, true).pick(), Some(Pick::All));
        assert_eq!(scan(7, true, false).pick(), Some(Pick::After(7)));
        assert_eq!(scan(7, false, true).pick(), Some(Pick::Late { up_to: 7 }));
        assert_eq!(scan(7, false, false).pick(), None);
    }

    #[test]
    fn a_read_of_every_pending_row_ends_both_looks_unless_it_was_full() {
        let mut short = scan(7, true, true);
        short.read(Pick::All, Some(12), false);
        assert_eq!(short, scan(12, false, false));

        let mut full = scan(7, true, true);
        full.read(Pick::All, Some(12), true);
        assert_eq!(full, scan(12, true, true), "more may wait, new or late");

        // A full read that took late rows only does not go back before them.
        let mut late_only = scan(20, true, true);
        late_only.read(Pick::All, Some(12), true);
        assert_eq!(late_only, scan(20, true, true));

        let mut none = scan(7, true, true);
        none.read(Pick::All, None, false);
        assert_eq!(none, scan(7, false, false));
    }

    #[test]
    fn a_read_of_new_rows_or_of_late_rows_ends_its_own_look() {
        let mut new_rows = scan(7, true, false);
        new_rows.read(Pick::After(7), Some(9), false);
        assert_eq!(new_rows, scan(9, false, false));
        new_rows = scan(7, true, false);
        new_rows.read(Pick::After(7), None, false);
        assert_eq!(new_rows, scan(7, false, false));

        let mut late = scan(7, true, true);
        late.read(Pick::Late { up_to: 7 }, Some(7), true);
        assert_eq!(late, scan(7, true, true));
        late.read(Pick::Late { up_to: 7 }, Some(7), false);
        assert_eq!(late, scan(7, true, false), "the new rows are still to be looked for");
    }
}
