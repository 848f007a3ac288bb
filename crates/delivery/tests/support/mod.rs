#![allow(dead_code)] // each test file uses part of the support

//! Starts the real delivery service (database, master keys, gRPC, outbox
//! relay, expiry worker) on a loopback port, for a test.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::Arc;
use std::time::Duration;

use keyshop_catalog::Catalog;
use keyshop_core::config::{Config, RawConfig};
use keyshop_core::platform::Platform;
use keyshop_core::shutdown::{self, ShutdownTrigger};
use keyshop_core::test_support::TestDb;
use keyshop_delivery::Delivery;
use keyshop_delivery::service::DeliveryService;
use keyshop_proto::delivery::v1 as pb;
use keyshop_proto::delivery::v1::delivery_service_client::DeliveryServiceClient;
use tonic::transport::Channel;

pub struct RunningDelivery {
    pub client: DeliveryServiceClient<Channel>,
    pub catalog_url: String,
    pub service: Arc<DeliveryService>,
    pub platform: Platform,
    pub config: Config,
    trigger: ShutdownTrigger,
}

impl Drop for RunningDelivery {
    fn drop(&mut self) {
        self.trigger.trigger();
    }
}

/// A configuration for the delivery service on `test_db`, its files in `data`.
pub fn config(test_db: &TestDb, data: &std::path::Path) -> Config {
    let raw = RawConfig {
        data_dir: Some(data.display().to_string()),
        delivery_database_url: Some(test_db.url.clone()),
        outbox_poll_interval_ms: Some(20),
        master_keys: Some(keyshop_delivery::domain::vault::Vault::generate_material().unwrap()),
        ..RawConfig::default()
    };
    Config::from_raw(raw).expect("test configuration")
}

/// The delivery service of `config`, with an empty catalog beside it.
pub async fn start(config: Config) -> RunningDelivery {
    start_with(config, false).await
}

/// The delivery service of `config` with a catalog beside it (the demo
/// catalog when `demo`), on one platform (one event bus).
pub async fn start_with(config: Config, demo: bool) -> RunningDelivery {
    let platform = Platform::from_config(&config).expect("platform");
    let (trigger, shutdown) = shutdown::channel();
    let catalog = Catalog::build(&config, &platform).await.expect("catalog builds");
    if demo {
        keyshop_catalog::demo::seed(&catalog.service).await.expect("demo seed");
    }
    let catalog_listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let catalog_url = format!("http://{}", catalog_listener.local_addr().unwrap());
    tokio::spawn(catalog.serve(catalog_listener, shutdown.clone()));

    let delivery = Delivery::build(&config, &platform, &catalog_url).await.expect("delivery builds");
    let service = delivery.service.clone();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(delivery.serve(listener, shutdown));
    let channel = Channel::from_shared(format!("http://{address}"))
        .unwrap()
        .connect_timeout(Duration::from_secs(5))
        .connect()
        .await
        .expect("delivery answers");
    RunningDelivery { client: DeliveryServiceClient::new(channel), catalog_url, service, platform, config, trigger }
}

pub fn keys(prefix: &str, count: usize) -> Vec<pb::KeyLine> {
    (0..count).map(|index| pb::KeyLine { key: format!("{prefix}-{index:05}-ABCDE"), note: String::new() }).collect()
}

pub fn line(line_no: i64, sku: &str, quantity: i64) -> pb::ReserveLine {
    pb::ReserveLine { line_no, sku: sku.to_owned(), quantity }
}

impl RunningDelivery {
    pub async fn import(&mut self, sku: &str, keys: Vec<pb::KeyLine>) -> pb::ImportKeysResponse {
        self.client.import_keys(pb::ImportKeysRequest { sku: sku.to_owned(), keys }).await.unwrap().into_inner()
    }

    pub async fn stock(&mut self, sku: &str) -> pb::Stock {
        let list = self.client.get_stock(pb::StockRequest { skus: vec![sku.to_owned()] }).await.unwrap().into_inner();
        list.stock.into_iter().next().unwrap_or(pb::Stock { sku: sku.to_owned(), ..pb::Stock::default() })
    }

    pub async fn reserve(
        &mut self,
        order_no: &str,
        lines: Vec<pb::ReserveLine>,
        hold_seconds: i64,
    ) -> Result<pb::Reservation, tonic::Status> {
        self.client
            .reserve(pb::ReserveRequest { order_no: order_no.to_owned(), lines, hold_seconds })
            .await
            .map(tonic::Response::into_inner)
    }

    pub async fn allocate(&mut self, order_no: &str) -> pb::Allocation {
        self.client.allocate(pb::OrderRef { order_no: order_no.to_owned() }).await.unwrap().into_inner()
    }

    pub async fn reveal(&mut self, order_no: &str) -> Vec<pb::RevealedKey> {
        self.client
            .reveal_keys(pb::RevealRequest {
                order_no: order_no.to_owned(),
                actor: "member:7".to_owned(),
                ip: "198.51.100.9".to_owned(),
                user_agent: FIREFOX.to_owned(),
            })
            .await
            .unwrap()
            .into_inner()
            .keys
    }
}

impl RunningDelivery {
    /// The delivery e-mails written so far (`.eml` files), oldest first.
    pub fn mails(&self) -> Vec<String> {
        keyshop_core::test_support::outbox_mails(&self.config.data_dir.join("outbox"))
    }

    /// Waits until `count` e-mails exist (10 s at most).
    pub async fn wait_for_mails(&self, count: usize) -> Vec<String> {
        for _ in 0..500 {
            let mails = self.mails();
            if mails.len() >= count {
                return mails;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        panic!("expected {count} e-mails, found {}", self.mails().len());
    }
}

pub const FIREFOX: &str = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";
