//! Paid orders through the event bus, on SQLite and PostgreSQL: the keys are
//! allocated and e-mailed once however often `OrderPaid` arrives, with each
//! product's activation guide in the buyer's language and the order link; an
//! order short of keys waits and is delivered when stock arrives; the buyer
//! may ask for the e-mail again, not too often.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::support;

use std::time::{Duration, Instant};

use keyshop_core::config::ServiceName;
use keyshop_core::error::{AppError, ErrorCode};
use keyshop_core::events::Event;
use keyshop_delivery::store::MIGRATIONS;
use keyshop_proto::catalog::v1 as catalog;
use keyshop_proto::catalog::v1::catalog_service_client::CatalogServiceClient;
use keyshop_proto::delivery::v1 as pb;
use keyshop_proto::events::v1::{KeysDelayed, KeysDelivered, OrderPaid, PaidLine};
use keyshop_testkit::TestDb;
use keyshop_testkit::backend_test;
use support::{RunningDelivery, keys, line};
use tokio::sync::mpsc;

/// Two products of the demo catalog.
async fn two_products(delivery: &RunningDelivery) -> Vec<catalog::ProductCard> {
    let mut client = CatalogServiceClient::new(delivery.store.channel(ServiceName::Catalog).await);
    let list = client
        .list_home(catalog::ListHomeRequest { list: "best_sellers".to_owned(), limit: 2 })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(list.products.len(), 2);
    list.products
}

fn paid(order_no: &str, products: &[catalog::ProductCard], quantities: &[i64]) -> OrderPaid {
    OrderPaid {
        order_no: order_no.to_owned(),
        member_id: None,
        email: support::BUYER.to_owned(),
        amount_usd_cents: 4998,
        currency: "EUR".to_owned(),
        paid_at_ms: 1,
        language: "de".to_owned(),
        lines: products
            .iter()
            .zip(quantities)
            .enumerate()
            .map(|(index, (product, quantity))| PaidLine {
                line_no: i64::try_from(index).unwrap() + 1,
                sku: product.sku.clone(),
                title: product.title.clone(),
                platform: product.platform,
                platform_code: String::new(),
                quantity: *quantity,
                game_name: product.game_name.clone(),
                game_ext_name: product.game_ext_name.clone(),
            })
            .collect(),
        billing_address: Some(keyshop_proto::common::v1::PostalAddress {
            first_name: "Ann".to_owned(),
            last_name: "Lee".to_owned(),
            phone: "+4930901820".to_owned(),
            address: "Unter den Linden 1".to_owned(),
            city: "Berlin".to_owned(),
            province: String::new(),
            zip: "10117".to_owned(),
            country: "DE".to_owned(),
        }),
    }
}

/// Every delivery event the service publishes, as they come.
async fn delivery_events(delivery: &RunningDelivery) -> mpsc::UnboundedReceiver<Event> {
    let (sender, receiver) = mpsc::unbounded_channel();
    let bus = delivery.bus.clone();
    let mut subscription =
        bus.subscribe("test-delivery-events", &[keyshop_core::events::topics::DELIVERY]).await.unwrap();
    tokio::spawn(async move {
        while let Some(message) = subscription.next().await {
            let _ = sender.send(message.event.clone());
            message.ack();
        }
    });
    receiver
}

async fn next_of<P: keyshop_core::events::EventPayload>(events: &mut mpsc::UnboundedReceiver<Event>) -> P {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let event = tokio::time::timeout(left, events.recv()).await.expect("no such event in time").unwrap();
        if let Some(payload) = event.decode::<P>() {
            return payload.unwrap();
        }
    }
}

backend_test!(
    a_paid_order_is_e_mailed_once_however_often_the_event_arrives,
    &MIGRATIONS,
    |test_db: TestDb| async move {
        let data = tempfile::tempdir().unwrap();
        let mut delivery = support::start_with(support::config(&test_db, data.path()), true).await;
        let mut events = delivery_events(&delivery).await;
        let products = two_products(&delivery).await;
        delivery.import(&products[0].sku, keys("FIRST", 3)).await;
        delivery.import(&products[1].sku, keys("SECOND", 1)).await;
        // The checkout held the keys; the payment arrives ten times over.
        delivery.reserve("KS-1", vec![line(1, &products[0].sku, 2), line(2, &products[1].sku, 1)], 0).await.unwrap();
        let event = Event::new("KS-1", &paid("KS-1", &products, &[2, 1]));
        for _ in 0..10 {
            delivery.bus.publish(&event).await.unwrap();
        }
        delivery.bus.publish(&Event::new("KS-1", &paid("KS-1", &products, &[2, 1]))).await.unwrap();

        let delivered: KeysDelivered = next_of(&mut events).await;
        assert_eq!(delivered.order_no, "KS-1");
        let mails = delivery.wait_for_mails(1).await;
        tokio::time::sleep(Duration::from_millis(700)).await;
        assert_eq!(delivery.mails().len(), 1, "one e-mail");
        let mail = &mails[0];
        assert!(mail.contains("To: buyer@example.com"), "{mail}");
        assert!(mail.contains("KS-1"));
        for key in ["FIRST-00000-ABCDE", "FIRST-00001-ABCDE", "SECOND-00000-ABCDE"] {
            assert!(mail.contains(key), "{key} missing from {mail}");
        }
        assert!(!mail.contains("FIRST-00002-ABCDE"), "a key that was not bought");
        assert!(mail.contains(&products[0].title) && mail.contains(&products[1].title));
        // The order service knows no KS-1 (this event was made up): the keys
        // go out all the same, without a link.
        assert!(!mail.contains("#token="), "{mail}");
        assert!(mail.contains("Rechnungsadresse:") && mail.contains("10117 Berlin"), "the billing address: {mail}");
        assert!(mail.contains("Aktivierung") || mail.contains("aktivieren"), "the German activation guide: {mail}");

        let stock = delivery.stock(&products[0].sku).await;
        assert_eq!((stock.available, stock.reserved, stock.sold), (1, 0, 2));
        let log =
            delivery.client.list_reveals(pb::OrderRef { order_no: "KS-1".to_owned() }).await.unwrap().into_inner();
        assert_eq!(log.reveals.iter().filter(|reveal| reveal.actor == "delivery-email").count(), 1);
        // Nothing more was published for the order.
        tokio::time::sleep(Duration::from_millis(300)).await;
        while let Ok(event) = events.try_recv() {
            assert!(!event.is::<KeysDelivered>() && !event.is::<KeysDelayed>(), "a second delivery event");
        }

        // The buyer asks for the e-mail again: once now, then not so soon.
        delivery.client.resend_email(pb::OrderRef { order_no: "KS-1".to_owned() }).await.unwrap();
        delivery.wait_for_mails(2).await;
        let too_soon = AppError::from_status(
            &delivery.client.resend_email(pb::OrderRef { order_no: "KS-1".to_owned() }).await.unwrap_err(),
        );
        assert_eq!(too_soon.code, ErrorCode::RateLimited);
        assert!(too_soon.retry_after_seconds.is_some_and(|seconds| seconds > 0 && seconds <= 60));
    }
);

backend_test!(
    an_order_short_of_keys_waits_and_is_delivered_when_stock_arrives,
    &MIGRATIONS,
    |test_db: TestDb| async move {
        let data = tempfile::tempdir().unwrap();
        let mut delivery = support::start_with(support::config(&test_db, data.path()), true).await;
        let mut events = delivery_events(&delivery).await;
        let products = two_products(&delivery).await;
        delivery.import(&products[0].sku, keys("ONLY", 2)).await;
        // Held at checkout, the hold released when its window passed, one of
        // its keys then held by another order: stock has one key of the two.
        let sku = products[0].sku.clone();
        delivery.reserve("KS-2", vec![support::line(1, &sku, 2)], 60).await.unwrap();
        delivery.client.release(pb::OrderRef { order_no: "KS-2".to_owned() }).await.unwrap();
        delivery.reserve("KS-3", vec![support::line(1, &sku, 1)], 60).await.unwrap();
        delivery.bus.publish(&Event::new("KS-2", &paid("KS-2", &products[..1], &[2]))).await.unwrap();
        let delayed: KeysDelayed = next_of(&mut events).await;
        assert_eq!((delayed.order_no.as_str(), delayed.missing), ("KS-2", 1));
        tokio::time::sleep(Duration::from_millis(300)).await;
        assert!(delivery.mails().is_empty(), "no e-mail without every key");
        let waiting = AppError::from_status(
            &delivery.client.resend_email(pb::OrderRef { order_no: "KS-2".to_owned() }).await.unwrap_err(),
        );
        assert_eq!(waiting.code, ErrorCode::Conflict);

        // Stock arrives: the order is completed and e-mailed with both keys.
        delivery.import(&products[0].sku, keys("LATER", 1)).await;
        let delivered: KeysDelivered = next_of(&mut events).await;
        assert_eq!(delivered.order_no, "KS-2");
        let mails = delivery.wait_for_mails(1).await;
        let one_of_its_own = mails[0].contains("ONLY-00000-ABCDE") || mails[0].contains("ONLY-00001-ABCDE");
        assert!(one_of_its_own && mails[0].contains("LATER-00000-ABCDE"), "{}", mails[0]);
        assert_eq!(delivery.stock(&products[0].sku).await.sold, 2);
    }
);
