//! Payment sessions: one per attempt to pay an order, with the amount and
//! currency the provider must confirm, and the payment window.
//!
//! `open` until the provider says `succeeded`, `failed` or the buyer
//! `cancelled`; `expired` when the window passed. A payment confirmed after
//! the window still counts (the money was taken); after a failure the buyer
//! pays again with a new session for the same order. `succeeded` is final:
//! a payment is marked paid once.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SessionState {
    Open,
    Succeeded,
    Failed,
    Cancelled,
    Expired,
}

impl SessionState {
    pub const ALL: [SessionState; 5] = [
        SessionState::Open,
        SessionState::Succeeded,
        SessionState::Failed,
        SessionState::Cancelled,
        SessionState::Expired,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            SessionState::Open => "open",
            SessionState::Succeeded => "succeeded",
            SessionState::Failed => "failed",
            SessionState::Cancelled => "cancelled",
            SessionState::Expired => "expired",
        }
    }

    pub fn parse(text: &str) -> Option<SessionState> {
        SessionState::ALL.into_iter().find(|state| state.as_str() == text)
    }

    /// The states a session may come from to reach `self`.
    pub fn reachable_from(self) -> &'static [SessionState] {
        match self {
            SessionState::Open => &[],
            SessionState::Succeeded => &[SessionState::Open, SessionState::Expired],
            SessionState::Failed | SessionState::Cancelled | SessionState::Expired => &[SessionState::Open],
        }
    }
}

/// What a provider's webhook says about a session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProviderReport {
    /// The provider's own event id (de-duplication).
    pub event_id: String,
    pub session_id: String,
    pub outcome: SessionState,
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
pub fn money_matches(report: &ProviderReport, amount: i64, currency: &str) -> bool {
    report.amount == amount && report.currency.eq_ignore_ascii_case(currency)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paid_once_and_only_from_open_or_expired() {
        use SessionState as S;
        assert_eq!(S::Succeeded.reachable_from(), [S::Open, S::Expired]);
        for end in [S::Failed, S::Cancelled, S::Expired] {
            assert_eq!(end.reachable_from(), [S::Open]);
        }
        assert!(S::ALL.iter().all(|state| !state.reachable_from().contains(&S::Succeeded)), "succeeded is final");
        for state in S::ALL {
            assert_eq!(S::parse(state.as_str()), Some(state));
        }
    }

    #[test]
    fn the_money_must_be_the_sessions() {
        let report = ProviderReport {
            event_id: "evt_1".to_owned(),
            session_id: "ps_1".to_owned(),
            outcome: SessionState::Succeeded,
            amount: 1839,
            currency: "eur".to_owned(),
            reason: String::new(),
            payment_ref: String::new(),
        };
        assert!(money_matches(&report, 1839, "EUR"));
        assert!(!money_matches(&report, 1838, "EUR"));
        assert!(!money_matches(&report, 1839, "USD"));
    }
}
