//! The payment service's use cases over its store: methods on offer, payment
//! sessions, and what providers report. A session's success writes its
//! `PaymentSucceeded` event to the outbox in the same transaction.

use std::time::Duration;

use keyshop_core::clock::now_ms;
use keyshop_core::db::Db;
use keyshop_core::error::{AppError, ErrorCode, FieldErrors};
use keyshop_core::events::{Event, OutboxWaker, outbox};
use keyshop_proto::events::v1::PaymentSucceeded;

use secrecy::{ExposeSecret, SecretString};

use crate::domain::methods::{self, Method};
use crate::domain::sandbox::{self, CardForm, CardOutcome};
use crate::domain::session::{ProviderReport, SessionState, money_matches};
use crate::domain::{signature, webhook};
use crate::store;
use crate::store::refunds::RefundRow;
use crate::store::sessions::SessionRow;

/// Sessions expired per pass.
const EXPIRY_BATCH: i64 = 100;

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

/// A new payment attempt.
#[derive(Debug, Clone)]
pub struct SessionRequest {
    pub order_no: String,
    pub method: String,
    /// Minor units of `currency`.
    pub amount: i64,
    pub currency: String,
}

pub struct PaymentService {
    db: Db,
    waker: OutboxWaker,
    /// The providers enabled in this store (`PAYMENT_PROVIDERS`).
    providers: Vec<String>,
    window: Duration,
    /// What the sandbox signs its webhooks with.
    sandbox_secret: SecretString,
}

impl PaymentService {
    pub fn new(
        db: Db,
        waker: OutboxWaker,
        providers: Vec<String>,
        window: Duration,
        sandbox_secret: SecretString,
    ) -> PaymentService {
        PaymentService { db, waker, providers, window, sandbox_secret }
    }

    pub fn db(&self) -> &Db {
        &self.db
    }

    /// The methods on offer in `currency`.
    pub async fn methods(&self, currency: String) -> Result<Vec<Method>, AppError> {
        let all = self.db.run(|conn| Ok::<_, AppError>(store::methods::all(conn)?)).await?;
        Ok(methods::on_offer(&all, &self.providers, &currency).into_iter().cloned().collect())
    }

    /// A session to pay `request`, or the open one already made for the same
    /// order, method and amount (a retried call creates nothing new).
    pub async fn open_session(&self, request: SessionRequest) -> Result<SessionRow, AppError> {
        let mut errors = FieldErrors::default();
        if request.order_no.trim().is_empty() || request.order_no.len() > 64 {
            errors.add("orderNo", "api.error.validation");
        }
        if request.amount <= 0 {
            errors.add("amount", "api.error.validation");
        }
        if request.currency.len() != 3 {
            errors.add("currency", "api.error.validation");
        }
        errors.finish()?;
        let method = self
            .methods(request.currency.clone())
            .await?
            .into_iter()
            .find(|method| method.code == request.method)
            .ok_or_else(|| AppError::new(ErrorCode::BusinessRule, "api.order.methodUnavailable"))?;
        let window_ms = i64::try_from(self.window.as_millis()).unwrap_or(i64::MAX);
        self.db
            .write(move |conn| -> Result<SessionRow, AppError> {
                let now = now_ms();
                let sessions = store::sessions::of_order(conn, &request.order_no)?;
                if sessions.iter().any(|session| session.state == SessionState::Succeeded.as_str()) {
                    return Err(AppError::new(ErrorCode::Conflict, "api.payment.alreadyPaid"));
                }
                if let Some(open) = sessions.into_iter().find(|session| {
                    session.state == SessionState::Open.as_str()
                        && session.expires_at > now
                        && session.method == method.code
                        && session.amount == request.amount
                        && session.currency == request.currency
                }) {
                    return Ok(open);
                }
                let session = SessionRow {
                    id: format!("ps_{}", uuid::Uuid::new_v4().simple()),
                    order_no: request.order_no,
                    provider: method.provider,
                    method: method.code,
                    amount: request.amount,
                    currency: request.currency.to_ascii_uppercase(),
                    state: SessionState::Open.as_str().to_owned(),
                    reason: String::new(),
                    provider_ref: String::new(),
                    expires_at: now.saturating_add(window_ms),
                    paid_at: None,
                    created_at: now,
                    updated_at: now,
                };
                store::sessions::insert(conn, &session)?;
                Ok(session)
            })
            .await
    }

    pub async fn session(&self, id: String) -> Result<SessionRow, AppError> {
        self.db
            .run(move |conn| Ok::<_, AppError>(store::sessions::find(conn, &id)?))
            .await?
            .ok_or_else(|| AppError::not_found("api.error.notFound"))
    }

    /// Applies what `provider` reports (a webhook whose signature was
    /// checked). Each provider event counts once; a session is paid once,
    /// only with its own amount and currency.
    pub async fn apply_report(&self, provider: String, report: ProviderReport) -> Result<ReportOutcome, AppError> {
        let outcome = self
            .db
            .write(move |conn| -> Result<ReportOutcome, AppError> {
                let now = now_ms();
                if !store::events::claim(conn, &provider, &report.event_id, &report.session_id, "received", now)? {
                    return Ok(ReportOutcome::Duplicate);
                }
                let session = store::sessions::find(conn, &report.session_id)?
                    .filter(|session| session.provider == provider)
                    .ok_or_else(|| AppError::not_found("api.error.notFound"))?;
                let outcome = if report.outcome == SessionState::Succeeded
                    && !money_matches(&report, session.amount, &session.currency)
                {
                    tracing::warn!(session = %session.id, order_no = %session.order_no, "a payment report with another amount or currency was refused");
                    ReportOutcome::Mismatch
                } else if store::sessions::transition(conn, &session.id, report.outcome, &report.reason, now)? {
                    if report.outcome == SessionState::Succeeded {
                        let paid = PaymentSucceeded {
                            order_no: session.order_no.clone(),
                            session_id: session.id.clone(),
                            provider: provider.clone(),
                            amount: session.amount,
                            currency: session.currency.clone(),
                            paid_at_ms: now,
                        };
                        outbox::enqueue(conn, &Event::new(session.order_no.clone(), &paid))?;
                    }
                    ReportOutcome::Applied
                } else {
                    ReportOutcome::Ignored
                };
                store::events::set_outcome(conn, &provider, &report.event_id, outcome.as_str())?;
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
    pub async fn sandbox_charge(&self, session_id: String, card: CardForm) -> Result<SessionRow, AppError> {
        let session = self.session(session_id).await?;
        if session.provider != "sandbox" || !self.providers.iter().any(|provider| provider == "sandbox") {
            return Err(AppError::not_found("api.error.notFound"));
        }
        if session.state != SessionState::Open.as_str() || session.expires_at <= now_ms() {
            return Err(AppError::new(ErrorCode::Conflict, "api.payment.statusIncorrect"));
        }
        let (year, month) = keyshop_core::clock::year_month();
        let outcome = sandbox::charge(&card, year, month)?;
        let report = ProviderReport {
            event_id: format!("evt_{}", uuid::Uuid::new_v4().simple()),
            session_id: session.id.clone(),
            outcome: if outcome == CardOutcome::Succeeded { SessionState::Succeeded } else { SessionState::Failed },
            amount: session.amount,
            currency: session.currency.clone(),
            reason: if outcome == CardOutcome::Succeeded { String::new() } else { outcome.code().to_owned() },
        };
        let created = now_ms() / 1000;
        let body = webhook::sandbox_body(&report, created);
        let header = signature::sign(self.sandbox_secret.expose_secret().as_bytes(), created, &body);
        self.receive_webhook("sandbox", &header, &body).await?;
        self.session(session.id).await
    }

    /// A provider's webhook as it arrived: the signature checked (forged,
    /// stale or malformed ones are refused and change nothing), then the
    /// event applied once.
    pub async fn receive_webhook(
        &self,
        provider: &str,
        signature_header: &str,
        body: &[u8],
    ) -> Result<ReportOutcome, AppError> {
        if !self.providers.iter().any(|enabled| enabled == provider) {
            return Err(AppError::not_found("api.error.notFound"));
        }
        let refused =
            |detail: String| AppError::new(ErrorCode::Validation, "api.payment.signatureInvalid").with_detail(detail);
        let report = match provider {
            "sandbox" => {
                let secret = self.sandbox_secret.expose_secret().as_bytes();
                signature::verify(secret, signature_header, body, now_ms() / 1000)
                    .map_err(|error| refused(error.to_string()))?;
                webhook::parse_sandbox(body).map_err(|error| refused(error.to_string()))?
            }
            _ => return Err(AppError::not_found("api.error.notFound")),
        };
        let outcome = self.apply_report(provider.to_owned(), report).await?;
        tracing::info!(provider, outcome = outcome.as_str(), "payment webhook");
        Ok(outcome)
    }

    /// Refunds the order's payment in full through its provider, once: a
    /// repeated call answers the same refund. 409 when nothing was paid.
    pub async fn refund(&self, order_no: String) -> Result<RefundRow, AppError> {
        self.db
            .write(move |conn| -> Result<RefundRow, AppError> {
                let paid = store::sessions::of_order(conn, &order_no)?
                    .into_iter()
                    .find(|session| session.state == SessionState::Succeeded.as_str())
                    .ok_or_else(|| AppError::new(ErrorCode::Conflict, "api.order.stateChanged"))?;
                if let Some(done) = store::refunds::find(conn, &paid.id)? {
                    return Ok(done);
                }
                let provider_ref = match paid.provider.as_str() {
                    // The sandbox refunds at once; real providers come with their adapters.
                    "sandbox" => format!("re_{}", uuid::Uuid::new_v4().simple()),
                    other => {
                        return Err(AppError::new(ErrorCode::Unavailable, "api.error.unavailable")
                            .with_detail(format!("refunds through {other} are not available yet")));
                    }
                };
                let refund = RefundRow {
                    session_id: paid.id,
                    order_no: paid.order_no,
                    provider: paid.provider,
                    amount: paid.amount,
                    currency: paid.currency,
                    provider_ref,
                    created_at: now_ms(),
                };
                store::refunds::insert(conn, &refund)?;
                tracing::info!(order_no = %refund.order_no, amount = refund.amount, currency = %refund.currency, "payment refunded");
                Ok(refund)
            })
            .await
    }

    /// The buyer left the provider's page: the session ends (a new one pays again).
    pub async fn cancel(&self, id: String) -> Result<SessionRow, AppError> {
        let session = self.session(id.clone()).await?;
        self.db
            .write(move |conn| {
                Ok::<_, AppError>(store::sessions::transition(
                    conn,
                    &id,
                    SessionState::Cancelled,
                    "cancelled by the buyer",
                    now_ms(),
                )?)
            })
            .await?;
        self.session(session.id).await
    }

    /// Expires the open sessions whose window closed before `now`; how many.
    pub async fn expire_due(&self, now: i64) -> Result<usize, AppError> {
        let due = self
            .db
            .run(move |conn| Ok::<_, AppError>(store::sessions::due_to_expire(conn, now, EXPIRY_BATCH)?))
            .await?;
        let mut expired = 0;
        for id in due {
            let moved = self
                .db
                .write(move |conn| {
                    Ok::<_, AppError>(store::sessions::transition(conn, &id, SessionState::Expired, "", now)?)
                })
                .await?;
            expired += usize::from(moved);
        }
        Ok(expired)
    }
}
