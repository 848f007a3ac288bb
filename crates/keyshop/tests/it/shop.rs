//! The money path over HTTP against the whole store in one process (every
//! service on real gRPC, the gateway on a real port): carts, checkout, the
//! sandbox's card page and its signed webhooks, orders and their keys.
//! The concurrency test runs on SQLite and, when `TEST_POSTGRES_URL` is set,
//! with the order, delivery and payment databases on PostgreSQL.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use keyshop_testkit::providers as fakes;

use std::collections::BTreeSet;
use std::net::SocketAddr;
use std::time::{Duration, Instant};

use keyshop_core::audit::Actor;
use keyshop_core::config::{RawConfig, ServiceName};
use keyshop_core::identity::StaffRole;
use keyshop_member::domain::staff::totp_code;
use keyshop_proto::delivery::v1 as delivery;
use keyshop_proto::delivery::v1::delivery_service_client::DeliveryServiceClient;
use keyshop_proto::order::v1 as order;
use keyshop_proto::order::v1::order_service_client::OrderServiceClient;
use keyshop_testkit::{StoreOptions, TestDb, TestStore};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

const CAPTCHA: &str = keyshop_testkit::store::CAPTCHA;
const PASSWORD: &str = "secret-pass-1";
const WEBHOOK_SECRET: &str = "whsec_shop_test";
const STAFF_PASSWORD: &str = "a long staff password";
const PUBLIC_URL: &str = keyshop_testkit::store::PUBLIC_URL;

fn now_ms() -> i64 {
    use keyshop_core::clock::Clock;
    keyshop_core::clock::SystemClock.now_ms()
}

pub(crate) struct Shop {
    /// Dropped first: the store stops before its databases go.
    pub(crate) store: TestStore,
    pub(crate) http: SocketAddr,
    _databases: Vec<TestDb>,
}

pub(crate) struct Answer {
    pub(crate) status: u16,
    pub(crate) head: String,
    pub(crate) body: Value,
}

/// A plain HTTP/1.1 request; the answer's status, head and JSON body.
async fn send(address: SocketAddr, method: &str, path: &str, headers: &[(&str, &str)], body: Option<&Value>) -> Answer {
    let mut stream = tokio::net::TcpStream::connect(address).await.unwrap();
    let payload = body.map(|body| body.to_string()).unwrap_or_default();
    let mut request = format!("{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n");
    for (name, value) in headers {
        request.push_str(&format!("{name}: {value}\r\n"));
    }
    if body.is_some() {
        request.push_str("Content-Type: application/json\r\n");
    }
    request.push_str(&format!("Content-Length: {}\r\n\r\n{payload}", payload.len()));
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await.unwrap();
    let text = String::from_utf8_lossy(&response).to_string();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head.split(' ').nth(1).and_then(|code| code.parse().ok()).unwrap_or(0);
    let body = serde_json::from_str(body).unwrap_or_else(|_| panic!("{method} {path}: not JSON: {text}"));
    Answer { status, head: head.to_ascii_lowercase(), body }
}

pub(crate) async fn start(databases: Vec<TestDb>, urls: [Option<String>; 3]) -> Shop {
    start_with(databases, urls, RawConfig::default()).await
}

/// [`start`] with the settings of `extra` (payment providers) as well: the
/// demo store as `keyshop serve --demo` wires it (testkit).
async fn start_with(databases: Vec<TestDb>, urls: [Option<String>; 3], extra: RawConfig) -> Shop {
    let [order_database_url, delivery_database_url, payment_database_url] = urls;
    let raw = RawConfig {
        sandbox_webhook_secret: Some(WEBHOOK_SECRET.to_owned()),
        master_keys: Some(keyshop_delivery::domain::vault::Vault::generate_material().unwrap()),
        order_database_url,
        delivery_database_url,
        payment_database_url,
        ..extra
    };
    let store = TestStore::with(StoreOptions { raw, demo: true, ..StoreOptions::default() }).await;
    Shop { http: store.http_addr, store, _databases: databases }
}

impl Shop {
    pub(crate) async fn call(&self, method: &str, path: &str, headers: &[(&str, &str)], body: Option<Value>) -> Answer {
        send(self.http, method, &format!("/prod-api{path}"), headers, body.as_ref()).await
    }

    pub(crate) async fn get(&self, path: &str, headers: &[(&str, &str)]) -> Answer {
        self.call("GET", path, headers, None).await
    }

    pub(crate) async fn post(&self, path: &str, headers: &[(&str, &str)], body: Value) -> Answer {
        self.call("POST", path, headers, Some(body)).await
    }

    /// Delivery as the gateway calls it for a manager stocking keys.
    async fn delivery(&self) -> DeliveryServiceClient<keyshop_testkit::Signed> {
        DeliveryServiceClient::new(self.store.staff_channel(ServiceName::Delivery, StaffRole::Manager).await)
    }

    /// A member of staff in `role`, enrolled through their link (the TOTP
    /// codes computed from the shown secret) and signed in: `Bearer <token>`.
    pub(crate) async fn staff(&self, email: &str, role: StaffRole) -> String {
        let db = self.store.member().db();
        let invitation =
            keyshop_member::service::staff::invite(db, PUBLIC_URL, email, role, now_ms(), &Actor::Cli).await.unwrap();
        let token = invitation.link.split_once("#token=").unwrap().1.to_owned();
        let start = self.post("/api/staff/enroll/start", &[], json!({"token": token})).await;
        assert_eq!(start.status, 200, "{}", start.body);
        let secret = start.body["data"]["totpSecret"].as_str().unwrap().to_owned();
        let code = |steps: u64| totp_code(&secret, now_ms() as u64 / 1000 + steps * 30).unwrap();
        let finish =
            json!({"token": token, "password": STAFF_PASSWORD, "confirmPassword": STAFF_PASSWORD, "code": code(0)});
        let done = self.post("/api/staff/enroll/finish", &[], finish).await;
        assert_eq!(done.status, 200, "{}", done.body);
        let login = json!({"email": email, "password": STAFF_PASSWORD, "code": code(1)});
        let session = self.post("/api/staff/login", &[], login).await;
        assert_eq!(session.status, 200, "{}", session.body);
        format!("Bearer {}", session.body["data"]["token"].as_str().unwrap())
    }

    /// Products the demo catalog sells with keys in stock (`stock`
    /// `in_stock`) or without any (`out_of_stock`).
    async fn products(&self, stock: &str, count: usize) -> Vec<Value> {
        let answer = self.get(&format!("/api/home/queryGames?stock={stock}&limit=10"), &[]).await;
        assert_eq!(answer.status, 200, "{}", answer.body);
        answer.body["data"]["rows"].as_array().unwrap().iter().take(count).cloned().collect()
    }

    /// Imports `count` keys for `product` and waits until its page sells it.
    async fn stock_up(&self, product: &Value, prefix: &str, count: usize) -> BTreeSet<String> {
        let keys: Vec<String> = (0..count).map(|index| format!("{prefix}-{index:04}-{}", "X".repeat(8))).collect();
        let request = delivery::ImportKeysRequest {
            sku: product["sku"].as_str().unwrap().to_owned(),
            keys: keys.iter().map(|key| delivery::KeyLine { key: key.clone(), note: String::new() }).collect(),
            ..Default::default()
        };
        let imported = self.delivery().await.import_keys(request).await.unwrap().into_inner();
        assert_eq!(imported.imported, i64::try_from(count).unwrap());
        let page = format!(
            "/api/home/games/{}/{}",
            product["gameName"].as_str().unwrap(),
            product["gameExtName"].as_str().unwrap()
        );
        let deadline = Instant::now() + Duration::from_secs(15);
        while self.get(&page, &[]).await.body["data"]["stock"] == "out_of_stock" {
            assert!(Instant::now() < deadline, "the catalog never heard of the new stock");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        keys.into_iter().collect()
    }

    async fn stock(&self, sku: &str) -> delivery::Stock {
        let request = delivery::StockRequest { skus: vec![sku.to_owned()] };
        self.delivery().await.get_stock(request).await.unwrap().into_inner().stock.into_iter().next().unwrap()
    }

    pub(crate) async fn sign_up(&self, email: &str) -> String {
        let register = json!({"email": email, "fullName": "Test Buyer", "password": PASSWORD,
            "confirmPassword": PASSWORD, "agreeTerms": true, "newsletter": false, "code": CAPTCHA, "uuid": "x"});
        let answer = self.post("/api/register", &[], register).await;
        assert_eq!(answer.status, 200, "{}", answer.body);
        let answer = self.post("/api/login", &[], json!({"account": email, "password": PASSWORD})).await;
        assert_eq!(answer.status, 200, "{}", answer.body);
        answer.body["data"]["token"].as_str().unwrap().to_owned()
    }

    async fn charge(&self, session_id: &str, card: &str) -> Answer {
        let body = json!({"number": card, "expiry": "12/39", "cvc": "123"});
        self.post(&format!("/api/payment/sandbox/{session_id}/charge"), &[], body).await
    }

    /// The order once it reached `state`.
    async fn wait_for(&self, order_no: &str, headers: &[(&str, &str)], state: &str) -> Value {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let answer = self.get(&format!("/api/order/{order_no}"), headers).await;
            assert_eq!(answer.status, 200, "{}", answer.body);
            if answer.body["data"]["state"] == state {
                return answer.body["data"].clone();
            }
            assert!(Instant::now() < deadline, "order {order_no} stayed {}", answer.body["data"]["state"]);
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    fn mails(&self) -> Vec<String> {
        self.store.mails()
    }

    /// The store's files (every service's SQLite database, WAL included, and
    /// with them every outbox of events the bus carried) that hold `secret`;
    /// the e-mails written (the mail server's side) are not the store's.
    fn files_holding(&self, secret: &str) -> Vec<std::path::PathBuf> {
        fn walk(dir: &std::path::Path, skip: &std::path::Path, found: &mut Vec<std::path::PathBuf>, secret: &[u8]) {
            for entry in std::fs::read_dir(dir).unwrap().flatten() {
                let path = entry.path();
                if path == skip {
                    continue;
                }
                if path.is_dir() {
                    walk(&path, skip, found, secret);
                } else if std::fs::read(&path)
                    .is_ok_and(|bytes| bytes.windows(secret.len()).any(|window| window == secret))
                {
                    found.push(path);
                }
            }
        }
        let mut found = Vec::new();
        walk(&self.store.config.data_dir, &self.store.outbox(), &mut found, secret.as_bytes());
        found
    }
}

fn checkout_body(products: &[(&Value, i64)], email: &str, coupon: &str) -> Value {
    let lines: Vec<Value> =
        products.iter().map(|(product, quantity)| json!({"productId": product["id"], "quantity": quantity})).collect();
    json!({"lines": lines, "email": email, "contact": "+49 30 901820", "note": "", "coupon": coupon,
           "paymentMethod": "sandbox-card", "currency": "EUR", "billingAddress": crate::support::billing()})
}

/// 200 shoppers check out at once for a product with 50 keys: exactly 50
/// orders are placed, the others hear 409 out of stock; paid, the 50
/// orders hold 50 different keys, each one of those imported, and none of
/// them is written in plaintext to any database file.
async fn two_hundred_checkouts_for_fifty_keys(shop: Shop) {
    let product = shop.products("out_of_stock", 1).await.remove(0);
    let imported = shop.stock_up(&product, "RACE", 50).await;
    let sku = product["sku"].as_str().unwrap().to_owned();

    let shop = std::sync::Arc::new(shop);
    let attempts: Vec<_> = (0..200)
        .map(|index| {
            let (shop, product) = (shop.clone(), product.clone());
            tokio::spawn(async move {
                let body = checkout_body(&[(&product, 1)], &format!("racer{index}@example.com"), "");
                shop.post("/api/order/checkout", &[], body).await
            })
        })
        .collect();
    let mut placed = Vec::new();
    let mut refused = 0;
    for attempt in attempts {
        let answer = attempt.await.unwrap();
        match answer.status {
            200 => placed.push(answer.body["data"].clone()),
            409 => {
                assert_eq!(answer.body["msgKey"], "api.delivery.outOfStock");
                refused += 1;
            }
            other => panic!("checkout answered {other}: {}", answer.body),
        }
    }
    assert_eq!((placed.len(), refused), (50, 150));
    let stock = shop.stock(&sku).await;
    assert_eq!((stock.available, stock.reserved, stock.sold), (0, 50, 0));

    // Each order paid with the sandbox card; each gets its own key.
    for batch in placed.chunks(10) {
        let charges: Vec<_> = batch
            .iter()
            .map(|placed| {
                let (shop, session) = (shop.clone(), placed["paymentSessionId"].as_str().unwrap().to_owned());
                tokio::spawn(async move { shop.charge(&session, "4242 4242 4242 4242").await })
            })
            .collect();
        for charge in charges {
            let answer = charge.await.unwrap();
            assert_eq!((answer.status, answer.body["data"]["state"].as_str()), (200, Some("succeeded")));
        }
    }
    let mut revealed = BTreeSet::new();
    for placed in &placed {
        let order_no = placed["order"]["orderNo"].as_str().unwrap();
        let token = placed["linkToken"].as_str().unwrap();
        shop.wait_for(order_no, &[("X-Order-Token", token)], "delivered").await;
        let keys = shop.post(&format!("/api/order/{order_no}/keys"), &[("X-Order-Token", token)], json!({})).await;
        assert_eq!(keys.status, 200, "{}", keys.body);
        let keys = keys.body["data"]["keys"].as_array().unwrap().clone();
        assert_eq!(keys.len(), 1);
        assert!(revealed.insert(keys[0]["key"].as_str().unwrap().to_owned()), "a key sold twice");
    }
    assert_eq!(revealed, imported, "every order got one of the imported keys, none twice");
    let stock = shop.stock(&sku).await;
    assert_eq!((stock.available, stock.reserved, stock.sold), (0, 0, 50));

    // Encrypted at rest: no key is in any database file of the data folder.
    for entry in std::fs::read_dir(&shop.store.config.data_dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_file() {
            let bytes = std::fs::read(&path).unwrap();
            for key in &imported {
                let found = bytes.windows(key.len()).any(|window| window == key.as_bytes());
                assert!(!found, "{} holds a key in plaintext", path.display());
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_hundred_checkouts_for_fifty_keys_on_sqlite() {
    two_hundred_checkouts_for_fifty_keys(start_with(Vec::new(), [None, None, None], many_guests()).await).await;
}

/// Guest limits raised: the race comes from one address.
fn many_guests() -> RawConfig {
    RawConfig { guest_orders_per_address: Some(1000), guest_keys_per_address: Some(1000), ..RawConfig::default() }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_hundred_checkouts_for_fifty_keys_on_postgres() {
    let mut databases = Vec::new();
    for migrations in
        [&keyshop_order::store::MIGRATIONS, &keyshop_delivery::store::MIGRATIONS, &keyshop_payment::store::MIGRATIONS]
    {
        databases.push(TestDb::postgres(migrations).await.unwrap());
    }
    let urls = [Some(databases[0].url.clone()), Some(databases[1].url.clone()), Some(databases[2].url.clone())];
    two_hundred_checkouts_for_fifty_keys(start_with(databases, urls, many_guests()).await).await;
}

/// A burst of logins over HTTP: every one is answered (a wrong password, the
/// lock-out, or "come back"), none waits into the gateway's time-out (503).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_burst_of_sixty_logins_is_answered_without_a_503() {
    let shop = std::sync::Arc::new(start(Vec::new(), [None, None, None]).await);
    shop.sign_up("burst@example.com").await;
    let logins: Vec<_> = (0..60)
        .map(|index| {
            let shop = shop.clone();
            tokio::spawn(async move {
                let account =
                    if index % 2 == 0 { "burst@example.com".to_owned() } else { format!("nobody{index}@example.com") };
                let body = json!({"account": account, "password": "wrong-password", "code": CAPTCHA, "uuid": "x"});
                shop.post("/api/login", &[], body).await
            })
        })
        .collect();
    let mut statuses = BTreeSet::new();
    for login in logins {
        let answer = login.await.unwrap();
        assert!(matches!(answer.status, 401 | 429), "{} {}", answer.status, answer.body);
        statuses.insert(answer.status);
    }
    assert!(statuses.contains(&429), "the lock-outs answered: {statuses:?}");
}

/// A visitor fills a cart, checks out in EUR with the demo coupon, is
/// declined, pays again with the good card, and opens the order from the
/// e-mail's link to see both keys.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_guest_buys_two_products_over_http() {
    let shop = start(Vec::new(), [None, None, None]).await;
    let products = shop.products("in_stock", 2).await;
    let (first, second) = (&products[0], &products[1]);

    // The cart: the first line makes it and gives its token.
    let answer = shop
        .call("PUT", "/api/cart/lines?currency=EUR", &[], Some(json!({"productId": first["id"], "quantity": 1})))
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let cart_token = answer.body["data"]["cartToken"].as_str().unwrap().to_owned();
    let with_cart = [("X-Cart-Token", cart_token.as_str())];
    let answer = shop
        .call(
            "PUT",
            "/api/cart/lines?currency=EUR",
            &with_cart,
            Some(json!({"productId": second["id"], "quantity": 1})),
        )
        .await;
    assert_eq!(answer.body["data"]["count"], 2, "{}", answer.body);
    assert!(answer.body["data"]["cartToken"].is_null(), "the same cart");
    let too_many = shop
        .call(
            "PUT",
            "/api/cart/lines?currency=EUR",
            &with_cart,
            Some(json!({"productId": first["id"], "quantity": 99})),
        )
        .await;
    assert_eq!(
        (too_many.status, too_many.body["data"]["fields"]["quantity"].as_str()),
        (400, Some("api.cart.overLimit"))
    );
    let cart = shop.get("/api/cart?currency=EUR", &with_cart).await.body["data"].clone();
    assert_eq!(cart["lines"].as_array().unwrap().len(), 2);
    assert_eq!(cart["currency"], "EUR");
    assert!(shop.get("/api/cart?currency=XXX", &with_cart).await.status == 400);

    // Bad input: field errors, nothing written.
    let bad =
        shop.post("/api/order/checkout", &with_cart, json!({"lines": [], "email": "nope", "contact": "x1"})).await;
    assert_eq!(bad.status, 400, "{}", bad.body);
    let fields = &bad.body["data"]["fields"];
    assert!(fields["email"].is_string() && fields["contact"].is_string(), "{fields}");
    assert_eq!(fields["billingAddress.firstName"], "api.field.required", "{fields}");
    let unknown = shop.post("/api/order/checkout", &[], checkout_body(&[(first, 1)], "g@example.com", "NOPE")).await;
    assert_eq!(unknown.body["data"]["fields"]["coupon"], "api.order.couponNotFound");

    // Checkout with the coupon and an Idempotency-Key; a retry answers the same order.
    let body = checkout_body(&[(first, 1), (second, 1)], "guest@example.com", "WELCOME10");
    let headers = [("X-Cart-Token", cart_token.as_str()), ("Idempotency-Key", "guest-attempt-1")];
    let placed = shop.post("/api/order/checkout", &headers, body.clone()).await;
    assert_eq!(placed.status, 200, "{}", placed.body);
    let placed = placed.body["data"].clone();
    let again = shop.post("/api/order/checkout", &headers, body).await.body["data"].clone();
    let order_no = placed["order"]["orderNo"].as_str().unwrap().to_owned();
    assert_eq!(again["order"]["orderNo"], order_no.as_str());
    let order = &placed["order"];
    assert_eq!((order["state"].as_str(), order["currency"].as_str()), (Some("pending_payment"), Some("EUR")));
    assert_eq!(order["billingAddress"]["phone"], "+4930901820", "kept in E.164");
    assert!(order["couponDiscount"].as_i64().unwrap() > 0);
    assert_eq!(
        order["realAmount"].as_i64().unwrap(),
        order["goods"].as_i64().unwrap()
            - order["memberDiscount"].as_i64().unwrap()
            - order["couponDiscount"].as_i64().unwrap()
            + order["paymentFee"].as_i64().unwrap()
    );
    assert_eq!(shop.get("/api/cart?currency=EUR", &with_cart).await.body["data"]["count"], 0, "bought, so gone");

    // Declined, then paid again with a new session.
    let token = again["linkToken"].as_str().unwrap().to_owned();
    let with_token = [("X-Order-Token", token.as_str())];
    let declined = shop.charge(again["paymentSessionId"].as_str().unwrap(), "4000 0000 0000 0002").await;
    assert_eq!(
        (declined.body["data"]["state"].as_str(), declined.body["data"]["reason"].as_str()),
        (Some("failed"), Some("card_declined"))
    );
    let retry = shop.post(&format!("/api/order/{order_no}/pay-again"), &with_token, json!({})).await;
    assert_eq!(retry.status, 200, "{}", retry.body);
    let session = retry.body["data"]["paymentSessionId"].as_str().unwrap().to_owned();
    assert_ne!(session, again["paymentSessionId"].as_str().unwrap());
    let paid = shop.charge(&session, "4242424242424242").await;
    assert_eq!(paid.body["data"]["state"], "succeeded", "{}", paid.body);
    let status = shop.get(&format!("/api/payment/session/{session}"), &[]).await;
    assert_eq!(status.body["data"]["orderNo"], order_no.as_str());
    shop.wait_for(&order_no, &with_token, "delivered").await;

    // The e-mail carries both keys and the link; the link's token opens the order.
    let deadline = Instant::now() + Duration::from_secs(10);
    let mail = loop {
        if let Some(mail) = shop.mails().into_iter().find(|mail| mail.contains(&order_no)) {
            break mail;
        }
        assert!(Instant::now() < deadline, "no delivery e-mail");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    let link = mail.split(&format!("/order/{order_no}#token=")).nth(1).expect("the order link");
    let mail_token: String = link.chars().take_while(char::is_ascii_hexdigit).collect();
    // No token is kept raw: not in any service's database, not in an event.
    assert_eq!(mail_token.len(), 64);
    assert!(shop.store.config.data_dir.join("delivery.db").exists(), "the databases are where the scan looks");
    for secret in [&mail_token, &token] {
        assert_eq!(shop.files_holding(secret), Vec::<std::path::PathBuf>::new(), "a raw link token at rest");
    }
    let keys = shop.post(&format!("/api/order/{order_no}/keys"), &[("X-Order-Token", &mail_token)], json!({})).await;
    assert_eq!(keys.status, 200, "{}", keys.body);
    assert!(keys.head.contains("cache-control: no-store"), "{}", keys.head);
    let keys = keys.body["data"].clone();
    assert_eq!(keys["keys"].as_array().unwrap().len(), 2);
    for key in keys["keys"].as_array().unwrap() {
        assert!(mail.contains(key["key"].as_str().unwrap()), "the e-mail holds key {key}");
    }
    let actors: Vec<&str> = keys["reveals"].as_array().unwrap().iter().map(|r| r["actor"].as_str().unwrap()).collect();
    assert_eq!(actors, ["guest-link", "delivery-email"], "the e-mail and this reveal are logged, newest first");

    // Nobody else: no token, a wrong token, a member who is not the buyer.
    for headers in [vec![], vec![("X-Order-Token", "0123456789abcdef")]] {
        let answer = shop.post(&format!("/api/order/{order_no}/keys"), &headers, json!({})).await;
        assert_eq!(answer.status, 404, "{}", answer.body);
        assert_eq!(shop.get(&format!("/api/order/{order_no}"), &headers).await.status, 404);
    }
    let stranger = shop.sign_up("stranger@example.com").await;
    let bearer = format!("Bearer {stranger}");
    let answer = shop.post(&format!("/api/order/{order_no}/keys"), &[("Authorization", &bearer)], json!({})).await;
    assert_eq!(answer.status, 404);
    assert_eq!(shop.get("/api/orders", &[("Authorization", &bearer)]).await.body["data"]["total"], 0);

    // Confirm receipt: completed; then it may be deleted, and is gone.
    let confirmed = shop.post(&format!("/api/order/{order_no}/confirm"), &with_token, json!({})).await;
    assert_eq!(confirmed.body["data"]["state"], "completed", "{}", confirmed.body);
    let deleted = shop.call("DELETE", &format!("/api/order/{order_no}"), &with_token, None).await;
    assert_eq!(deleted.status, 200, "{}", deleted.body);
    assert_eq!(shop.get(&format!("/api/order/{order_no}"), &with_token).await.status, 404);
}

/// A member's visitor cart joins their cart at sign-in; they buy, see the
/// order and its keys under My orders, and their consumption and points
/// grow. Another member sees none of it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_member_buys_and_only_they_see_it() {
    let shop = start(Vec::new(), [None, None, None]).await;
    let product = shop.products("in_stock", 1).await.remove(0);
    let ann = shop.sign_up("ann@example.com").await;
    let bob = shop.sign_up("bob@example.com").await;
    let (ann, bob) = (format!("Bearer {ann}"), format!("Bearer {bob}"));

    let visitor = shop
        .call("PUT", "/api/cart/lines?currency=USD", &[], Some(json!({"productId": product["id"], "quantity": 2})))
        .await;
    let cart_token = visitor.body["data"]["cartToken"].as_str().unwrap().to_owned();
    let merged = shop
        .post("/api/cart/merge?currency=USD", &[("Authorization", &ann), ("X-Cart-Token", &cart_token)], json!({}))
        .await;
    assert_eq!(merged.body["data"]["count"], 2, "{}", merged.body);
    assert_eq!(shop.get("/api/cart", &[("X-Cart-Token", &cart_token)]).await.body["data"]["count"], 0, "moved");
    assert_eq!(shop.get("/api/cart", &[("Authorization", &bob)]).await.body["data"]["count"], 0);
    assert_eq!(shop.post("/api/cart/merge", &[], json!({})).await.status, 401);

    let before = shop.get("/api/getInfo", &[("Authorization", &ann)]).await.body["data"].clone();
    let body = checkout_body(&[(&product, 2)], "ann@example.com", "");
    let placed = shop.post("/api/order/checkout", &[("Authorization", &ann)], body).await;
    assert_eq!(placed.status, 200, "{}", placed.body);
    let order_no = placed.body["data"]["order"]["orderNo"].as_str().unwrap().to_owned();
    assert_eq!(shop.get("/api/cart", &[("Authorization", &ann)]).await.body["data"]["count"], 0);
    let session = placed.body["data"]["paymentSessionId"].as_str().unwrap().to_owned();
    assert_eq!(shop.charge(&session, "4242 4242 4242 4242").await.body["data"]["state"], "succeeded");
    shop.wait_for(&order_no, &[("Authorization", &ann)], "delivered").await;

    let mine = shop.get("/api/orders", &[("Authorization", &ann)]).await.body["data"].clone();
    assert_eq!(mine["total"], 1);
    assert_eq!(mine["rows"][0]["orderNo"], order_no.as_str());
    let keys = shop.post(&format!("/api/order/{order_no}/keys"), &[("Authorization", &ann)], json!({})).await;
    assert_eq!(keys.body["data"]["keys"].as_array().unwrap().len(), 2, "{}", keys.body);
    let anns_key = keys.body["data"]["keys"][0]["key"].as_str().unwrap().to_owned();

    // Bob: not the order, not its keys, not a cancel or a confirm.
    let not_his = format!("/api/order/{order_no}");
    assert_eq!(shop.get(&not_his, &[("Authorization", &bob)]).await.status, 404);
    for action in ["keys", "confirm", "cancel", "resend", "pay-again"] {
        let answer = shop.post(&format!("{not_his}/{action}"), &[("Authorization", &bob)], json!({})).await;
        assert_eq!(answer.status, 404, "{action}: {}", answer.body);
    }
    assert_eq!(shop.get("/api/orders", &[("Authorization", &bob)]).await.body["data"]["total"], 0);
    assert_eq!(shop.get("/api/orders", &[]).await.status, 401);

    // Consumption and points grew from the OrderPaid event.
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let after = shop.get("/api/getInfo", &[("Authorization", &ann)]).await.body["data"].clone();
        if after["points"].as_i64() > before["points"].as_i64() {
            break;
        }
        assert!(Instant::now() < deadline, "points never grew: {after}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    // Support, from the order's page: the e-mail again (once a minute), a
    // note only staff see; an unpaid order of hers cancelled, its keys back.
    let support = shop.staff("support@shop.example", StaffRole::Support).await;
    let as_support = [("Authorization", support.as_str())];
    let resent = shop.post(&format!("/api/staff/orders/{order_no}/resend"), &as_support, json!({})).await;
    assert_eq!(resent.status, 200, "{}", resent.body);
    let again = shop.post(&format!("/api/staff/orders/{order_no}/resend"), &as_support, json!({})).await;
    assert_eq!(again.status, 429, "{}", again.body);
    let noted =
        shop.post(&format!("/api/staff/orders/{order_no}/notes"), &as_support, json!({"note": "Buyer called"})).await;
    assert_eq!((noted.status, &noted.body["data"][0]["note"]), (200, &json!("Buyer called")), "{}", noted.body);
    let blank = shop.post(&format!("/api/staff/orders/{order_no}/notes"), &as_support, json!({"note": " "})).await;
    assert_eq!(blank.body["data"]["fields"]["note"], "api.staff.noteRequired");
    let detail = shop.get(&format!("/api/staff/orders/{order_no}"), &as_support).await;
    assert_eq!(detail.body["data"]["notes"][0]["staffEmail"], "support@shop.example");
    let own = shop.get(&format!("/api/order/{order_no}"), &[("Authorization", &ann)]).await;
    assert!(!own.body.to_string().contains("Buyer called"), "the buyer never sees a staff note");
    let unpaid = shop
        .post("/api/order/checkout", &[("Authorization", &ann)], checkout_body(&[(&product, 1)], "ann@example.com", ""))
        .await;
    assert_eq!(unpaid.status, 200, "{}", unpaid.body);
    let unpaid_no = unpaid.body["data"]["order"]["orderNo"].as_str().unwrap().to_owned();
    let sku = product["sku"].as_str().unwrap().to_owned();
    let held = shop.stock(&sku).await.reserved;
    let cancelled = shop.post(&format!("/api/staff/orders/{unpaid_no}/cancel"), &as_support, json!({})).await;
    assert_eq!((cancelled.status, &cancelled.body["data"]["state"]), (200, &json!("cancelled")), "{}", cancelled.body);
    assert_eq!(shop.stock(&sku).await.reserved, held - 1, "its key is back");
    let twice = shop.post(&format!("/api/staff/orders/{unpaid_no}/cancel"), &as_support, json!({})).await;
    assert_eq!(twice.status, 409);
    let paid = shop.post(&format!("/api/staff/orders/{order_no}/cancel"), &as_support, json!({})).await;
    assert_eq!(paid.status, 409, "a paid order is refunded, never cancelled");

    // The owner reads the product's keys masked and shows one sold key in
    // full for a reason: the order's reveal log says so.
    let owner = shop.staff("owner@shop.example", StaffRole::Owner).await;
    let as_owner = [("Authorization", owner.as_str())];
    let keys = shop.get(&format!("/api/staff/stock/{sku}/keys?status=sold"), &as_owner).await;
    assert_eq!((keys.status, keys.body["data"]["total"].as_i64()), (200, Some(2)), "{}", keys.body);
    assert!(!keys.body.to_string().contains(&anns_key), "masked");
    let sold = keys.body["data"]["rows"].as_array().unwrap().iter().map(|row| row["id"].as_i64().unwrap());
    let mut shown = Vec::new();
    for id in sold {
        let revealed = shop
            .post(&format!("/api/staff/keys/{id}/reveal"), &as_owner, json!({"reason": "Buyer says it fails"}))
            .await;
        assert_eq!(revealed.status, 200, "{}", revealed.body);
        assert_eq!(revealed.body["data"]["key"]["orderNo"], order_no.as_str());
        shown.push(revealed.body["data"]["text"].as_str().unwrap().to_owned());
    }
    assert!(shown.contains(&anns_key), "the key the buyer saw");
    let blank = shop.post("/api/staff/keys/1/reveal", &as_owner, json!({"reason": ""})).await;
    assert_eq!(blank.body["data"]["fields"]["reason"], "api.field.required");
    let log = shop.get(&format!("/api/staff/orders/{order_no}"), &as_support).await;
    let actors = log.body["data"]["reveals"].to_string();
    assert!(actors.contains("staff:owner@shop.example"), "{actors}");

    // A refund: a reason is required; asked, it opens a ticket and tells support.
    let refund = format!("/api/order/{order_no}/refund");
    let bearer = [("Authorization", ann.as_str())];
    let empty = shop.post(&refund, &bearer, json!({"reason": "  "})).await;
    assert_eq!(empty.body["data"]["fields"]["reason"], "api.order.refundReasonRequired");
    assert_eq!(shop.post(&refund, &[("Authorization", &bob)], json!({"reason": "mine"})).await.status, 404);
    let asked = shop.post(&refund, &bearer, json!({"reason": "The key was already used"})).await;
    assert_eq!(asked.status, 200, "{}", asked.body);
    assert_eq!(asked.body["msgKey"], "api.order.refundRequested");
    assert_eq!(asked.body["data"]["state"], "refund_requested");
    assert_eq!(shop.post(&refund, &bearer, json!({"reason": "again"})).await.status, 409);
    let tickets = shop.get("/api/tickets", &bearer).await.body["data"].clone();
    assert_eq!(tickets["rows"][0]["orderNo"], order_no.as_str(), "{tickets}");
    // Staff decide it in the console: it waits in the queue with its deadline;
    // support may see it but not decide; finance approves: the payment is
    // refunded once, the buyer is told and can no longer reveal the keys.
    let finance = shop.staff("finance@shop.example", StaffRole::Finance).await;
    let queue = shop.get("/api/staff/refunds", &[("Authorization", &support)]).await;
    assert_eq!(queue.status, 200, "{}", queue.body);
    let waiting = &queue.body["data"]["rows"][0];
    assert_eq!(waiting["orderNo"].as_str(), Some(order_no.as_str()), "{waiting}");
    assert_eq!(waiting["reason"].as_str(), Some("The key was already used"));
    assert!(waiting["deadline"].as_i64() > waiting["requestedAt"].as_i64() && waiting["overdue"] == false);
    // The dashboard counts the order paid and delivered, the refund waiting
    // with its deadline, and the ticket it opened.
    let sum = |figures: &Value, list: &str, field: &str| -> i64 {
        figures[list].as_array().unwrap().iter().map(|row| row[field].as_i64().unwrap()).sum()
    };
    let dashboard = shop.get("/api/staff/dashboard?utcOffset=0", &[("Authorization", &support)]).await;
    assert_eq!(dashboard.status, 200, "{}", dashboard.body);
    let figures = &dashboard.body["data"];
    assert_eq!((figures["days"].as_array().unwrap().len(), figures["hours"].as_array().unwrap().len()), (30, 24));
    assert_eq!((sum(figures, "days", "paid"), sum(figures, "days", "delivered")), (1, 1), "{figures}");
    assert!(sum(figures, "days", "salesUsd") > 0, "paid in euros, counted in US cents");
    assert_eq!((sum(figures, "hours", "placed"), sum(figures, "hours", "paid")), (2, 1), "one cancelled unpaid");
    assert_eq!((figures["refundsWaiting"].as_i64(), figures["refundsOverdue"].as_i64()), (Some(1), Some(0)));
    assert_eq!(figures["refunds"][0]["orderNo"], order_no.as_str());
    assert_eq!((figures["openTickets"].as_i64(), figures["waitingForKeys"].as_i64()), (Some(1), Some(0)));
    let bad = shop.get("/api/staff/dashboard?utcOffset=900", &[("Authorization", &support)]).await;
    assert_eq!(bad.body["data"]["fields"]["utcOffset"], "api.field.outOfRange", "{}", bad.body);
    let decide = format!("/api/staff/refunds/{order_no}/decision");
    let refused = shop.post(&decide, &[("Authorization", &support)], json!({"approve": true})).await;
    assert_eq!((refused.status, refused.body["msgKey"].as_str()), (403, Some("api.staff.forbidden")));
    // Directly on the order service's port: nothing without an identity.
    let decision = order::RefundDecision { order_no: order_no.clone(), approve: true, note: String::new() };
    let mut anonymous = OrderServiceClient::connect(shop.store.grpc_url(ServiceName::Order)).await.unwrap();
    assert_eq!(anonymous.decide_refund(decision).await.unwrap_err().code(), tonic::Code::Unauthenticated);
    let started = Instant::now();
    let approved = shop.post(&decide, &[("Authorization", &finance)], json!({"approve": true, "note": "Sorry!"})).await;
    let took = started.elapsed();
    assert_eq!(approved.status, 200, "{}", approved.body);
    assert_eq!(approved.body["data"]["state"], "refunded");
    println!("a refund approval through the gateway took {took:?}");
    let again = shop.post(&decide, &[("Authorization", &finance)], json!({"approve": true})).await;
    assert_eq!(again.status, 409, "decided once");
    let keys = shop.post(&format!("/api/order/{order_no}/keys"), &bearer, json!({})).await;
    assert_eq!(keys.status, 409, "a refunded order's keys are not shown: {}", keys.body);
    let dashboard = shop.get("/api/staff/dashboard", &[("Authorization", &finance)]).await;
    assert_eq!(sum(&dashboard.body["data"], "days", "salesUsd"), 0, "a refunded order is no sale");
    assert_eq!(dashboard.body["data"]["refundsWaiting"], 0);
    // Support finds the order by the buyer's e-mail and by its state, and reads
    // its whole history and who opened its keys (never the keys).
    let by_email = shop.get("/api/staff/orders?email=ann%40example&limit=10", &[("Authorization", &support)]).await;
    assert_eq!(by_email.status, 200, "{}", by_email.body);
    let found: Vec<&str> =
        by_email.body["data"]["rows"].as_array().unwrap().iter().map(|row| row["orderNo"].as_str().unwrap()).collect();
    assert_eq!(found, [unpaid_no.as_str(), order_no.as_str()], "newest first");
    let refunded = shop.get("/api/staff/orders?state=refunded", &[("Authorization", &support)]).await;
    assert_eq!(refunded.body["data"]["total"], 1, "{}", refunded.body);
    let bad = shop.get("/api/staff/orders?state=lost&from=0", &[("Authorization", &support)]).await;
    assert_eq!(bad.status, 400);
    assert_eq!(bad.body["data"]["fields"]["state"], "api.field.invalid");
    let detail = shop.get(&format!("/api/staff/orders/{order_no}"), &[("Authorization", &support)]).await;
    assert_eq!(detail.status, 200, "{}", detail.body);
    let steps: Vec<&str> = detail.body["data"]["order"]["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|step| step["state"].as_str().unwrap())
        .collect();
    assert_eq!(steps.last(), Some(&"refunded"), "{steps:?}");
    assert!(steps.contains(&"refund_requested") && steps.contains(&"paid"), "{steps:?}");
    // Its payment: the attempt, the provider's event that paid it, the refund;
    // its e-mail: sent (and sent again by support).
    let payment = &detail.body["data"]["payments"][0];
    assert_eq!(
        (payment["state"].as_str(), payment["provider"].as_str()),
        (Some("succeeded"), Some("sandbox")),
        "{payment}"
    );
    assert!(
        payment["paidAt"].as_i64() <= payment["refundedAt"].as_i64() && payment["refundedAt"].is_i64(),
        "{payment}"
    );
    assert_eq!(payment["events"][0]["outcome"], "applied", "{payment}");
    let delivery = &detail.body["data"]["delivery"];
    assert_eq!(
        (delivery["state"].as_str(), delivery["attempts"].as_i64()),
        (Some("sent"), Some(2)),
        "sent, then again"
    );
    assert!(delivery["sentAt"].is_i64() && delivery["resentAt"].is_i64(), "{delivery}");
    let reveals = detail.body["data"]["reveals"].as_array().unwrap();
    assert!(reveals.iter().any(|reveal| reveal["actor"].as_str().unwrap().starts_with("member:")), "{reveals:?}");
    assert!(!detail.body.to_string().contains(&anns_key), "no key in the staff view");
    loop {
        let mails = shop.mails();
        let to_support = mails
            .iter()
            .any(|mail| mail.contains("support@keyshop.example") && mail.contains("The key was already used"));
        let to_buyer = mails.iter().any(|mail| mail.contains("ann@example.com") && mail.contains("has been approved"));
        if to_support && to_buyer {
            break;
        }
        assert!(Instant::now() < deadline, "the refund e-mails did not all leave");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // The refund takes back what the payment added (OrderRefunded).
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let after = shop.get("/api/getInfo", &[("Authorization", &ann)]).await.body["data"].clone();
        if after["points"] == before["points"] {
            break;
        }
        assert!(Instant::now() < deadline, "the refund kept its points: {after} (before {before})");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The webhook endpoint: a forged or stale signature is refused; a genuine
/// event replayed ten times pays and delivers once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn webhooks_are_checked_and_replays_deliver_once() {
    let shop = start(Vec::new(), [None, None, None]).await;
    let product = shop.products("in_stock", 1).await.remove(0);
    let placed = shop.post("/api/order/checkout", &[], checkout_body(&[(&product, 1)], "hook@example.com", "")).await;
    let placed = placed.body["data"].clone();
    let order = &placed["order"];
    let order_no = order["orderNo"].as_str().unwrap();
    let token = placed["linkToken"].as_str().unwrap();
    let event = json!({"id": "evt_replayed", "type": "payment.succeeded", "created": 1,
        "data": {"session_id": placed["paymentSessionId"], "amount": order["realAmount"], "currency": "EUR"}});
    let body = event.to_string();
    let now = keyshop_core::clock::Clock::now_ms(&keyshop_core::clock::SystemClock) / 1000;
    let sign = |secret: &str, at: i64| keyshop_payment::domain::signature::sign(secret.as_bytes(), at, body.as_bytes());

    let post = |signature: String| {
        let body = body.clone();
        async move {
            let mut stream = tokio::net::TcpStream::connect(shop.http).await.unwrap();
            let request = format!(
                "POST /prod-api/api/payment/webhook/sandbox HTTP/1.1\r\nHost: x\r\nConnection: close\r\nKeyshop-Signature: {signature}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
                body.len()
            );
            stream.write_all(request.as_bytes()).await.unwrap();
            let mut response = String::new();
            stream.read_to_string(&mut response).await.unwrap();
            response
        }
    };
    for forged in [sign("not-the-secret", now), sign(WEBHOOK_SECRET, now - 3600), "t=1,v1=00".to_owned()] {
        let response = post(forged).await;
        assert!(response.starts_with("HTTP/1.1 400"), "{response}");
        assert!(response.contains("api.payment.signatureInvalid"), "{response}");
    }
    assert_eq!(
        shop.get(&format!("/api/order/{order_no}"), &[("X-Order-Token", token)]).await.body["data"]["state"],
        "pending_payment"
    );
    let mut outcomes = Vec::new();
    for _ in 0..10 {
        let response = post(sign(WEBHOOK_SECRET, now)).await;
        assert!(response.starts_with("HTTP/1.1 200"), "{response}");
        outcomes.push(response.contains("\"applied\""));
    }
    assert_eq!(outcomes.iter().filter(|applied| **applied).count(), 1, "applied once, then duplicates");
    shop.wait_for(order_no, &[("X-Order-Token", token)], "delivered").await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let mails = shop.mails().into_iter().filter(|mail| mail.contains(order_no)).count();
    assert_eq!(mails, 1, "one delivery e-mail");
}

/// Stripe and PayPal through the gateway, each against a local fake of its
/// API: a guest checks out with Stripe (sent to Stripe's page, paid there,
/// told by Stripe's signed webhook, replayed and forged ones refused) and
/// with PayPal (sent to PayPal, back on the store's `/paypal` page, which
/// captures; PayPal's webhook verified by PayPal's call); both orders get
/// their keys by e-mail.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_guest_pays_with_stripe_and_with_paypal_over_http() {
    let stripe = fakes::stripe::FakeStripe::start().await;
    let paypal = fakes::paypal::FakePaypal::start().await;
    let extra = RawConfig {
        payment_providers: Some("sandbox,stripe,paypal".to_owned()),
        stripe_api_base: Some(stripe.url.clone()),
        stripe_secret_key: Some(fakes::stripe::SECRET_KEY.to_owned()),
        stripe_webhook_secret: Some(fakes::stripe::WEBHOOK_SECRET.to_owned()),
        paypal_api_base: Some(paypal.url.clone()),
        paypal_client_id: Some(fakes::paypal::CLIENT_ID.to_owned()),
        paypal_client_secret: Some(fakes::paypal::CLIENT_SECRET.to_owned()),
        paypal_webhook_id: Some(fakes::paypal::WEBHOOK_ID.to_owned()),
        ..RawConfig::default()
    };
    let shop = start_with(Vec::new(), [None, None, None], extra).await;
    let products = shop.products("in_stock", 2).await;
    let methods = shop.get("/api/payment/methods?currency=EUR", &[]).await.body["data"].clone();
    let codes: Vec<_> = methods.as_array().unwrap().iter().map(|method| method["code"].as_str().unwrap()).collect();
    assert_eq!(codes, ["sandbox-card", "stripe-card", "paypal"]);

    // Stripe: checkout sends the buyer to Stripe's page.
    let mut body = checkout_body(&[(&products[0], 1)], "stripe-buyer@example.com", "");
    body["paymentMethod"] = json!("stripe-card");
    let placed = shop.post("/api/order/checkout", &[], body).await;
    assert_eq!(placed.status, 200, "{}", placed.body);
    let (order_no, token, session_id) = (
        placed.body["data"]["order"]["orderNo"].as_str().unwrap().to_owned(),
        placed.body["data"]["linkToken"].as_str().unwrap().to_owned(),
        placed.body["data"]["paymentSessionId"].as_str().unwrap().to_owned(),
    );
    let session = shop.get(&format!("/api/payment/session/{session_id}"), &[]).await.body["data"].clone();
    let checkout = stripe.state.lock().unwrap().sessions.last().unwrap().clone();
    assert_eq!(session["redirectUrl"], format!("https://checkout.stripe.test/c/pay/{}", checkout.id));
    assert_eq!(
        checkout.form["success_url"],
        format!("https://shop.example/success-payment?session={session_id}&order={order_no}")
    );
    let real_amount = placed.body["data"]["order"]["realAmount"].as_i64().unwrap();
    assert_eq!(checkout.form["line_items[0][price_data][unit_amount]"], real_amount.to_string());

    // Paid on Stripe's page; Stripe's webhook arrives at the gateway.
    let now = keyshop_core::clock::Clock::now_ms(&keyshop_core::clock::SystemClock) / 1000;
    let forged = stripe.pay(&checkout.id, "whsec_forged", now);
    let paid = stripe.pay(&checkout.id, fakes::stripe::WEBHOOK_SECRET, now);
    let deliver = |webhook: &fakes::Webhook, provider: &str| {
        let headers: Vec<(String, String)> = webhook.headers.clone().into_iter().collect();
        let body: Value = serde_json::from_slice(&webhook.body).unwrap();
        let path = format!("/api/payment/webhook/{provider}");
        let shop = &shop;
        async move {
            let headers: Vec<(&str, &str)> =
                headers.iter().map(|(name, value)| (name.as_str(), value.as_str())).collect();
            shop.post(&path, &headers, body).await
        }
    };
    let refused = deliver(&forged, "stripe").await;
    assert_eq!((refused.status, refused.body["msgKey"].as_str()), (400, Some("api.payment.signatureInvalid")));
    let applied = deliver(&paid, "stripe").await;
    assert_eq!((applied.status, applied.body["data"]["outcome"].as_str()), (200, Some("applied")), "{}", applied.body);
    assert_eq!(deliver(&paid, "stripe").await.body["data"]["outcome"], "duplicate");
    shop.wait_for(&order_no, &[("X-Order-Token", token.as_str())], "delivered").await;

    // PayPal: sent to PayPal to approve, back on /paypal, which captures.
    let mut body = checkout_body(&[(&products[1], 1)], "paypal-buyer@example.com", "");
    body["paymentMethod"] = json!("paypal");
    let placed = shop.post("/api/order/checkout", &[], body).await;
    assert_eq!(placed.status, 200, "{}", placed.body);
    let (paypal_order_no, paypal_token, paypal_session) = (
        placed.body["data"]["order"]["orderNo"].as_str().unwrap().to_owned(),
        placed.body["data"]["linkToken"].as_str().unwrap().to_owned(),
        placed.body["data"]["paymentSessionId"].as_str().unwrap().to_owned(),
    );
    let session = shop.get(&format!("/api/payment/session/{paypal_session}"), &[]).await.body["data"].clone();
    let order_id = paypal.state.lock().unwrap().orders.last().unwrap().id.clone();
    assert_eq!(session["redirectUrl"], format!("https://www.paypal.test/checkoutnow?token={order_id}"));
    paypal.approve(&order_id, false);
    let captured = shop.post(&format!("/api/payment/session/{paypal_session}/capture"), &[], json!({})).await;
    assert_eq!(
        (captured.status, captured.body["data"]["state"].as_str()),
        (200, Some("succeeded")),
        "{}",
        captured.body
    );
    shop.wait_for(&paypal_order_no, &[("X-Order-Token", paypal_token.as_str())], "delivered").await;
    let webhook = paypal.capture_completed(&order_id);
    assert_eq!(deliver(&webhook, "paypal").await.body["data"]["outcome"], "ignored", "paid once already");
    let mut forged = webhook.clone();
    forged.headers.insert("paypal-transmission-sig".to_owned(), "forged".to_owned());
    assert_eq!(deliver(&forged, "paypal").await.status, 400);

    // Each buyer got the e-mail with the key.
    let mails = shop.mails();
    for (number, email) in [(&order_no, "stripe-buyer@example.com"), (&paypal_order_no, "paypal-buyer@example.com")] {
        assert!(
            mails.iter().any(|mail| mail.contains(number.as_str()) && mail.contains(email)),
            "no delivery e-mail for {number}"
        );
    }
}

/// The member's points now.
async fn points_of(shop: &Shop, bearer: &str) -> i64 {
    shop.get("/api/getInfo", &[("Authorization", bearer)]).await.body["data"]["points"].as_i64().unwrap()
}

/// Waits until the member's points are `expected` (events move them).
async fn wait_for_points(shop: &Shop, bearer: &str, expected: i64, why: &str) {
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        let points = points_of(shop, bearer).await;
        if points == expected {
            return;
        }
        assert!(Instant::now() < deadline, "{why}: {points} points, not {expected}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Points pay at checkout at the level's rate, in the order's currency,
/// shown in its price; a guest cannot offer any; checkouts at once never take
/// more than the balance; a cancelled order and a refunded one give them back.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_member_pays_with_points_and_gets_them_back() {
    let shop = start(Vec::new(), [None, None, None]).await;
    let product = shop
        .products("in_stock", 10)
        .await
        .into_iter()
        .find(|product| product["price"].as_i64().unwrap() >= 1500)
        .expect("a product of 15 dollars or more");
    let sku = product["sku"].as_str().unwrap().to_owned();
    let ann = format!("Bearer {}", shop.sign_up("ann@example.com").await);
    let as_ann = [("Authorization", ann.as_str())];
    let info = shop.get("/api/getInfo", &as_ann).await.body["data"].clone();
    assert_eq!((info["points"].as_i64(), info["pointsExchangeRate"].as_i64()), (Some(0), Some(100)), "{info}");

    // Staff give her 5,000 points (50 dollars at 100 points a dollar).
    let owner = shop.staff("owner@shop.example", StaffRole::Owner).await;
    let as_owner = [("Authorization", owner.as_str())];
    let id = info["id"].as_i64().unwrap();
    let file = shop.get(&format!("/api/staff/customers/{id}"), &as_owner).await;
    let version = file.body["data"]["customer"]["version"].clone();
    let given = json!({"delta": 5000, "reason": "Welcome back", "version": version});
    let given = shop.post(&format!("/api/staff/customers/{id}/points"), &as_owner, given).await;
    assert_eq!(given.status, 200, "{}", given.body);
    assert_eq!(points_of(&shop, &ann).await, 5000);

    // A guest has none to offer; a negative offer is no offer.
    let with_points = |quantity: i64, points: i64| {
        let mut body = checkout_body(&[(&product, quantity)], "ann@example.com", "");
        body["points"] = json!(points);
        body
    };
    let guest = shop.post("/api/order/checkout", &[], with_points(1, 100)).await;
    assert_eq!(guest.status, 400, "{}", guest.body);
    assert_eq!(guest.body["data"]["fields"]["points"], "api.order.pointsMembersOnly");
    let negative = shop.post("/api/order/checkout", &as_ann, with_points(1, -5)).await;
    assert_eq!(negative.body["data"]["fields"]["points"], "api.field.outOfRange", "{}", negative.body);
    assert_eq!(points_of(&shop, &ann).await, 5000, "nothing taken");

    // 1,000 points are 10 dollars: 9.20 euros at the demo's rate, off the price.
    let placed = shop.post("/api/order/checkout", &as_ann, with_points(2, 1000)).await;
    assert_eq!(placed.status, 200, "{}", placed.body);
    let paid_with_points = placed.body["data"]["order"].clone();
    let euros_per_dollar = paid_with_points["rateMicros"].as_i64().unwrap();
    assert_eq!(paid_with_points["pointsUsed"], 1000, "{paid_with_points}");
    assert_eq!(paid_with_points["pointsDiscount"].as_i64(), Some(1000 * euros_per_dollar / 1_000_000));
    let part = |name: &str| paid_with_points[name].as_i64().unwrap();
    assert_eq!(
        part("realAmount"),
        part("goods") - part("memberDiscount") - part("couponDiscount") - part("pointsDiscount") + part("paymentFee")
    );
    assert_eq!(points_of(&shop, &ann).await, 4000);
    let order_no = paid_with_points["orderNo"].as_str().unwrap().to_owned();
    let shown = shop.get(&format!("/api/order/{order_no}"), &as_ann).await;
    assert_eq!(shown.body["data"]["pointsUsed"], 1000, "the order keeps its points");

    // Six checkouts at once, each offering 3,000 of her 4,000: one gets them,
    // the others are refused with nothing held.
    let reserved = shop.stock(&sku).await.reserved;
    let attempts: Vec<_> = (0..6)
        .map(|_| {
            let (http, body, ann) = (shop.http, with_points(3, 3000), ann.clone());
            tokio::spawn(async move {
                send(http, "POST", "/prod-api/api/order/checkout", &[("Authorization", &ann)], Some(&body)).await
            })
        })
        .collect();
    let mut answers = Vec::new();
    for attempt in attempts {
        answers.push(attempt.await.unwrap());
    }
    let placed: Vec<&Answer> = answers.iter().filter(|answer| answer.status == 200).collect();
    assert_eq!(placed.len(), 1, "{:?}", answers.iter().map(|answer| &answer.body).collect::<Vec<_>>());
    for refused in answers.iter().filter(|answer| answer.status != 200) {
        assert_eq!((refused.status, refused.body["msgKey"].as_str()), (422, Some("api.order.pointsShort")));
    }
    assert_eq!(placed[0].body["data"]["order"]["pointsUsed"], 3000);
    assert_eq!(points_of(&shop, &ann).await, 1000, "never below zero");
    assert_eq!(shop.stock(&sku).await.reserved, reserved + 3, "the refused checkouts' keys went back");

    // Cancelled, it gives its 3,000 back.
    let winner = placed[0].body["data"]["order"]["orderNo"].as_str().unwrap().to_owned();
    let cancelled = shop.post(&format!("/api/order/{winner}/cancel"), &as_ann, json!({})).await;
    assert_eq!(cancelled.body["data"]["state"], "cancelled", "{}", cancelled.body);
    wait_for_points(&shop, &ann, 4000, "the cancelled order's points").await;

    // Paid, the first order earns points on what was paid in money; refunded,
    // those are taken back and its 1,000 come back.
    let session = placed_session(&shop, &order_no, &ann).await;
    assert_eq!(shop.charge(&session, "4242 4242 4242 4242").await.body["data"]["state"], "succeeded");
    shop.wait_for(&order_no, &as_ann, "delivered").await;
    let deadline = Instant::now() + Duration::from_secs(15);
    while points_of(&shop, &ann).await <= 4000 {
        assert!(Instant::now() < deadline, "the payment earned no points");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let asked = shop.post(&format!("/api/order/{order_no}/refund"), &as_ann, json!({"reason": "Wrong region"})).await;
    assert_eq!(asked.status, 200, "{}", asked.body);
    let finance = shop.staff("finance@shop.example", StaffRole::Finance).await;
    let decide = format!("/api/staff/refunds/{order_no}/decision");
    let approved = shop.post(&decide, &[("Authorization", &finance)], json!({"approve": true})).await;
    assert_eq!(approved.body["data"]["state"], "refunded", "{}", approved.body);
    wait_for_points(&shop, &ann, 5000, "the refunded order's points").await;
}

/// The payment session of an order, as the paying screen opens it.
async fn placed_session(shop: &Shop, order_no: &str, bearer: &str) -> String {
    let order = shop.get(&format!("/api/order/{order_no}"), &[("Authorization", bearer)]).await;
    order.body["data"]["paymentSessionId"].as_str().unwrap().to_owned()
}
