//! Stripe and PayPal through their adapters, against local fakes of their
//! HTTP APIs (`fakes/`), on SQLite and PostgreSQL: checkouts opened once per
//! attempt, webhooks verified the provider's way and applied once, PayPal's
//! capture on the buyer's return, checkouts closed when the buyer leaves,
//! refunds made once, and a provider that cannot be reached.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use keyshop_core::ids::OrderNo;
use keyshop_core::vocab::{PaymentProvider, PaymentState};
use keyshop_testkit::providers as fakes;

use std::sync::Arc;
use std::time::Duration;

use fakes::paypal::FakePaypal;
use fakes::stripe::FakeStripe;
use keyshop_core::config::{PaypalConfig, StripeConfig};
use keyshop_core::db::{Db, DbError};
use keyshop_core::error::ErrorCode;
use keyshop_core::events::OutboxWaker;
use keyshop_payment::providers::Providers;
use keyshop_payment::providers::paypal::PaypalProvider;
use keyshop_payment::providers::stripe::StripeProvider;
use keyshop_payment::service::{PaymentService, ReportOutcome, SessionRequest};
use keyshop_payment::store::MIGRATIONS;
use keyshop_testkit::storage_test;
use secrecy::SecretString;

fn stripe_config(api_base: &str) -> StripeConfig {
    StripeConfig {
        api_base: api_base.to_owned(),
        secret_key: SecretString::from(fakes::stripe::SECRET_KEY),
        webhook_secret: SecretString::from(fakes::stripe::WEBHOOK_SECRET),
    }
}

fn paypal_config(api_base: &str) -> PaypalConfig {
    PaypalConfig {
        api_base: api_base.to_owned(),
        client_id: fakes::paypal::CLIENT_ID.to_owned(),
        client_secret: SecretString::from(fakes::paypal::CLIENT_SECRET),
        webhook_id: fakes::paypal::WEBHOOK_ID.to_owned(),
    }
}

fn service(db: &Db, stripe: &str, paypal: &str) -> PaymentService {
    let providers = Providers::default()
        .with(Arc::new(StripeProvider::new(stripe_config(stripe), keyshop_core::clock::system()).unwrap()))
        .with(Arc::new(PaypalProvider::new(paypal_config(paypal)).unwrap()));
    PaymentService::new(
        db.clone(),
        keyshop_core::clock::system(),
        OutboxWaker::default(),
        providers,
        Duration::from_secs(900),
        "https://shop.test".to_owned(),
    )
}

fn request(order_no: &str, method: &str, amount: i64, currency: &str) -> SessionRequest {
    SessionRequest::parse(order_no, method, amount, currency).unwrap()
}

fn now_s() -> i64 {
    keyshop_core::clock::Clock::now_ms(&keyshop_core::clock::SystemClock) / 1000
}

async fn paid_events(db: &Db) -> i64 {
    db.run(|conn| {
        keyshop_core::events::outbox::count_of_type(conn, "keyshop.events.v1.PaymentSucceeded").map_err(DbError::from)
    })
    .await
    .unwrap()
}

storage_test!(stripe_checkout_is_paid_by_its_signed_webhook_once_and_refunded_once, &MIGRATIONS, |db: Db| async move {
    let stripe = FakeStripe::start().await;
    let payments = service(&db, &stripe.url, "http://127.0.0.1:9");

    let session = payments.open_session(request("KS100", "stripe-card", 1999, "EUR")).await.unwrap();
    assert_eq!(session.provider, PaymentProvider::Stripe);
    assert!(session.provider_ref.starts_with("cs_test_"), "{session:?}");
    assert_eq!(session.redirect_url, format!("https://checkout.stripe.test/c/pay/{}", session.provider_ref));
    let created = stripe.session(&session.provider_ref);
    assert_eq!(created.form["mode"], "payment");
    assert_eq!(created.form["line_items[0][price_data][unit_amount]"], "1999");
    assert_eq!(created.form["line_items[0][price_data][currency]"], "eur");
    assert_eq!(created.form["client_reference_id"], session.id.as_str());
    assert_eq!(
        created.form["success_url"],
        format!("https://shop.test/success-payment?session={}&order=KS100", session.id)
    );
    assert_eq!(created.form["cancel_url"], format!("https://shop.test/cancel?session={}&order=KS100", session.id));
    // A retried call answers the same session without a second checkout.
    let again = payments.open_session(request("KS100", "stripe-card", 1999, "EUR")).await.unwrap();
    assert_eq!(again.id, session.id);
    assert_eq!(stripe.state.lock().unwrap().sessions.len(), 1);

    // Forged (another secret) and stale (an hour old) events are refused.
    for webhook in [
        stripe.pay(&session.provider_ref, "whsec_forged", now_s()),
        stripe.pay(&session.provider_ref, fakes::stripe::WEBHOOK_SECRET, now_s() - 3600),
    ] {
        let refused =
            payments.receive_webhook(PaymentProvider::Stripe, &webhook.headers, &webhook.body).await.unwrap_err();
        assert_eq!((refused.code, refused.msg_key.as_str()), (ErrorCode::Validation, "api.payment.signatureInvalid"));
    }
    assert_eq!(payments.session(session.id.clone()).await.unwrap().state, PaymentState::Open);

    // The genuine event, replayed ten times: paid once.
    let paid = stripe.pay(&session.provider_ref, fakes::stripe::WEBHOOK_SECRET, now_s());
    let mut outcomes = Vec::new();
    for _ in 0..10 {
        outcomes.push(payments.receive_webhook(PaymentProvider::Stripe, &paid.headers, &paid.body).await.unwrap());
    }
    assert_eq!(outcomes[0], ReportOutcome::Applied);
    assert!(outcomes[1..].iter().all(|outcome| *outcome == ReportOutcome::Duplicate), "{outcomes:?}");
    let session = payments.session(session.id.clone()).await.unwrap();
    assert_eq!(session.state, PaymentState::Succeeded);
    assert!(session.payment_ref.starts_with("pi_"), "{session:?}");
    assert_eq!(paid_events(&db).await, 1);

    // Refunded once, however often it is asked.
    let refund = payments.refund(OrderNo::parse("KS100").unwrap()).await.unwrap();
    assert!(refund.provider_ref.starts_with("re_"), "{refund:?}");
    assert_eq!(payments.refund(OrderNo::parse("KS100").unwrap()).await.unwrap(), refund);
    assert_eq!(stripe.state.lock().unwrap().refunds, [(refund.provider_ref.clone(), session.payment_ref.clone())]);
});

storage_test!(stripe_checkouts_follow_the_currency_and_close_when_the_buyer_leaves, &MIGRATIONS, |db: Db| async move {
    let stripe = FakeStripe::start().await;
    let payments = service(&db, &stripe.url, "http://127.0.0.1:9");
    // Yen go to Stripe in whole yen; a fraction of one cannot be charged.
    let yen = payments.open_session(request("KS101", "stripe-card", 135_000, "JPY")).await.unwrap();
    assert_eq!(stripe.session(&yen.provider_ref).form["line_items[0][price_data][unit_amount]"], "1350");
    let fraction = payments.open_session(request("KS102", "stripe-card", 135_050, "JPY")).await.unwrap_err();
    assert_eq!((fraction.code, fraction.msg_key.as_str()), (ErrorCode::BusinessRule, "api.order.methodUnavailable"));

    // The buyer leaves Stripe's page: the checkout is expired there first.
    let cancelled = payments.cancel(yen.id.clone()).await.unwrap();
    assert_eq!(cancelled.state, PaymentState::Cancelled);
    assert_eq!(stripe.session(&yen.provider_ref).status, "expired");
    // Paying again opens a new checkout.
    let again = payments.open_session(request("KS101", "stripe-card", 135_000, "JPY")).await.unwrap();
    assert_ne!(again.provider_ref, yen.provider_ref);
    // A checkout already paid cannot be left: the payment stands.
    let paid = stripe.pay(&again.provider_ref, fakes::stripe::WEBHOOK_SECRET, now_s());
    let refused = payments.cancel(again.id.clone()).await.unwrap_err();
    assert_eq!(refused.code, ErrorCode::Conflict);
    payments.receive_webhook(PaymentProvider::Stripe, &paid.headers, &paid.body).await.unwrap();
    assert_eq!(payments.session(again.id).await.unwrap().state, PaymentState::Succeeded);
});

storage_test!(
    paypal_is_captured_when_the_buyer_returns_and_its_webhook_is_verified,
    &MIGRATIONS,
    |db: Db| async move {
        let paypal = FakePaypal::start().await;
        let payments = service(&db, "http://127.0.0.1:9", &paypal.url);

        let session = payments.open_session(request("KS200", "paypal", 1999, "EUR")).await.unwrap();
        assert_eq!(session.provider, PaymentProvider::Paypal);
        assert_eq!(session.redirect_url, format!("https://www.paypal.test/checkoutnow?token={}", session.provider_ref));
        let order = paypal.order(&session.provider_ref);
        assert_eq!(order.body["purchase_units"][0]["amount"]["value"], "19.99");
        assert_eq!(
            order.body["payment_source"]["paypal"]["experience_context"]["return_url"],
            format!("https://shop.test/paypal?session={}&order=KS200", session.id)
        );

        // Back before approving (or a forged return): nothing is captured.
        assert_eq!(payments.capture(session.id.clone()).await.unwrap().state, PaymentState::Open);
        paypal.approve(&session.provider_ref, false);
        let captured = payments.capture(session.id.clone()).await.unwrap();
        assert_eq!(captured.state, PaymentState::Succeeded);
        assert!(captured.payment_ref.starts_with("CAPTURE"), "{captured:?}");
        // Coming back twice captures once.
        assert_eq!(payments.capture(session.id.clone()).await.unwrap().state, PaymentState::Succeeded);
        assert_eq!(paid_events(&db).await, 1);

        // PayPal's webhook for the same capture: verified by PayPal, changes nothing more.
        let webhook = paypal.capture_completed(&session.provider_ref);
        assert_eq!(
            payments.receive_webhook(PaymentProvider::Paypal, &webhook.headers, &webhook.body).await.unwrap(),
            ReportOutcome::Ignored
        );
        assert_eq!(
            payments.receive_webhook(PaymentProvider::Paypal, &webhook.headers, &webhook.body).await.unwrap(),
            ReportOutcome::Duplicate
        );
        // A changed body, a signature PayPal did not make, or no headers: refused.
        let mut tampered = webhook.clone();
        tampered.body = String::from_utf8(webhook.body.clone()).unwrap().replace("19.99", "0.01").into_bytes();
        let mut forged = webhook.clone();
        forged.headers.insert("paypal-transmission-sig".to_owned(), "forged".to_owned());
        let mut bare = webhook.clone();
        bare.headers.clear();
        for bad in [tampered, forged, bare] {
            let refused = payments.receive_webhook(PaymentProvider::Paypal, &bad.headers, &bad.body).await.unwrap_err();
            assert_eq!(
                (refused.code, refused.msg_key.as_str()),
                (ErrorCode::Validation, "api.payment.signatureInvalid")
            );
        }
        assert_eq!(paid_events(&db).await, 1);

        let refund = payments.refund(OrderNo::parse("KS200").unwrap()).await.unwrap();
        assert!(refund.provider_ref.starts_with("REFUND"), "{refund:?}");
        assert_eq!(payments.refund(OrderNo::parse("KS200").unwrap()).await.unwrap(), refund);
        assert_eq!(paypal.state.lock().unwrap().refunds.len(), 1);
        // One OAuth token served every call.
        assert_eq!(paypal.state.lock().unwrap().token_requests, 1);
    }
);

storage_test!(
    a_paypal_payment_approved_by_a_buyer_who_never_came_back_is_captured_by_its_webhook,
    &MIGRATIONS,
    |db: Db| async move {
        let (stripe, paypal) = (FakeStripe::start().await, FakePaypal::start().await);
        let payments = service(&db, &stripe.url, &paypal.url);
        let session = payments.open_session(request("KS203", "paypal", 1999, "EUR")).await.unwrap();

        // The buyer approves at PayPal and closes the tab: PayPal's event makes the capture.
        paypal.approve(&session.provider_ref, false);
        let approved = paypal.order_approved(&session.provider_ref);
        assert_eq!(
            payments.receive_webhook(PaymentProvider::Paypal, &approved.headers, &approved.body).await.unwrap(),
            ReportOutcome::Applied
        );
        assert_eq!(paypal.order(&session.provider_ref).status, "COMPLETED");
        assert_eq!(payments.session(session.id.clone()).await.unwrap().state, PaymentState::Succeeded);
        // The event again, the buyer coming back after all, the capture's own event: paid once.
        assert_eq!(
            payments.receive_webhook(PaymentProvider::Paypal, &approved.headers, &approved.body).await.unwrap(),
            ReportOutcome::Ignored
        );
        assert_eq!(payments.capture(session.id.clone()).await.unwrap().state, PaymentState::Succeeded);
        let completed = paypal.capture_completed(&session.provider_ref);
        assert_eq!(
            payments.receive_webhook(PaymentProvider::Paypal, &completed.headers, &completed.body).await.unwrap(),
            ReportOutcome::Ignored
        );
        assert_eq!(paid_events(&db).await, 1);

        // An approval naming a session of another provider takes nothing.
        let stripe_session = payments.open_session(request("KS204", "stripe-card", 1999, "EUR")).await.unwrap();
        let other = payments.open_session(request("KS205", "paypal", 1999, "EUR")).await.unwrap();
        paypal.approve(&other.provider_ref, false);
        paypal.state.lock().unwrap().orders.iter_mut().for_each(|order| {
            if order.id == other.provider_ref {
                order.body["purchase_units"][0]["custom_id"] = serde_json::json!(stripe_session.id);
            }
        });
        let misdirected = paypal.order_approved(&other.provider_ref);
        assert_eq!(
            payments.receive_webhook(PaymentProvider::Paypal, &misdirected.headers, &misdirected.body).await.unwrap(),
            ReportOutcome::Ignored
        );
        assert_eq!(payments.session(stripe_session.id).await.unwrap().state, PaymentState::Open);
        assert_eq!(paid_events(&db).await, 1);
    }
);

storage_test!(
    a_declined_paypal_payment_is_paid_again_and_an_unreachable_provider_is_503,
    &MIGRATIONS,
    |db: Db| async move {
        let paypal = FakePaypal::start().await;
        let payments = service(&db, "http://127.0.0.1:9", &paypal.url);
        let session = payments.open_session(request("KS201", "paypal", 135_000, "JPY")).await.unwrap();
        assert_eq!(paypal.order(&session.provider_ref).body["purchase_units"][0]["amount"]["value"], "1350");
        paypal.approve(&session.provider_ref, true);
        let declined = payments.capture(session.id.clone()).await.unwrap();
        assert_eq!((declined.state.as_str(), declined.reason.as_str()), ("failed", "payment_declined"));
        let again = payments.open_session(request("KS201", "paypal", 135_000, "JPY")).await.unwrap();
        assert_ne!(again.id, session.id);
        assert_eq!(paid_events(&db).await, 0);

        // Stripe cannot be reached: a clear 503, and the attempt is closed.
        let down = payments.open_session(request("KS202", "stripe-card", 1999, "EUR")).await.unwrap_err();
        assert_eq!(down.code, ErrorCode::Unavailable);
        let sessions = db
            .run(|conn| {
                keyshop_payment::store::sessions::of_order(conn, &OrderNo::parse("KS202").unwrap())
                    .map_err(DbError::from)
            })
            .await
            .unwrap();
        assert_eq!(sessions.iter().map(|session| session.state.as_str()).collect::<Vec<_>>(), ["failed"]);
    }
);
