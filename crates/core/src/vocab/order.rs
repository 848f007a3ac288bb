//! The states of an order. What may follow what is the order service's
//! state machine (`keyshop_order::domain::state`).

crate::vocabulary! {
    /// Where an order is in its life.
    pub enum OrderState: keyshop_proto::common::v1::OrderState {
        PendingPayment = "pending_payment",
        Paid = "paid",
        /// Paid, but not every key could be delivered yet (stock ran out).
        DelayedDelivery = "delayed_delivery",
        Delivered = "delivered",
        Completed = "completed",
        Cancelled = "cancelled",
        Expired = "expired",
        RefundRequested = "refund_requested",
        Refunded = "refunded",
        RefundRejected = "refund_rejected",
    }
}
