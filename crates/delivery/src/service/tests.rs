//! The delivery use cases without a network: the inventory on a SQLite file,
//! time moved by hand, activation guides from an in-memory catalog, e-mails
//! written as files.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::{Arc, Mutex};
use std::time::Duration;

use keyshop_core::clock::{Clock, ManualClock};
use keyshop_core::config::MailConfig;
use keyshop_core::error::{AppError, ErrorCode};
use keyshop_core::events::OutboxWaker;
use keyshop_core::mail::Mailer;
use keyshop_proto::events::v1::{OrderPaid, PaidLine};
use keyshop_testkit::TestDb;
use secrecy::SecretString;

use super::{DeliveryService, Dispatcher, QueuedMail};
use crate::domain::import::KeyLine;
use crate::domain::reservation::{HoldState, LineRequest};
use crate::domain::vault::Vault;
use crate::ports::{ActivationGuides, OrderLinks};
use crate::store;

/// A catalog in memory: one guide for every product, or down.
#[derive(Default)]
struct FakeGuides {
    down: Mutex<bool>,
    asked: Mutex<Vec<String>>,
}

#[async_trait::async_trait]
impl ActivationGuides for FakeGuides {
    async fn activation_guide(&self, game_name: &str, _: &str, language: &str) -> Result<Option<String>, AppError> {
        if *self.down.lock().unwrap() {
            return Err(AppError::unavailable("catalog down"));
        }
        self.asked.lock().unwrap().push(format!("{game_name}/{language}"));
        Ok(Some(format!("Redeem {game_name} in the launcher.")))
    }
}

/// An order service in memory: a fresh link each time, or down.
#[derive(Default)]
struct FakeLinks {
    down: Mutex<bool>,
    issued: Mutex<u32>,
}

#[async_trait::async_trait]
impl OrderLinks for FakeLinks {
    async fn mail_link(&self, order_no: &str) -> Result<String, AppError> {
        if *self.down.lock().unwrap() {
            return Err(AppError::unavailable("order down"));
        }
        let mut issued = self.issued.lock().unwrap();
        *issued += 1;
        Ok(format!("https://shop.example/order/{order_no}#token=fresh-{issued}"))
    }
}

struct Bench {
    service: Arc<DeliveryService>,
    dispatcher: Dispatcher,
    /// The e-mails the service queued for its sender (taken here, as a
    /// running service's sender takes them).
    queue: Mutex<tokio::sync::mpsc::UnboundedReceiver<QueuedMail>>,
    guides: Arc<FakeGuides>,
    links: Arc<FakeLinks>,
    clock: Arc<ManualClock>,
    outbox: tempfile::TempDir,
    _db: TestDb,
}

async fn bench() -> Bench {
    let test_db = TestDb::sqlite(&store::MIGRATIONS).await.unwrap();
    let vault = Arc::new(Vault::from_material(&Vault::generate_material().unwrap()).unwrap());
    let clock = ManualClock::at(1_800_000_000_000);
    let service = Arc::new(DeliveryService::new(
        test_db.db.clone(),
        clock.clone(),
        vault,
        OutboxWaker::default(),
        Duration::from_secs(900),
    ));
    let outbox = tempfile::tempdir().unwrap();
    let mail = MailConfig {
        url: SecretString::from(format!("file://{}", outbox.path().display())),
        from: "keyshop <no-reply@keyshop.localhost>".to_owned(),
    };
    let guides = Arc::new(FakeGuides::default());
    let links = Arc::new(FakeLinks::default());
    let dispatcher = Dispatcher {
        service: service.clone(),
        mailer: Arc::new(Mailer::from_config(&mail).unwrap()),
        guides: guides.clone(),
        links: links.clone(),
    };
    let queue = Mutex::new(service.take_mail_queue().unwrap());
    Bench { service, dispatcher, queue, guides, links, clock, outbox, _db: test_db }
}

impl Bench {
    /// What a running service's sender does: every e-mail queued so far,
    /// then those the database holds due; how many went out.
    async fn send(&self) -> usize {
        let now = self.clock.now_ms();
        let mut sent = 0;
        loop {
            let queued = self.queue.lock().unwrap().try_recv();
            let Ok(mail) = queued else { break };
            sent += usize::from(self.dispatcher.send_queued(mail, now).await.unwrap());
        }
        sent + self.dispatcher.send_due(now).await.unwrap()
    }
}

fn keys(prefix: &str, count: usize) -> Vec<KeyLine> {
    (0..count).map(|index| KeyLine { key: format!("{prefix}-{index:05}-ABCDE"), note: String::new() }).collect()
}

fn line(line_no: i64, sku: &str, quantity: i64) -> LineRequest {
    LineRequest { line_no, sku: sku.to_owned(), quantity }
}

/// The buyer of the tests' orders.
const BUYER: &str = "buyer@example.com";

fn paid(order_no: &str, sku: &str, quantity: i64) -> OrderPaid {
    OrderPaid {
        order_no: order_no.to_owned(),
        email: BUYER.to_owned(),
        language: "de".to_owned(),
        lines: vec![PaidLine {
            line_no: 1,
            sku: sku.to_owned(),
            title: "Crimson Frontier".to_owned(),
            platform: keyshop_core::vocab::Platform::Steam.to_proto(),
            platform_code: "steam".to_owned(),
            quantity,
            game_name: "crimson-frontier".to_owned(),
            game_ext_name: "steam-global".to_owned(),
        }],
        ..OrderPaid::default()
    }
}

fn mails(bench: &Bench) -> Vec<String> {
    keyshop_testkit::outbox_mails(bench.outbox.path())
}

#[tokio::test]
async fn a_hold_runs_out_when_the_clock_passes_it_and_its_keys_sell_again() {
    let bench = bench().await;
    bench.service.import_keys("SKU-A".to_owned(), keys("AAAAA", 2)).await.unwrap();
    let held = bench.service.reserve("KS1".to_owned(), BUYER.to_owned(), vec![line(1, "SKU-A", 2)], 60).await.unwrap();
    assert_eq!(held.state, HoldState::Held);
    let refused =
        bench.service.reserve("KS2".to_owned(), BUYER.to_owned(), vec![line(1, "SKU-A", 1)], 60).await.unwrap_err();
    assert_eq!(refused.code, ErrorCode::Conflict, "no key is sold twice");
    assert_eq!(bench.service.release_expired(bench.clock.now_ms()).await.unwrap(), 0);
    bench.clock.advance(Duration::from_secs(61));
    assert_eq!(bench.service.release_expired(bench.clock.now_ms()).await.unwrap(), 1);
    let again = bench.service.reserve("KS2".to_owned(), BUYER.to_owned(), vec![line(1, "SKU-A", 2)], 60).await.unwrap();
    assert_eq!(again.state, HoldState::Held);
}

#[tokio::test]
async fn a_paid_order_gets_its_held_keys_once_and_one_e_mail_with_the_guide() {
    let bench = bench().await;
    bench.service.import_keys("SKU-B".to_owned(), keys("BBBBB", 3)).await.unwrap();
    bench.service.reserve("KS3".to_owned(), BUYER.to_owned(), vec![line(1, "SKU-B", 2)], 0).await.unwrap();
    let first = bench.service.deliver_paid(paid("KS3", "SKU-B", 2)).await.unwrap();
    assert!(first.delivered_now && first.allocation.complete());
    let again = bench.service.deliver_paid(paid("KS3", "SKU-B", 2)).await.unwrap();
    assert!(!again.delivered_now, "a replayed event changes nothing");

    assert_eq!(bench.send().await, 1);
    assert_eq!(bench.send().await, 0);
    let mails = mails(&bench);
    assert_eq!(mails.len(), 1);
    assert!(mails[0].contains("BBBBB-00000-ABCDE") && mails[0].contains("BBBBB-00001-ABCDE"), "{}", mails[0]);
    assert!(!mails[0].contains("BBBBB-00002-ABCDE"), "a key that was not bought");
    assert!(mails[0].contains("Redeem crimson-frontier in the launcher."));
    assert_eq!(*bench.guides.asked.lock().unwrap(), ["crimson-frontier/de"]);
    assert!(mails[0].contains("https://shop.example/order/KS3#token=fresh-1"), "the link made for this e-mail");
}

#[tokio::test]
async fn an_unreachable_catalog_puts_the_e_mail_off_until_its_back_off_passes() {
    let bench = bench().await;
    bench.service.import_keys("SKU-C".to_owned(), keys("CCCCC", 1)).await.unwrap();
    bench.service.reserve("KS4".to_owned(), BUYER.to_owned(), vec![line(1, "SKU-C", 1)], 0).await.unwrap();
    bench.service.deliver_paid(paid("KS4", "SKU-C", 1)).await.unwrap();
    *bench.guides.down.lock().unwrap() = true;
    assert_eq!(bench.send().await, 0);
    assert!(mails(&bench).is_empty());
    *bench.guides.down.lock().unwrap() = false;
    assert_eq!(bench.send().await, 0, "not before the back-off");
    bench.clock.advance(Duration::from_secs(3));
    assert_eq!(bench.send().await, 1);
    assert_eq!(mails(&bench).len(), 1);

    // The order service is down: the e-mail waits, no link is wasted on it.
    bench.service.import_keys("SKU-C".to_owned(), keys("CCCCD", 1)).await.unwrap();
    bench.service.reserve("KS6".to_owned(), BUYER.to_owned(), vec![line(1, "SKU-C", 1)], 0).await.unwrap();
    bench.service.deliver_paid(paid("KS6", "SKU-C", 1)).await.unwrap();
    *bench.links.down.lock().unwrap() = true;
    assert_eq!(bench.send().await, 0);
    *bench.links.down.lock().unwrap() = false;
    bench.clock.advance(Duration::from_secs(3));
    assert_eq!(bench.send().await, 1);
    assert_eq!(mails(&bench).len(), 2);
}

#[tokio::test]
async fn an_order_short_of_keys_waits_and_is_served_when_keys_arrive() {
    let bench = bench().await;
    bench.service.import_keys("SKU-D".to_owned(), keys("DDDDC", 2)).await.unwrap();
    bench.service.reserve("KS5".to_owned(), BUYER.to_owned(), vec![line(1, "SKU-D", 2)], 60).await.unwrap();
    bench.clock.advance(Duration::from_secs(61));
    assert_eq!(bench.service.release_expired(bench.clock.now_ms()).await.unwrap(), 1);
    // Its keys went to another buyer meanwhile; its payment came late.
    let other = "other@example.com".to_owned();
    bench.service.reserve("KS9".to_owned(), other, vec![line(1, "SKU-D", 2)], 60).await.unwrap();
    let outcome = bench.service.deliver_paid(paid("KS5", "SKU-D", 2)).await.unwrap();
    assert!(!outcome.delivered_now && !outcome.allocation.complete());
    assert_eq!(bench.send().await, 0);
    bench.service.import_keys("SKU-D".to_owned(), keys("DDDDD", 2)).await.unwrap();
    assert_eq!(bench.service.fill_waiting(bench.clock.now_ms()).await.unwrap(), 1);
    assert_eq!(bench.send().await, 1);
    assert!(mails(&bench)[0].contains("DDDDD-00001-ABCDE"));
}

#[tokio::test]
async fn a_paid_event_for_another_e_mail_other_lines_or_no_checkout_delivers_nothing() {
    let bench = bench().await;
    bench.service.import_keys("SKU-E".to_owned(), keys("EEEEE", 3)).await.unwrap();
    bench.service.reserve("KS7".to_owned(), BUYER.to_owned(), vec![line(1, "SKU-E", 1)], 0).await.unwrap();
    let redirected = OrderPaid { email: "thief@example.com".to_owned(), ..paid("KS7", "SKU-E", 1) };
    assert_eq!(bench.service.deliver_paid(redirected).await.unwrap_err().code, ErrorCode::BusinessRule);
    assert_eq!(bench.service.deliver_paid(paid("KS7", "SKU-E", 3)).await.unwrap_err().code, ErrorCode::BusinessRule);
    let invented = bench.service.deliver_paid(paid("KS8", "SKU-E", 1)).await.unwrap_err();
    assert_eq!(invented.code, ErrorCode::BusinessRule, "an order never checked out");
    assert_eq!(bench.send().await, 0);
    assert!(mails(&bench).is_empty());
    // The genuine event still delivers.
    assert!(bench.service.deliver_paid(paid("KS7", "SKU-E", 1)).await.unwrap().delivered_now);
}

#[tokio::test]
async fn a_delivered_order_is_handed_to_the_sender_at_once_and_sent_once() {
    let bench = bench().await;
    assert!(bench.service.take_mail_queue().is_none(), "one sender takes the queue");
    bench.service.import_keys("SKU-F".to_owned(), keys("FFFFF", 1)).await.unwrap();
    bench.service.reserve("KS10".to_owned(), BUYER.to_owned(), vec![line(1, "SKU-F", 1)], 0).await.unwrap();
    bench.service.deliver_paid(paid("KS10", "SKU-F", 1)).await.unwrap();
    let queued = bench.queue.lock().unwrap().try_recv().expect("queued with the payment");
    assert_eq!(queued.order_no, "KS10");
    let parts = queued.leased.as_ref().expect("leased with the payment, keys and lines read");
    assert_eq!(parts.keys.len(), 1);
    assert!(!bench.dispatcher.send_one("KS10".to_owned(), bench.clock.now_ms()).await.unwrap(), "leased already");

    assert!(bench.dispatcher.send_queued(queued, bench.clock.now_ms()).await.unwrap());
    assert_eq!(bench.send().await, 0, "nothing left for the scan");
    let mails = mails(&bench);
    assert_eq!(mails.len(), 1);
    assert!(mails[0].contains("FFFFF-00000-ABCDE"));
    let reveals = bench.service.reveals("KS10".to_owned()).await.unwrap();
    assert_eq!(reveals.len(), 1, "the e-mailing is in the reveal log");
    assert_eq!(reveals[0].actor, "delivery-email");

    // Asked again by the buyer: queued again, leased by the sender, sent again.
    bench.clock.advance(Duration::from_secs(61));
    bench.service.resend("KS10".to_owned()).await.unwrap();
    let again = bench.queue.lock().unwrap().try_recv().expect("queued on request");
    assert!(again.leased.is_none());
    assert!(bench.dispatcher.send_queued(again, bench.clock.now_ms()).await.unwrap());
    assert_eq!(keyshop_testkit::outbox_mails(bench.outbox.path()).len(), 2);
}

#[tokio::test]
async fn a_hold_announces_the_stock_it_took_and_its_sale_announces_nothing() {
    let bench = bench().await;
    let stock_events = |bench: &Bench| {
        let mut conn = bench.service.db().get().unwrap();
        keyshop_core::events::outbox::count_of_type(&mut conn, "keyshop.events.v1.StockChanged").unwrap()
    };
    bench.service.import_keys("SKU-G".to_owned(), keys("GGGGG", 3)).await.unwrap();
    let imported = stock_events(&bench);
    bench.service.reserve("KS11".to_owned(), BUYER.to_owned(), vec![line(1, "SKU-G", 1)], 0).await.unwrap();
    assert_eq!(stock_events(&bench), imported + 1, "a hold takes from the available keys");
    bench.service.deliver_paid(paid("KS11", "SKU-G", 1)).await.unwrap();
    assert_eq!(stock_events(&bench), imported + 1, "selling held keys leaves the available count as it was");

    // A payment after the hold ran out takes keys from stock again: announced.
    bench.service.reserve("KS12".to_owned(), BUYER.to_owned(), vec![line(1, "SKU-G", 1)], 60).await.unwrap();
    bench.clock.advance(Duration::from_secs(61));
    assert_eq!(bench.service.release_expired(bench.clock.now_ms()).await.unwrap(), 1);
    let released = stock_events(&bench);
    bench.service.deliver_paid(paid("KS12", "SKU-G", 1)).await.unwrap();
    assert_eq!(stock_events(&bench), released + 1);
}
