//! The Kafka bus of distributed mode (`EVENT_BUS_URL=kafka://HOST:PORT,…`).
//!
//! - Publishing: an idempotent producer (`enable.idempotence`, `acks=all`);
//!   the message key is the aggregate key (one aggregate, one partition, in
//!   order), the value the protobuf [`EventEnvelope`], and headers carry the
//!   event id, type, time and W3C trace context. `hand_off` queues the event in
//!   the producer; its acknowledgement resolves once the broker holds it.
//! - Consuming: one consumer group per consuming service, each `subscribe` one
//!   more member. Offsets are committed by hand, only up to the last event
//!   whose handler acked (its transaction committed) with every earlier event
//!   of that partition acked too: a process that dies mid-way gets the
//!   unacked events again (at-least-once; handlers are idempotent).
//! - Failures: a nacked event is delivered again with back-off; after
//!   `max_attempts` it goes to [`topics::DEAD_LETTER`] with its error and the
//!   group, then counts as handled.
//!
//! Each member's consumer is owned by one task (the pump) that reads
//! messages, hands them out and learns their fate through a channel.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use keyshop_proto::events::v1::EventEnvelope;
use prost::Message as _;
use rdkafka::admin::{AdminClient, AdminOptions, NewTopic, TopicReplication};
use rdkafka::client::{ClientContext, DefaultClientContext};
use rdkafka::config::ClientConfig;
use rdkafka::consumer::{CommitMode, Consumer as _, ConsumerContext, StreamConsumer};
use rdkafka::error::{KafkaError, RDKafkaErrorCode};
use rdkafka::message::{Header, Message as _, OwnedHeaders};
use rdkafka::producer::{FutureProducer, FutureRecord};
use rdkafka::statistics::Statistics;
use rdkafka::{Offset, TopicPartitionList};
use tokio::sync::{Mutex, mpsc};

use super::{Acker, Acknowledgement, BusError, Delivery, Event, EventBus, Subscription, topics};

/// How long a publish waits for the broker's acknowledgement.
const PUBLISH_TIMEOUT: Duration = Duration::from_secs(30);
/// How long a publish waits before trying a full producer queue again.
const QUEUE_FULL_WAIT: Duration = Duration::from_millis(100);
/// Deliveries read ahead per member before it waits for its handlers.
const READ_AHEAD: usize = 256;

/// `KEYSHOP_KAFKA_FETCH_WAIT_MS` and `KEYSHOP_KAFKA_PARTITIONS` unless set.
pub const DEFAULT_FETCH_WAIT_MS: u64 = 10;
pub const DEFAULT_PARTITIONS: i32 = 6;

/// The bus's settings besides the brokers.
#[derive(Debug, Clone)]
pub struct KafkaSettings {
    /// Deliveries of one event before it is dead-lettered.
    pub max_attempts: u32,
    /// The first retry's delay; it doubles with each attempt.
    pub base_backoff: Duration,
    /// Partitions of the topics the bus creates.
    pub partitions: i32,
    /// How long the group waits for a silent member (`session.timeout.ms`).
    pub session_timeout: Duration,
    /// How long a fetch may wait at the broker for new events
    /// (`fetch.wait.max.ms`, `KEYSHOP_KAFKA_FETCH_WAIT_MS`). A broker answers
    /// as soon as an event arrives, so the wait costs a hop nothing there and
    /// an idle member one small request per wait and partition leader. The
    /// tansu test broker instead reads the log when a fetch comes in and then
    /// holds the answer for the whole wait: an event that arrives meanwhile
    /// goes out with the next fetch, one to two waits after it was
    /// published (librdkafka's 500 ms default made each hop of a purchase take
    /// up to a second there).
    pub fetch_wait: Duration,
}

impl Default for KafkaSettings {
    fn default() -> KafkaSettings {
        KafkaSettings {
            max_attempts: 5,
            base_backoff: Duration::from_millis(200),
            partitions: DEFAULT_PARTITIONS,
            session_timeout: Duration::from_secs(10),
            fetch_wait: Duration::from_millis(DEFAULT_FETCH_WAIT_MS),
        }
    }
}

pub struct KafkaBus {
    brokers: String,
    producer: FutureProducer,
    settings: KafkaSettings,
    /// Topics already made sure of.
    known_topics: Mutex<Vec<String>>,
}

/// The brokers of a `kafka://HOST:PORT,HOST:PORT` URL.
pub fn brokers_of(url: &str) -> Option<String> {
    let brokers = url.strip_prefix("kafka://")?.trim_end_matches('/');
    let valid = !brokers.is_empty()
        && brokers.split(',').all(|broker| {
            broker.rsplit_once(':').is_some_and(|(host, port)| !host.is_empty() && port.parse::<u16>().is_ok())
        });
    valid.then(|| brokers.to_owned())
}

fn kafka_error(error: impl std::fmt::Display) -> BusError {
    BusError::Rejected(format!("kafka: {error}"))
}

impl KafkaBus {
    /// A bus on the brokers of `url`; the producer connects in the background.
    pub fn connect(url: &str, settings: KafkaSettings) -> Result<KafkaBus, BusError> {
        let brokers = brokers_of(url).ok_or_else(|| BusError::UnsupportedUrl(url.to_owned()))?;
        let producer: FutureProducer = ClientConfig::new()
            .set("bootstrap.servers", &brokers)
            .set("enable.idempotence", "true")
            .set("acks", "all")
            .set("linger.ms", "1")
            .set("message.timeout.ms", PUBLISH_TIMEOUT.as_millis().to_string())
            .create()
            .map_err(kafka_error)?;
        Ok(KafkaBus { brokers, producer, settings, known_topics: Mutex::new(Vec::new()) })
    }

    /// Creates the topics that do not exist yet (an existing one is fine).
    async fn ensure_topics(&self, wanted: &[&str]) -> Result<(), BusError> {
        let mut known = self.known_topics.lock().await;
        let mut missing: Vec<&str> = wanted.iter().copied().filter(|topic| !known.iter().any(|k| k == topic)).collect();
        missing.sort_unstable();
        missing.dedup();
        if missing.is_empty() {
            return Ok(());
        }
        let admin: AdminClient<DefaultClientContext> =
            ClientConfig::new().set("bootstrap.servers", &self.brokers).create().map_err(kafka_error)?;
        let new_topics: Vec<NewTopic<'_>> = missing
            .iter()
            .map(|topic| NewTopic::new(topic, self.settings.partitions, TopicReplication::Fixed(-1)))
            .collect();
        let options = AdminOptions::new().operation_timeout(Some(Duration::from_secs(10)));
        let results = admin.create_topics(&new_topics, &options).await.map_err(kafka_error)?;
        for result in results {
            match result {
                Ok(_) | Err((_, RDKafkaErrorCode::TopicAlreadyExists)) => {}
                Err((topic, code)) => return Err(kafka_error(format!("creating topic {topic}: {code}"))),
            }
        }
        known.extend(missing.into_iter().map(str::to_owned));
        Ok(())
    }
}

/// The headers of a published event.
fn headers_of(event: &Event) -> OwnedHeaders {
    let occurred = event.occurred_at_ms.to_string();
    let mut headers = OwnedHeaders::new_with_capacity(5)
        .insert(Header { key: "event-id", value: Some(event.id.as_str()) })
        .insert(Header { key: "event-type", value: Some(event.event_type.as_str()) })
        .insert(Header { key: "occurred-at-ms", value: Some(occurred.as_str()) });
    if !event.traceparent.is_empty() {
        headers = headers.insert(Header { key: "traceparent", value: Some(event.traceparent.as_str()) });
    }
    if !event.tracestate.is_empty() {
        headers = headers.insert(Header { key: "tracestate", value: Some(event.tracestate.as_str()) });
    }
    headers
}

#[async_trait]
impl EventBus for KafkaBus {
    async fn hand_off(&self, event: &Event) -> Result<Acknowledgement, BusError> {
        self.ensure_topics(&[event.topic.as_str()]).await?;
        let payload = event.to_proto().encode_to_vec();
        let mut record = FutureRecord::to(&event.topic)
            .key(event.aggregate_key.as_str())
            .payload(&payload)
            .headers(headers_of(event));
        let started = tokio::time::Instant::now();
        // Queued in the producer in the order of the calls (one partition
        // per aggregate keeps it); a full queue is waited out, as long as a
        // publish may take.
        let delivery = loop {
            match self.producer.send_result(record) {
                Ok(delivery) => break delivery,
                Err((KafkaError::MessageProduction(RDKafkaErrorCode::QueueFull), again))
                    if started.elapsed() < PUBLISH_TIMEOUT =>
                {
                    record = again;
                    tokio::time::sleep(QUEUE_FULL_WAIT).await;
                }
                Err((error, _)) => return Err(kafka_error(error)),
            }
        };
        Ok(Box::pin(async move {
            match delivery.await {
                Ok(Ok(_)) => Ok(()),
                Ok(Err((error, _))) => Err(kafka_error(error)),
                Err(_) => Err(BusError::Closed),
            }
        }))
    }

    async fn subscribe(&self, group: &str, topics: &[&str]) -> Result<Box<dyn Subscription>, BusError> {
        let mut wanted = topics.to_vec();
        if !wanted.contains(&topics::DEAD_LETTER) {
            wanted.push(topics::DEAD_LETTER);
        }
        self.ensure_topics(&wanted).await?;
        let consumer: StreamConsumer<LagContext> = ClientConfig::new()
            .set("bootstrap.servers", &self.brokers)
            .set("group.id", group)
            .set("enable.auto.commit", "false")
            .set("auto.offset.reset", "earliest")
            .set("session.timeout.ms", self.settings.session_timeout.as_millis().to_string())
            .set("heartbeat.interval.ms", (self.settings.session_timeout.as_millis() / 4).max(100).to_string())
            .set("statistics.interval.ms", STATISTICS_EVERY.as_millis().to_string())
            .set("fetch.wait.max.ms", self.settings.fetch_wait.as_millis().to_string())
            .create_with_context(LagContext { group: group.to_owned() })
            .map_err(kafka_error)?;
        consumer.subscribe(topics).map_err(kafka_error)?;
        let (deliveries, receiver) = mpsc::channel(READ_AHEAD);
        let (fates, fate_receiver) = mpsc::unbounded_channel();
        let pump = Pump {
            group: group.to_owned(),
            consumer,
            producer: self.producer.clone(),
            settings: self.settings.clone(),
            deliveries,
            fates,
            in_flight: HashMap::new(),
            committed: HashMap::new(),
        };
        tokio::spawn(pump.run(fate_receiver));
        Ok(Box::new(KafkaSubscription { receiver }))
    }
}

struct KafkaSubscription {
    receiver: mpsc::Receiver<Delivery>,
}

#[async_trait]
impl Subscription for KafkaSubscription {
    async fn next(&mut self) -> Option<Delivery> {
        self.receiver.recv().await
    }
}

/// Where a message came from.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Position {
    topic: String,
    partition: i32,
    offset: i64,
}

/// What became of a delivery.
enum Fate {
    Acked(Position),
    Failed { position: Position, event: Box<Event>, attempt: u32, error: String },
}

struct KafkaAcker {
    position: Position,
    event: Event,
    attempt: u32,
    fates: mpsc::UnboundedSender<Fate>,
}

impl Acker for KafkaAcker {
    fn ack(self: Box<Self>) {
        let _ = self.fates.send(Fate::Acked(self.position));
    }

    fn nack(self: Box<Self>, error: String) {
        let KafkaAcker { position, event, attempt, fates } = *self;
        let _ = fates.send(Fate::Failed { position, event: Box::new(event), attempt, error });
    }
}

/// The offsets of one partition handed out and not yet committed: offset →
/// whether its handler acked.
type Partition = BTreeMap<i64, bool>;

/// Marks `offset` done and returns the offset to commit (the first one not
/// yet handled) when a prefix of the partition is now complete.
fn complete(partition: &mut Partition, offset: i64) -> Option<i64> {
    if let Some(done) = partition.get_mut(&offset) {
        *done = true;
    }
    let mut next = None;
    while let Some((&first, &done)) = partition.first_key_value() {
        if !done {
            break;
        }
        partition.remove(&first);
        next = Some(first + 1);
    }
    next
}

/// How often librdkafka reports a member's statistics (its lag).
const STATISTICS_EVERY: Duration = Duration::from_secs(5);

/// Sets `bus_consumer_lag{group}` from librdkafka's statistics: the events
/// of the member's partitions not yet handled (committed).
struct LagContext {
    group: String,
}

impl ClientContext for LagContext {
    fn stats(&self, statistics: Statistics) {
        let lag: i64 = statistics
            .topics
            .values()
            .flat_map(|topic| topic.partitions.values())
            // Partition -1 is librdkafka's own; -1 lag is "not known yet".
            .filter(|partition| partition.partition >= 0 && partition.consumer_lag >= 0)
            .map(|partition| partition.consumer_lag)
            .sum();
        metrics::gauge!("bus_consumer_lag", "group" => self.group.clone()).set(lag as f64);
    }
}

impl ConsumerContext for LagContext {}

struct Pump {
    group: String,
    consumer: StreamConsumer<LagContext>,
    producer: FutureProducer,
    settings: KafkaSettings,
    deliveries: mpsc::Sender<Delivery>,
    fates: mpsc::UnboundedSender<Fate>,
    in_flight: HashMap<(String, i32), Partition>,
    /// The last offset committed per partition.
    committed: HashMap<(String, i32), i64>,
}

impl Pump {
    async fn run(mut self, mut fate_receiver: mpsc::UnboundedReceiver<Fate>) {
        loop {
            tokio::select! {
                biased;
                fate = fate_receiver.recv() => match fate {
                    Some(fate) => self.settle(fate).await,
                    None => break,
                },
                () = self.deliveries.closed() => break,
                message = self.consumer.recv() => match message {
                    Ok(message) => {
                        let position = Position {
                            topic: message.topic().to_owned(),
                            partition: message.partition(),
                            offset: message.offset(),
                        };
                        let event = message.payload().and_then(|bytes| EventEnvelope::decode(bytes).ok()).map(Event::from_proto);
                        self.in_flight
                            .entry((position.topic.clone(), position.partition))
                            .or_default()
                            .insert(position.offset, false);
                        match event {
                            Some(event) => {
                                if !self.hand_out(position, event, 1).await {
                                    break;
                                }
                            }
                            None => {
                                tracing::error!(group = %self.group, topic = %position.topic, offset = position.offset,
                                    "a message that is not an event envelope was skipped");
                                self.commit_done(&position);
                            }
                        }
                    }
                    Err(error) => {
                        tracing::warn!(group = %self.group, error = %error, "kafka consumer error");
                        tokio::time::sleep(Duration::from_millis(500)).await;
                    }
                },
            }
        }
        // What was acked (and only that) is committed before the member
        // leaves; the rest goes to the next member.
        let mut offsets = TopicPartitionList::new();
        for ((topic, partition), next) in &self.committed {
            let _ = offsets.add_partition_offset(topic, *partition, Offset::Offset(*next));
        }
        if offsets.count() > 0
            && let Err(error) = self.consumer.commit(&offsets, CommitMode::Sync)
        {
            tracing::debug!(group = %self.group, error = %error, "final commit skipped");
        }
    }

    /// Hands a delivery to the subscriber; `false` once it is gone.
    async fn hand_out(&self, position: Position, event: Event, attempt: u32) -> bool {
        let acker = KafkaAcker { position, event: event.clone(), attempt, fates: self.fates.clone() };
        self.deliveries.send(Delivery::new(event, attempt, Box::new(acker))).await.is_ok()
    }

    async fn settle(&mut self, fate: Fate) {
        match fate {
            Fate::Acked(position) => self.commit_done(&position),
            Fate::Failed { position, event, attempt, error } if attempt >= self.settings.max_attempts => {
                tracing::error!(group = %self.group, event_id = %event.id, event_type = %event.event_type,
                    attempts = attempt, error = %error, "event dead-lettered");
                metrics::counter!("bus_events_dead_lettered_total", "group" => self.group.clone()).increment(1);
                self.dead_letter(&position, &event, &error).await;
                self.commit_done(&position);
            }
            Fate::Failed { position, event, attempt, error } => {
                tracing::warn!(group = %self.group, event_id = %event.id, attempt, error = %error,
                    "event handling failed, retrying");
                let backoff = self.settings.base_backoff * 2u32.saturating_pow(attempt - 1);
                let (deliveries, fates, event) = (self.deliveries.clone(), self.fates.clone(), *event);
                tokio::spawn(async move {
                    tokio::time::sleep(backoff).await;
                    let acker = KafkaAcker { position, event: event.clone(), attempt: attempt + 1, fates };
                    let _ = deliveries.send(Delivery::new(event, attempt + 1, Box::new(acker))).await;
                });
            }
        }
    }

    /// Marks `position` handled and commits its partition as far as every
    /// earlier message is handled too.
    fn commit_done(&mut self, position: &Position) {
        let key = (position.topic.clone(), position.partition);
        let Some(next) = self.in_flight.get_mut(&key).and_then(|partition| complete(partition, position.offset)) else {
            return;
        };
        self.committed.insert(key, next);
        let mut offsets = TopicPartitionList::new();
        if let Err(error) = offsets.add_partition_offset(&position.topic, position.partition, Offset::Offset(next)) {
            tracing::warn!(group = %self.group, error = %error, "offset not committed");
            return;
        }
        // A partition taken away by a rebalance refuses the commit: its new
        // owner handles the events again (idempotently).
        if let Err(error) = self.consumer.commit(&offsets, CommitMode::Async) {
            tracing::warn!(group = %self.group, topic = %position.topic, partition = position.partition,
                error = %error, "offset not committed");
        }
    }

    /// Sends the event to the dead-letter topic with its error, keeping its
    /// key and headers (retrying until the broker takes it).
    async fn dead_letter(&self, position: &Position, event: &Event, error: &str) {
        let payload = event.to_proto().encode_to_vec();
        let (partition, offset) = (position.partition.to_string(), position.offset.to_string());
        loop {
            let headers = headers_of(event)
                .insert(Header { key: "dead-letter-group", value: Some(self.group.as_str()) })
                .insert(Header { key: "dead-letter-error", value: Some(error) })
                .insert(Header { key: "dead-letter-topic", value: Some(position.topic.as_str()) })
                .insert(Header { key: "dead-letter-partition", value: Some(partition.as_str()) })
                .insert(Header { key: "dead-letter-offset", value: Some(offset.as_str()) });
            let record = FutureRecord::to(topics::DEAD_LETTER)
                .key(event.aggregate_key.as_str())
                .payload(&payload)
                .headers(headers);
            match self.producer.send(record, PUBLISH_TIMEOUT).await {
                Ok(_) => return,
                Err((error, _)) => {
                    tracing::warn!(group = %self.group, error = %error, "dead-lettering failed, retrying");
                    tokio::time::sleep(Duration::from_secs(1)).await;
                }
            }
        }
    }
}

/// A shared handle, for [`super::bus_from_url`]: the default settings with
/// the configured fetch wait and partitions.
pub fn open(url: &str, tuning: &super::BusTuning) -> Result<Arc<dyn EventBus>, BusError> {
    let settings =
        KafkaSettings { fetch_wait: tuning.fetch_wait, partitions: tuning.partitions, ..KafkaSettings::default() };
    Ok(Arc::new(KafkaBus::connect(url, settings)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A bus on the test broker (events dead-lettered after two attempts).
    fn on_test_broker() -> Arc<dyn EventBus> {
        let url = keyshop_testkit::servers::kafka_url();
        let settings = KafkaSettings {
            max_attempts: 2,
            base_backoff: Duration::from_millis(10),
            partitions: 3,
            session_timeout: Duration::from_secs(6),
            fetch_wait: Duration::from_millis(10),
        };
        Arc::new(KafkaBus::connect(&url, settings).expect("TEST_KAFKA_URL is a kafka:// URL"))
    }

    crate::events::contract::bus_contract!(on_test_broker());

    #[test]
    fn broker_lists_are_read_from_the_url() {
        assert_eq!(brokers_of("kafka://a:9092,b:9093").as_deref(), Some("a:9092,b:9093"));
        assert_eq!(brokers_of("kafka://127.0.0.1:19092/").as_deref(), Some("127.0.0.1:19092"));
        assert_eq!(brokers_of("kafka://"), None);
        assert_eq!(brokers_of("kafka://a"), None);
        assert_eq!(brokers_of("kafka://a:x"), None);
        assert_eq!(brokers_of("redis://a:1"), None);
    }

    #[test]
    fn offsets_are_committed_only_past_a_complete_prefix() {
        let mut partition: Partition = [(10, false), (11, false), (12, false)].into_iter().collect();
        assert_eq!(complete(&mut partition, 11), None, "10 is still being handled");
        assert_eq!(complete(&mut partition, 10), Some(12), "10 and 11 are done");
        assert_eq!(complete(&mut partition, 12), Some(13));
        assert!(partition.is_empty());
        assert_eq!(complete(&mut partition, 99), None);
    }
}
