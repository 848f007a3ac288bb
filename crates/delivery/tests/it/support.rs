#![allow(dead_code)] // each test file uses part of the support

//! The delivery service (database, master keys, gRPC, outbox relay, expiry
//! worker) in the store as `keyshop serve` wires it (testkit), its database
//! on the test's backend.

use std::sync::Arc;
use std::time::Duration;

use keyshop_core::clock::ManualClock;
use keyshop_core::config::{RawConfig, ServiceName};
use keyshop_core::events::EventBus;
use keyshop_core::identity::{Party, StaffRole};
use keyshop_delivery::service::DeliveryService;
use keyshop_proto::delivery::v1 as pb;
use keyshop_proto::delivery::v1::delivery_service_client::DeliveryServiceClient;
use keyshop_testkit::{Signed, StoreOptions, TestDb, TestStore};

pub struct RunningDelivery {
    /// Delivery as the order service calls it.
    pub client: DeliveryServiceClient<Signed>,
    /// Delivery as a manager stocking keys calls it (through the gateway).
    pub staff: DeliveryServiceClient<Signed>,
    /// The store's time: tests move it.
    pub clock: Arc<ManualClock>,
    pub catalog_url: String,
    pub service: Arc<DeliveryService>,
    pub bus: Arc<dyn EventBus>,
    pub store: TestStore,
}

/// The settings of a delivery service on `test_db` with its files (master
/// keys, e-mails) in `data`; starting twice on them is a restart.
pub fn config(test_db: &TestDb, data: &std::path::Path) -> RawConfig {
    RawConfig {
        data_dir: Some(data.display().to_string()),
        delivery_database_url: Some(test_db.url.clone()),
        master_keys: Some(keyshop_delivery::domain::vault::Vault::generate_material().unwrap()),
        ..RawConfig::default()
    }
}

/// The store on `raw`, with an empty catalog.
pub async fn start(raw: RawConfig) -> RunningDelivery {
    start_with(raw, false).await
}

/// The store on `raw`, with the demo catalog's products (no keys) when
/// `demo`, its clock stopped at now.
pub async fn start_with(raw: RawConfig, demo: bool) -> RunningDelivery {
    start_at(raw, demo, ManualClock::starting_now()).await
}

/// [`start_with`] on `clock` (a restart keeps the clock it was given).
pub async fn start_at(raw: RawConfig, demo: bool, clock: Arc<ManualClock>) -> RunningDelivery {
    let options = StoreOptions { raw, demo_catalog: demo, clock: Some(clock.clone()), ..StoreOptions::default() };
    let store = TestStore::with(options).await;
    RunningDelivery {
        clock,
        client: DeliveryServiceClient::new(store.channel_as(ServiceName::Delivery, Party::Order).await),
        staff: DeliveryServiceClient::new(store.staff_channel(ServiceName::Delivery, StaffRole::Manager).await),
        catalog_url: store.grpc_url(ServiceName::Catalog),
        service: store.delivery().clone(),
        bus: store.bus.clone(),
        store,
    }
}

/// The buyer every test order is held for.
pub const BUYER: &str = "buyer@example.com";

pub fn keys(prefix: &str, count: usize) -> Vec<pb::KeyLine> {
    (0..count).map(|index| pb::KeyLine { key: format!("{prefix}-{index:05}-ABCDE"), note: String::new() }).collect()
}

pub fn line(line_no: i64, sku: &str, quantity: i64) -> pb::ReserveLine {
    pb::ReserveLine { line_no, sku: sku.to_owned(), quantity }
}

impl RunningDelivery {
    pub async fn import(&mut self, sku: &str, keys: Vec<pb::KeyLine>) -> pb::ImportKeysResponse {
        self.staff
            .import_keys(pb::ImportKeysRequest { sku: sku.to_owned(), keys, ..Default::default() })
            .await
            .unwrap()
            .into_inner()
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
            .reserve(pb::ReserveRequest { order_no: order_no.to_owned(), lines, hold_seconds, email: BUYER.to_owned() })
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
        self.store.mails()
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
