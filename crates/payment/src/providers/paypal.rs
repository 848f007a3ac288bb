//! PayPal Orders v2 over PayPal's REST API: an OAuth token (client
//! credentials, kept until shortly before it expires), an order per payment
//! attempt (our session id as `PayPal-Request-Id`), the capture when the
//! buyer comes back approved, webhooks checked through PayPal's
//! verification call, refunds of the capture.

use keyshop_core::vocab::{PaymentProvider, PaymentState};
use std::time::{Duration, Instant};

use keyshop_core::config::PaypalConfig;
use secrecy::ExposeSecret;
use serde::Deserialize;
use tokio::sync::Mutex;

use super::{Checkout, Provider, ProviderError, WebhookIn, http};
use crate::domain::checkout::CheckoutRequest;
use crate::domain::paypal;
use crate::domain::session::PaymentSession;
use crate::domain::session::{ProviderReport, WebhookNews};

/// A token is renewed this long before PayPal says it expires.
const TOKEN_MARGIN: Duration = Duration::from_secs(60);

#[derive(Deserialize)]
struct TokenAnswer {
    access_token: String,
    expires_in: u64,
}

#[derive(Deserialize)]
struct VerificationAnswer {
    verification_status: String,
}

pub struct PaypalProvider {
    config: PaypalConfig,
    http: reqwest::Client,
    token: Mutex<Option<(String, Instant)>>,
}

impl PaypalProvider {
    pub fn new(config: PaypalConfig) -> Result<PaypalProvider, ProviderError> {
        Ok(PaypalProvider { config, http: http::client()?, token: Mutex::new(None) })
    }

    async fn token(&self) -> Result<String, ProviderError> {
        let mut cached = self.token.lock().await;
        if let Some((token, until)) = cached.as_ref()
            && Instant::now() < *until
        {
            return Ok(token.clone());
        }
        let request = self
            .http
            .post(format!("{}/v1/oauth2/token", self.config.api_base))
            .basic_auth(&self.config.client_id, Some(self.config.client_secret.expose_secret()))
            .form(&[("grant_type", "client_credentials")]);
        let body = http::send_ok(request, "paypal").await?;
        let answer: TokenAnswer = serde_json::from_slice(&body)
            .map_err(|error| ProviderError::Unavailable(format!("paypal: unexpected token answer: {error}")))?;
        let life = Duration::from_secs(answer.expires_in).saturating_sub(TOKEN_MARGIN);
        *cached = Some((answer.access_token.clone(), Instant::now() + life));
        Ok(answer.access_token)
    }

    async fn post(&self, path: &str, request_id: Option<&str>) -> Result<reqwest::RequestBuilder, ProviderError> {
        let request = self.http.post(format!("{}{path}", self.config.api_base)).bearer_auth(self.token().await?);
        Ok(match request_id {
            Some(id) => request.header("PayPal-Request-Id", id),
            None => request,
        })
    }
}

fn unexpected(what: &str, error: impl std::fmt::Display) -> ProviderError {
    ProviderError::Unavailable(format!("paypal: unexpected {what} answer: {error}"))
}

#[async_trait::async_trait]
impl Provider for PaypalProvider {
    fn name(&self) -> PaymentProvider {
        PaymentProvider::Paypal
    }

    async fn start(&self, request: &CheckoutRequest) -> Result<Checkout, ProviderError> {
        let description = format!("Order {}", request.order_no);
        let order = paypal::order_body(request, &description).ok_or(ProviderError::Amount)?;
        let call = self.post("/v2/checkout/orders", Some(&request.session_id)).await?.json(&order);
        let body = http::send_ok(call, "paypal").await?;
        let (provider_ref, redirect_url) =
            paypal::approval(&body).ok_or_else(|| unexpected("order", "no approval link"))?;
        Ok(Checkout { provider_ref, redirect_url })
    }

    async fn verify_webhook(&self, webhook: WebhookIn<'_>) -> Result<Option<WebhookNews>, ProviderError> {
        let verification =
            paypal::verification_body(|name| webhook.header(name), &self.config.webhook_id, webhook.body).ok_or_else(
                || ProviderError::Refused("PayPal's signature headers or JSON body are missing".to_owned()),
            )?;
        let call = self.post("/v1/notifications/verify-webhook-signature", None).await?.json(&verification);
        let body = http::send_ok(call, "paypal").await?;
        let answer: VerificationAnswer =
            serde_json::from_slice(&body).map_err(|error| unexpected("verification", error))?;
        if answer.verification_status != "SUCCESS" {
            return Err(ProviderError::Refused(format!("PayPal says {}", answer.verification_status)));
        }
        paypal::parse_event(webhook.body).map_err(|error| ProviderError::Refused(error.to_string()))
    }

    async fn capture(&self, session: &PaymentSession) -> Result<Option<ProviderReport>, ProviderError> {
        if session.provider_ref.is_empty() {
            return Ok(None);
        }
        let path = format!("/v2/checkout/orders/{}/capture", session.provider_ref);
        let call = self.post(&path, Some(&format!("capture-{}", session.id))).await?;
        let call = call.header("Content-Type", "application/json").body("{}");
        match http::send(call, "paypal").await {
            Ok(body) => paypal::parse_capture(&body, session.id.as_str()).map_err(|error| unexpected("capture", error)),
            Err(Ok(refusal)) if paypal::declined(&refusal.body) => Ok(Some(ProviderReport {
                event_id: format!("declined-{}", session.id),
                session_id: session.id.to_string(),
                outcome: PaymentState::Failed,
                amount: session.amount.minor,
                currency: session.amount.currency.to_string(),
                reason: "payment_declined".to_owned(),
                payment_ref: String::new(),
            })),
            // Not approved (yet), or captured already: the webhook tells.
            Err(Ok(refusal)) => {
                tracing::info!(session = %session.id, status = refusal.status, "paypal did not capture");
                Ok(None)
            }
            Err(Err(error)) => Err(error),
        }
    }

    async fn refund(&self, session: &PaymentSession) -> Result<String, ProviderError> {
        if session.payment_ref.is_empty() {
            return Err(ProviderError::Rejected("paypal: the session has no capture to refund".to_owned()));
        }
        let path = format!("/v2/payments/captures/{}/refund", session.payment_ref);
        let call = self.post(&path, Some(&format!("refund-{}", session.id))).await?;
        let body = http::send_ok(call.header("Content-Type", "application/json").body("{}"), "paypal").await?;
        let refund: serde_json::Value = serde_json::from_slice(&body).map_err(|error| unexpected("refund", error))?;
        Ok(refund["id"].as_str().unwrap_or_default().to_owned())
    }
}
