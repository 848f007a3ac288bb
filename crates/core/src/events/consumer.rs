use std::hash::{Hash, Hasher};
use std::sync::Arc;

use async_trait::async_trait;
use tokio::sync::mpsc;
use tracing::Instrument;

use super::{BusError, Delivery, Event, EventBus, Subscription};
use crate::error::AppError;
use crate::shutdown::Shutdown;
use crate::telemetry;

/// Handles one event. Must be idempotent: claim the event id with
/// [`super::processed::claim`] in the same transaction as the work.
#[async_trait]
pub trait EventHandler: Send + Sync + 'static {
    async fn handle(&self, event: &Event) -> Result<(), AppError>;
}

/// One member of a consumer group. Joining (subscribing) and consuming are
/// two steps so that a service joins its groups while it starts, before its
/// own outbox relay or anyone else publishes: nothing sent in between is missed.
pub struct Consumer {
    group: &'static str,
    subscription: Box<dyn Subscription>,
    handler: Arc<dyn EventHandler>,
}

impl Consumer {
    /// Joins `group` on `topics`; deliveries queue up until [`Consumer::run`].
    pub async fn join(
        bus: &dyn EventBus,
        group: &'static str,
        topics: &[&str],
        handler: Arc<dyn EventHandler>,
    ) -> Result<Consumer, BusError> {
        let subscription = bus.subscribe(group, topics).await?;
        Ok(Consumer { group, subscription, handler })
    }

    /// Handles deliveries until shutdown or the bus closes: acks after a
    /// successful handle, nacks (for a later retry) after a failure. Events
    /// of different aggregates are handled side by side in [`LANES`] lanes;
    /// one aggregate's events always take the same lane, in order.
    pub async fn run(mut self, mut shutdown: Shutdown) {
        let group = self.group;
        let mut lanes = Vec::with_capacity(LANES);
        let mut workers = Vec::with_capacity(LANES);
        for _ in 0..LANES {
            let (sender, receiver) = mpsc::channel::<Delivery>(LANE_DEPTH);
            lanes.push(sender);
            workers.push(tokio::spawn(lane(group, receiver, self.handler.clone())));
        }
        loop {
            let delivery = tokio::select! {
                delivery = self.subscription.next() => delivery,
                _ = shutdown.wait() => break,
            };
            let Some(delivery) = delivery else {
                break;
            };
            let index = lane_of(&delivery.event.aggregate_key);
            let sent = tokio::select! {
                sent = lanes[index].send(delivery) => sent,
                _ = shutdown.wait() => break,
            };
            if sent.is_err() {
                break;
            }
        }
        // Deliveries still queued in a lane are dropped unacked: the bus
        // hands them out again (at-least-once; the handlers are idempotent).
        drop(lanes);
        for worker in workers {
            worker.abort();
        }
    }
}

/// How many events of one consumer group are handled at once.
pub const LANES: usize = 8;
/// Deliveries waiting per lane before the group stops taking more.
const LANE_DEPTH: usize = 64;

/// The lane of an aggregate: the same key, the same lane.
fn lane_of(aggregate_key: &str) -> usize {
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    aggregate_key.hash(&mut hasher);
    usize::try_from(hasher.finish() % LANES as u64).unwrap_or(0)
}

async fn lane(group: &'static str, mut receiver: mpsc::Receiver<Delivery>, handler: Arc<dyn EventHandler>) {
    while let Some(delivery) = receiver.recv().await {
        let span = tracing::info_span!("consume", group, event_type = %delivery.event.event_type,
            event_id = %delivery.event.id, attempt = delivery.attempt);
        telemetry::set_parent(&span, &delivery.event.traceparent, &delivery.event.tracestate);
        let started = std::time::Instant::now();
        let outcome = handler.handle(&delivery.event).instrument(span).await;
        metrics::histogram!("bus_handle_duration_seconds", "group" => group).record(started.elapsed().as_secs_f64());
        let handled = if outcome.is_ok() { "ok" } else { "failed" };
        metrics::counter!("bus_events_handled_total", "group" => group, "outcome" => handled).increment(1);
        match outcome {
            Ok(()) => delivery.ack(),
            Err(error) => delivery.nack(error.detail),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_aggregate_keeps_its_lane_and_keys_spread() {
        assert_eq!(lane_of("KS1"), lane_of("KS1"));
        let used: std::collections::BTreeSet<usize> = (0..200).map(|n| lane_of(&format!("KS{n}"))).collect();
        assert_eq!(used.len(), LANES, "{used:?}");
    }
}
