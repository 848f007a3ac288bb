//! The order state machine: every state, every event, and the only
//! transitions allowed between them.
//!
//! ```text
//! pending_payment ─pay→ paid ─deliver→ delivered ─confirm/auto→ completed
//!        │                │  └─delay→ delayed_delivery ─deliver→ delivered
//!        ├─cancel→ cancelled ─pay (late)→ paid│
//!        └─expire→ expired ─pay (late)→ paid  │
//! paid, delayed_delivery, delivered ─request refund→ refund_requested
//! refund_requested ─approve→ refunded │ ─reject→ refund_rejected ─confirm/auto→ completed
//! ```
//! Deleting (hiding from the buyer) is allowed only for cancelled, expired
//! and completed orders.

pub use keyshop_core::vocab::OrderState;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OrderEvent {
    /// The payment provider confirmed the payment.
    Pay,
    /// Every key of the order was delivered.
    Deliver,
    /// Paid, but stock cannot fill the order now.
    Delay,
    /// The buyer confirmed receipt.
    Confirm,
    /// The confirmation period passed.
    AutoComplete,
    /// The buyer cancelled before paying.
    Cancel,
    /// The payment window passed.
    Expire,
    RequestRefund,
    ApproveRefund,
    RejectRefund,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("an order that is {from} cannot take {event:?}")]
pub struct TransitionRefused {
    pub from: OrderState,
    pub event: OrderEvent,
}

/// The order state machine's rules over the store's [`OrderState`].
pub trait Lifecycle: Sized {
    /// The state after `event`, or why not.
    fn next(self, event: OrderEvent) -> Result<OrderState, TransitionRefused>;
    /// Whether the buyer may delete (hide) the order.
    fn deletable(self) -> bool;
    /// Whether the buyer may still pay (again, after a failed attempt).
    fn payable(self) -> bool;
    /// Whether the order's keys were paid for (they may be shown once delivered).
    fn paid(self) -> bool;
}

/// The states of an order whose payment stands: its keys are the buyer's.
pub const PAID: [OrderState; 6] = [
    OrderState::Paid,
    OrderState::DelayedDelivery,
    OrderState::Delivered,
    OrderState::Completed,
    OrderState::RefundRequested,
    OrderState::RefundRejected,
];

impl Lifecycle for OrderState {
    fn next(self, event: OrderEvent) -> Result<OrderState, TransitionRefused> {
        use OrderEvent as E;
        use OrderState as S;
        let next = match (self, event) {
            // A payment that arrives after the window or a cancel still took
            // the buyer's money: the order is paid and delivered from stock.
            (S::PendingPayment | S::Expired | S::Cancelled, E::Pay) => S::Paid,
            (S::PendingPayment, E::Cancel) => S::Cancelled,
            (S::PendingPayment, E::Expire) => S::Expired,
            (S::Paid | S::DelayedDelivery, E::Deliver) => S::Delivered,
            (S::Paid, E::Delay) => S::DelayedDelivery,
            (S::Delivered | S::RefundRejected, E::Confirm | E::AutoComplete) => S::Completed,
            (S::Paid | S::DelayedDelivery | S::Delivered, E::RequestRefund) => S::RefundRequested,
            (S::RefundRequested, E::ApproveRefund) => S::Refunded,
            (S::RefundRequested, E::RejectRefund) => S::RefundRejected,
            (from, event) => return Err(TransitionRefused { from, event }),
        };
        Ok(next)
    }

    fn deletable(self) -> bool {
        matches!(self, OrderState::Cancelled | OrderState::Expired | OrderState::Completed)
    }

    fn payable(self) -> bool {
        self == OrderState::PendingPayment
    }

    fn paid(self) -> bool {
        PAID.contains(&self)
    }
}

#[cfg(test)]
mod tests {
    use super::OrderEvent as E;
    use super::OrderState as S;
    use super::*;

    const EVENTS: [OrderEvent; 10] = [
        E::Pay,
        E::Deliver,
        E::Delay,
        E::Confirm,
        E::AutoComplete,
        E::Cancel,
        E::Expire,
        E::RequestRefund,
        E::ApproveRefund,
        E::RejectRefund,
    ];

    /// Every allowed transition, and nothing else.
    const ALLOWED: &[(OrderState, OrderEvent, OrderState)] = &[
        (S::PendingPayment, E::Pay, S::Paid),
        (S::PendingPayment, E::Cancel, S::Cancelled),
        (S::PendingPayment, E::Expire, S::Expired),
        (S::Expired, E::Pay, S::Paid),
        (S::Cancelled, E::Pay, S::Paid),
        (S::Paid, E::Deliver, S::Delivered),
        (S::Paid, E::Delay, S::DelayedDelivery),
        (S::Paid, E::RequestRefund, S::RefundRequested),
        (S::DelayedDelivery, E::Deliver, S::Delivered),
        (S::DelayedDelivery, E::RequestRefund, S::RefundRequested),
        (S::Delivered, E::Confirm, S::Completed),
        (S::Delivered, E::AutoComplete, S::Completed),
        (S::Delivered, E::RequestRefund, S::RefundRequested),
        (S::RefundRequested, E::ApproveRefund, S::Refunded),
        (S::RefundRequested, E::RejectRefund, S::RefundRejected),
        (S::RefundRejected, E::Confirm, S::Completed),
        (S::RefundRejected, E::AutoComplete, S::Completed),
    ];

    #[test]
    fn exactly_the_listed_transitions_are_allowed() {
        for &from in OrderState::ALL {
            for event in EVENTS {
                let expected = ALLOWED.iter().find(|(state, on, _)| *state == from && *on == event).map(|t| t.2);
                match (from.next(event), expected) {
                    (Ok(to), Some(expected)) => assert_eq!(to, expected, "{from} on {event:?}"),
                    (Err(refused), None) => assert_eq!(refused, TransitionRefused { from, event }),
                    (got, expected) => panic!("{from} on {event:?}: got {got:?}, expected {expected:?}"),
                }
            }
        }
    }

    #[test]
    fn the_happy_path_and_the_refund_path() {
        let delivered = S::PendingPayment.next(E::Pay).and_then(|s| s.next(E::Deliver)).unwrap();
        assert_eq!(delivered.next(E::Confirm), Ok(S::Completed));
        let refunded = delivered.next(E::RequestRefund).and_then(|s| s.next(E::ApproveRefund)).unwrap();
        assert_eq!(refunded, S::Refunded);
        assert!(refunded.next(E::RequestRefund).is_err(), "a refund is requested once");
        assert!(S::Completed.next(E::Cancel).is_err());
        assert!(S::Paid.next(E::Cancel).is_err(), "a paid order is refunded, never cancelled");
    }

    #[test]
    fn only_finished_orders_may_be_deleted_and_only_pending_ones_paid() {
        let deletable: Vec<_> = OrderState::ALL.iter().copied().filter(|state| state.deletable()).collect();
        assert_eq!(deletable, [S::Completed, S::Cancelled, S::Expired]);
        let payable: Vec<_> = OrderState::ALL.iter().copied().filter(|state| state.payable()).collect();
        assert_eq!(payable, [S::PendingPayment]);
        assert!(!S::Refunded.paid() && !S::Cancelled.paid() && S::DelayedDelivery.paid());
    }
}
