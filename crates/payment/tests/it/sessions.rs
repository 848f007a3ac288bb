//! Payment sessions on SQLite and PostgreSQL: methods per currency, one open
//! session per attempt, a webhook replayed ten times paying once, reports
//! with another amount refused, failures paid again with a new session, late
//! payments after the window still counted.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use keyshop_core::clock::{Clock, ManualClock, SharedClock, SystemClock};
use keyshop_core::ids::SessionId;
use keyshop_core::vocab::{PaymentProvider, PaymentState};
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use keyshop_core::config::StripeConfig;
use keyshop_core::db::{Db, DbError};
use keyshop_core::error::ErrorCode;
use keyshop_core::events::OutboxWaker;
use keyshop_payment::domain::sandbox::CardForm;
use keyshop_payment::domain::session::ProviderReport;
use keyshop_payment::domain::{signature, webhook};
use keyshop_payment::providers::Providers;
use keyshop_payment::providers::sandbox::SandboxProvider;
use keyshop_payment::providers::stripe::StripeProvider;
use keyshop_payment::service::{PaymentService, ReportOutcome, SessionRequest};
use keyshop_payment::store::MIGRATIONS;
use keyshop_testkit::storage_test;
use secrecy::SecretString;

const SECRET: &str = "whsec_test_sandbox";

/// The payment service on `db` with the sandbox and a Stripe that is never
/// called, its time read from `clock`.
fn service_at(db: &Db, window: Duration, clock: SharedClock) -> PaymentService {
    // Stripe is enabled (its methods are offered) but never called here.
    let stripe = StripeConfig {
        api_base: "http://127.0.0.1:9".to_owned(),
        secret_key: SecretString::from("sk_test_unused"),
        webhook_secret: SecretString::from("whsec_unused"),
    };
    let providers = Providers::default()
        .with_sandbox(SandboxProvider::new(SecretString::from(SECRET), clock.clone()))
        .with(Arc::new(StripeProvider::new(stripe, clock.clone()).unwrap()));
    PaymentService::new(db.clone(), clock, OutboxWaker::default(), providers, window, "http://shop.test".to_owned())
}

fn service(db: &Db, window: Duration) -> PaymentService {
    service_at(db, window, keyshop_core::clock::system())
}

/// The sandbox's signature header as a webhook carries it.
fn signed(header: &str) -> BTreeMap<String, String> {
    BTreeMap::from([("keyshop-signature".to_owned(), header.to_owned())])
}

fn card(number: &str) -> CardForm {
    CardForm { number: number.to_owned(), expiry: "12/39".to_owned(), cvc: "123".to_owned() }
}

fn now_s() -> i64 {
    SystemClock.now_ms() / 1000
}

fn request(order_no: &str, amount: i64) -> SessionRequest {
    SessionRequest::parse(order_no, "sandbox-card", amount, "EUR").unwrap()
}

fn report(event_id: &str, session_id: &str, outcome: PaymentState, amount: i64) -> ProviderReport {
    ProviderReport {
        event_id: event_id.to_owned(),
        session_id: session_id.to_owned(),
        outcome,
        amount,
        currency: "eur".to_owned(),
        reason: String::new(),
        payment_ref: String::new(),
    }
}

/// The `PaymentSucceeded` events waiting in the outbox.
async fn paid_events(db: &Db) -> i64 {
    db.run(|conn| {
        keyshop_core::events::outbox::count_of_type(conn, "keyshop.events.v1.PaymentSucceeded").map_err(DbError::from)
    })
    .await
    .unwrap()
}

storage_test!(methods_follow_the_currency_and_the_enabled_providers, &MIGRATIONS, |db: Db| async move {
    let payments = service(&db, Duration::from_secs(900));
    let codes = |methods: Vec<keyshop_payment::domain::methods::Method>| {
        methods.into_iter().map(|m| m.code).collect::<Vec<_>>()
    };
    assert_eq!(codes(payments.methods("EUR".to_owned()).await.unwrap()), ["sandbox-card", "stripe-card"]);
    assert_eq!(codes(payments.methods("CNY".to_owned()).await.unwrap()), ["sandbox-card"]);
    let unavailable = payments
        .open_session(SessionRequest { method: "paypal".to_owned(), ..request("KS1", 1839) })
        .await
        .unwrap_err();
    assert_eq!(
        (unavailable.code, unavailable.msg_key.as_str()),
        (ErrorCode::BusinessRule, "api.order.methodUnavailable")
    );
    let bad = SessionRequest::parse(" ", "sandbox-card", 0, "EURO").unwrap_err();
    assert_eq!(bad.fields.keys().collect::<Vec<_>>(), ["amount", "currency", "orderNo"]);
});

storage_test!(methods_are_read_with_each_ones_fees_in_the_order_offered, &MIGRATIONS, |db: Db| async move {
    use keyshop_payment::domain::methods::{CurrencyFee, MethodEdit};
    use keyshop_payment::store::methods;
    let fee = |currency: &str, fee_basis_points| CurrencyFee {
        currency: currency.to_owned(),
        fee_basis_points,
        fee_fixed_usd: 5,
    };
    let edit = |fees: Vec<CurrencyFee>| MethodEdit {
        enabled: true,
        currencies: vec!["*".to_owned()],
        fee_basis_points: 100,
        fee_fixed_usd: 0,
        fees,
    };
    let before = db.run(|conn| methods::all(conn).map_err(DbError::from)).await.unwrap();
    let codes: Vec<String> = before.iter().map(|method| method.code.clone()).collect();
    assert!(codes.len() >= 3 && before.iter().all(|method| method.fees.is_empty()), "{before:?}");
    let (first, last) = (codes[0].clone(), codes[codes.len() - 1].clone());
    let (first_edit, last_edit) = (first.clone(), last.clone());
    db.write(move |conn| -> Result<(), DbError> {
        assert!(methods::update(conn, &first_edit, 1, &edit(vec![fee("USD", 150), fee("EUR", 200)]))?);
        assert!(methods::update(conn, &last_edit, 1, &edit(vec![fee("GBP", 300)]))?);
        Ok(())
    })
    .await
    .unwrap();
    let after = db.run(|conn| methods::all(conn).map_err(DbError::from)).await.unwrap();
    assert_eq!(
        after.iter().map(|method| method.code.clone()).collect::<Vec<_>>(),
        codes,
        "one method per code, in order"
    );
    assert_eq!(after[0].fees, [fee("EUR", 200), fee("USD", 150)], "fees by currency");
    assert_eq!(after[after.len() - 1].fees, [fee("GBP", 300)]);
    assert!(after[1..after.len() - 1].iter().all(|method| method.fees.is_empty()));
    assert_eq!((after[0].version, after[0].currencies.clone()), (2, vec!["*".to_owned()]));
});

storage_test!(a_webhook_replayed_ten_times_pays_once, &MIGRATIONS, |db: Db| async move {
    let payments = service(&db, Duration::from_secs(900));
    let session = payments.open_session(request("KS1", 1839)).await.unwrap();
    assert_eq!((session.state.as_str(), session.provider.as_str()), ("open", "sandbox"));
    // A retried call answers the same open session.
    assert_eq!(payments.open_session(request("KS1", 1839)).await.unwrap().id, session.id);

    let succeeded = report("evt_1", session.id.as_str(), PaymentState::Succeeded, 1839);
    let mut outcomes = Vec::new();
    for _ in 0..10 {
        outcomes.push(payments.apply_report(PaymentProvider::Sandbox, succeeded.clone()).await.unwrap());
    }
    assert_eq!(outcomes[0], ReportOutcome::Applied);
    assert!(outcomes[1..].iter().all(|outcome| *outcome == ReportOutcome::Duplicate));
    // The provider's second event for the same payment changes nothing either.
    let again = payments
        .apply_report(PaymentProvider::Sandbox, report("evt_2", session.id.as_str(), PaymentState::Succeeded, 1839))
        .await;
    assert_eq!(again.unwrap(), ReportOutcome::Ignored);
    assert_eq!(paid_events(&db).await, 1);
    let paid = payments.session(session.id.clone()).await.unwrap();
    assert_eq!(paid.state, PaymentState::Succeeded);
    assert!(paid.paid_at_ms.is_some());
    // A late failure report cannot unpay it, and the order cannot pay twice.
    let late = payments
        .apply_report(PaymentProvider::Sandbox, report("evt_3", session.id.as_str(), PaymentState::Failed, 1839))
        .await;
    assert_eq!(late.unwrap(), ReportOutcome::Ignored);
    let twice = payments.open_session(request("KS1", 1839)).await.unwrap_err();
    assert_eq!(twice.code, ErrorCode::Conflict);
    // Another provider cannot report on a sandbox session.
    let foreign = payments
        .apply_report(PaymentProvider::Stripe, report("evt_4", session.id.as_str(), PaymentState::Succeeded, 1839))
        .await;
    assert_eq!(foreign.unwrap_err().code, ErrorCode::NotFound);
});

storage_test!(wrong_money_is_refused_and_a_failure_is_paid_again, &MIGRATIONS, |db: Db| async move {
    let payments = service(&db, Duration::from_secs(900));
    let first = payments.open_session(request("KS2", 5000)).await.unwrap();
    let short = payments
        .apply_report(PaymentProvider::Sandbox, report("evt_short", first.id.as_str(), PaymentState::Succeeded, 4999))
        .await;
    assert_eq!(short.unwrap(), ReportOutcome::Mismatch);
    let mut usd = report("evt_usd", first.id.as_str(), PaymentState::Succeeded, 5000);
    usd.currency = "USD".to_owned();
    assert_eq!(payments.apply_report(PaymentProvider::Sandbox, usd).await.unwrap(), ReportOutcome::Mismatch);
    assert_eq!(payments.session(first.id.clone()).await.unwrap().state, PaymentState::Open);
    assert_eq!(paid_events(&db).await, 0);

    let mut declined = report("evt_declined", first.id.as_str(), PaymentState::Failed, 5000);
    declined.reason = "card_declined".to_owned();
    assert_eq!(payments.apply_report(PaymentProvider::Sandbox, declined).await.unwrap(), ReportOutcome::Applied);
    let failed = payments.session(first.id.clone()).await.unwrap();
    assert_eq!((failed.state.as_str(), failed.reason.as_str()), ("failed", "card_declined"));
    // Pay again: a new session for the same order.
    let second = payments.open_session(request("KS2", 5000)).await.unwrap();
    assert_ne!(second.id, first.id);
    let paid = payments
        .apply_report(PaymentProvider::Sandbox, report("evt_ok", second.id.as_str(), PaymentState::Succeeded, 5000))
        .await;
    assert_eq!(paid.unwrap(), ReportOutcome::Applied);
    assert_eq!(paid_events(&db).await, 1);
});

storage_test!(a_payment_after_the_window_still_counts, &MIGRATIONS, |db: Db| async move {
    let clock = ManualClock::starting_now();
    let payments = service_at(&db, Duration::from_secs(900), clock.clone());
    let session = payments.open_session(request("KS3", 700)).await.unwrap();
    assert_eq!(payments.expire_due(clock.now_ms()).await.unwrap(), 0, "still in its window");
    clock.advance(Duration::from_secs(901));
    assert_eq!(payments.expire_due(clock.now_ms()).await.unwrap(), 1);
    assert_eq!(payments.session(session.id.clone()).await.unwrap().state, PaymentState::Expired);
    let cancelled = payments.cancel(session.id.clone()).await.unwrap();
    assert_eq!(cancelled.state, PaymentState::Expired, "an expired session stays expired");
    let late = payments
        .apply_report(PaymentProvider::Sandbox, report("evt_late", session.id.as_str(), PaymentState::Succeeded, 700))
        .await;
    assert_eq!(late.unwrap(), ReportOutcome::Applied, "the money was taken: the order is paid");
    assert_eq!(paid_events(&db).await, 1);
});

storage_test!(the_sandbox_page_pays_with_the_test_cards, &MIGRATIONS, |db: Db| async move {
    let payments = service(&db, Duration::from_secs(900));
    // Declined, then insufficient funds: each attempt fails with its reason.
    let first = payments.open_session(request("KS10", 1839)).await.unwrap();
    let declined = payments.sandbox_charge(first.id.clone(), card("4000 0000 0000 0002")).await.unwrap();
    assert_eq!((declined.state.as_str(), declined.reason.as_str()), ("failed", "card_declined"));
    let again = payments.sandbox_charge(first.id.clone(), card("4242 4242 4242 4242")).await.unwrap_err();
    assert_eq!(again.msg_key, "api.payment.statusIncorrect", "a failed session is not charged again");
    let second = payments.open_session(request("KS10", 1839)).await.unwrap();
    assert_ne!(second.id, first.id, "paying again opens a new session");
    let poor = payments.sandbox_charge(second.id.clone(), card("4000 0000 0000 9995")).await.unwrap();
    assert_eq!(poor.reason, "insufficient_funds");
    // Not a card: field errors, and the session stays open.
    let third = payments.open_session(request("KS10", 1839)).await.unwrap();
    let invalid = payments
        .sandbox_charge(third.id.clone(), CardForm { expiry: "01/20".to_owned(), ..card("4242 4242 4242 4241") })
        .await
        .unwrap_err();
    assert_eq!(invalid.code, ErrorCode::Validation);
    assert!(invalid.fields.contains_key("number") && invalid.fields.contains_key("expiry"), "{:?}", invalid.fields);
    assert_eq!(payments.session(third.id.clone()).await.unwrap().state, PaymentState::Open);
    assert_eq!(paid_events(&db).await, 0);
    // 4242 pays, once.
    let paid = payments.sandbox_charge(third.id.clone(), card("4242424242424242")).await.unwrap();
    assert_eq!(paid.state, PaymentState::Succeeded);
    assert!(paid.paid_at_ms.is_some());
    assert_eq!(paid_events(&db).await, 1);
    let unknown =
        payments.sandbox_charge(SessionId::parse("ps_nope").unwrap(), card("4242424242424242")).await.unwrap_err();
    assert_eq!(unknown.code, ErrorCode::NotFound);
});

storage_test!(webhooks_are_signature_checked_and_applied_once, &MIGRATIONS, |db: Db| async move {
    let payments = service(&db, Duration::from_secs(900));
    let session = payments.open_session(request("KS11", 2500)).await.unwrap();
    let body = webhook::sandbox_body(
        &ProviderReport {
            currency: "EUR".to_owned(),
            ..report("evt_once", session.id.as_str(), PaymentState::Succeeded, 2500)
        },
        now_s(),
    );
    // Forged (another secret), stale (an hour old), tampered and malformed: refused, nothing changes.
    let forged = signature::sign(b"not the secret", now_s(), &body);
    let stale = signature::sign(SECRET.as_bytes(), now_s() - 3600, &body);
    let good = signature::sign(SECRET.as_bytes(), now_s(), &body);
    let mut tampered = body.clone();
    tampered.extend_from_slice(b" ");
    for (header, body) in [(&forged, &body), (&stale, &body), (&good, &tampered), (&"t=1".to_owned(), &body)] {
        let refused = payments.receive_webhook(PaymentProvider::Sandbox, &signed(header), body).await.unwrap_err();
        assert_eq!((refused.code, refused.msg_key.as_str()), (ErrorCode::Validation, "api.payment.signatureInvalid"));
    }
    assert_eq!(payments.session(session.id.clone()).await.unwrap().state, PaymentState::Open);
    // A provider not enabled here has no webhook.
    let paypal = payments.receive_webhook(PaymentProvider::Paypal, &signed(&good), &body).await.unwrap_err();
    assert_eq!(paypal.code, ErrorCode::NotFound);
    // The genuine one, replayed ten times: applied once.
    let mut outcomes = Vec::new();
    for _ in 0..10 {
        outcomes.push(payments.receive_webhook(PaymentProvider::Sandbox, &signed(&good), &body).await.unwrap());
    }
    assert_eq!(outcomes[0], ReportOutcome::Applied);
    assert!(outcomes[1..].iter().all(|outcome| *outcome == ReportOutcome::Duplicate), "{outcomes:?}");
    assert_eq!(paid_events(&db).await, 1);
});
