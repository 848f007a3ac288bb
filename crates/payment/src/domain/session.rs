//! Payment sessions: one per attempt to pay an order, with the amount and
//! currency the provider must confirm, and the payment window.
//!
//! `open` until the provider says `succeeded`, `failed` or the buyer
//! `cancelled`; `expired` when the window passed. A payment confirmed after
//! the window still counts (the money was taken); after a failure the buyer
//! pays again with a new session for the same order. `succeeded` is final:
//! a payment is marked paid once.

use keyshop_core::ids::{OrderNo, SessionId};
use keyshop_core::money::Money;
use keyshop_core::vocab::{PaymentProvider, PaymentState};

/// The states a session may come from to reach `to` (`succeeded` is final:
/// a session is paid once, also after its window when the money was taken).
pub fn reachable_from(to: PaymentState) -> &'static [PaymentState] {
    match to {
        PaymentState::Open => &[],
        PaymentState::Succeeded => &[PaymentState::Open, PaymentState::Expired],
        PaymentState::Failed | PaymentState::Cancelled | PaymentState::Expired => &[PaymentState::Open],
    }
}

/// A payment session as the service knows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaymentSession {
    pub id: SessionId,
    pub order_no: OrderNo,
    pub provider: PaymentProvider,
    pub method: String,
    pub amount: Money,
    pub state: PaymentState,
    /// The provider's reason for a failure (`card_declined`…).
    pub reason: String,
    /// The provider's id of its checkout (Stripe's session, PayPal's order).
    pub provider_ref: String,
    pub expires_at_ms: i64,
    pub paid_at_ms: Option<i64>,
    /// Where the buyer pays (empty until the provider's checkout is open).
    pub redirect_url: String,
    /// The provider's id of the money taken, once paid.
    pub payment_ref: String,
}

impl PaymentSession {
    /// Open and still in its window at `now_ms`.
    pub fn payable_at(&self, now_ms: i64) -> bool {
        self.state == PaymentState::Open && self.expires_at_ms > now_ms
    }
}

/// What a provider's webhook says about a session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProviderReport {
    /// The provider's own event id (de-duplication).
    pub event_id: String,
    pub session_id: String,
    pub outcome: PaymentState,
    pub amount: i64,
    pub currency: String,
    /// The provider's reason for a failure (`card_declined`…).
    pub reason: String,
    /// The provider's id of the money taken (Stripe's payment intent,
    /// PayPal's capture), which a refund names; empty when there is none.
    pub payment_ref: String,
}

/// What a verified webhook asks of the store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WebhookNews {
    /// The session was paid, failed or expired at the provider.
    Report(ProviderReport),
    /// The buyer approved the payment at a provider that takes the money
    /// only on the store's word (PayPal): the store captures it now, even
    /// when the buyer closed the tab instead of coming back.
    Approved { session_id: String },
}

/// Whether a report's money is the session's: anything else is refused
/// ("the payment status is incorrect") and never marks the order paid.
pub fn money_matches(report: &ProviderReport, amount: Money) -> bool {
    report.amount == amount.minor && report.currency.eq_ignore_ascii_case(amount.currency.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paid_once_and_only_from_open_or_expired() {
        use PaymentState as S;
        assert_eq!(reachable_from(S::Succeeded), [S::Open, S::Expired]);
        for end in [S::Failed, S::Cancelled, S::Expired] {
            assert_eq!(reachable_from(end), [S::Open]);
        }
        assert!(S::ALL.iter().all(|state| !reachable_from(*state).contains(&S::Succeeded)), "succeeded is final");
    }

    #[test]
    fn the_money_must_be_the_sessions() {
        let report = ProviderReport {
            event_id: "evt_1".to_owned(),
            session_id: "ps_1".to_owned(),
            outcome: PaymentState::Succeeded,
            amount: 1839,
            currency: "eur".to_owned(),
            reason: String::new(),
            payment_ref: String::new(),
        };
        let euro = keyshop_core::money::CurrencyCode::parse("EUR").unwrap();
        assert!(money_matches(&report, Money::new(1839, euro)));
        assert!(!money_matches(&report, Money::new(1838, euro)));
        assert!(!money_matches(&report, Money::usd(1839)));
    }
}
