//! The sandbox provider's webhook: a JSON event in the shape real providers
//! send (an event id, a type, the object it is about), signed in Stripe's
//! scheme (see [`super::signature`]).
//!
//! ```json
//! {"id":"evt_…","type":"payment.succeeded","created":1795392000,
//!  "data":{"session_id":"ps_…","amount":1999,"currency":"EUR","reason":""}}
//! ```

use serde::{Deserialize, Serialize};

use super::session::ProviderReport;
use keyshop_core::vocab::PaymentState;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct EventData {
    session_id: String,
    amount: i64,
    currency: String,
    #[serde(default)]
    reason: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct SandboxEvent {
    id: String,
    #[serde(rename = "type")]
    kind: String,
    created: i64,
    data: EventData,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WebhookError {
    #[error("the event is not valid JSON of the expected shape: {0}")]
    Malformed(String),
    #[error("unknown event type {0:?}")]
    UnknownType(String),
}

fn kind_of(outcome: PaymentState) -> &'static str {
    match outcome {
        PaymentState::Succeeded => "payment.succeeded",
        PaymentState::Failed => "payment.failed",
        PaymentState::Cancelled => "payment.cancelled",
        PaymentState::Expired => "payment.expired",
        PaymentState::Open => "payment.open",
    }
}

/// The body of the sandbox's event for `report`, created at `created` (seconds).
pub fn sandbox_body(report: &ProviderReport, created: i64) -> Vec<u8> {
    let event = SandboxEvent {
        id: report.event_id.clone(),
        kind: kind_of(report.outcome).to_owned(),
        created,
        data: EventData {
            session_id: report.session_id.clone(),
            amount: report.amount,
            currency: report.currency.clone(),
            reason: report.reason.clone(),
        },
    };
    // A struct of strings and integers always serializes.
    serde_json::to_vec(&event).unwrap_or_default()
}

/// What a (signature-checked) sandbox event reports.
pub fn parse_sandbox(body: &[u8]) -> Result<ProviderReport, WebhookError> {
    let event: SandboxEvent =
        serde_json::from_slice(body).map_err(|error| WebhookError::Malformed(error.to_string()))?;
    let outcome = [PaymentState::Succeeded, PaymentState::Failed, PaymentState::Cancelled, PaymentState::Expired]
        .into_iter()
        .find(|outcome| kind_of(*outcome) == event.kind)
        .ok_or_else(|| WebhookError::UnknownType(event.kind.clone()))?;
    if event.id.is_empty() || event.id.len() > 128 || event.data.session_id.is_empty() {
        return Err(WebhookError::Malformed("empty or over-long ids".to_owned()));
    }
    Ok(ProviderReport {
        event_id: event.id,
        session_id: event.data.session_id,
        outcome,
        amount: event.data.amount,
        currency: event.data.currency,
        reason: event.data.reason.chars().take(200).collect(),
        payment_ref: String::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(outcome: PaymentState) -> ProviderReport {
        ProviderReport {
            event_id: "evt_1".to_owned(),
            session_id: "ps_1".to_owned(),
            outcome,
            amount: 1999,
            currency: "EUR".to_owned(),
            reason: if outcome == PaymentState::Failed { "card_declined".to_owned() } else { String::new() },
            payment_ref: String::new(),
        }
    }

    #[test]
    fn events_round_trip() {
        for outcome in [PaymentState::Succeeded, PaymentState::Failed] {
            let body = sandbox_body(&report(outcome), 1_795_392_000);
            assert_eq!(parse_sandbox(&body).unwrap(), report(outcome));
        }
        let body = String::from_utf8(sandbox_body(&report(PaymentState::Succeeded), 1)).unwrap();
        assert!(body.contains(r#""type":"payment.succeeded""#), "{body}");
    }

    #[test]
    fn what_is_not_an_event_is_refused() {
        assert!(matches!(parse_sandbox(b"{"), Err(WebhookError::Malformed(_))));
        let unknown = br#"{"id":"evt","type":"charge.refunded","created":1,"data":{"session_id":"ps","amount":1,"currency":"EUR"}}"#;
        assert_eq!(parse_sandbox(unknown), Err(WebhookError::UnknownType("charge.refunded".to_owned())));
        let empty =
            br#"{"id":"","type":"payment.failed","created":1,"data":{"session_id":"ps","amount":1,"currency":"EUR"}}"#;
        assert!(matches!(parse_sandbox(empty), Err(WebhookError::Malformed(_))));
    }
}
