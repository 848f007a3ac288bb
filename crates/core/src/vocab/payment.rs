//! Payment sessions' states and the providers that take payments.

crate::vocabulary! {
    /// Where a payment session is.
    pub enum PaymentState: keyshop_proto::common::v1::PaymentState {
        Open = "open",
        Succeeded = "succeeded",
        Failed = "failed",
        Cancelled = "cancelled",
        Expired = "expired",
    }
}

crate::vocabulary! {
    /// Who takes a payment.
    pub enum PaymentProvider: keyshop_proto::common::v1::PaymentProvider {
        /// The built-in test provider (test cards only).
        Sandbox = "sandbox",
        Stripe = "stripe",
        Paypal = "paypal",
    }
}
