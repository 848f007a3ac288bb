//! The payment use cases against an in-memory provider: no network, the
//! store on a SQLite file, time moved by hand.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::{Arc, Mutex};
use std::time::Duration;

use keyshop_core::clock::{Clock, ManualClock};
use keyshop_core::db::DbError;
use keyshop_core::error::ErrorCode;
use keyshop_core::events::OutboxWaker;
use keyshop_core::ids::OrderNo;
use keyshop_core::vocab::{PaymentProvider, PaymentState};
use keyshop_testkit::TestDb;

use super::{PaymentService, ReportOutcome, SessionRequest};
use crate::domain::checkout::CheckoutRequest;
use crate::domain::session::{PaymentSession, ProviderReport, WebhookNews};
use crate::providers::{Checkout, Provider, ProviderError, Providers, WebhookIn};
use crate::store;

/// A provider that answers from memory and remembers what it was asked.
#[derive(Default)]
struct FakeProvider {
    down: Mutex<bool>,
    checkouts: Mutex<Vec<String>>,
    closed: Mutex<Vec<String>>,
    refunds: Mutex<Vec<String>>,
}

#[async_trait::async_trait]
impl Provider for FakeProvider {
    fn name(&self) -> PaymentProvider {
        PaymentProvider::Stripe
    }

    async fn start(&self, request: &CheckoutRequest) -> Result<Checkout, ProviderError> {
        if *self.down.lock().unwrap() {
            return Err(ProviderError::Unavailable("down".to_owned()));
        }
        self.checkouts.lock().unwrap().push(request.session_id.clone());
        Ok(Checkout {
            provider_ref: format!("cs_{}", request.session_id),
            redirect_url: "https://pay.example/c".to_owned(),
        })
    }

    async fn verify_webhook(&self, _webhook: WebhookIn<'_>) -> Result<Option<WebhookNews>, ProviderError> {
        Ok(None)
    }

    async fn close(&self, session: &PaymentSession) -> Result<(), ProviderError> {
        self.closed.lock().unwrap().push(session.id.to_string());
        Ok(())
    }

    async fn refund(&self, session: &PaymentSession) -> Result<String, ProviderError> {
        self.refunds.lock().unwrap().push(session.id.to_string());
        Ok(format!("re_{}", session.id))
    }
}

struct Bench {
    service: PaymentService,
    provider: Arc<FakeProvider>,
    clock: Arc<ManualClock>,
    _db: TestDb,
}

async fn bench() -> Bench {
    let test_db = TestDb::sqlite(&store::MIGRATIONS).await.unwrap();
    let provider = Arc::new(FakeProvider::default());
    let clock = ManualClock::at(1_800_000_000_000);
    let service = PaymentService::new(
        test_db.db.clone(),
        clock.clone(),
        OutboxWaker::default(),
        Providers::default().with(provider.clone()),
        Duration::from_secs(900),
        "https://shop.test".to_owned(),
    );
    Bench { service, provider, clock, _db: test_db }
}

fn request(order_no: &str, amount: i64) -> SessionRequest {
    SessionRequest::parse(order_no, "stripe-card", amount, "EUR").unwrap()
}

fn report(event_id: &str, session: &PaymentSession, outcome: PaymentState, amount: i64) -> ProviderReport {
    ProviderReport {
        event_id: event_id.to_owned(),
        session_id: session.id.to_string(),
        outcome,
        amount,
        currency: "EUR".to_owned(),
        reason: String::new(),
        payment_ref: "pi_1".to_owned(),
    }
}

async fn paid_events(bench: &Bench) -> i64 {
    bench
        .service
        .db()
        .run(|conn| keyshop_core::events::outbox::pending_count(conn).map_err(DbError::from))
        .await
        .unwrap()
}

#[tokio::test]
async fn a_retried_open_answers_the_same_session_and_the_provider_opens_one_checkout() {
    let bench = bench().await;
    let first = bench.service.open_session(request("KS1", 1999)).await.unwrap();
    let again = bench.service.open_session(request("KS1", 1999)).await.unwrap();
    assert_eq!(again.id, first.id);
    assert_eq!((first.state, first.provider), (PaymentState::Open, PaymentProvider::Stripe));
    assert_eq!(bench.provider.checkouts.lock().unwrap().len(), 1);
    assert_eq!(first.redirect_url, "https://pay.example/c");
    // The session answered is the one stored (it is not read back after its checkout).
    assert_eq!(bench.service.session(first.id.clone()).await.unwrap(), first);
    // Another amount is another attempt.
    let other = bench.service.open_session(request("KS1", 2999)).await.unwrap();
    assert_ne!(other.id, first.id);
}

#[tokio::test]
async fn a_provider_that_cannot_be_reached_ends_the_attempt_with_a_503() {
    let bench = bench().await;
    *bench.provider.down.lock().unwrap() = true;
    let error = bench.service.open_session(request("KS2", 1999)).await.unwrap_err();
    assert_eq!(error.code, ErrorCode::Unavailable);
    let order_no = OrderNo::parse("KS2").unwrap();
    let sessions =
        bench.service.db().run(move |conn| store::sessions::of_order(conn, &order_no).map_err(DbError::from)).await;
    let sessions = sessions.unwrap();
    assert_eq!(sessions[0].state, PaymentState::Failed);
    assert_eq!(sessions[0].reason, "provider_unavailable");
}

#[tokio::test]
async fn a_payment_counts_once_and_only_with_the_sessions_money() {
    let bench = bench().await;
    let session = bench.service.open_session(request("KS3", 1999)).await.unwrap();
    let wrong = report("evt_wrong", &session, PaymentState::Succeeded, 1);
    assert_eq!(bench.service.apply_report(PaymentProvider::Stripe, wrong).await.unwrap(), ReportOutcome::Mismatch);
    let paid = report("evt_ok", &session, PaymentState::Succeeded, 1999);
    assert_eq!(
        bench.service.apply_report(PaymentProvider::Stripe, paid.clone()).await.unwrap(),
        ReportOutcome::Applied
    );
    let stored = bench.service.session(session.id.clone()).await.unwrap();
    assert_eq!(
        (stored.state, stored.payment_ref.as_str(), stored.paid_at_ms),
        (PaymentState::Succeeded, "pi_1", Some(1_800_000_000_000))
    );
    assert_eq!(bench.service.apply_report(PaymentProvider::Stripe, paid).await.unwrap(), ReportOutcome::Duplicate);
    let late = report("evt_other", &session, PaymentState::Failed, 1999);
    assert_eq!(bench.service.apply_report(PaymentProvider::Stripe, late).await.unwrap(), ReportOutcome::Ignored);
    assert_eq!(paid_events(&bench).await, 1, "one PaymentSucceeded in the outbox");
    // Another provider cannot report on this session.
    let forged = report("evt_forged", &session, PaymentState::Succeeded, 1999);
    let refused = bench.service.apply_report(PaymentProvider::Paypal, forged).await.unwrap_err();
    assert_eq!(refused.code, ErrorCode::NotFound);
    assert_eq!(bench.service.open_session(request("KS3", 1999)).await.unwrap_err().code, ErrorCode::Conflict);
}

#[tokio::test]
async fn a_refund_goes_to_the_provider_once() {
    let bench = bench().await;
    let order_no = OrderNo::parse("KS4").unwrap();
    assert_eq!(bench.service.refund(order_no.clone()).await.unwrap_err().code, ErrorCode::Conflict, "not paid");
    let session = bench.service.open_session(request("KS4", 1999)).await.unwrap();
    let paid = report("evt_paid", &session, PaymentState::Succeeded, 1999);
    bench.service.apply_report(PaymentProvider::Stripe, paid).await.unwrap();
    let refund = bench.service.refund(order_no.clone()).await.unwrap();
    assert_eq!(bench.service.refund(order_no).await.unwrap(), refund);
    assert_eq!(bench.provider.refunds.lock().unwrap().len(), 1);
    assert_eq!(refund.amount.minor, 1999);
}

#[tokio::test]
async fn sessions_expire_when_the_clock_passes_their_window_and_cancelling_closes_the_checkout() {
    let bench = bench().await;
    let session = bench.service.open_session(request("KS5", 1999)).await.unwrap();
    assert_eq!(bench.service.expire_due(bench.clock.now_ms()).await.unwrap(), 0);
    bench.clock.advance(Duration::from_secs(901));
    assert_eq!(bench.service.expire_due(bench.clock.now_ms()).await.unwrap(), 1);
    assert_eq!(bench.service.session(session.id).await.unwrap().state, PaymentState::Expired);

    let other = bench.service.open_session(request("KS6", 1999)).await.unwrap();
    let cancelled = bench.service.cancel(other.id.clone()).await.unwrap();
    assert_eq!(cancelled.state, PaymentState::Cancelled);
    assert_eq!(*bench.provider.closed.lock().unwrap(), [other.id.to_string()]);
}
