//! Stripe's API as far as keyshop uses it: `POST /v1/checkout/sessions`
//! (form-encoded, `Authorization: Bearer sk_…`, `Idempotency-Key`),
//! `POST /v1/checkout/sessions/{id}/expire`, `POST /v1/refunds`; and the
//! `checkout.session.completed` event, signed in `Stripe-Signature`.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;
use axum::{Form, Json, Router};
use serde_json::{Value, json};

use super::{Webhook, header};

pub const SECRET_KEY: &str = "sk_test_fake_secret";
pub const WEBHOOK_SECRET: &str = "whsec_fake_endpoint";

#[derive(Debug, Clone)]
pub struct CheckoutSession {
    pub id: String,
    pub form: BTreeMap<String, String>,
    pub status: String,
    pub payment_intent: Option<String>,
}

#[derive(Default)]
pub struct StripeState {
    pub sessions: Vec<CheckoutSession>,
    /// Idempotency key → the answer given.
    pub answered: BTreeMap<String, Value>,
    pub refunds: Vec<(String, String)>,
    pub calls: usize,
}

#[derive(Clone)]
pub struct FakeStripe {
    pub url: String,
    pub state: Arc<Mutex<StripeState>>,
}

type Answer = (StatusCode, Json<Value>);

fn error(status: StatusCode, message: &str) -> Answer {
    (status, Json(json!({"error": {"type": "invalid_request_error", "message": message}})))
}

fn authorized(headers: &HeaderMap) -> Result<String, Answer> {
    if header(headers, "authorization") != format!("Bearer {SECRET_KEY}") {
        return Err(error(StatusCode::UNAUTHORIZED, "Invalid API Key provided"));
    }
    let key = header(headers, "idempotency-key");
    if key.is_empty() {
        return Err(error(StatusCode::BAD_REQUEST, "keyshop always sends an Idempotency-Key"));
    }
    Ok(key)
}

/// An authorized POST with its Idempotency-Key: the state and the key, or
/// the answer to give (a refusal, or the one first given under that key).
fn idempotent<'a>(
    fake: &'a Mutex<StripeState>,
    headers: &HeaderMap,
) -> Result<(std::sync::MutexGuard<'a, StripeState>, String), Answer> {
    let key = authorized(headers)?;
    let mut state = fake.lock().unwrap();
    state.calls += 1;
    if let Some(answer) = state.answered.get(&key) {
        return Err((StatusCode::OK, Json(answer.clone())));
    }
    Ok((state, key))
}

fn session_json(session: &CheckoutSession) -> Value {
    let amount: i64 = session.form["line_items[0][price_data][unit_amount]"].parse().unwrap();
    json!({
        "id": session.id, "object": "checkout.session",
        "url": format!("https://checkout.stripe.test/c/pay/{}", session.id),
        "status": session.status,
        "payment_status": if session.status == "complete" { "paid" } else { "unpaid" },
        "amount_total": amount,
        "currency": session.form["line_items[0][price_data][currency]"],
        "client_reference_id": session.form.get("client_reference_id"),
        "metadata": {"session_id": session.form.get("metadata[session_id]"), "order_no": session.form.get("metadata[order_no]")},
        "payment_intent": session.payment_intent,
    })
}

async fn create_session(
    State(fake): State<Arc<Mutex<StripeState>>>,
    headers: HeaderMap,
    Form(form): Form<Vec<(String, String)>>,
) -> Answer {
    let (mut state, key) = match idempotent(&fake, &headers) {
        Ok(call) => call,
        Err(answer) => return answer,
    };
    let form: BTreeMap<String, String> = form.into_iter().collect();
    for required in [
        "mode",
        "success_url",
        "cancel_url",
        "line_items[0][quantity]",
        "line_items[0][price_data][currency]",
        "line_items[0][price_data][unit_amount]",
        "line_items[0][price_data][product_data][name]",
    ] {
        if form.get(required).is_none_or(String::is_empty) {
            return error(StatusCode::BAD_REQUEST, &format!("Missing required param: {required}."));
        }
    }
    let now = keyshop_core::clock::Clock::now_ms(&keyshop_core::clock::SystemClock) / 1000;
    let expires: i64 = form.get("expires_at").and_then(|value| value.parse().ok()).unwrap_or(now + 86_400);
    if !(now + 1800..=now + 86_400).contains(&expires) {
        return error(StatusCode::BAD_REQUEST, "expires_at must be between 30 minutes and 24 hours from now");
    }
    let session = CheckoutSession {
        id: format!("cs_test_{}", state.sessions.len() + 1),
        form,
        status: "open".to_owned(),
        payment_intent: None,
    };
    let answer = session_json(&session);
    state.sessions.push(session);
    state.answered.insert(key, answer.clone());
    (StatusCode::OK, Json(answer))
}

async fn expire_session(
    State(fake): State<Arc<Mutex<StripeState>>>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Answer {
    if let Err(answer) = authorized(&headers) {
        return answer;
    }
    let mut state = fake.lock().unwrap();
    state.calls += 1;
    let Some(session) = state.sessions.iter_mut().find(|session| session.id == id) else {
        return error(StatusCode::NOT_FOUND, "No such checkout.session");
    };
    if session.status != "open" {
        return error(StatusCode::BAD_REQUEST, "Only Checkout Sessions with a status of open can be expired.");
    }
    session.status = "expired".to_owned();
    (StatusCode::OK, Json(session_json(session)))
}

async fn create_refund(
    State(fake): State<Arc<Mutex<StripeState>>>,
    headers: HeaderMap,
    Form(form): Form<Vec<(String, String)>>,
) -> Answer {
    let (mut state, key) = match idempotent(&fake, &headers) {
        Ok(call) => call,
        Err(answer) => return answer,
    };
    let intent =
        form.iter().find(|(name, _)| name == "payment_intent").map(|(_, value)| value.clone()).unwrap_or_default();
    if !state.sessions.iter().any(|session| session.payment_intent.as_deref() == Some(intent.as_str())) {
        return error(StatusCode::BAD_REQUEST, "No such payment_intent");
    }
    if state.refunds.iter().any(|(_, refunded)| *refunded == intent) {
        return error(StatusCode::BAD_REQUEST, "Charge has already been refunded.");
    }
    let id = format!("re_{}", state.refunds.len() + 1);
    state.refunds.push((id.clone(), intent.clone()));
    let answer = json!({"id": id, "object": "refund", "status": "succeeded", "payment_intent": intent});
    state.answered.insert(key, answer.clone());
    (StatusCode::OK, Json(answer))
}

impl FakeStripe {
    pub async fn start() -> FakeStripe {
        let state = Arc::new(Mutex::new(StripeState::default()));
        let router = Router::new()
            .route("/v1/checkout/sessions", post(create_session))
            .route("/v1/checkout/sessions/{id}/expire", post(expire_session))
            .route("/v1/refunds", post(create_refund))
            .with_state(state.clone());
        FakeStripe { url: super::serve(router).await, state }
    }

    pub fn session(&self, id: &str) -> CheckoutSession {
        self.state.lock().unwrap().sessions.iter().find(|session| session.id == id).cloned().unwrap()
    }

    /// The buyer pays on Stripe's page: the session completes, and Stripe
    /// sends `checkout.session.completed`, signed under `secret` at `at` (seconds).
    pub fn pay(&self, id: &str, secret: &str, at: i64) -> Webhook {
        let mut state = self.state.lock().unwrap();
        let count = state.sessions.len();
        let session = state.sessions.iter_mut().find(|session| session.id == id).unwrap();
        session.status = "complete".to_owned();
        session.payment_intent = Some(format!("pi_{count}_{id}"));
        let event = json!({
            "id": format!("evt_{id}"), "object": "event", "type": "checkout.session.completed",
            "created": at, "api_version": "2025-10-29.clover", "livemode": false,
            "data": {"object": session_json(session)},
        });
        let body = event.to_string().into_bytes();
        let signature = keyshop_payment::domain::signature::sign(secret.as_bytes(), at, &body);
        Webhook { headers: BTreeMap::from([("stripe-signature".to_owned(), signature)]), body }
    }
}
