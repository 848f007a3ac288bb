//! PayPal Orders v2, as documented: the order that asks the buyer to approve
//! (`POST /v2/checkout/orders`, intent CAPTURE), the capture the store makes
//! when the buyer comes back (`POST /v2/checkout/orders/{id}/capture`), and
//! the webhook events (`PAYMENT.CAPTURE.COMPLETED`, `…DENIED`, and
//! `CHECKOUT.ORDER.APPROVED`, on which the store captures for a buyer who
//! never came back), which are checked through PayPal's verification call
//! before they are read.
//!
//! The order carries our session id in `custom_id` (it comes back on the
//! capture) and the order number in `invoice_id`.

use serde::Deserialize;
use serde_json::{Value, json};

use super::checkout::{self, CheckoutRequest};
use super::session::{ProviderReport, WebhookNews};
use super::webhook::WebhookError;
use keyshop_core::vocab::PaymentState;

/// PayPal's currencies without decimals.
pub const ZERO_DECIMAL: &[&str] = &["HUF", "JPY", "TWD"];

/// The headers PayPal signs a webhook with, which its verification call takes.
pub const SIGNATURE_HEADERS: [(&str, &str); 5] = [
    ("paypal-auth-algo", "auth_algo"),
    ("paypal-cert-url", "cert_url"),
    ("paypal-transmission-id", "transmission_id"),
    ("paypal-transmission-sig", "transmission_sig"),
    ("paypal-transmission-time", "transmission_time"),
];

/// The body of `POST /v2/checkout/orders`; `None` when the amount cannot be
/// written in PayPal's unit.
pub fn order_body(request: &CheckoutRequest, description: &str) -> Option<Value> {
    let value = checkout::decimal(request.amount, &request.currency, ZERO_DECIMAL)?;
    Some(json!({
        "intent": "CAPTURE",
        "purchase_units": [{
            "reference_id": request.session_id,
            "custom_id": request.session_id,
            "invoice_id": request.order_no,
            "description": description,
            "amount": {"currency_code": request.currency, "value": value},
        }],
        "payment_source": {"paypal": {"experience_context": {
            "return_url": request.success_url,
            "cancel_url": request.cancel_url,
            "user_action": "PAY_NOW",
            "shipping_preference": "NO_SHIPPING",
        }}},
    }))
}

#[derive(Debug, Clone, Deserialize)]
struct Link {
    href: String,
    rel: String,
}

#[derive(Debug, Clone, Deserialize)]
struct CreatedOrder {
    id: String,
    #[serde(default)]
    links: Vec<Link>,
}

/// The order's id and the page where the buyer approves it (`payer-action`,
/// or `approve` in the older flow).
pub fn approval(body: &[u8]) -> Option<(String, String)> {
    let order: CreatedOrder = serde_json::from_slice(body).ok()?;
    let link = order.links.into_iter().find(|link| link.rel == "payer-action" || link.rel == "approve")?;
    Some((order.id, link.href))
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
struct Amount {
    currency_code: String,
    value: String,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
struct Capture {
    id: String,
    status: String,
    amount: Amount,
    custom_id: String,
}

impl Capture {
    /// What this capture says about `session_id`; `None` while it is pending.
    fn report(self, event_id: String, session_id: String) -> Option<ProviderReport> {
        let (outcome, reason) = match self.status.as_str() {
            "COMPLETED" => (PaymentState::Succeeded, ""),
            "DECLINED" | "FAILED" => (PaymentState::Failed, "payment_declined"),
            _ => return None,
        };
        let currency = self.amount.currency_code.to_ascii_uppercase();
        let amount = checkout::parse_decimal(&self.amount.value, &currency, ZERO_DECIMAL).unwrap_or_default();
        Some(ProviderReport {
            event_id,
            session_id,
            outcome,
            amount,
            currency,
            reason: reason.to_owned(),
            payment_ref: self.id,
        })
    }
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
struct Payments {
    captures: Vec<Capture>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
struct PurchaseUnit {
    payments: Payments,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
struct CapturedOrder {
    purchase_units: Vec<PurchaseUnit>,
}

/// What the answer to the capture call reports for `session_id`; `None`
/// when nothing was captured yet.
pub fn parse_capture(body: &[u8], session_id: &str) -> Result<Option<ProviderReport>, WebhookError> {
    let order: CapturedOrder =
        serde_json::from_slice(body).map_err(|error| WebhookError::Malformed(error.to_string()))?;
    let capture = order.purchase_units.into_iter().flat_map(|unit| unit.payments.captures).next();
    Ok(capture.and_then(|capture| {
        let event_id = format!("capture-{}", capture.id);
        capture.report(event_id, session_id.to_owned())
    }))
}

/// Whether a refused capture means the buyer's funding was declined
/// (`INSTRUMENT_DECLINED`): the attempt failed and the buyer pays again.
pub fn declined(error_body: &[u8]) -> bool {
    serde_json::from_slice::<Value>(error_body).ok().is_some_and(|body| {
        body["details"]
            .as_array()
            .is_some_and(|details| details.iter().any(|detail| detail["issue"] == "INSTRUMENT_DECLINED"))
    })
}

#[derive(Debug, Clone, Deserialize)]
struct Event {
    id: String,
    event_type: String,
    resource: Value,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
struct UnitRef {
    custom_id: String,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
struct ApprovedOrder {
    status: String,
    purchase_units: Vec<UnitRef>,
}

/// What a verified webhook event asks; `None` for events that change
/// nothing here (and for orders this store did not make).
pub fn parse_event(body: &[u8]) -> Result<Option<WebhookNews>, WebhookError> {
    let event: Event = serde_json::from_slice(body).map_err(|error| WebhookError::Malformed(error.to_string()))?;
    if event.id.is_empty() || event.id.len() > 128 {
        return Err(WebhookError::Malformed("empty or over-long event id".to_owned()));
    }
    let malformed = |error: serde_json::Error| WebhookError::Malformed(error.to_string());
    match event.event_type.as_str() {
        "PAYMENT.CAPTURE.COMPLETED" | "PAYMENT.CAPTURE.DENIED" => {
            let capture: Capture = serde_json::from_value(event.resource).map_err(malformed)?;
            let session_id = capture.custom_id.clone();
            if session_id.is_empty() {
                return Ok(None);
            }
            Ok(capture.report(event.id, session_id).map(WebhookNews::Report))
        }
        "CHECKOUT.ORDER.APPROVED" => {
            let order: ApprovedOrder = serde_json::from_value(event.resource).map_err(malformed)?;
            let session_id = order.purchase_units.into_iter().map(|unit| unit.custom_id).next().unwrap_or_default();
            Ok((order.status == "APPROVED" && !session_id.is_empty()).then_some(WebhookNews::Approved { session_id }))
        }
        _ => Ok(None),
    }
}

/// The body of `POST /v1/notifications/verify-webhook-signature`: the
/// signature headers as received, our webhook's id and the event itself.
/// `None` when a header is missing or the body is not JSON.
pub fn verification_body(header: impl Fn(&str) -> Option<String>, webhook_id: &str, body: &[u8]) -> Option<Value> {
    let mut request = serde_json::Map::new();
    for (name, field) in SIGNATURE_HEADERS {
        request.insert(field.to_owned(), Value::String(header(name).filter(|value| !value.is_empty())?));
    }
    request.insert("webhook_id".to_owned(), Value::String(webhook_id.to_owned()));
    request.insert("webhook_event".to_owned(), serde_json::from_slice(body).ok()?);
    Some(Value::Object(request))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(amount: i64, currency: &str) -> CheckoutRequest {
        CheckoutRequest {
            session_id: "ps_1".to_owned(),
            order_no: "KS1".to_owned(),
            amount,
            currency: currency.to_owned(),
            success_url: "https://shop.example/paypal?session=ps_1&order=KS1".to_owned(),
            cancel_url: "https://shop.example/cancel?session=ps_1&order=KS1".to_owned(),
            expires_at: 1,
        }
    }

    #[test]
    fn orders_are_written_in_paypals_decimals() {
        let body = order_body(&request(1999, "EUR"), "Order KS1").unwrap();
        assert_eq!(body["intent"], "CAPTURE");
        assert_eq!(body["purchase_units"][0]["amount"], json!({"currency_code": "EUR", "value": "19.99"}));
        assert_eq!(body["purchase_units"][0]["custom_id"], "ps_1");
        assert_eq!(
            body["payment_source"]["paypal"]["experience_context"]["return_url"],
            "https://shop.example/paypal?session=ps_1&order=KS1"
        );
        let yen = order_body(&request(135_000, "JPY"), "Order").unwrap();
        assert_eq!(yen["purchase_units"][0]["amount"]["value"], "1350");
        assert!(order_body(&request(135_001, "JPY"), "Order").is_none());
    }

    #[test]
    fn the_approval_link_is_found() {
        let created = br#"{"id":"5O190127TN364715T","status":"PAYER_ACTION_REQUIRED","links":[
            {"href":"https://api-m.paypal.com/v2/checkout/orders/5O190127TN364715T","rel":"self","method":"GET"},
            {"href":"https://www.paypal.com/checkoutnow?token=5O190127TN364715T","rel":"payer-action","method":"GET"}]}"#;
        assert_eq!(
            approval(created),
            Some((
                "5O190127TN364715T".to_owned(),
                "https://www.paypal.com/checkoutnow?token=5O190127TN364715T".to_owned()
            ))
        );
        assert_eq!(approval(br#"{"id":"X","links":[]}"#), None);
    }

    #[test]
    fn captures_and_events_report_in_hundredths() {
        let captured = br#"{"id":"5O1","status":"COMPLETED","purchase_units":[{"reference_id":"ps_1","payments":{"captures":[
            {"id":"3C6","status":"COMPLETED","amount":{"currency_code":"EUR","value":"19.99"},"custom_id":"ps_1"}]}}]}"#;
        let report = parse_capture(captured, "ps_1").unwrap().unwrap();
        assert_eq!((report.outcome, report.amount, report.currency.as_str()), (PaymentState::Succeeded, 1999, "EUR"));
        assert_eq!((report.event_id.as_str(), report.payment_ref.as_str()), ("capture-3C6", "3C6"));
        assert_eq!(parse_capture(br#"{"id":"5O1","status":"APPROVED"}"#, "ps_1").unwrap(), None);

        let event = br#"{"id":"WH-1","event_type":"PAYMENT.CAPTURE.COMPLETED","resource_type":"capture",
            "resource":{"id":"3C6","status":"COMPLETED","amount":{"currency_code":"JPY","value":"1350"},"custom_id":"ps_9"}}"#;
        let Some(WebhookNews::Report(report)) = parse_event(event).unwrap() else { panic!("a report") };
        assert_eq!((report.session_id.as_str(), report.amount), ("ps_9", 135_000));
        let denied = String::from_utf8_lossy(event)
            .replace("COMPLETED", "DENIED")
            .replace("\"status\":\"DENIED\"", "\"status\":\"DECLINED\"");
        let Some(WebhookNews::Report(denied)) = parse_event(denied.as_bytes()).unwrap() else { panic!("a report") };
        assert_eq!(denied.outcome, PaymentState::Failed);
        let approved = br#"{"id":"WH-2","event_type":"CHECKOUT.ORDER.APPROVED","resource":{"id":"5O1",
            "status":"APPROVED","purchase_units":[{"reference_id":"ps_1","custom_id":"ps_1"}]}}"#;
        assert_eq!(parse_event(approved).unwrap(), Some(WebhookNews::Approved { session_id: "ps_1".to_owned() }));
        let foreign =
            br#"{"id":"WH-3","event_type":"CHECKOUT.ORDER.APPROVED","resource":{"id":"5O1","status":"APPROVED"}}"#;
        assert_eq!(parse_event(foreign).unwrap(), None);
        let other = br#"{"id":"WH-4","event_type":"CUSTOMER.DISPUTE.CREATED","resource":{"id":"PP-D-1"}}"#;
        assert_eq!(parse_event(other).unwrap(), None);
        assert!(parse_event(b"[]").is_err());
    }

    #[test]
    fn declines_and_verification_requests() {
        assert!(declined(br#"{"name":"UNPROCESSABLE_ENTITY","details":[{"issue":"INSTRUMENT_DECLINED"}]}"#));
        assert!(!declined(br#"{"name":"UNPROCESSABLE_ENTITY","details":[{"issue":"ORDER_NOT_APPROVED"}]}"#));
        let headers = |name: &str| Some(format!("value of {name}"));
        let body = verification_body(headers, "WH-HOOK", br#"{"id":"WH-1"}"#).unwrap();
        assert_eq!(body["transmission_sig"], "value of paypal-transmission-sig");
        assert_eq!(body["webhook_id"], "WH-HOOK");
        assert_eq!(body["webhook_event"]["id"], "WH-1");
        assert!(verification_body(|_| None, "WH-HOOK", b"{}").is_none());
    }
}
