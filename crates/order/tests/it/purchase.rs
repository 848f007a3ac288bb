//! The money path through real services on one event bus: catalog, member,
//! delivery, payment and order, each over gRPC. A guest checks out in EUR
//! with a coupon, the sandbox reports the payment, the keys are e-mailed and
//! the order is delivered; a retried checkout answers the same order; only
//! the link token or the owner opens an order; a member's purchase grows
//! their consumption; a cancelled order gives its keys back; stock runs out
//! with 409. The order database runs on SQLite and on PostgreSQL.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use keyshop_core::clock::ManualClock;
use std::time::{Duration, Instant};

use keyshop_core::config::{RawConfig, ServiceName};
use keyshop_core::error::{AppError, ErrorCode};
use keyshop_core::identity::{Party, StaffRole};
use keyshop_core::money::ExchangeRate;
use keyshop_core::vocab::{OrderState, PaymentProvider, PaymentState};
use keyshop_order::domain::coupon::Coupon;
use keyshop_order::domain::pricing::CouponValue;
use keyshop_order::store::MIGRATIONS;
use keyshop_payment::domain::session::ProviderReport;
use keyshop_payment::service::PaymentService;
use keyshop_proto::catalog::v1 as catalog;
use keyshop_proto::catalog::v1::catalog_service_client::CatalogServiceClient;
use keyshop_proto::delivery::v1 as delivery;
use keyshop_proto::delivery::v1::delivery_service_client::DeliveryServiceClient;
use keyshop_proto::member::v1 as member;
use keyshop_proto::member::v1::member_service_client::MemberServiceClient;
use keyshop_proto::order::v1 as pb;
use keyshop_proto::order::v1::order_service_client::OrderServiceClient;
use keyshop_testkit::backend_test;
use keyshop_testkit::{Signed, StoreOptions, TestDb, TestStore};
use std::sync::Arc;

const CAPTCHA: &str = keyshop_testkit::store::CAPTCHA;

struct Store {
    order: OrderServiceClient<Signed>,
    catalog: CatalogServiceClient<Signed>,
    member: MemberServiceClient<Signed>,
    /// Delivery as the order service calls it.
    delivery: DeliveryServiceClient<Signed>,
    /// Delivery as a manager stocking keys calls it (through the gateway).
    stock: DeliveryServiceClient<Signed>,
    payments: Arc<PaymentService>,
    order_db: keyshop_core::db::Db,
    /// The store's time: tests move it.
    clock: Arc<ManualClock>,
    running: TestStore,
}

/// The store as `keyshop serve` wires it (testkit) with the demo catalog's
/// products, the order database on `test_db`.
async fn start(test_db: &TestDb) -> Store {
    let raw = RawConfig { order_database_url: Some(test_db.url.clone()), ..RawConfig::default() };
    let clock = ManualClock::starting_now();
    let options = StoreOptions { raw, demo_catalog: true, clock: Some(clock.clone()), ..StoreOptions::default() };
    let running = TestStore::with(options).await;
    Store {
        order: OrderServiceClient::new(running.channel(ServiceName::Order).await),
        catalog: CatalogServiceClient::new(running.channel(ServiceName::Catalog).await),
        member: MemberServiceClient::new(running.channel(ServiceName::Member).await),
        delivery: DeliveryServiceClient::new(running.channel_as(ServiceName::Delivery, Party::Order).await),
        stock: DeliveryServiceClient::new(running.staff_channel(ServiceName::Delivery, StaffRole::Manager).await),
        payments: running.payment().clone(),
        order_db: running.order().db().clone(),
        clock,
        running,
    }
}

fn keys(prefix: &str, count: usize) -> Vec<delivery::KeyLine> {
    (0..count).map(|index| delivery::KeyLine { key: format!("{prefix}-{index:04}-KEY"), note: String::new() }).collect()
}

fn checkout(lines: &[(i64, i64)], coupon: &str, key: &str) -> pb::CheckoutRequest {
    pb::CheckoutRequest {
        lines: lines
            .iter()
            .map(|(product_id, quantity)| pb::CheckoutLine { product_id: *product_id, quantity: *quantity })
            .collect(),
        email: "Guest@Example.com".to_owned(),
        contact: "+49 30 901820".to_owned(),
        note: String::new(),
        coupon: coupon.to_owned(),
        payment_method: "sandbox-card".to_owned(),
        currency: "EUR".to_owned(),
        language: "de".to_owned(),
        idempotency_key: key.to_owned(),
        cart_token: String::new(),
        client_ip: "198.51.100.20".to_owned(),
        points: 0,
        billing_address: Some(keyshop_proto::common::v1::PostalAddress {
            first_name: "Ann".to_owned(),
            last_name: "Lee".to_owned(),
            phone: "030 901820".to_owned(),
            address: "Unter den Linden 1".to_owned(),
            city: "Berlin".to_owned(),
            province: String::new(),
            zip: "10117".to_owned(),
            country: "DE".to_owned(),
        }),
    }
}

fn state_of(order: &pb::Order) -> OrderState {
    OrderState::from_proto(order.state).unwrap()
}

fn with_bearer<T>(token: &str, message: T) -> tonic::Request<T> {
    let mut request = tonic::Request::new(message);
    request.metadata_mut().insert("authorization", format!("Bearer {token}").parse().unwrap());
    request
}

impl Store {
    async fn products(&mut self) -> Vec<catalog::ProductCard> {
        let list = self.catalog.list_home(catalog::ListHomeRequest { list: "best_sellers".to_owned(), limit: 2 }).await;
        list.unwrap().into_inner().products
    }

    async fn import(&mut self, sku: &str, lines: Vec<delivery::KeyLine>) {
        self.stock
            .import_keys(delivery::ImportKeysRequest { sku: sku.to_owned(), keys: lines, ..Default::default() })
            .await
            .unwrap();
    }

    async fn stock(&mut self, sku: &str) -> delivery::Stock {
        let list = self.delivery.get_stock(delivery::StockRequest { skus: vec![sku.to_owned()] }).await.unwrap();
        list.into_inner().stock.into_iter().next().unwrap()
    }

    /// The sandbox provider's webhook, as checked and applied.
    async fn pay(&self, placed: &pb::Placed, event_id: &str) {
        let order = placed.order.as_ref().unwrap();
        let report = ProviderReport {
            event_id: event_id.to_owned(),
            session_id: placed.payment_session_id.clone(),
            outcome: PaymentState::Succeeded,
            amount: order.real_amount,
            currency: order.currency.clone(),
            reason: String::new(),
            payment_ref: String::new(),
        };
        self.payments.apply_report(PaymentProvider::Sandbox, report).await.unwrap();
    }

    async fn wait_for_state(
        &mut self,
        order_no: &str,
        token: &str,
        bearer: Option<&str>,
        state: OrderState,
    ) -> pb::Order {
        let deadline = Instant::now() + Duration::from_secs(15);
        loop {
            let query = pb::OrderQuery { order_no: order_no.to_owned(), link_token: token.to_owned() };
            let request = match bearer {
                Some(bearer) => with_bearer(bearer, query),
                None => tonic::Request::new(query),
            };
            let order = self.order.get_order(request).await.unwrap().into_inner();
            if state_of(&order) == state {
                return order;
            }
            assert!(Instant::now() < deadline, "order {order_no} stayed {}", state_of(&order));
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// The e-mails once there are `count` (the delivery e-mail leaves just
    /// after the order is marked delivered); then checks no more came.
    async fn wait_for_mails(&self, count: usize) -> Vec<String> {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let mails = self.running.mails();
            if mails.len() >= count {
                tokio::time::sleep(Duration::from_millis(600)).await;
                let settled = self.running.mails();
                assert_eq!(settled.len(), count, "more e-mails than expected");
                return settled;
            }
            assert!(Instant::now() < deadline, "{} of {count} e-mails", mails.len());
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

backend_test!(a_guest_and_a_member_buy_keys_end_to_end, &MIGRATIONS, |test_db: TestDb| async move {
    let mut store = start(&test_db).await;
    let products = store.products().await;
    let (a, b) = (&products[0], &products[1]);
    store.import(&a.sku, keys("AAAA", 4)).await;
    store.import(&b.sku, keys("BBBB", 2)).await;
    let coupon = Coupon {
        code: "TEN".to_owned(),
        value: CouponValue::Percent(10),
        min_goods_usd: 0,
        starts_at_ms: 0,
        ends_at_ms: None,
        usage_limit: Some(10),
        used: 0,
        per_buyer_limit: None,
        rules: Default::default(),
    };
    store
        .order_db
        .run(move |conn| {
            keyshop_order::store::coupons::insert(conn, &coupon, 0).map_err(keyshop_core::db::DbError::from)
        })
        .await
        .unwrap();

    // A guest checks out in EUR with a coupon; the keys are held.
    let placed =
        store.order.checkout(checkout(&[(a.id, 2), (b.id, 1)], " ten ", "retry-1")).await.unwrap().into_inner();
    let order = placed.order.clone().unwrap();
    let rate = ExchangeRate::from_micros(order.rate_micros).unwrap();
    let goods = rate.convert(a.price_usd).unwrap() * 2 + rate.convert(b.price_usd).unwrap();
    assert_eq!(
        (state_of(&order), order.email.as_str(), order.currency.as_str()),
        (OrderState::PendingPayment, "guest@example.com", "EUR")
    );
    assert_eq!(order.goods, goods);
    assert_eq!(order.coupon_code, "TEN");
    assert_eq!(order.coupon_discount, (goods * 10 + 50) / 100);
    assert_eq!(order.real_amount, goods - order.coupon_discount, "the sandbox charges no fee");
    assert_eq!(order.lines.len(), 2);
    assert_eq!(store.stock(&a.sku).await.reserved, 2);
    assert!(!placed.payment_session_id.is_empty());

    // A retry with the same Idempotency-Key answers the same order.
    let retried = store.order.checkout(checkout(&[(a.id, 2), (b.id, 1)], "TEN", "retry-1")).await.unwrap().into_inner();
    assert_eq!(retried.order.as_ref().unwrap().order_no, order.order_no);
    assert_eq!(retried.payment_session_id, placed.payment_session_id);
    assert_eq!(store.stock(&a.sku).await.reserved, 2, "nothing held twice");

    // Only the link token opens the order.
    for token in ["", "not-the-token", placed.link_token.as_str()] {
        let found = store
            .order
            .get_order(pb::OrderQuery { order_no: order.order_no.clone(), link_token: token.to_owned() })
            .await;
        assert_eq!(AppError::from_status(&found.unwrap_err()).code, ErrorCode::NotFound, "{token:?}");
    }
    let token = retried.link_token.clone();

    // The sandbox reports the payment three times: paid once, keys e-mailed once.
    for _ in 0..3 {
        store.pay(&placed, "evt_guest").await;
    }
    let delivered = store.wait_for_state(&order.order_no, &token, None, OrderState::Delivered).await;
    let steps: Vec<_> = delivered.history.iter().map(|step| OrderState::from_proto(step.state).unwrap()).collect();
    assert_eq!(steps, [OrderState::PendingPayment, OrderState::Paid, OrderState::Delivered]);
    let billed = delivered.billing_address.as_ref().unwrap();
    assert_eq!((billed.phone.as_str(), billed.city.as_str()), ("+4930901820", "Berlin"), "the phone in E.164");
    let stock = store.stock(&a.sku).await;
    assert_eq!((stock.available, stock.reserved, stock.sold), (2, 0, 2));
    let mails = store.wait_for_mails(1).await;
    assert!(mails[0].contains("To: guest@example.com"));
    for key in ["AAAA-0000-KEY", "AAAA-0001-KEY", "BBBB-0000-KEY"] {
        assert!(mails[0].contains(key), "{key}");
    }
    let link = mails[0].split("https://shop.example/order/").nth(1).unwrap();
    let mail_token = link.split("#token=").nth(1).unwrap().split_whitespace().next().unwrap().trim_end_matches('"');
    let by_mail = store
        .order
        .get_order(pb::OrderQuery { order_no: order.order_no.clone(), link_token: mail_token.to_owned() })
        .await;
    assert_eq!(state_of(&by_mail.unwrap().into_inner()), OrderState::Delivered, "the e-mail's link opens the order");
    // Thirty days on, neither the e-mail's link nor the checkout's token opens it.
    store.clock.advance(Duration::from_millis(u64::try_from(keyshop_order::domain::link::LIFE_MS).unwrap() + 1));
    for old in [mail_token, token.as_str()] {
        let expired = store
            .order
            .get_order(pb::OrderQuery { order_no: order.order_no.clone(), link_token: old.to_owned() })
            .await;
        assert_eq!(expired.unwrap_err().code(), tonic::Code::NotFound, "an expired link opens nothing");
    }

    // A member buys: their consumption grows by what they paid, in US cents.
    store
        .member
        .register(member::RegisterRequest {
            email: "ann@example.com".to_owned(),
            full_name: "Ann".to_owned(),
            password: "secret-12".to_owned(),
            confirm_password: "secret-12".to_owned(),
            agree_terms: true,
            newsletter: false,
            captcha: Some(member::CaptchaAnswer { uuid: "any".to_owned(), code: CAPTCHA.to_owned() }),
            client: None,
        })
        .await
        .unwrap();
    let bearer = store
        .member
        .login(member::LoginRequest {
            account: "ann@example.com".to_owned(),
            password: "secret-12".to_owned(),
            captcha: None,
            client: None,
        })
        .await
        .unwrap()
        .into_inner()
        .token;
    let mine = store.order.checkout(with_bearer(&bearer, checkout(&[(a.id, 1)], "", ""))).await.unwrap().into_inner();
    let mine_no = mine.order.as_ref().unwrap().order_no.clone();
    // Another guest cannot see it; the member can, without a token.
    let foreign = store.order.get_order(pb::OrderQuery { order_no: mine_no.clone(), link_token: token.clone() }).await;
    assert_eq!(AppError::from_status(&foreign.unwrap_err()).code, ErrorCode::NotFound);
    store.pay(&mine, "evt_member").await;
    store.wait_for_state(&mine_no, "", Some(&bearer), OrderState::Delivered).await;
    let info = store.member.get_info(with_bearer(&bearer, member::Empty {})).await.unwrap().into_inner();
    let level = store
        .member
        .get_level_info(with_bearer(&bearer, member::IdRequest { id: info.id }))
        .await
        .unwrap()
        .into_inner();
    let paid_usd = keyshop_order::domain::pricing::to_usd(mine.order.as_ref().unwrap().real_amount, rate).unwrap();
    assert_eq!(level.total_consumption_usd_cents, paid_usd);

    // A cancelled order gives its keys back; then stock runs out.
    let cancel_me = store.order.checkout(checkout(&[(b.id, 1)], "", "")).await.unwrap().into_inner();
    let cancel_no = cancel_me.order.as_ref().unwrap().order_no.clone();
    assert_eq!(store.stock(&b.sku).await.available, 0);
    let cancelled = store
        .order
        .cancel_order(pb::OrderQuery { order_no: cancel_no.clone(), link_token: cancel_me.link_token.clone() })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(state_of(&cancelled), OrderState::Cancelled);
    assert_eq!(store.stock(&b.sku).await.available, 1);
    let too_many = store.order.checkout(checkout(&[(b.id, 2)], "", "")).await.unwrap_err();
    let error = AppError::from_status(&too_many);
    assert_eq!((error.code, error.msg_key.as_str()), (ErrorCode::Conflict, "api.delivery.outOfStock"));
    let refused = store.order.checkout(checkout(&[(a.id, 1)], "NOPE", "")).await.unwrap_err();
    assert_eq!(AppError::from_status(&refused).fields["coupon"], "api.order.couponNotFound");
});
