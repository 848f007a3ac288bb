//! What the delivery service consumes: paid orders, to deliver their keys.

use std::sync::Arc;

use keyshop_core::error::AppError;
use keyshop_core::events::{Event, EventHandler};
use keyshop_proto::events::v1::OrderPaid;

use crate::service::DeliveryService;

/// The consumer group of [`OrderPaidHandler`].
pub const DELIVERY_GROUP: &str = "delivery-orders";

/// Delivers each paid order once (see `deliver_paid`): the handler is safe to
/// repeat, so an event seen again after a crash changes nothing.
pub struct OrderPaidHandler {
    pub service: Arc<DeliveryService>,
}

#[async_trait::async_trait]
impl EventHandler for OrderPaidHandler {
    async fn handle(&self, event: &Event) -> Result<(), AppError> {
        let Some(paid) = event.decode::<OrderPaid>() else { return Ok(()) };
        let paid = paid?;
        let order_no = paid.order_no.clone();
        let outcome = self.service.deliver_paid(paid).await?;
        tracing::info!(%order_no, complete = outcome.allocation.complete(), delivered_now = outcome.delivered_now, "paid order seen");
        Ok(())
    }
}
