use std::sync::Arc;

use async_trait::async_trait;
use tracing::Instrument;

use super::{BusError, Event, EventBus, Subscription};
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
    /// successful handle, nacks (for a later retry) after a failure.
    pub async fn run(mut self, mut shutdown: Shutdown) {
        let group = self.group;
        loop {
            let delivery = tokio::select! {
                delivery = self.subscription.next() => delivery,
                _ = shutdown.wait() => return,
            };
            let Some(delivery) = delivery else {
                return;
            };
            let span = tracing::info_span!("consume", group, event_type = %delivery.event.event_type,
                event_id = %delivery.event.id, attempt = delivery.attempt);
            telemetry::set_parent(&span, &delivery.event.traceparent, &delivery.event.tracestate);
            let outcome = self.handler.handle(&delivery.event).instrument(span).await;
            match outcome {
                Ok(()) => delivery.ack(),
                Err(error) => delivery.nack(error.detail),
            }
        }
    }
}
