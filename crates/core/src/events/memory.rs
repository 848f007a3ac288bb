//! The in-process bus of embedded mode. Each consumer group has one queue that
//! its members share; publish hands the event to every group subscribed to its
//! topic and returns once each group has acked it. A nacked delivery is queued
//! again with back-off; after `max_attempts` it is dead-lettered: kept in a
//! list and handed to the groups subscribed to [`topics::DEAD_LETTER`].

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use async_trait::async_trait;
use futures::future::join_all;
use tokio::sync::{mpsc, oneshot};

use super::{Acker, Acknowledgement, BusError, Delivery, Event, EventBus, Subscription, topics};

struct Pending {
    event: Event,
    attempt: u32,
    done: oneshot::Sender<()>,
}

struct Group {
    topics: Vec<String>,
    sender: mpsc::UnboundedSender<Pending>,
    receiver: Arc<tokio::sync::Mutex<mpsc::UnboundedReceiver<Pending>>>,
}

/// A dead-lettered event and the error of its last attempt.
#[derive(Debug, Clone)]
pub struct DeadLetter {
    pub group: String,
    pub event: Event,
    pub error: String,
}

type Groups = Arc<Mutex<HashMap<String, Group>>>;

pub struct MemoryBus {
    groups: Groups,
    dead_letters: Arc<Mutex<Vec<DeadLetter>>>,
    max_attempts: u32,
    base_backoff: Duration,
    publish_timeout: Duration,
}

impl Default for MemoryBus {
    fn default() -> MemoryBus {
        MemoryBus::new(5, Duration::from_millis(100), Duration::from_secs(30))
    }
}

impl MemoryBus {
    pub fn new(max_attempts: u32, base_backoff: Duration, publish_timeout: Duration) -> MemoryBus {
        MemoryBus {
            groups: Arc::new(Mutex::new(HashMap::new())),
            dead_letters: Arc::new(Mutex::new(Vec::new())),
            max_attempts: max_attempts.max(1),
            base_backoff,
            publish_timeout,
        }
    }

    pub fn dead_letters(&self) -> Vec<DeadLetter> {
        self.dead_letters.lock().map(|letters| letters.clone()).unwrap_or_default()
    }
}

#[async_trait]
impl EventBus for MemoryBus {
    async fn hand_off(&self, event: &Event) -> Result<Acknowledgement, BusError> {
        let waits: Vec<oneshot::Receiver<()>> = {
            let groups = self.groups.lock().map_err(|_| BusError::Closed)?;
            let mut waits = Vec::new();
            for group in groups.values().filter(|group| group.topics.contains(&event.topic)) {
                let (done, wait) = oneshot::channel();
                group.sender.send(Pending { event: event.clone(), attempt: 1, done }).map_err(|_| BusError::Closed)?;
                waits.push(wait);
            }
            waits
        };
        let publish_timeout = self.publish_timeout;
        Ok(Box::pin(async move {
            match tokio::time::timeout(publish_timeout, join_all(waits)).await {
                Ok(results) if results.iter().all(Result::is_ok) => Ok(()),
                Ok(_) => Err(BusError::Closed),
                Err(_) => Err(BusError::Timeout),
            }
        }))
    }

    async fn subscribe(&self, group_name: &str, topics: &[&str]) -> Result<Box<dyn Subscription>, BusError> {
        let mut groups = self.groups.lock().map_err(|_| BusError::Closed)?;
        let group = groups.entry(group_name.to_owned()).or_insert_with(|| {
            let (sender, receiver) = mpsc::unbounded_channel();
            Group { topics: Vec::new(), sender, receiver: Arc::new(tokio::sync::Mutex::new(receiver)) }
        });
        for topic in topics {
            if !group.topics.iter().any(|known| known == topic) {
                group.topics.push((*topic).to_owned());
            }
        }
        Ok(Box::new(MemorySubscription {
            groups: Arc::clone(&self.groups),
            group: group_name.to_owned(),
            sender: group.sender.clone(),
            receiver: group.receiver.clone(),
            dead_letters: self.dead_letters.clone(),
            max_attempts: self.max_attempts,
            base_backoff: self.base_backoff,
        }))
    }
}

struct MemorySubscription {
    groups: Groups,
    group: String,
    sender: mpsc::UnboundedSender<Pending>,
    receiver: Arc<tokio::sync::Mutex<mpsc::UnboundedReceiver<Pending>>>,
    dead_letters: Arc<Mutex<Vec<DeadLetter>>>,
    max_attempts: u32,
    base_backoff: Duration,
}

#[async_trait]
impl Subscription for MemorySubscription {
    async fn next(&mut self) -> Option<Delivery> {
        let pending = {
            let mut receiver = self.receiver.lock().await;
            let pending = receiver.recv().await?;
            // The group's lag: deliveries still queued behind this one.
            metrics::gauge!("bus_consumer_lag", "group" => self.group.clone()).set(receiver.len() as f64);
            pending
        };
        let event = pending.event.clone();
        let attempt = pending.attempt;
        Some(Delivery::new(
            event,
            attempt,
            Box::new(MemoryAcker {
                groups: Arc::clone(&self.groups),
                pending: Some(pending),
                group: self.group.clone(),
                sender: self.sender.clone(),
                dead_letters: self.dead_letters.clone(),
                max_attempts: self.max_attempts,
                base_backoff: self.base_backoff,
            }),
        ))
    }
}

struct MemoryAcker {
    groups: Groups,
    pending: Option<Pending>,
    group: String,
    sender: mpsc::UnboundedSender<Pending>,
    dead_letters: Arc<Mutex<Vec<DeadLetter>>>,
    max_attempts: u32,
    base_backoff: Duration,
}

impl Acker for MemoryAcker {
    fn ack(mut self: Box<Self>) {
        if let Some(pending) = self.pending.take() {
            let _ = pending.done.send(());
        }
    }

    fn nack(mut self: Box<Self>, error: String) {
        let Some(pending) = self.pending.take() else {
            return;
        };
        if pending.attempt >= self.max_attempts {
            tracing::error!(group = %self.group, event_id = %pending.event.id, event_type = %pending.event.event_type,
                attempts = pending.attempt, error = %error, "event dead-lettered");
            metrics::counter!("bus_events_dead_lettered_total", "group" => self.group.clone()).increment(1);
            if let Ok(mut letters) = self.dead_letters.lock() {
                letters.push(DeadLetter { group: self.group.clone(), event: pending.event.clone(), error });
            }
            if let Ok(groups) = self.groups.lock() {
                for group in groups.values().filter(|group| group.topics.iter().any(|t| t == topics::DEAD_LETTER)) {
                    // Nobody waits for these: the publisher is answered below.
                    let (done, _) = oneshot::channel();
                    let _ = group.sender.send(Pending { event: pending.event.clone(), attempt: 1, done });
                }
            }
            let _ = pending.done.send(());
            return;
        }
        tracing::warn!(group = %self.group, event_id = %pending.event.id, attempt = pending.attempt, error = %error,
            "event handling failed, retrying");
        let backoff = self.base_backoff * 2u32.saturating_pow(pending.attempt - 1);
        let sender = self.sender.clone();
        let retry = Pending { attempt: pending.attempt + 1, ..pending };
        match tokio::runtime::Handle::try_current() {
            Ok(handle) => {
                handle.spawn(async move {
                    tokio::time::sleep(backoff).await;
                    let _ = sender.send(retry);
                });
            }
            Err(_) => {
                let _ = sender.send(retry);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::events::topics;
    use keyshop_proto::events::v1::SettingChanged;

    crate::events::contract::bus_contract!(Arc::new(MemoryBus::new(
        2,
        Duration::from_millis(1),
        Duration::from_secs(20)
    )));

    fn event(key: &str) -> Event {
        Event::new(key, &SettingChanged { key: key.to_owned() })
    }

    #[tokio::test]
    async fn publish_waits_for_the_ack_and_a_nack_redelivers() {
        let bus = Arc::new(MemoryBus::new(3, Duration::from_millis(1), Duration::from_secs(5)));
        let mut subscription = bus.subscribe("g", &[topics::CATALOG]).await.unwrap();
        let publish = {
            let bus = bus.clone();
            tokio::spawn(async move { bus.publish(&event("k")).await })
        };
        let first = subscription.next().await.unwrap();
        assert_eq!(first.attempt, 1);
        first.nack("boom");
        let second = subscription.next().await.unwrap();
        assert_eq!(second.attempt, 2);
        drop(second); // dropped without an ack: delivered again
        let third = subscription.next().await.unwrap();
        assert_eq!(third.attempt, 3);
        assert!(!publish.is_finished());
        third.ack();
        publish.await.unwrap().unwrap();
        assert!(bus.dead_letters().is_empty());
    }

    #[tokio::test]
    async fn publish_times_out_when_nobody_acks() {
        let bus = MemoryBus::new(3, Duration::from_millis(1), Duration::from_millis(50));
        let _subscription = bus.subscribe("g", &[topics::CATALOG]).await.unwrap();
        assert!(matches!(bus.publish(&event("k")).await, Err(BusError::Timeout)));
        let other_topic = Event { topic: topics::ORDER.to_owned(), ..event("k") };
        bus.publish(&other_topic).await.unwrap();
    }
}
