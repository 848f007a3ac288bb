//! Events: the envelope, the [`EventBus`] trait (consumer groups, at-least-once
//! delivery with explicit acks), the in-process bus, the transactional outbox
//! and its relay, and the processed-events table for idempotent consumers.

mod consumer;
#[cfg(test)]
mod contract;
mod envelope;
pub mod kafka;
mod memory;
pub mod outbox;
pub mod processed;
mod work;

use async_trait::async_trait;

pub use consumer::{Consumer, EventHandler};
pub use envelope::{Event, EventPayload};
pub use memory::MemoryBus;
pub use outbox::{OutboxRelay, OutboxWaker};
pub use work::EventWork;

/// Topics of DESIGN §5.
pub mod topics {
    pub const ORDER: &str = "keyshop.order.v1";
    pub const PAYMENT: &str = "keyshop.payment.v1";
    pub const DELIVERY: &str = "keyshop.delivery.v1";
    pub const MEMBER: &str = "keyshop.member.v1";
    pub const CATALOG: &str = "keyshop.catalog.v1";
    /// What staff did ([`crate::audit`]); the member service keeps it.
    pub const AUDIT: &str = "keyshop.audit.v1";
    /// Events whose handling failed every attempt, with the error (Kafka
    /// headers `dead-letter-*`); subscribe to look at them.
    pub const DEAD_LETTER: &str = "keyshop.deadletter.v1";
}

#[derive(Debug, Clone, thiserror::Error)]
pub enum BusError {
    #[error("the event bus is closed")]
    Closed,
    #[error("no consumer group acknowledged the event in time")]
    Timeout,
    #[error("a consumer failed: {0}")]
    Rejected(String),
    #[error("unsupported event bus URL {0:?}")]
    UnsupportedUrl(String),
}

/// A message broker. Every consumer group receives every event of its topics;
/// the members of one group share them. Delivery is at-least-once: an event is
/// delivered again until a member acks it, so handlers must be idempotent
/// (see [`processed`]).
#[async_trait]
pub trait EventBus: Send + Sync + 'static {
    /// Hands `event` to the bus after every event handed to it before (the
    /// bus keeps that order), and returns the wait until the bus holds it
    /// durably (for the in-process bus: until every subscribed group has
    /// handled it). The outbox relay hands events off in order and awaits
    /// their acknowledgements side by side.
    async fn hand_off(&self, event: &Event) -> Result<Acknowledgement, BusError>;

    /// Returns once the bus holds the event durably. An error means the event
    /// may or may not have been delivered; the outbox relay retries it.
    async fn publish(&self, event: &Event) -> Result<(), BusError> {
        self.hand_off(event).await?.await
    }

    /// Joins `group` as one more member, receiving events of `topics`.
    async fn subscribe(&self, group: &str, topics: &[&str]) -> Result<Box<dyn Subscription>, BusError>;
}

#[async_trait]
pub trait Subscription: Send {
    /// The next delivery, or `None` once the bus is closed.
    async fn next(&mut self) -> Option<Delivery>;
}

/// The wait for an event handed to the bus until the bus holds it durably.
pub type Acknowledgement = std::pin::Pin<Box<dyn std::future::Future<Output = Result<(), BusError>> + Send>>;

/// One delivery of an event to one group member. Ack after the handler's
/// transaction committed; nack (or drop) to have it delivered again.
pub struct Delivery {
    pub event: Event,
    /// 1 for the first delivery.
    pub attempt: u32,
    acker: Option<Box<dyn Acker>>,
}

/// How a bus learns the fate of a delivery.
pub trait Acker: Send {
    fn ack(self: Box<Self>);
    fn nack(self: Box<Self>, error: String);
}

impl Delivery {
    pub fn new(event: Event, attempt: u32, acker: Box<dyn Acker>) -> Delivery {
        Delivery { event, attempt, acker: Some(acker) }
    }

    pub fn ack(mut self) {
        if let Some(acker) = self.acker.take() {
            acker.ack();
        }
    }

    pub fn nack(mut self, error: impl Into<String>) {
        if let Some(acker) = self.acker.take() {
            acker.nack(error.into());
        }
    }
}

impl Drop for Delivery {
    fn drop(&mut self) {
        if let Some(acker) = self.acker.take() {
            acker.nack("delivery dropped without an ack".to_owned());
        }
    }
}

/// How a Kafka bus is tuned (`KEYSHOP_KAFKA_*`); the in-process bus has no
/// such settings.
#[derive(Debug, Clone)]
pub struct BusTuning {
    /// How long a consumer's fetch may wait at the broker.
    pub fetch_wait: std::time::Duration,
    /// The partitions of the topics the bus creates.
    pub partitions: i32,
}

/// Opens the bus named by `EVENT_BUS_URL`: `memory://` or
/// `kafka://HOST:PORT,…` (tuned by `tuning`).
pub fn bus_from_url(url: &str, tuning: &BusTuning) -> Result<std::sync::Arc<dyn EventBus>, BusError> {
    match url {
        "memory://" => Ok(std::sync::Arc::new(MemoryBus::default())),
        kafka if kafka.starts_with("kafka://") => kafka::open(kafka, tuning),
        other => Err(BusError::UnsupportedUrl(other.to_owned())),
    }
}
