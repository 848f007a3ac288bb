//! The built-in sandbox: its hosted card page is a page of the store
//! (`/bill-pay`), and it reports like a real provider, with a webhook signed
//! in Stripe's scheme under its own secret.

use keyshop_core::clock::SharedClock;
use keyshop_core::vocab::PaymentProvider;
use secrecy::{ExposeSecret, SecretString};

use super::{Checkout, Provider, ProviderError, WebhookIn};
use crate::domain::checkout::CheckoutRequest;
use crate::domain::session::PaymentSession;
use crate::domain::session::{ProviderReport, WebhookNews};
use crate::domain::{signature, webhook};

/// The header the sandbox signs with.
pub const SIGNATURE_HEADER: &str = "keyshop-signature";

pub struct SandboxProvider {
    secret: SecretString,
    clock: SharedClock,
}

impl SandboxProvider {
    pub fn new(secret: SecretString, clock: SharedClock) -> SandboxProvider {
        SandboxProvider { secret, clock }
    }

    /// The webhook the sandbox sends for `report`: its signature header and body.
    pub fn signed_event(&self, report: &ProviderReport) -> (String, Vec<u8>) {
        let created = self.clock.now_ms() / 1000;
        let body = webhook::sandbox_body(report, created);
        (signature::sign(self.secret.expose_secret().as_bytes(), created, &body), body)
    }
}

/// The sandbox's card page for a session.
pub fn bill_pay_path(session_id: &str, order_no: &str) -> String {
    let encode = |text: &str| -> String {
        text.bytes()
            .map(|byte| match byte {
                b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => char::from(byte).to_string(),
                _ => format!("%{byte:02X}"),
            })
            .collect()
    };
    format!("/bill-pay?session={}&order={}", encode(session_id), encode(order_no))
}

#[async_trait::async_trait]
impl Provider for SandboxProvider {
    fn name(&self) -> PaymentProvider {
        PaymentProvider::Sandbox
    }

    async fn start(&self, request: &CheckoutRequest) -> Result<Checkout, ProviderError> {
        Ok(Checkout {
            provider_ref: request.session_id.clone(),
            redirect_url: bill_pay_path(&request.session_id, &request.order_no),
        })
    }

    async fn verify_webhook(&self, webhook: WebhookIn<'_>) -> Result<Option<WebhookNews>, ProviderError> {
        let header = webhook.header(SIGNATURE_HEADER).unwrap_or_default();
        signature::verify(self.secret.expose_secret().as_bytes(), &header, webhook.body, self.clock.now_ms() / 1000)
            .map_err(|error| ProviderError::Refused(error.to_string()))?;
        webhook::parse_sandbox(webhook.body)
            .map(|report| Some(WebhookNews::Report(report)))
            .map_err(|error| ProviderError::Refused(error.to_string()))
    }

    async fn refund(&self, _session: &PaymentSession) -> Result<String, ProviderError> {
        Ok(format!("re_{}", uuid::Uuid::new_v4().simple()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_card_page_is_in_the_store() {
        assert_eq!(bill_pay_path("ps_1", "KS 1&2"), "/bill-pay?session=ps_1&order=KS%201%262");
    }
}
