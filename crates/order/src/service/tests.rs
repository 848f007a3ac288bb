//! The order use cases without a network: the order database on a SQLite
//! file, the other services in memory (`ports::fake`), time moved by hand,
//! e-mails written as files.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::Arc;
use std::time::Duration;

use keyshop_core::audit::Actor;
use keyshop_core::clock::{Clock, ManualClock};
use keyshop_core::config::MailConfig;
use keyshop_core::error::{AppError, ErrorCode};
use keyshop_core::events::{EventPayload, OutboxWaker, outbox};
use keyshop_core::ids::{MemberId, OrderNo, ProductId};
use keyshop_core::mail::Mailer;
use keyshop_core::money::CurrencyCode;
use keyshop_core::postal::PostalAddressForm;
use keyshop_core::vocab::{OrderState, PaymentProvider, Platform, ProductType, Region, StockStatus};
use keyshop_proto::events::v1::{OrderCancelled, OrderPaid};
use keyshop_testkit::TestDb;
use secrecy::SecretString;

use keyshop_core::config::GuestLimits;

use super::{Asker, CartAsker, CheckoutRequest, ConfirmedPayment, OrderDeps, OrderService, OrderSettings, Placed};
use crate::domain::cart::CartLine;
use crate::domain::checkout::CheckoutForm;
use crate::domain::coupon::Coupon;
use crate::domain::pricing::CouponValue;
use crate::ports::fake::Fakes;
use crate::store;

const WINDOW: Duration = Duration::from_secs(15 * 60);

struct Bench {
    service: OrderService,
    fakes: Fakes,
    clock: Arc<ManualClock>,
    /// Two products: 1 (€ price 10.00 USD, no limit), 2 (25.00 USD, 2 per order).
    game: ProductId,
    limited: ProductId,
    _outbox: tempfile::TempDir,
    _db: TestDb,
}

async fn bench() -> Bench {
    let test_db = TestDb::sqlite(&store::MIGRATIONS).await.unwrap();
    let clock = ManualClock::at(1_800_000_000_000);
    let fakes = Fakes::default();
    let game = fakes.catalog.sell(1, 1000, 0);
    let limited = fakes.catalog.sell(2, 2500, 2);
    fakes.catalog.rate("USD", "1");
    fakes.catalog.rate("EUR", "0.9");
    fakes.inventory.stock("SKU-1", 5);
    fakes.inventory.stock("SKU-2", 5);
    fakes.payments.offer("sandbox", 0, 0);
    let outbox = tempfile::tempdir().unwrap();
    let mail = MailConfig {
        url: SecretString::from(format!("file://{}", outbox.path().display())),
        from: "keyshop <no-reply@keyshop.localhost>".to_owned(),
    };
    let settings = OrderSettings {
        public_url: "https://shop.example".to_owned(),
        window: WINDOW,
        support_email: "support@shop.example".to_owned(),
        guest_limits: GuestLimits { orders_per_address: 10, orders_per_email: 5, keys_per_address: 50 },
    };
    let deps = OrderDeps {
        db: test_db.db.clone(),
        clock: clock.clone(),
        waker: OutboxWaker::default(),
        mailer: Arc::new(Mailer::from_config(&mail).unwrap()),
        throttle: Arc::new(keyshop_core::throttle::MemoryThrottle::new(1000)),
    };
    let service = OrderService::new(deps, fakes.ports(), settings);
    Bench { service, fakes, clock, game, limited, _outbox: outbox, _db: test_db }
}

fn billing() -> PostalAddressForm {
    PostalAddressForm {
        first_name: "Ann".to_owned(),
        last_name: "Lee".to_owned(),
        phone: "+49 30 901820".to_owned(),
        address: "Unter den Linden 1".to_owned(),
        city: "Berlin".to_owned(),
        province: String::new(),
        zip: "10117".to_owned(),
        country: "DE".to_owned(),
    }
}

fn request(lines: &[(ProductId, i64)]) -> CheckoutRequest {
    CheckoutRequest {
        lines: lines.iter().map(|&(product_id, quantity)| CartLine { product_id, quantity }).collect(),
        form: CheckoutForm {
            email: "ann@example.com".to_owned(),
            payment_method: "sandbox".to_owned(),
            currency: "EUR".to_owned(),
            billing_address: billing(),
            ..CheckoutForm::default()
        },
        language: "de-DE".to_owned(),
        ..CheckoutRequest::default()
    }
}

fn guest(placed: &Placed) -> Asker {
    Asker { bearer: None, link_token: placed.link_token.clone() }
}

impl Bench {
    async fn orders_written(&self) -> i64 {
        self.service
            .db()
            .run(|conn| {
                use diesel::prelude::*;
                Ok::<_, AppError>(store::schema::orders::table.count().get_result::<i64>(conn)?)
            })
            .await
            .unwrap()
    }

    async fn paid_events(&self) -> Vec<OrderPaid> {
        let events = self
            .service
            .db()
            .run(|conn| Ok::<_, AppError>(outbox::of_type(conn, OrderPaid::EVENT_TYPE)?))
            .await
            .unwrap();
        events.iter().map(|event| event.decode::<OrderPaid>().unwrap().unwrap()).collect()
    }
}

#[tokio::test]
async fn a_guest_checkout_holds_the_keys_writes_the_order_and_opens_a_payment() {
    let bench = bench().await;
    let placed = bench.service.checkout(request(&[(bench.game, 2), (bench.limited, 1)])).await.unwrap();
    let order = &placed.order;
    assert_eq!(order.state, OrderState::PendingPayment);
    assert_eq!(order.member, None);
    assert_eq!(order.currency, CurrencyCode::parse("EUR").unwrap());
    // 2 × 9.00 + 22.50 at 0.9 EUR per USD.
    assert_eq!(order.price.real_amount, 4050);
    assert_eq!(order.lines.len(), 2);
    assert_eq!(order.expires_at_ms, bench.clock.now_ms() + 900_000);
    let address = order.billing_address.as_ref().unwrap();
    assert_eq!((address.phone.as_str(), address.country.as_str()), ("+4930901820", "DE"));

    assert_eq!(bench.fakes.inventory.free("SKU-1"), 3, "two keys held");
    let sessions = bench.fakes.payments.sessions.lock().unwrap().clone();
    assert_eq!(sessions.len(), 1);
    assert_eq!((sessions[0].amount.minor, &sessions[0].order_no), (4050, &order.order_no));
    assert_eq!(placed.payment_session_id.as_ref(), Some(&sessions[0].id));
    let kept = bench.service.load(&order.order_no).await.unwrap();
    assert_eq!(kept.payment_session_id.as_ref(), Some(&sessions[0].id), "written with its session");

    // Its link token opens it; no other does, nor a member who is not its buyer.
    let number = order.order_no.to_string();
    assert_eq!(bench.service.order_for(&number, &guest(&placed)).await.unwrap().order_no, order.order_no);
    let stranger = Asker { bearer: Some(bench.fakes.members.sign_in(7, 0)), link_token: "wrong".to_owned() };
    assert_eq!(bench.service.order_for(&number, &stranger).await.unwrap_err().code, ErrorCode::NotFound);
    assert_eq!(bench.service.order_for("KS-nope", &Asker::default()).await.unwrap_err().code, ErrorCode::NotFound);
}

#[tokio::test]
async fn a_refused_checkout_writes_nothing_and_holds_nothing() {
    let bench = bench().await;
    // Over the product's per-order limit (2), even split across lines.
    let over = bench.service.checkout(request(&[(bench.limited, 2), (bench.limited, 1)])).await.unwrap_err();
    assert_eq!(over.fields["quantity"], "api.cart.overLimit");
    // More than the stock: the hold refuses.
    let short = bench.service.checkout(request(&[(bench.game, 6)])).await.unwrap_err();
    assert_eq!(short.code, ErrorCode::Conflict);
    // No billing address.
    let mut unbilled = request(&[(bench.game, 1)]);
    unbilled.form.billing_address = PostalAddressForm::default();
    let unbilled = bench.service.checkout(unbilled).await.unwrap_err();
    assert_eq!(unbilled.fields["billingAddress.firstName"], "api.field.required");
    assert_eq!(unbilled.fields["billingAddress.country"], "api.field.required");
    // A currency the store does not sell in, a method it does not offer.
    let mut yen = request(&[(bench.game, 1)]);
    yen.form.currency = "JPY".to_owned();
    assert_eq!(bench.service.checkout(yen).await.unwrap_err().fields["currency"], "api.error.validation");
    let mut cash = request(&[(bench.game, 1)]);
    cash.form.payment_method = "cash".to_owned();
    assert_eq!(bench.service.checkout(cash).await.unwrap_err().code, ErrorCode::BusinessRule);

    assert_eq!(bench.orders_written().await, 0);
    assert_eq!(bench.fakes.inventory.free("SKU-1"), 5);
    assert_eq!(bench.fakes.inventory.free("SKU-2"), 5);
    assert!(bench.fakes.payments.sessions.lock().unwrap().is_empty());
}

#[tokio::test]
async fn a_checkout_whose_payment_cannot_open_writes_nothing_and_gives_back_keys_and_points() {
    let bench = bench().await;
    let token = bench.fakes.members.sign_in(42, 0);
    bench.fakes.members.points.lock().unwrap().insert(MemberId::new(42).unwrap(), 600);
    *bench.fakes.payments.down.lock().unwrap() = true;
    let mut bought = request(&[(bench.game, 2)]);
    bought.bearer = Some(token);
    bought.form.currency = "USD".to_owned();
    bought.form.points = 500;
    let refused = bench.service.checkout(bought.clone()).await.unwrap_err();
    assert_eq!(refused.code, ErrorCode::Unavailable);
    assert_eq!(bench.orders_written().await, 0);
    assert_eq!(bench.fakes.inventory.free("SKU-1"), 5, "the held keys went back");
    assert_eq!(bench.fakes.members.points_of(42), 600, "the points went back");

    // Up again: the same checkout goes through.
    *bench.fakes.payments.down.lock().unwrap() = false;
    let placed = bench.service.checkout(bought).await.unwrap();
    assert_eq!(bench.orders_written().await, 1);
    assert_eq!(placed.order.price.points_used, 500);
    assert_eq!(bench.fakes.members.points_of(42), 100);
}

#[tokio::test]
async fn a_retried_checkout_answers_the_same_order() {
    let bench = bench().await;
    let mut first = request(&[(bench.game, 1)]);
    first.idempotency_key = Some("retry-1".to_owned());
    let placed = bench.service.checkout(first.clone()).await.unwrap();
    let again = bench.service.checkout(first).await.unwrap();
    assert_eq!(again.order.order_no, placed.order.order_no);
    assert_ne!(again.link_token, placed.link_token, "a fresh token: the first answer never arrived");
    assert_eq!(bench.orders_written().await, 1);
    assert_eq!(bench.fakes.inventory.free("SKU-1"), 4, "held once");
}

#[tokio::test]
async fn a_member_pays_less_and_the_bought_products_leave_their_cart() {
    let bench = bench().await;
    let token = bench.fakes.members.sign_in(42, 10);
    let cart = CartAsker { bearer: Some(token.clone()), cart_token: String::new() };
    let usd = CurrencyCode::parse("USD").unwrap();
    bench.service.set_cart_line(&cart, usd, bench.game, 1).await.unwrap();
    let over = bench.service.set_cart_line(&cart, usd, bench.limited, 3).await.unwrap_err();
    assert_eq!(over.fields["quantity"], "api.cart.overLimit", "the cart keeps the product's limit");
    let view = bench.service.set_cart_line(&cart, usd, bench.limited, 2).await.unwrap();
    assert_eq!(view.lines.iter().map(|line| line.most).collect::<Vec<_>>(), [5, 2]);

    let mut bought = request(&[(bench.game, 1)]);
    bought.bearer = Some(token.clone());
    bought.form.currency = "USD".to_owned();
    let placed = bench.service.checkout(bought).await.unwrap();
    assert_eq!(placed.order.member.map(|id| id.get()), Some(42));
    assert_eq!(placed.order.price.member_discount, 100);
    assert_eq!(placed.order.price.real_amount, 900);
    let left = bench.service.cart(&cart, usd).await.unwrap();
    assert_eq!(left.lines.iter().map(|line| line.card.id).collect::<Vec<_>>(), [bench.limited.get()]);

    let page = bench.service.list_orders(Some(&token), 1, 10).await.unwrap();
    assert_eq!((page.total, page.rows[0].order_no.clone()), (1, placed.order.order_no.clone()));
    let owner = Asker { bearer: Some(token), link_token: String::new() };
    assert!(bench.service.order_for(placed.order.order_no.as_str(), &owner).await.is_ok());
}

#[tokio::test]
async fn points_pay_part_of_a_members_order_and_come_back_when_it_ends_unpaid() {
    let bench = bench().await;
    let token = bench.fakes.members.sign_in(42, 10);
    bench.fakes.members.points.lock().unwrap().insert(MemberId::new(42).unwrap(), 600);
    let with_points = |points: i64| {
        let mut bought = request(&[(bench.game, 1)]);
        bought.bearer = Some(token.clone());
        bought.form.currency = "USD".to_owned();
        bought.form.points = points;
        bought
    };

    // A guest has no points to offer.
    let mut guest_offer = request(&[(bench.game, 1)]);
    guest_offer.form.points = 100;
    let refused = bench.service.checkout(guest_offer).await.unwrap_err();
    assert_eq!(refused.fields["points"], "api.order.pointsMembersOnly");
    // More than the member has: refused, the keys go back, nothing is written.
    let short = bench.service.checkout(with_points(700)).await.unwrap_err();
    assert_eq!(short.msg_key, "api.order.pointsShort");
    assert_eq!(bench.fakes.inventory.free("SKU-1"), 5, "the held key went back");
    assert_eq!(bench.orders_written().await, 0);

    // 10.00 less 10 % is 9.00; 500 points at 100 a dollar pay 5.00 of it.
    let placed = bench.service.checkout(with_points(500)).await.unwrap();
    let price = placed.order.price;
    assert_eq!(
        (price.member_discount, price.points_used, price.points_discount, price.real_amount),
        (100, 500, 500, 400)
    );
    assert_eq!(bench.fakes.members.points_of(42), 100);
    let kept = bench.service.load(&placed.order.order_no).await.unwrap();
    assert_eq!((kept.price.points_used, kept.price.points_discount), (500, 500), "stored with the order");

    // Cancelled: its end is announced for the member service to give them back.
    let owner = Asker { bearer: Some(token.clone()), link_token: String::new() };
    bench.service.cancel(placed.order.order_no.as_str(), &owner).await.unwrap();
    let cancelled = bench
        .service
        .db()
        .run(|conn| Ok::<_, AppError>(outbox::of_type(conn, OrderCancelled::EVENT_TYPE)?))
        .await
        .unwrap();
    let cancelled: Vec<OrderCancelled> = cancelled.iter().map(|event| event.decode().unwrap().unwrap()).collect();
    assert_eq!(cancelled.len(), 1);
    assert_eq!((cancelled[0].member_id, cancelled[0].points_used), (Some(42), 500));
    assert_eq!(cancelled[0].order_no, placed.order.order_no.as_str());

    // An order without points announces nothing when it ends.
    let plain = bench.service.checkout(with_points(0)).await.unwrap();
    bench.service.cancel(plain.order.order_no.as_str(), &owner).await.unwrap();
    let events = bench
        .service
        .db()
        .run(|conn| Ok::<_, AppError>(outbox::of_type(conn, OrderCancelled::EVENT_TYPE)?))
        .await
        .unwrap();
    assert_eq!(events.len(), 1);
}

#[tokio::test]
async fn a_cart_line_whose_product_is_no_longer_sold_still_shows_its_whole_card() {
    let bench = bench().await;
    let dlc = bench.fakes.catalog.sell(3, 500, 0);
    {
        let mut offers = bench.fakes.catalog.offers.lock().unwrap();
        let offer = offers.iter_mut().find(|offer| offer.id == dlc).unwrap();
        (offer.product_type, offer.platform, offer.region) = (ProductType::Dlc, Platform::Gog, Region::Europe);
    }
    bench.fakes.inventory.stock("SKU-3", 5);
    let cart = CartAsker { bearer: Some(bench.fakes.members.sign_in(7, 0)), cart_token: String::new() };
    let usd = CurrencyCode::parse("USD").unwrap();
    bench.service.set_cart_line(&cart, usd, dlc, 1).await.unwrap();

    bench.fakes.catalog.offers.lock().unwrap().retain(|offer| offer.id != dlc);
    let view = bench.service.cart(&cart, usd).await.unwrap();
    let line = &view.lines[0];
    assert!(!line.available);
    assert_eq!(line.card.id, dlc.get());
    assert_eq!(ProductType::from_proto(line.card.product_type), Ok(ProductType::Dlc));
    assert_eq!(Platform::from_proto(line.card.platform), Ok(Platform::Gog));
    assert_eq!(Region::from_proto(line.card.region), Ok(Region::Europe));
    assert_eq!(StockStatus::from_proto(line.card.stock), Ok(StockStatus::OutOfStock));
}

#[tokio::test]
async fn an_unpaid_order_expires_its_keys_and_coupon_go_back_and_a_late_payment_still_pays_it() {
    let bench = bench().await;
    let coupon = Coupon {
        code: "ONCE".to_owned(),
        value: CouponValue::Percent(50),
        min_goods_usd: 0,
        starts_at_ms: 0,
        ends_at_ms: None,
        usage_limit: Some(1),
        used: 0,
        per_buyer_limit: None,
        rules: Default::default(),
    };
    let now = bench.clock.now_ms();
    bench.service.db().write(move |conn| Ok::<_, AppError>(store::coupons::insert(conn, &coupon, now)?)).await.unwrap();
    let mut with_coupon = request(&[(bench.game, 1)]);
    with_coupon.form.coupon = "once".to_owned();
    let placed = bench.service.checkout(with_coupon.clone()).await.unwrap();
    assert_eq!(placed.order.price.coupon_discount, 450);
    let used_up = bench.service.checkout(with_coupon.clone()).await.unwrap_err();
    assert_eq!(used_up.code, ErrorCode::BusinessRule, "one use only");

    assert_eq!(bench.service.expire_due(bench.clock.now_ms()).await.unwrap(), 0, "still in its window");
    bench.clock.advance(WINDOW + Duration::from_secs(1));
    assert_eq!(bench.service.expire_due(bench.clock.now_ms()).await.unwrap(), 1);
    assert_eq!(bench.fakes.inventory.free("SKU-1"), 5, "its key went back");
    let number = placed.order.order_no.to_string();
    let expired = bench.service.order_for(&number, &guest(&placed)).await.unwrap();
    assert_eq!(expired.state, OrderState::Expired);
    assert!(!expired.actions(bench.clock.now_ms()).payable);
    assert!(bench.service.checkout(with_coupon).await.is_ok(), "the coupon came back");

    assert!(bench.service.issue_mail_link(&number).await.is_err(), "no e-mail link to an unpaid order");
    // The money was taken after all: the order is paid, announced once.
    let short = ConfirmedPayment {
        amount: placed.order.price.real_amount - 1,
        ..paid_in_full(&placed, PaymentProvider::Sandbox)
    };
    assert!(
        bench.service.payment_succeeded(&number, short).await.is_err(),
        "a payment short of the price pays nothing"
    );
    let other = ConfirmedPayment { currency: "JPY".to_owned(), ..paid_in_full(&placed, PaymentProvider::Sandbox) };
    assert!(bench.service.payment_succeeded(&number, other).await.is_err(), "nor one in another currency");
    assert!(bench.paid_events().await.is_empty());
    assert!(bench.service.payment_succeeded(&number, paid_in_full(&placed, PaymentProvider::Sandbox)).await.unwrap());
    assert!(!bench.service.payment_succeeded(&number, paid_in_full(&placed, PaymentProvider::Sandbox)).await.unwrap());
    let paid = bench.paid_events().await;
    assert_eq!(paid.len(), 1);
    assert_eq!(paid[0].member_id, None);
    // The e-mail's link is made when the e-mail is written, and opens the order.
    let link = bench.service.issue_mail_link(&number).await.unwrap();
    let token = link.strip_prefix(&format!("https://shop.example/order/{number}#token=")).expect("a guest's link");
    let by_mail = Asker { bearer: None, link_token: token.to_owned() };
    assert_eq!(bench.service.order_for(&number, &by_mail).await.unwrap().state, OrderState::Paid);
    let newer = bench.service.issue_mail_link(&number).await.unwrap();
    assert_ne!(newer, link, "a fresh token each time");
    assert!(
        bench.service.order_for(&number, &by_mail).await.is_err(),
        "the newest e-mail's link replaces the one before"
    );
    assert_eq!(paid[0].billing_address.as_ref().unwrap().city, "Berlin");
    let history = bench.service.order_for(&number, &guest(&placed)).await.unwrap().history;
    let states: Vec<_> = history.iter().map(|step| step.state).collect();
    assert_eq!(states, [OrderState::PendingPayment, OrderState::Expired, OrderState::Paid]);
}

#[tokio::test]
async fn a_paid_order_shows_its_keys_to_its_buyer_and_is_refunded_once_approved() {
    let bench = bench().await;
    let token = bench.fakes.members.sign_in(9, 0);
    let mut bought = request(&[(bench.game, 1)]);
    bought.bearer = Some(token.clone());
    let placed = bench.service.checkout(bought).await.unwrap();
    let number = placed.order.order_no.to_string();
    let owner = Asker { bearer: Some(token), link_token: String::new() };
    let early = bench.service.reveal_keys(&number, &owner, "1.2.3.4".to_owned(), "Firefox".to_owned()).await;
    assert_eq!(early.unwrap_err().code, ErrorCode::Conflict, "no keys before payment");

    bench.service.payment_succeeded(&number, paid_in_full(&placed, PaymentProvider::Stripe)).await.unwrap();
    assert_eq!(bench.paid_events().await[0].member_id, Some(9));
    // A member's e-mail links to the order under My orders: no token is made.
    let link = bench.service.issue_mail_link(&number).await.unwrap();
    assert_eq!(link, format!("https://shop.example/my-order?no={number}"));
    bench.service.keys_delivered(&number).await.unwrap();
    let keys = bench.service.reveal_keys(&number, &owner, "1.2.3.4".to_owned(), "Firefox".to_owned()).await.unwrap();
    assert_eq!(keys.revealed.keys[0].key, "SKU-1-KEY");
    assert_eq!(bench.fakes.inventory.reveals.lock().unwrap()[0].1.actor, "member:9");

    let reason = bench.service.request_refund(&number, &owner, "  ").await.unwrap_err();
    assert_eq!(reason.fields["reason"], "api.order.refundReasonRequired");
    // The support address set in the console wins over KEYSHOP_SUPPORT_EMAIL.
    *bench.fakes.catalog.support_email.lock().unwrap() = Some("help@shop.example".to_owned());
    let asked = bench.service.request_refund(&number, &owner, "The key was used").await.unwrap();
    assert_eq!(asked.state, OrderState::RefundRequested);
    let mut to_support = None;
    for _ in 0..250 {
        to_support = std::fs::read_dir(bench._outbox.path())
            .unwrap()
            .filter_map(|entry| std::fs::read_to_string(entry.unwrap().path()).ok())
            .find(|mail| mail.contains("The key was used") && mail.trim_end().ends_with("--"));
        if to_support.is_some() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    let to_support = to_support.expect("the refund request e-mailed to support");
    assert!(to_support.contains("To: help@shop.example"), "{to_support}");
    let tickets = bench.fakes.members.tickets.lock().unwrap().clone();
    assert_eq!((tickets[0].member_id.get(), tickets[0].message.as_str()), (9, "The key was used"));

    let decided = bench.service.decide_refund(&number, true, "", &Actor::Cli).await.unwrap();
    assert_eq!(decided.state, OrderState::Refunded);
    assert_eq!(*bench.fakes.payments.refunds.lock().unwrap(), [OrderNo::parse(&number).unwrap()]);
    let twice = bench.service.decide_refund(&number, true, "", &Actor::Cli).await.unwrap_err();
    assert_eq!(twice.code, ErrorCode::Conflict, "decided once");
    let gone = bench.service.reveal_keys(&number, &owner, String::new(), String::new()).await.unwrap_err();
    assert_eq!(gone.code, ErrorCode::Conflict, "a refunded order shows no keys");
}

#[tokio::test]
async fn fifty_guest_checkouts_from_one_address_are_throttled() {
    let bench = bench().await;
    bench.fakes.inventory.stock("SKU-1", 100);
    let from = |ip: &str, email: &str| {
        let mut checkout = request(&[(bench.game, 1)]);
        checkout.client_ip = ip.to_owned();
        checkout.form.email = email.to_owned();
        checkout
    };
    let mut refused = 0;
    for guest in 0..50 {
        match bench.service.checkout(from("2001:db8:9:9::1", &format!("g{guest}@example.com"))).await {
            Ok(_) => {}
            Err(error) => {
                assert_eq!((error.code, error.msg_key.as_str()), (ErrorCode::RateLimited, "api.order.guestLimit"));
                assert!(error.retry_after_seconds.is_some());
                refused += 1;
            }
        }
    }
    assert_eq!(refused, 40, "ten unpaid guest orders per address and payment window");
    let same_network = bench.service.checkout(from("2001:db8:9:9:abcd::7", "other@example.com")).await;
    assert_eq!(same_network.unwrap_err().code, ErrorCode::RateLimited, "one /64 is one address");
    bench.service.checkout(from("198.51.100.60", "fresh@example.com")).await.expect("another address is not held up");

    // One e-mail from many addresses: five.
    let mut placed = 0;
    for guest in 0..8 {
        placed +=
            usize::from(bench.service.checkout(from(&format!("203.0.113.{guest}"), "same@example.com")).await.is_ok());
    }
    assert_eq!(placed, 5);
    // Members are not guests.
    let mut member = from("2001:db8:9:9::1", "member@example.com");
    member.bearer = Some(bench.fakes.members.sign_in(9, 0));
    bench.service.checkout(member).await.expect("a member's checkout is not a guest's");
}

/// The payment of `placed`'s whole price through `provider`.
fn paid_in_full(placed: &Placed, provider: PaymentProvider) -> ConfirmedPayment {
    ConfirmedPayment {
        provider,
        amount: placed.order.price.real_amount,
        currency: placed.order.currency.as_str().to_owned(),
    }
}

fn finance() -> keyshop_core::identity::StaffClaim {
    keyshop_core::identity::StaffClaim {
        id: "7".to_owned(),
        email: "finance@shop.example".to_owned(),
        role: keyshop_core::identity::StaffRole::Finance,
        ip: "203.0.113.5".to_owned(),
    }
}

#[tokio::test]
async fn a_coupon_made_in_the_console_counts_its_products_its_currency_and_can_be_switched_off() {
    let bench = bench().await;
    // 4.00 off in euros as set (not 5.00 USD converted), for product 2 only.
    let draft = crate::domain::coupon::CouponDraft {
        code: "spring".to_owned(),
        percent: false,
        amount: 500,
        min_goods_usd: 0,
        starts_at_ms: 0,
        ends_at_ms: 0,
        usage_limit: 0,
        per_buyer_limit: 0,
        rules: crate::domain::coupon::CouponRules {
            product_ids: vec![bench.limited.get()],
            fixed_amounts: std::collections::BTreeMap::from([("EUR".to_owned(), 400)]),
            ..Default::default()
        },
    };
    let saved = bench.service.staff_save_coupon(draft.clone(), None, &finance()).await.unwrap();
    assert_eq!((saved.coupon.coupon.code.as_str(), saved.coupon.version), ("SPRING", 0));
    let again = bench.service.staff_save_coupon(draft.clone(), None, &finance()).await.unwrap_err();
    assert_eq!((again.code, again.msg_key.as_str()), (ErrorCode::Conflict, "api.staff.couponExists"));

    let mut only_game = request(&[(bench.game, 1)]);
    only_game.form.coupon = "SPRING".to_owned();
    let refused = bench.service.checkout(only_game).await.unwrap_err();
    assert_eq!((refused.code, refused.msg_key.as_str()), (ErrorCode::BusinessRule, "api.order.couponNotApplicable"));
    let mut both = request(&[(bench.game, 1), (bench.limited, 1)]);
    both.form.coupon = "spring".to_owned();
    let placed = bench.service.checkout(both.clone()).await.unwrap();
    assert_eq!(placed.order.price.coupon_discount, 400, "the euro amount, on the counted line");

    // Switched off with the version read: refused at checkout, as if unknown;
    // a stale version changes nothing.
    let off = crate::domain::coupon::CouponDraft {
        rules: crate::domain::coupon::CouponRules { disabled: true, ..draft.rules.clone() },
        ..draft.clone()
    };
    let stale = bench.service.staff_save_coupon(off.clone(), Some(5), &finance()).await.unwrap_err();
    assert_eq!(stale.code, ErrorCode::Conflict);
    let saved = bench.service.staff_save_coupon(off, Some(0), &finance()).await.unwrap();
    assert_eq!((saved.coupon.version, saved.coupon.coupon.used), (1, 1), "its uses stay");
    let refused = bench.service.checkout(both).await.unwrap_err();
    assert_eq!(refused.fields["coupon"], "api.order.couponNotFound");
    let page = bench.service.staff_coupons("spr", 1, 10).await.unwrap();
    assert_eq!((page.total, page.rows[0].paid_orders), (1, 0), "placed, not paid");
}
