//! Stripe Checkout Sessions over Stripe's HTTP API: a session per payment
//! attempt (our session id as the idempotency key), webhooks checked from
//! `Stripe-Signature` under the endpoint's secret, a session the buyer left
//! expired at Stripe, refunds of the payment intent.

use keyshop_core::clock::SharedClock;
use keyshop_core::config::StripeConfig;
use keyshop_core::vocab::PaymentProvider;
use secrecy::ExposeSecret;

use super::{Checkout, Provider, ProviderError, WebhookIn, http};
use crate::domain::checkout::CheckoutRequest;
use crate::domain::session::PaymentSession;
use crate::domain::session::WebhookNews;
use crate::domain::{signature, stripe};

/// The header Stripe signs with.
pub const SIGNATURE_HEADER: &str = "stripe-signature";
/// Stripe's shortest checkout life (30 minutes), plus a margin.
const MIN_LIFE_SECONDS: i64 = 31 * 60;

pub struct StripeProvider {
    config: StripeConfig,
    http: reqwest::Client,
    clock: SharedClock,
}

impl StripeProvider {
    pub fn new(config: StripeConfig, clock: SharedClock) -> Result<StripeProvider, ProviderError> {
        Ok(StripeProvider { config, http: http::client()?, clock })
    }

    fn post(&self, path: &str, idempotency_key: &str) -> reqwest::RequestBuilder {
        self.http
            .post(format!("{}{path}", self.config.api_base))
            .bearer_auth(self.config.secret_key.expose_secret())
            .header("Idempotency-Key", idempotency_key)
    }
}

#[async_trait::async_trait]
impl Provider for StripeProvider {
    fn name(&self) -> PaymentProvider {
        PaymentProvider::Stripe
    }

    async fn start(&self, request: &CheckoutRequest) -> Result<Checkout, ProviderError> {
        // Stripe keeps a checkout at least 30 minutes; a payment after our
        // window still counts (the money was taken), and the buyer who
        // leaves has the checkout expired at once.
        let request = CheckoutRequest {
            expires_at: request.expires_at.max(self.clock.now_ms() / 1000 + MIN_LIFE_SECONDS),
            ..request.clone()
        };
        let description = format!("Order {}", request.order_no);
        let form = stripe::checkout_form(&request, &description).ok_or(ProviderError::Amount)?;
        let body = http::send_ok(self.post("/v1/checkout/sessions", &request.session_id).form(&form), "stripe").await?;
        let created: stripe::CreatedSession = serde_json::from_slice(&body)
            .map_err(|error| ProviderError::Unavailable(format!("stripe: unexpected checkout answer: {error}")))?;
        Ok(Checkout { provider_ref: created.id, redirect_url: created.url })
    }

    async fn verify_webhook(&self, webhook: WebhookIn<'_>) -> Result<Option<WebhookNews>, ProviderError> {
        let header = webhook.header(SIGNATURE_HEADER).unwrap_or_default();
        let secret = self.config.webhook_secret.expose_secret().as_bytes();
        signature::verify(secret, &header, webhook.body, self.clock.now_ms() / 1000)
            .map_err(|error| ProviderError::Refused(error.to_string()))?;
        stripe::parse_event(webhook.body)
            .map(|report| report.map(WebhookNews::Report))
            .map_err(|error| ProviderError::Refused(error.to_string()))
    }

    async fn close(&self, session: &PaymentSession) -> Result<(), ProviderError> {
        if session.provider_ref.is_empty() {
            return Ok(());
        }
        let path = format!("/v1/checkout/sessions/{}/expire", session.provider_ref);
        http::send_ok(self.post(&path, &format!("expire-{}", session.id)), "stripe").await?;
        Ok(())
    }

    async fn refund(&self, session: &PaymentSession) -> Result<String, ProviderError> {
        if session.payment_ref.is_empty() {
            return Err(ProviderError::Rejected("stripe: the session has no payment intent to refund".to_owned()));
        }
        let form =
            [("payment_intent", session.payment_ref.as_str()), ("metadata[order_no]", session.order_no.as_str())];
        let body =
            http::send_ok(self.post("/v1/refunds", &format!("refund-{}", session.id)).form(&form), "stripe").await?;
        let refund: serde_json::Value = serde_json::from_slice(&body)
            .map_err(|error| ProviderError::Unavailable(format!("stripe: unexpected refund answer: {error}")))?;
        Ok(refund["id"].as_str().unwrap_or_default().to_owned())
    }
}
