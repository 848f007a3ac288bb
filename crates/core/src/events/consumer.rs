use std::sync::Arc;

use async_trait::async_trait;
use tracing::Instrument;

use super::{Event, EventBus};
use crate::error::AppError;
use crate::shutdown::Shutdown;
use crate::telemetry;

/// Handles one event. Must be idempotent: claim the event id with
/// [`super::processed::claim`] in the same transaction as the work.
#[async_trait]
pub trait EventHandler: Send + Sync + 'static {
    async fn handle(&self, event: &Event) -> Result<(), AppError>;
}

/// Runs `handler` as one member of `group` until shutdown: acks after a
/// successful handle, nacks (for a later retry) after a failure.
pub async fn run_consumer(
    bus: Arc<dyn EventBus>,
    group: &'static str,
    topics: &[&str],
    handler: Arc<dyn EventHandler>,
    mut shutdown: Shutdown,
) -> Result<(), super::BusError> {
    let mut subscription = bus.subscribe(group, topics).await?;
    loop {
        let delivery = tokio::select! {
            delivery = subscription.next() => delivery,
            _ = shutdown.wait() => return Ok(()),
        };
        let Some(delivery) = delivery else {
            return Ok(());
        };
        let span = tracing::info_span!("consume", group, event_type = %delivery.event.event_type,
            event_id = %delivery.event.id, attempt = delivery.attempt);
        telemetry::set_parent(&span, &delivery.event.traceparent, &delivery.event.tracestate);
        let outcome = handler.handle(&delivery.event).instrument(span).await;
        match outcome {
            Ok(()) => delivery.ack(),
            Err(error) => delivery.nack(error.detail),
        }
    }
}
