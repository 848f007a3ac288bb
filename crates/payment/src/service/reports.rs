//! What providers report: signed webhooks, the sandbox's card page and
//! PayPal's capture, each applied once.

use std::collections::BTreeMap;

use keyshop_core::error::{AppError, ErrorCode};
use keyshop_core::events::{Event, outbox};
use keyshop_core::ids::SessionId;
use keyshop_core::vocab::{PaymentProvider, PaymentState};
use keyshop_proto::events::v1::PaymentSucceeded;

use super::PaymentService;
use crate::domain::sandbox::{self, CardForm, CardOutcome};
use crate::domain::session::{PaymentSession, ProviderReport, WebhookNews, money_matches};
use crate::providers::WebhookIn;
use crate::store;

/// What a provider's report did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReportOutcome {
    /// The session changed state (and, when paid, the event was written).
    Applied,
    /// The same event was seen before: nothing changed.
    Duplicate,
    /// A valid event that changes nothing (the session had moved on).
    Ignored,
    /// The amount or currency is not the session's: refused, never paid.
    Mismatch,
}

impl ReportOutcome {
    pub fn as_str(self) -> &'static str {
        match self {
            ReportOutcome::Applied => "applied",
            ReportOutcome::Duplicate => "duplicate",
            ReportOutcome::Ignored => "ignored",
            ReportOutcome::Mismatch => "mismatch",
        }
    }
}

impl PaymentService {
    /// Applies what `provider` reports (a webhook whose signature was
    /// checked). Each provider event counts once; a session is paid once,
    /// only with its own amount and currency.
    pub async fn apply_report(
        &self,
        provider: PaymentProvider,
        report: ProviderReport,
    ) -> Result<ReportOutcome, AppError> {
        let now = self.clock.now_ms();
        let outcome = self
            .db
            .write(move |conn| -> Result<ReportOutcome, AppError> {
                let name = provider.as_str();
                if !store::events::claim(conn, name, &report.event_id, &report.session_id, "received", now)? {
                    return Ok(ReportOutcome::Duplicate);
                }
                let session = SessionId::parse(&report.session_id)
                    .map(|id| store::sessions::find(conn, &id))
                    .transpose()?
                    .flatten()
                    .filter(|session| session.provider == provider)
                    .ok_or_else(|| AppError::not_found("api.error.notFound"))?;
                let outcome = if report.outcome == PaymentState::Succeeded && !money_matches(&report, session.amount) {
                    tracing::warn!(session = %session.id, order_no = %session.order_no, "a payment report with another amount or currency was refused");
                    ReportOutcome::Mismatch
                } else if report.outcome == PaymentState::Succeeded {
                    if store::sessions::pay(conn, &session.id, &report.reason, &report.payment_ref, now)? {
                        let paid = PaymentSucceeded {
                            order_no: session.order_no.to_string(),
                            session_id: session.id.to_string(),
                            provider: provider.to_proto(),
                            amount: session.amount.minor,
                            currency: session.amount.currency.to_string(),
                            paid_at_ms: now,
                        };
                        outbox::enqueue(conn, &Event::new(session.order_no.to_string(), &paid))?;
                        ReportOutcome::Applied
                    } else {
                        ReportOutcome::Ignored
                    }
                } else if store::sessions::transition(conn, &session.id, report.outcome, &report.reason, now)? {
                    ReportOutcome::Applied
                } else {
                    ReportOutcome::Ignored
                };
                store::events::set_outcome(conn, name, &report.event_id, outcome.as_str())?;
                Ok(outcome)
            })
            .await?;
        if outcome == ReportOutcome::Applied {
            self.waker.wake();
        }
        Ok(outcome)
    }

    /// The sandbox's hosted page charges a test card: the outcome is
    /// reported the way a provider reports it, as a signed webhook event,
    /// through the same check every webhook passes.
    pub async fn sandbox_charge(&self, session_id: SessionId, card: CardForm) -> Result<PaymentSession, AppError> {
        let session = self.session(session_id).await?;
        let sandbox = self.providers.sandbox().filter(|_| session.provider == PaymentProvider::Sandbox);
        let sandbox = sandbox.ok_or_else(|| AppError::not_found("api.error.notFound"))?;
        let now = self.clock.now_ms();
        if !session.payable_at(now) {
            return Err(AppError::new(ErrorCode::Conflict, "api.payment.statusIncorrect"));
        }
        let (year, month) = keyshop_core::clock::year_month(now);
        let outcome = sandbox::charge(&card, year, month)?;
        let report = ProviderReport {
            event_id: format!("evt_{}", uuid::Uuid::new_v4().simple()),
            session_id: session.id.to_string(),
            outcome: if outcome == CardOutcome::Succeeded { PaymentState::Succeeded } else { PaymentState::Failed },
            amount: session.amount.minor,
            currency: session.amount.currency.to_string(),
            reason: if outcome == CardOutcome::Succeeded { String::new() } else { outcome.code().to_owned() },
            payment_ref: String::new(),
        };
        let (header, body) = sandbox.signed_event(&report);
        let headers = BTreeMap::from([(crate::providers::sandbox::SIGNATURE_HEADER.to_owned(), header)]);
        self.receive_webhook(PaymentProvider::Sandbox, &headers, &body).await?;
        self.session(session.id).await
    }

    /// A provider's webhook as it arrived (headers with lower-case names):
    /// the provider checks it is its own (forged, stale or malformed ones are
    /// refused and change nothing), then the event is applied once.
    pub async fn receive_webhook(
        &self,
        provider: PaymentProvider,
        headers: &BTreeMap<String, String>,
        body: &[u8],
    ) -> Result<ReportOutcome, AppError> {
        let checker = self.provider(provider)?;
        let report = checker.verify_webhook(WebhookIn { headers, body }).await.map_err(|error| {
            tracing::warn!(%provider, error = %error, "a payment webhook was refused");
            AppError::from(error)
        })?;
        let outcome = match report {
            Some(WebhookNews::Report(report)) => self.apply_report(provider, report).await?,
            Some(WebhookNews::Approved { session_id }) => {
                let session = match SessionId::parse(&session_id) {
                    Some(id) => self.db.run(move |conn| Ok::<_, AppError>(store::sessions::find(conn, &id)?)).await?,
                    None => None,
                };
                match session {
                    // Only the provider's own sessions: its event cannot
                    // make another provider take money.
                    Some(session) if session.provider == provider => self.take_payment(&session).await?,
                    _ => ReportOutcome::Ignored,
                }
            }
            None => ReportOutcome::Ignored,
        };
        tracing::info!(%provider, outcome = outcome.as_str(), "payment webhook");
        Ok(outcome)
    }

    /// The buyer came back from the provider's page: a provider that takes
    /// the money on the store's word (PayPal) captures it now, and the
    /// answer is applied like its webhook. The session as it then stands.
    pub async fn capture(&self, id: SessionId) -> Result<PaymentSession, AppError> {
        let session = self.session(id).await?;
        self.take_payment(&session).await?;
        self.session(session.id).await
    }

    /// Captures an open session's approved payment at its provider (which
    /// captures once however often it is asked: the session is the request
    /// id) and applies the answer.
    async fn take_payment(&self, session: &PaymentSession) -> Result<ReportOutcome, AppError> {
        if session.state != PaymentState::Open {
            return Ok(ReportOutcome::Ignored);
        }
        let Some(report) = self.provider(session.provider)?.capture(session).await? else {
            return Ok(ReportOutcome::Ignored);
        };
        let outcome = self.apply_report(session.provider, report).await?;
        tracing::info!(provider = %session.provider, outcome = outcome.as_str(), "payment captured");
        Ok(outcome)
    }
}
