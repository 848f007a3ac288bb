//! The payment service's use cases over its store: methods on offer, payment
//! sessions, and what providers report. A session's success writes its
//! `PaymentSucceeded` event to the outbox in the same transaction.

use std::collections::BTreeMap;
use std::time::Duration;

use keyshop_core::clock::SharedClock;
use keyshop_core::db::Db;
use keyshop_core::error::{AppError, ErrorCode, FieldErrors};
use keyshop_core::events::{Event, OutboxWaker, outbox};
use keyshop_proto::events::v1::PaymentSucceeded;

use crate::domain::checkout::CheckoutRequest;
use crate::domain::methods::{self, Method};
use crate::domain::sandbox::{self, CardForm, CardOutcome};
use crate::domain::session::{ProviderReport, SessionState, WebhookNews, money_matches};
use crate::providers::{Provider, Providers, WebhookIn};
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
    clock: SharedClock,
    waker: OutboxWaker,
    /// The providers enabled in this store (`PAYMENT_PROVIDERS`).
    providers: Providers,
    window: Duration,
    /// Where shoppers reach the store: the providers send buyers back there.
    public_url: String,
}

/// What opening a session found.
enum Opened {
    /// The open session already made for the same attempt.
    Existing(SessionRow),
    /// A new session, whose checkout the provider opens next.
    New(SessionRow),
}

impl PaymentService {
    pub fn new(
        db: Db,
        clock: SharedClock,
        waker: OutboxWaker,
        providers: Providers,
        window: Duration,
        public_url: String,
    ) -> PaymentService {
        PaymentService { db, clock, waker, providers, window, public_url }
    }

    fn provider(&self, name: &str) -> Result<&dyn Provider, AppError> {
        self.providers.get(name).map(AsRef::as_ref).ok_or_else(|| AppError::not_found("api.error.notFound"))
    }

    /// The return pages of a provider's checkout for `session`.
    fn checkout_request(&self, session: &SessionRow) -> CheckoutRequest {
        let query = format!("session={}&order={}", session.id, session.order_no);
        let back = if session.provider == "paypal" { "paypal" } else { "success-payment" };
        CheckoutRequest {
            session_id: session.id.clone(),
            order_no: session.order_no.clone(),
            amount: session.amount,
            currency: session.currency.clone(),
            success_url: format!("{}/{back}?{query}", self.public_url),
            cancel_url: format!("{}/cancel?{query}", self.public_url),
            expires_at: session.expires_at / 1000,
        }
    }

    /// Where the service reads the time.
    pub fn clock(&self) -> &SharedClock {
        &self.clock
    }

    pub fn db(&self) -> &Db {
        &self.db
    }

    /// The methods on offer in `currency`.
    pub async fn methods(&self, currency: String) -> Result<Vec<Method>, AppError> {
        let all = self.db.run(|conn| Ok::<_, AppError>(store::methods::all(conn)?)).await?;
        Ok(methods::on_offer(&all, &self.providers.names(), &currency).into_iter().cloned().collect())
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
        let now = self.clock.now_ms();
        let opened = self
            .db
            .write(move |conn| -> Result<Opened, AppError> {
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
                        && !session.redirect_url.is_empty()
                }) {
                    return Ok(Opened::Existing(open));
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
                    redirect_url: String::new(),
                    payment_ref: String::new(),
                };
                store::sessions::insert(conn, &session)?;
                Ok(Opened::New(session))
            })
            .await?;
        let session = match opened {
            Opened::Existing(session) => return Ok(session),
            Opened::New(session) => session,
        };
        // The provider's checkout, outside any transaction: a provider that
        // cannot open one ends the attempt (the buyer may try again).
        match self.provider(&session.provider)?.start(&self.checkout_request(&session)).await {
            Ok(checkout) => {
                let (id, checkout_ref, url) = (session.id.clone(), checkout.provider_ref, checkout.redirect_url);
                self.db
                    .write(move |conn| {
                        Ok::<_, AppError>(store::sessions::set_checkout(conn, &id, &checkout_ref, &url)?)
                    })
                    .await?;
                self.session(session.id).await
            }
            Err(error) => {
                tracing::warn!(session = %session.id, error = %error, "the provider did not open a checkout");
                self.move_to(session.id.clone(), SessionState::Failed, "provider_unavailable", self.clock.now_ms())
                    .await?;
                Err(error.into())
            }
        }
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
        let now = self.clock.now_ms();
        let outcome = self
            .db
            .write(move |conn| -> Result<ReportOutcome, AppError> {
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
                        store::sessions::set_payment_ref(conn, &session.id, &report.payment_ref)?;
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
        let sandbox = self.providers.sandbox().filter(|_| session.provider == "sandbox");
        let sandbox = sandbox.ok_or_else(|| AppError::not_found("api.error.notFound"))?;
        if session.state != SessionState::Open.as_str() || session.expires_at <= self.clock.now_ms() {
            return Err(AppError::new(ErrorCode::Conflict, "api.payment.statusIncorrect"));
        }
        let (year, month) = keyshop_core::clock::year_month(self.clock.now_ms());
        let outcome = sandbox::charge(&card, year, month)?;
        let report = ProviderReport {
            event_id: format!("evt_{}", uuid::Uuid::new_v4().simple()),
            session_id: session.id.clone(),
            outcome: if outcome == CardOutcome::Succeeded { SessionState::Succeeded } else { SessionState::Failed },
            amount: session.amount,
            currency: session.currency.clone(),
            reason: if outcome == CardOutcome::Succeeded { String::new() } else { outcome.code().to_owned() },
            payment_ref: String::new(),
        };
        let (header, body) = sandbox.signed_event(&report);
        let headers = BTreeMap::from([(crate::providers::sandbox::SIGNATURE_HEADER.to_owned(), header)]);
        self.receive_webhook("sandbox", &headers, &body).await?;
        self.session(session.id).await
    }

    /// A provider's webhook as it arrived (headers with lower-case names):
    /// the provider checks it is its own (forged, stale or malformed ones are
    /// refused and change nothing), then the event is applied once.
    pub async fn receive_webhook(
        &self,
        provider: &str,
        headers: &BTreeMap<String, String>,
        body: &[u8],
    ) -> Result<ReportOutcome, AppError> {
        let checker = self.provider(provider)?;
        let report = checker.verify_webhook(WebhookIn { headers, body }).await.map_err(|error| {
            tracing::warn!(provider, error = %error, "a payment webhook was refused");
            AppError::from(error)
        })?;
        let outcome = match report {
            Some(WebhookNews::Report(report)) => self.apply_report(provider.to_owned(), report).await?,
            Some(WebhookNews::Approved { session_id }) => {
                let id = session_id.clone();
                let session = self.db.run(move |conn| Ok::<_, AppError>(store::sessions::find(conn, &id)?)).await?;
                match session {
                    // Only the provider's own sessions: its event cannot
                    // make another provider take money.
                    Some(session) if session.provider == provider => self.take_payment(&session).await?,
                    _ => ReportOutcome::Ignored,
                }
            }
            None => ReportOutcome::Ignored,
        };
        tracing::info!(provider, outcome = outcome.as_str(), "payment webhook");
        Ok(outcome)
    }

    /// The buyer came back from the provider's page: a provider that takes
    /// the money on the store's word (PayPal) captures it now, and the
    /// answer is applied like its webhook. The session as it then stands.
    pub async fn capture(&self, id: String) -> Result<SessionRow, AppError> {
        let session = self.session(id).await?;
        self.take_payment(&session).await?;
        self.session(session.id).await
    }

    /// Captures an open session's approved payment at its provider (which
    /// captures once however often it is asked: the session is the request
    /// id) and applies the answer.
    async fn take_payment(&self, session: &SessionRow) -> Result<ReportOutcome, AppError> {
        if session.state != SessionState::Open.as_str() {
            return Ok(ReportOutcome::Ignored);
        }
        let Some(report) = self.provider(&session.provider)?.capture(session).await? else {
            return Ok(ReportOutcome::Ignored);
        };
        let outcome = self.apply_report(session.provider.clone(), report).await?;
        tracing::info!(provider = %session.provider, outcome = outcome.as_str(), "payment captured");
        Ok(outcome)
    }

    /// Refunds the order's payment in full through its provider, once: a
    /// repeated call answers the same refund (and the provider, asked again
    /// after a lost answer, refunds once: the session is its idempotency
    /// key). 409 when nothing was paid.
    pub async fn refund(&self, order_no: String) -> Result<RefundRow, AppError> {
        let (paid, done) = self
            .db
            .run(move |conn| -> Result<(SessionRow, Option<RefundRow>), AppError> {
                let paid = store::sessions::of_order(conn, &order_no)?
                    .into_iter()
                    .find(|session| session.state == SessionState::Succeeded.as_str())
                    .ok_or_else(|| AppError::new(ErrorCode::Conflict, "api.order.stateChanged"))?;
                let done = store::refunds::find(conn, &paid.id)?;
                Ok((paid, done))
            })
            .await?;
        if let Some(done) = done {
            return Ok(done);
        }
        let provider_ref = self.provider(&paid.provider)?.refund(&paid).await?;
        let refund = RefundRow {
            session_id: paid.id,
            order_no: paid.order_no,
            provider: paid.provider,
            amount: paid.amount,
            currency: paid.currency,
            provider_ref,
            created_at: self.clock.now_ms(),
        };
        let row = refund.clone();
        let recorded = self
            .db
            .write(move |conn| -> Result<RefundRow, AppError> {
                // A concurrent approval recorded it first: the provider refunded once (same key).
                if let Some(done) = store::refunds::find(conn, &row.session_id)? {
                    return Ok(done);
                }
                store::refunds::insert(conn, &row)?;
                Ok(row)
            })
            .await?;
        tracing::info!(order_no = %recorded.order_no, amount = recorded.amount, currency = %recorded.currency, provider = %recorded.provider, "payment refunded");
        Ok(recorded)
    }

    /// The buyer left the provider's page: the provider's checkout is closed
    /// (so it cannot be paid later) and the session ends; a new one pays again.
    pub async fn cancel(&self, id: String) -> Result<SessionRow, AppError> {
        let session = self.session(id.clone()).await?;
        if session.state == SessionState::Open.as_str() {
            self.provider(&session.provider)?.close(&session).await?;
        }
        self.move_to(id, SessionState::Cancelled, "cancelled by the buyer", self.clock.now_ms()).await?;
        self.session(session.id).await
    }

    /// Moves session `id` to `to` when its state allows; whether it moved.
    async fn move_to(&self, id: String, to: SessionState, reason: &'static str, now: i64) -> Result<bool, AppError> {
        self.db.write(move |conn| Ok::<_, AppError>(store::sessions::transition(conn, &id, to, reason, now)?)).await
    }

    /// Expires the open sessions whose window closed before `now`; how many.
    pub async fn expire_due(&self, now: i64) -> Result<usize, AppError> {
        let due = self
            .db
            .run(move |conn| Ok::<_, AppError>(store::sessions::due_to_expire(conn, now, EXPIRY_BATCH)?))
            .await?;
        let mut expired = 0;
        for id in due {
            expired += usize::from(self.move_to(id, SessionState::Expired, "", now).await?);
        }
        Ok(expired)
    }
}
