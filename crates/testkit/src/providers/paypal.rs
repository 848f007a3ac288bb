//! PayPal's REST API as far as keyshop uses it: `POST /v1/oauth2/token`
//! (client credentials in Basic auth), Orders v2 (`POST /v2/checkout/orders`,
//! `POST /v2/checkout/orders/{id}/capture`, each with `PayPal-Request-Id`),
//! `POST /v2/payments/captures/{id}/refund`, and
//! `POST /v1/notifications/verify-webhook-signature`, which says SUCCESS only
//! for a webhook this fake sent, unchanged, to the webhook id it was sent to.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;
use axum::{Json, Router};
use base64::Engine;
use serde_json::{Value, json};

use super::{Webhook, header};

pub const CLIENT_ID: &str = "fake-client-id";
pub const CLIENT_SECRET: &str = "fake-client-secret";
pub const WEBHOOK_ID: &str = "WH-FAKE-HOOK";
const TOKEN: &str = "A21AAfakeaccesstoken";

#[derive(Debug, Clone)]
pub struct Order {
    pub id: String,
    pub body: Value,
    /// CREATED, APPROVED, COMPLETED
    pub status: String,
    pub declined: bool,
    pub capture_id: Option<String>,
}

#[derive(Default)]
pub struct PaypalState {
    pub orders: Vec<Order>,
    pub answered: BTreeMap<String, (StatusCode, Value)>,
    pub refunds: Vec<(String, String)>,
    pub token_requests: usize,
    /// Transmission id → (signature, the event as sent).
    pub sent: BTreeMap<String, (String, Value)>,
}

#[derive(Clone)]
pub struct FakePaypal {
    pub url: String,
    pub state: Arc<Mutex<PaypalState>>,
}

type Shared = State<Arc<Mutex<PaypalState>>>;
type Answer = (StatusCode, Json<Value>);

fn issue(status: StatusCode, name: &str, issue: &str) -> Answer {
    (status, Json(json!({"name": name, "details": [{"issue": issue}], "debug_id": "fake"})))
}

fn bearer(headers: &HeaderMap) -> Result<(), Answer> {
    if header(headers, "authorization") == format!("Bearer {TOKEN}") {
        Ok(())
    } else {
        Err(issue(StatusCode::UNAUTHORIZED, "AUTHENTICATION_FAILURE", "INVALID_TOKEN"))
    }
}

async fn token(State(fake): Shared, headers: HeaderMap, body: Bytes) -> Answer {
    let basic = base64::engine::general_purpose::STANDARD.encode(format!("{CLIENT_ID}:{CLIENT_SECRET}"));
    if header(&headers, "authorization") != format!("Basic {basic}")
        || body.as_ref() != b"grant_type=client_credentials"
    {
        return (StatusCode::UNAUTHORIZED, Json(json!({"error": "invalid_client"})));
    }
    fake.lock().unwrap().token_requests += 1;
    (
        StatusCode::OK,
        Json(
            json!({"scope": "https://uri.paypal.com/services/payments", "access_token": TOKEN, "token_type": "Bearer", "app_id": "APP-FAKE", "expires_in": 32400}),
        ),
    )
}

fn order_json(order: &Order) -> Value {
    let unit = &order.body["purchase_units"][0];
    let mut answer = json!({
        "id": order.id, "status": order.status,
        "links": [
            {"href": format!("https://api-m.paypal.test/v2/checkout/orders/{}", order.id), "rel": "self", "method": "GET"},
            {"href": format!("https://www.paypal.test/checkoutnow?token={}", order.id), "rel": "payer-action", "method": "GET"},
        ],
    });
    if order.status == "CREATED" {
        answer["status"] = json!("PAYER_ACTION_REQUIRED");
    }
    if let Some(capture) = &order.capture_id {
        answer["purchase_units"] = json!([{
            "reference_id": unit["reference_id"],
            "payments": {"captures": [{
                "id": capture, "status": "COMPLETED", "amount": unit["amount"], "custom_id": unit["custom_id"],
                "invoice_id": unit["invoice_id"], "final_capture": true,
            }]},
        }]);
    }
    answer
}

/// The stored answer for a repeated `PayPal-Request-Id`.
fn replayed(state: &PaypalState, headers: &HeaderMap) -> Option<Answer> {
    state.answered.get(&header(headers, "paypal-request-id")).map(|(status, body)| (*status, Json(body.clone())))
}

async fn create_order(State(fake): Shared, headers: HeaderMap, Json(body): Json<Value>) -> Answer {
    if let Err(answer) = bearer(&headers) {
        return answer;
    }
    let mut state = fake.lock().unwrap();
    if let Some(answer) = replayed(&state, &headers) {
        return answer;
    }
    let unit = &body["purchase_units"][0];
    let value = unit["amount"]["value"].as_str().unwrap_or_default();
    let decimals_ok = match unit["amount"]["currency_code"].as_str() {
        Some("JPY" | "HUF" | "TWD") => value.bytes().all(|byte| byte.is_ascii_digit()),
        Some(_) => value.split_once('.').is_some_and(|(_, cents)| cents.len() == 2),
        None => false,
    };
    if body["intent"] != "CAPTURE" || value.is_empty() || !decimals_ok {
        return issue(StatusCode::UNPROCESSABLE_ENTITY, "UNPROCESSABLE_ENTITY", "DECIMAL_PRECISION");
    }
    let order = Order {
        id: format!("ORDER{}", state.orders.len() + 1),
        body,
        status: "CREATED".to_owned(),
        declined: false,
        capture_id: None,
    };
    let answer = order_json(&order);
    state.orders.push(order);
    state.answered.insert(header(&headers, "paypal-request-id"), (StatusCode::OK, answer.clone()));
    (StatusCode::OK, Json(answer))
}

async fn capture_order(State(fake): Shared, headers: HeaderMap, Path(id): Path<String>) -> Answer {
    if let Err(answer) = bearer(&headers) {
        return answer;
    }
    let mut state = fake.lock().unwrap();
    if let Some(answer) = replayed(&state, &headers) {
        return answer;
    }
    let count = state.orders.len();
    let Some(order) = state.orders.iter_mut().find(|order| order.id == id) else {
        return issue(StatusCode::NOT_FOUND, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID");
    };
    let answer = match order.status.as_str() {
        "CREATED" => return issue(StatusCode::UNPROCESSABLE_ENTITY, "UNPROCESSABLE_ENTITY", "ORDER_NOT_APPROVED"),
        "COMPLETED" => {
            return issue(StatusCode::UNPROCESSABLE_ENTITY, "UNPROCESSABLE_ENTITY", "ORDER_ALREADY_CAPTURED");
        }
        _ if order.declined => issue(StatusCode::UNPROCESSABLE_ENTITY, "UNPROCESSABLE_ENTITY", "INSTRUMENT_DECLINED"),
        _ => {
            order.status = "COMPLETED".to_owned();
            order.capture_id = Some(format!("CAPTURE{count}{id}"));
            (StatusCode::CREATED, Json(order_json(order)))
        }
    };
    state.answered.insert(header(&headers, "paypal-request-id"), (answer.0, answer.1.0.clone()));
    answer
}

async fn refund_capture(State(fake): Shared, headers: HeaderMap, Path(id): Path<String>) -> Answer {
    if let Err(answer) = bearer(&headers) {
        return answer;
    }
    let mut state = fake.lock().unwrap();
    if let Some(answer) = replayed(&state, &headers) {
        return answer;
    }
    if !state.orders.iter().any(|order| order.capture_id.as_deref() == Some(id.as_str())) {
        return issue(StatusCode::NOT_FOUND, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID");
    }
    if state.refunds.iter().any(|(_, capture)| *capture == id) {
        return issue(StatusCode::UNPROCESSABLE_ENTITY, "UNPROCESSABLE_ENTITY", "CAPTURE_FULLY_REFUNDED");
    }
    let refund = format!("REFUND{}", state.refunds.len() + 1);
    state.refunds.push((refund.clone(), id));
    let answer = json!({"id": refund, "status": "COMPLETED"});
    state.answered.insert(header(&headers, "paypal-request-id"), (StatusCode::CREATED, answer.clone()));
    (StatusCode::CREATED, Json(answer))
}

async fn verify(State(fake): Shared, headers: HeaderMap, Json(body): Json<Value>) -> Answer {
    if let Err(answer) = bearer(&headers) {
        return answer;
    }
    let state = fake.lock().unwrap();
    let field = |name: &str| body[name].as_str().unwrap_or_default().to_owned();
    if ["auth_algo", "cert_url", "transmission_id", "transmission_sig", "transmission_time", "webhook_id"]
        .iter()
        .any(|name| field(name).is_empty())
        || !body["webhook_event"].is_object()
    {
        return issue(StatusCode::BAD_REQUEST, "INVALID_REQUEST", "MISSING_REQUIRED_PARAMETER");
    }
    let genuine = state.sent.get(&field("transmission_id")).is_some_and(|(signature, event)| {
        *signature == field("transmission_sig") && *event == body["webhook_event"] && field("webhook_id") == WEBHOOK_ID
    });
    (StatusCode::OK, Json(json!({"verification_status": if genuine { "SUCCESS" } else { "FAILURE" }})))
}

impl FakePaypal {
    pub async fn start() -> FakePaypal {
        let state = Arc::new(Mutex::new(PaypalState::default()));
        let router = Router::new()
            .route("/v1/oauth2/token", post(token))
            .route("/v2/checkout/orders", post(create_order))
            .route("/v2/checkout/orders/{id}/capture", post(capture_order))
            .route("/v2/payments/captures/{id}/refund", post(refund_capture))
            .route("/v1/notifications/verify-webhook-signature", post(verify))
            .with_state(state.clone());
        FakePaypal { url: super::serve(router).await, state }
    }

    pub fn order(&self, id: &str) -> Order {
        self.state.lock().unwrap().orders.iter().find(|order| order.id == id).cloned().unwrap()
    }

    /// The buyer approves on PayPal's page (with a funding source PayPal
    /// then declines, when `declined`).
    pub fn approve(&self, id: &str, declined: bool) {
        let mut state = self.state.lock().unwrap();
        let order = state.orders.iter_mut().find(|order| order.id == id).unwrap();
        order.status = "APPROVED".to_owned();
        order.declined = declined;
    }

    /// The `PAYMENT.CAPTURE.COMPLETED` webhook PayPal sends for a captured order.
    pub fn capture_completed(&self, id: &str) -> Webhook {
        let order = self.order(id);
        let unit = &order.body["purchase_units"][0];
        self.signed(json!({
            "id": format!("WH-{}", order.id), "event_version": "1.0", "resource_type": "capture",
            "event_type": "PAYMENT.CAPTURE.COMPLETED", "summary": "Payment completed",
            "resource": {
                "id": order.capture_id, "status": "COMPLETED", "amount": unit["amount"],
                "custom_id": unit["custom_id"], "invoice_id": unit["invoice_id"],
                "supplementary_data": {"related_ids": {"order_id": order.id}},
            },
        }))
    }

    /// The `CHECKOUT.ORDER.APPROVED` webhook PayPal sends when the buyer
    /// approved the order (whether or not they come back to the store).
    pub fn order_approved(&self, id: &str) -> Webhook {
        let order = self.order(id);
        let mut resource = order.body.clone();
        resource["id"] = json!(order.id);
        resource["status"] = json!("APPROVED");
        self.signed(json!({
            "id": format!("WH-APPROVED-{}", order.id), "event_version": "1.0", "resource_type": "checkout-order",
            "event_type": "CHECKOUT.ORDER.APPROVED", "summary": "An order has been approved by buyer",
            "resource": resource,
        }))
    }

    /// `event` with the headers of a transmission this fake remembers, so
    /// its verification call says SUCCESS for it (and only for it).
    fn signed(&self, event: Value) -> Webhook {
        let mut state = self.state.lock().unwrap();
        let transmission = format!("tx-{}", state.sent.len() + 1);
        let signature = format!("sig-{transmission}-{}", event["id"].as_str().unwrap_or_default());
        state.sent.insert(transmission.clone(), (signature.clone(), event.clone()));
        let headers = BTreeMap::from([
            ("paypal-auth-algo".to_owned(), "SHA256withRSA".to_owned()),
            ("paypal-cert-url".to_owned(), "https://api-m.paypal.test/v1/notifications/certs/CERT-fake".to_owned()),
            ("paypal-transmission-id".to_owned(), transmission),
            ("paypal-transmission-sig".to_owned(), signature),
            ("paypal-transmission-time".to_owned(), "2026-11-23T15:00:00Z".to_owned()),
        ]);
        Webhook { headers, body: event.to_string().into_bytes() }
    }
}
