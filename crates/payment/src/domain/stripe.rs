//! Stripe Checkout Sessions, as documented: the form that creates one
//! (`POST /v1/checkout/sessions`), and what its webhook events report.
//! The webhook's signature is checked by [`super::signature`] first.
//!
//! A Checkout Session names our session in `client_reference_id` (and in
//! its metadata); `checkout.session.completed` with `payment_status: paid`
//! is the money taken, `checkout.session.async_payment_succeeded` and
//! `…_failed` end a delayed method (SEPA, Sofort), `checkout.session.expired`
//! closes it. Every other event type is acknowledged and ignored.

use serde::Deserialize;

use super::checkout::{self, CheckoutRequest};
use super::session::ProviderReport;
use super::webhook::WebhookError;
use keyshop_core::vocab::PaymentState;

/// Stripe's zero-decimal currencies (amounts in whole units).
pub const ZERO_DECIMAL: &[&str] =
    &["BIF", "CLP", "DJF", "GNF", "JPY", "KMF", "KRW", "MGA", "PYG", "RWF", "UGX", "VND", "VUV", "XAF", "XOF", "XPF"];

/// The fields of `POST /v1/checkout/sessions` for one payment of the whole
/// order; `None` when the amount cannot be charged in whole units.
pub fn checkout_form(request: &CheckoutRequest, description: &str) -> Option<Vec<(String, String)>> {
    let amount = checkout::to_provider(request.amount, &request.currency, ZERO_DECIMAL)?;
    let field = |name: &str, value: String| (name.to_owned(), value);
    Some(vec![
        field("mode", "payment".to_owned()),
        field("client_reference_id", request.session_id.clone()),
        field("success_url", request.success_url.clone()),
        field("cancel_url", request.cancel_url.clone()),
        field("expires_at", request.expires_at.to_string()),
        field("line_items[0][quantity]", "1".to_owned()),
        field("line_items[0][price_data][currency]", request.currency.to_ascii_lowercase()),
        field("line_items[0][price_data][unit_amount]", amount.to_string()),
        field("line_items[0][price_data][product_data][name]", description.to_owned()),
        field("metadata[session_id]", request.session_id.clone()),
        field("metadata[order_no]", request.order_no.clone()),
        field("payment_intent_data[metadata][order_no]", request.order_no.clone()),
    ])
}

/// What `POST /v1/checkout/sessions` answers (the parts used).
#[derive(Debug, Clone, Deserialize)]
pub struct CreatedSession {
    pub id: String,
    pub url: String,
}

/// Stripe's error body: `{"error": {"type": …, "message": …}}`.
#[derive(Debug, Clone, Deserialize)]
pub struct ErrorBody {
    pub error: ErrorDetail,
}

#[derive(Debug, Clone, Deserialize)]
pub struct ErrorDetail {
    #[serde(default, rename = "type")]
    pub kind: String,
    #[serde(default)]
    pub message: String,
}

#[derive(Debug, Clone, Deserialize)]
struct Event {
    id: String,
    #[serde(rename = "type")]
    kind: String,
    data: EventData,
}

#[derive(Debug, Clone, Deserialize)]
struct EventData {
    object: SessionObject,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
struct SessionObject {
    client_reference_id: Option<String>,
    metadata: Metadata,
    amount_total: Option<i64>,
    currency: Option<String>,
    payment_status: String,
    payment_intent: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
struct Metadata {
    session_id: Option<String>,
}

/// What a signature-checked Stripe event reports about one of our sessions;
/// `None` for an event that changes nothing here.
pub fn parse_event(body: &[u8]) -> Result<Option<ProviderReport>, WebhookError> {
    let event: Event = serde_json::from_slice(body).map_err(|error| WebhookError::Malformed(error.to_string()))?;
    if event.id.is_empty() || event.id.len() > 128 {
        return Err(WebhookError::Malformed("empty or over-long event id".to_owned()));
    }
    let object = event.data.object;
    let (outcome, reason) = match (event.kind.as_str(), object.payment_status.as_str()) {
        ("checkout.session.completed", "paid") | ("checkout.session.async_payment_succeeded", _) => {
            (PaymentState::Succeeded, "")
        }
        ("checkout.session.async_payment_failed", _) => (PaymentState::Failed, "payment_failed"),
        ("checkout.session.expired", _) => (PaymentState::Expired, ""),
        // Completed but unpaid: a delayed method, whose outcome comes later.
        _ => return Ok(None),
    };
    let Some(session_id) = object.client_reference_id.or(object.metadata.session_id).filter(|id| !id.is_empty()) else {
        // A checkout this store did not open.
        return Ok(None);
    };
    let currency = object.currency.unwrap_or_default().to_ascii_uppercase();
    let amount = object
        .amount_total
        .and_then(|total| checkout::from_provider(total, &currency, ZERO_DECIMAL))
        .unwrap_or_default();
    Ok(Some(ProviderReport {
        event_id: event.id,
        session_id,
        outcome,
        amount,
        currency,
        reason: reason.to_owned(),
        payment_ref: object.payment_intent.unwrap_or_default(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request() -> CheckoutRequest {
        CheckoutRequest {
            session_id: "ps_1".to_owned(),
            order_no: "KS20261123000000000001".to_owned(),
            amount: 135_000,
            currency: "JPY".to_owned(),
            success_url: "https://shop.example/success-payment?order=KS1".to_owned(),
            cancel_url: "https://shop.example/cancel?order=KS1".to_owned(),
            expires_at: 1_795_394_000,
        }
    }

    fn event(kind: &str, payment_status: &str) -> Vec<u8> {
        serde_json::json!({
            "id": "evt_1", "object": "event", "type": kind, "created": 1_795_392_000,
            "data": {"object": {
                "id": "cs_test_1", "object": "checkout.session", "client_reference_id": "ps_1",
                "metadata": {"session_id": "ps_1"}, "amount_total": 1350, "currency": "jpy",
                "payment_status": payment_status, "payment_intent": "pi_1", "status": "complete"
            }}
        })
        .to_string()
        .into_bytes()
    }

    #[test]
    fn the_form_charges_the_whole_order_in_stripes_unit() {
        let form = checkout_form(&request(), "Order KS1").unwrap();
        let value = |name: &str| form.iter().find(|(key, _)| key == name).map(|(_, value)| value.as_str());
        assert_eq!(value("mode"), Some("payment"));
        assert_eq!(value("line_items[0][price_data][currency]"), Some("jpy"));
        assert_eq!(value("line_items[0][price_data][unit_amount]"), Some("1350"));
        assert_eq!(value("client_reference_id"), Some("ps_1"));
        assert_eq!(value("expires_at"), Some("1795394000"));
        let fraction = CheckoutRequest { amount: 135_050, ..request() };
        assert!(checkout_form(&fraction, "Order").is_none());
    }

    #[test]
    fn paid_completed_sessions_succeed_in_hundredths() {
        let report = parse_event(&event("checkout.session.completed", "paid")).unwrap().unwrap();
        assert_eq!(report.outcome, PaymentState::Succeeded);
        assert_eq!((report.amount, report.currency.as_str()), (135_000, "JPY"));
        assert_eq!((report.session_id.as_str(), report.payment_ref.as_str()), ("ps_1", "pi_1"));
        let failed = parse_event(&event("checkout.session.async_payment_failed", "unpaid")).unwrap().unwrap();
        assert_eq!((failed.outcome, failed.reason.as_str()), (PaymentState::Failed, "payment_failed"));
        let expired = parse_event(&event("checkout.session.expired", "unpaid")).unwrap().unwrap();
        assert_eq!(expired.outcome, PaymentState::Expired);
    }

    #[test]
    fn other_events_change_nothing_and_garbage_is_refused() {
        assert_eq!(parse_event(&event("checkout.session.completed", "unpaid")).unwrap(), None);
        assert_eq!(parse_event(&event("customer.created", "paid")).unwrap(), None);
        let foreign =
            br#"{"id":"evt_2","type":"checkout.session.completed","data":{"object":{"payment_status":"paid"}}}"#;
        assert_eq!(parse_event(foreign).unwrap(), None);
        assert!(parse_event(b"{}").is_err());
        assert!(parse_event(b"not json").is_err());
    }
}
