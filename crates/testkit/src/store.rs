//! The store for a test, started through the same wiring as `keyshop serve`
//! (`keyshop::app::start`, embedded): every service on a loopback port, one
//! in-process event bus, the gateway in front, on a throw-away data folder
//! (SQLite files, the e-mail outbox, the master keys) unless a test points a
//! service at a database of its own.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use keyshop::app::{self, Role, Running, Services};
use keyshop_core::clock::SharedClock;
use keyshop_core::config::{Config, RawConfig, ServiceName};
use keyshop_core::events::EventBus;
use keyshop_core::identity::{Keyring, Party, StaffClaim, StaffRole};
use keyshop_core::platform::Platform;
use keyshop_core::shutdown::ShutdownTrigger;
use tonic::service::interceptor::InterceptedService;
use tonic::transport::Channel;

use crate::identity::{Asserting, Signed};

/// What the captcha accepts in a test store.
pub const CAPTCHA: &str = "test-pass";
/// Where a test store says shoppers reach it (links in e-mails).
pub const PUBLIC_URL: &str = "https://shop.example";

/// How a test store is set up.
#[derive(Clone, Default)]
pub struct StoreOptions {
    /// Settings beyond the test defaults: a service's database URL, the
    /// payment window… A field left `None` gets the test default (a data
    /// folder of its own, loopback ports, one HTTP worker, the captcha code
    /// [`CAPTCHA`], [`PUBLIC_URL`], outbox relays polling every 20 ms).
    pub raw: RawConfig,
    /// Seed the demo catalog, its keys and the demo coupon (`serve --demo`).
    pub demo: bool,
    /// Seed only the demo catalog's products: no keys, no coupon.
    pub demo_catalog: bool,
    /// Where the services read the time (a [`ManualClock`] to move it); the
    /// machine's clock when `None`.
    ///
    /// [`ManualClock`]: keyshop_core::clock::ManualClock
    pub clock: Option<SharedClock>,
}

/// A running store; stopped when dropped.
pub struct TestStore {
    pub config: Config,
    pub services: Services,
    pub bus: Arc<dyn EventBus>,
    /// The store's cache (what the services cache, and the captchas).
    pub cache: Arc<dyn keyshop_core::cache::Cache>,
    pub http_addr: SocketAddr,
    /// The store's identity keys (every part's).
    pub identity: Keyring,
    grpc_addrs: std::collections::BTreeMap<ServiceName, SocketAddr>,
    trigger: ShutdownTrigger,
    running: Option<Running>,
    pub data: tempfile::TempDir,
}

impl Drop for TestStore {
    /// Stops the store and, on a multi-threaded runtime, waits until every
    /// part has stopped: a database a test drops next (PostgreSQL) must not
    /// be gone while a service still uses it, or the pool's check-out waits
    /// out its 10 s time-out and holds the test's runtime up.
    fn drop(&mut self) {
        self.trigger.trigger();
        let Some(running) = self.running.take() else { return };
        let Ok(runtime) = tokio::runtime::Handle::try_current() else { return };
        if runtime.runtime_flavor() == tokio::runtime::RuntimeFlavor::MultiThread {
            let _ = tokio::task::block_in_place(|| runtime.block_on(running.wait()));
        }
    }
}

impl TestStore {
    /// Every service on fresh SQLite files, no demo data.
    pub async fn start() -> TestStore {
        TestStore::with(StoreOptions::default()).await
    }

    /// The demo store.
    pub async fn demo() -> TestStore {
        TestStore::with(StoreOptions { demo: true, ..StoreOptions::default() }).await
    }

    pub async fn with(options: StoreOptions) -> TestStore {
        let data = tempfile::tempdir().expect("a data folder");
        let spa = data.path().join("spa");
        std::fs::create_dir_all(spa.join("static/js")).expect("spa folder");
        std::fs::write(spa.join("index.html"), "<!doctype html><div id=root></div>").expect("index.html");
        let mut raw = options.raw;
        raw.data_dir.get_or_insert_with(|| data.path().display().to_string());
        raw.spa_dir.get_or_insert_with(|| spa.display().to_string());
        raw.http_addr.get_or_insert_with(|| "127.0.0.1:0".to_owned());
        raw.http_workers.get_or_insert(1);
        raw.captcha_test_code.get_or_insert_with(|| CAPTCHA.to_owned());
        raw.allow_test_captcha.get_or_insert(true);
        // The sandbox's test cards pay, as in `keyshop serve --demo`.
        raw.into_demo();
        raw.public_url.get_or_insert_with(|| PUBLIC_URL.to_owned());
        raw.outbox_poll_interval_ms.get_or_insert(20);
        let config = Config::from_raw(raw).expect("test configuration");
        let mut platform = Platform::from_config(&config).expect("the platform opens");
        if let Some(clock) = options.clock {
            platform.clock = clock;
        }
        let running = app::start_on(&config, Role::Embedded, options.demo, platform).await.expect("the store starts");
        if options.demo_catalog && !options.demo {
            let catalog = running.services.catalog.as_ref().expect("the catalog runs");
            keyshop_catalog::demo::seed(catalog).await.expect("the demo catalog");
        }
        TestStore {
            services: running.services.clone(),
            bus: running.platform.bus.clone(),
            cache: running.platform.cache.clone(),
            http_addr: running.http_addr.expect("the gateway's address"),
            identity: running.platform.identity.clone(),
            grpc_addrs: running.grpc_addrs.clone(),
            trigger: running.trigger().clone(),
            running: Some(running),
            config,
            data,
        }
    }

    /// `http://127.0.0.1:<port>` of the gateway.
    pub fn http_url(&self) -> String {
        format!("http://{}", self.http_addr)
    }

    /// `http://127.0.0.1:<port>` of a service's gRPC server.
    pub fn grpc_url(&self, service: ServiceName) -> String {
        format!("http://{}", self.grpc_addrs[&service])
    }

    /// A connected channel to a service, its calls made as the gateway makes
    /// them.
    pub async fn channel(&self, service: ServiceName) -> Signed {
        self.channel_as(service, Party::Gateway).await
    }

    /// A connected channel to a service, its calls made as `caller`.
    pub async fn channel_as(&self, service: ServiceName, caller: Party) -> Signed {
        self.signed(service, caller, None).await
    }

    /// A connected channel to a service, its calls made by the gateway for a
    /// member of staff in `role`.
    pub async fn staff_channel(&self, service: ServiceName, role: StaffRole) -> Signed {
        self.signed(service, Party::Gateway, Some(crate::identity::staff(role))).await
    }

    /// A channel to `service` as the gateway calls it for the member of
    /// staff `claim` (an account of the member database, by its id).
    pub async fn staff_channel_for(&self, service: ServiceName, claim: StaffClaim) -> Signed {
        self.signed(service, Party::Gateway, Some(claim)).await
    }

    async fn signed(&self, service: ServiceName, caller: Party, staff: Option<StaffClaim>) -> Signed {
        let signer = self.identity.signer(caller).expect("the store holds every key");
        InterceptedService::new(self.raw_channel(service).await, Asserting { signer, audience: service.into(), staff })
    }

    /// A connected channel to a service with no identity: every call but
    /// health's is refused.
    pub async fn raw_channel(&self, service: ServiceName) -> Channel {
        Channel::from_shared(self.grpc_url(service))
            .expect("a URL")
            .connect_timeout(Duration::from_secs(5))
            .connect()
            .await
            .unwrap_or_else(|error| panic!("{service} answers: {error}"))
    }

    pub fn catalog(&self) -> &Arc<keyshop_catalog::service::CatalogService> {
        self.services.catalog.as_ref().expect("the catalog runs")
    }

    pub fn member(&self) -> &Arc<keyshop_member::service::MemberService> {
        self.services.member.as_ref().expect("the member service runs")
    }

    pub fn delivery(&self) -> &Arc<keyshop_delivery::service::DeliveryService> {
        self.services.delivery.as_ref().expect("the delivery service runs")
    }

    pub fn payment(&self) -> &Arc<keyshop_payment::service::PaymentService> {
        self.services.payment.as_ref().expect("the payment service runs")
    }

    pub fn order(&self) -> &Arc<keyshop_order::service::OrderService> {
        self.services.order.as_ref().expect("the order service runs")
    }

    /// Where the store writes its e-mails (the default `file://` mailer).
    pub fn outbox(&self) -> PathBuf {
        self.config.data_dir.join("outbox")
    }

    /// The e-mails written so far, oldest first.
    pub fn mails(&self) -> Vec<String> {
        crate::outbox_mails(&self.outbox())
    }

    /// Waits (up to 15 s) until at least `count` e-mails are written.
    pub async fn wait_for_mails(&self, count: usize) -> Vec<String> {
        let deadline = Instant::now() + Duration::from_secs(15);
        loop {
            let mails = self.mails();
            if mails.len() >= count || Instant::now() > deadline {
                return mails;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}
