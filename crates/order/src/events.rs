//! What the order service consumes: payments confirmed, keys delivered or
//! delayed. Each handler is a guarded state change, safe to repeat.

use std::sync::Arc;

use keyshop_core::error::AppError;
use keyshop_core::events::{Event, EventHandler};
use keyshop_core::vocab::PaymentProvider;
use keyshop_proto::events::v1::{KeysDelayed, KeysDelivered, PaymentSucceeded};

use crate::service::ConfirmedPayment;
use crate::service::OrderService;

/// The consumer group of [`OrderEvents`].
pub const ORDER_GROUP: &str = "order-states";

pub struct OrderEvents {
    pub service: Arc<OrderService>,
}

#[async_trait::async_trait]
impl EventHandler for OrderEvents {
    async fn handle(&self, event: &Event) -> Result<(), AppError> {
        if let Some(paid) = event.decode::<PaymentSucceeded>() {
            let paid = paid?;
            let provider = PaymentProvider::from_proto(paid.provider)?;
            let payment = ConfirmedPayment { provider, amount: paid.amount, currency: paid.currency.clone() };
            let moved = self.service.payment_succeeded(&paid.order_no, payment).await?;
            tracing::info!(order_no = %paid.order_no, moved, "payment seen");
        } else if let Some(delivered) = event.decode::<KeysDelivered>() {
            self.service.keys_delivered(&delivered?.order_no).await?;
        } else if let Some(delayed) = event.decode::<KeysDelayed>() {
            self.service.keys_delayed(&delayed?.order_no).await?;
        }
        Ok(())
    }
}
