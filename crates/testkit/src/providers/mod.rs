//! Local HTTP fakes of Stripe's and PayPal's APIs, following their
//! documented requests and answers: they check credentials, required fields
//! and idempotency keys, keep the state a real provider keeps, and sign
//! (or let be verified) the webhooks a real provider sends.

pub mod paypal;
pub mod stripe;

use std::collections::BTreeMap;

use axum::Router;
use axum::http::HeaderMap;

/// Serves `router` on a free loopback port; its base URL.
pub async fn serve(router: Router) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    format!("http://{address}")
}

pub fn header(headers: &HeaderMap, name: &str) -> String {
    headers.get(name).and_then(|value| value.to_str().ok()).unwrap_or_default().to_owned()
}

/// A webhook as the provider would POST it: headers (lower-case) and body.
#[derive(Debug, Clone)]
pub struct Webhook {
    pub headers: BTreeMap<String, String>,
    pub body: Vec<u8>,
}
