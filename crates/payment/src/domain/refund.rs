//! A payment refunded: once per paid session.

use keyshop_core::ids::{OrderNo, SessionId};
use keyshop_core::money::Money;
use keyshop_core::vocab::PaymentProvider;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refund {
    pub session_id: SessionId,
    pub order_no: OrderNo,
    pub provider: PaymentProvider,
    pub amount: Money,
    /// The provider's id of the refund.
    pub provider_ref: String,
    pub refunded_at_ms: i64,
}
