//! The payment providers behind one trait: the built-in sandbox, Stripe
//! Checkout Sessions and PayPal Orders v2. The service asks a provider to
//! open its checkout, to check and read a webhook, to capture (PayPal takes
//! the money on the store's word), to close a checkout the buyer left, and
//! to refund. What each provider's requests and answers look like is pure
//! code in `crate::domain`; these adapters only carry it over HTTP.

mod http;
pub mod paypal;
pub mod sandbox;
pub mod stripe;

use keyshop_core::clock::SharedClock;
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use keyshop_core::config::PaymentConfig;
use keyshop_core::error::{AppError, ErrorCode};
use keyshop_core::vocab::PaymentProvider;
use secrecy::SecretString;

use crate::domain::checkout::CheckoutRequest;
use crate::domain::session::PaymentSession;
use crate::domain::session::{ProviderReport, WebhookNews};

/// How long one call to a provider may take.
pub const CALL_TIMEOUT: Duration = Duration::from_secs(15);

/// A checkout opened at the provider.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checkout {
    /// The provider's id of it (Stripe's checkout session, PayPal's order).
    pub provider_ref: String,
    /// Where the buyer pays.
    pub redirect_url: String,
}

/// A webhook as it arrived: its headers (lower-case names) and body.
#[derive(Debug, Clone, Copy)]
pub struct WebhookIn<'a> {
    pub headers: &'a BTreeMap<String, String>,
    pub body: &'a [u8],
}

impl WebhookIn<'_> {
    pub fn header(&self, name: &str) -> Option<String> {
        self.headers.get(name).cloned()
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ProviderError {
    /// The webhook is not the provider's (forged, stale, malformed).
    #[error("webhook refused: {0}")]
    Refused(String),
    /// The amount cannot be charged in the provider's unit.
    #[error("the amount cannot be charged in this currency's unit at the provider")]
    Amount,
    /// The provider answered no (a 4xx): our request or its state.
    #[error("the provider refused the call: {0}")]
    Rejected(String),
    /// The provider could not be reached or failed (time-out, 5xx).
    #[error("the provider is unavailable: {0}")]
    Unavailable(String),
}

impl From<ProviderError> for AppError {
    fn from(error: ProviderError) -> AppError {
        let detail = error.to_string();
        match error {
            ProviderError::Refused(_) => AppError::new(ErrorCode::Validation, "api.payment.signatureInvalid"),
            ProviderError::Amount => AppError::new(ErrorCode::BusinessRule, "api.order.methodUnavailable"),
            ProviderError::Rejected(_) => AppError::new(ErrorCode::Conflict, "api.payment.statusIncorrect"),
            ProviderError::Unavailable(_) => AppError::new(ErrorCode::Unavailable, "api.error.unavailable"),
        }
        .with_detail(detail)
    }
}

#[async_trait::async_trait]
pub trait Provider: Send + Sync {
    /// Which provider it is.
    fn name(&self) -> PaymentProvider;

    /// Opens the provider's checkout for one payment attempt.
    async fn start(&self, request: &CheckoutRequest) -> Result<Checkout, ProviderError>;

    /// Checks that the webhook is the provider's, then reads it; `None` for
    /// an event that changes nothing here.
    async fn verify_webhook(&self, webhook: WebhookIn<'_>) -> Result<Option<WebhookNews>, ProviderError>;

    /// Takes the money the buyer approved, for providers that wait for the
    /// store to do so; `None` when there is nothing (yet) to take.
    async fn capture(&self, _session: &PaymentSession) -> Result<Option<ProviderReport>, ProviderError> {
        Ok(None)
    }

    /// Closes the provider's checkout so it can no longer be paid.
    async fn close(&self, _session: &PaymentSession) -> Result<(), ProviderError> {
        Ok(())
    }

    /// Refunds the session's payment in full; the provider's refund id.
    /// Retrying after a lost answer refunds once (the session id is the
    /// provider's idempotency key).
    async fn refund(&self, session: &PaymentSession) -> Result<String, ProviderError>;
}

/// The providers enabled in this store, by name.
#[derive(Clone, Default)]
pub struct Providers {
    enabled: BTreeMap<PaymentProvider, Arc<dyn Provider>>,
    sandbox: Option<Arc<sandbox::SandboxProvider>>,
}

impl Providers {
    /// The providers `config` enables; the sandbox signs with `sandbox_secret`.
    pub fn from_config(
        config: &PaymentConfig,
        sandbox_secret: SecretString,
        clock: &SharedClock,
    ) -> Result<Providers, ProviderError> {
        let mut providers = Providers::default();
        for name in &config.providers {
            match name {
                PaymentProvider::Sandbox => {
                    providers =
                        providers.with_sandbox(sandbox::SandboxProvider::new(sandbox_secret.clone(), clock.clone()))
                }
                PaymentProvider::Stripe => {
                    if let Some(stripe) = &config.stripe {
                        providers =
                            providers.with(Arc::new(stripe::StripeProvider::new(stripe.clone(), clock.clone())?));
                    }
                }
                PaymentProvider::Paypal => {
                    if let Some(paypal) = &config.paypal {
                        providers = providers.with(Arc::new(paypal::PaypalProvider::new(paypal.clone())?));
                    }
                }
            }
        }
        Ok(providers)
    }

    pub fn with(mut self, provider: Arc<dyn Provider>) -> Providers {
        self.enabled.insert(provider.name(), provider);
        self
    }

    pub fn with_sandbox(mut self, sandbox: sandbox::SandboxProvider) -> Providers {
        let sandbox = Arc::new(sandbox);
        self.enabled.insert(sandbox.name(), sandbox.clone());
        self.sandbox = Some(sandbox);
        self
    }

    pub fn get(&self, name: PaymentProvider) -> Option<&Arc<dyn Provider>> {
        self.enabled.get(&name)
    }

    pub fn sandbox(&self) -> Option<&sandbox::SandboxProvider> {
        self.sandbox.as_deref()
    }

    pub fn names(&self) -> Vec<PaymentProvider> {
        self.enabled.keys().copied().collect()
    }
}
