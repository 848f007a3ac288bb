#![allow(dead_code)] // each test file uses part of the support

//! Starts the real catalog (database, gRPC server, outbox relay, consumers)
//! on a loopback port for a test, and stops it when dropped.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::Duration;

use std::sync::Arc;

use keyshop_catalog::Catalog;
use keyshop_catalog::service::CatalogService;
use keyshop_core::config::{Config, RawConfig};
use keyshop_core::events::EventBus;
use keyshop_core::identity::{Keyring, Party, StaffRole};
use keyshop_core::platform::Platform;
use keyshop_core::shutdown::{self, ShutdownTrigger};
use keyshop_proto::catalog::v1::catalog_service_client::CatalogServiceClient;
use keyshop_testkit::identity::{Asserting, staff};
use keyshop_testkit::{Signed, TestDb};
use tonic::service::interceptor::InterceptedService;
use tonic::transport::Channel;

pub struct RunningCatalog {
    /// The catalog as the gateway calls it for a manager (who may also
    /// change what only staff change).
    pub client: CatalogServiceClient<Signed>,
    pub service: Arc<CatalogService>,
    pub bus: Arc<dyn EventBus>,
    pub test_db: TestDb,
    /// Where uploaded images are written.
    pub media_dir: tempfile::TempDir,
    trigger: ShutdownTrigger,
}

impl Drop for RunningCatalog {
    fn drop(&mut self) {
        self.trigger.trigger();
    }
}

pub fn config_for(test_db: &TestDb) -> Config {
    let raw = RawConfig {
        catalog_database_url: Some(test_db.url.clone()),
        outbox_poll_interval_ms: Some(20),
        media_store_url: Some("memory://".to_owned()),
        ..RawConfig::default()
    };
    Config::from_raw(raw).expect("test configuration")
}

pub async fn start(test_db: TestDb) -> RunningCatalog {
    start_with(test_db, false).await
}

/// A catalog holding the demo products, reviews and news.
pub async fn start_seeded(test_db: TestDb) -> RunningCatalog {
    start_with(test_db, true).await
}

async fn start_with(test_db: TestDb, demo: bool) -> RunningCatalog {
    let media_dir = tempfile::tempdir().expect("media folder");
    let mut config = config_for(&test_db);
    config.media_store_url = format!("file://{}", media_dir.path().display());
    let mut platform = Platform::from_config(&config).expect("platform");
    platform.identity = Keyring::generate();
    let catalog = Catalog::build(&config, &platform).await.expect("catalog builds");
    if demo {
        keyshop_catalog::demo::seed(&catalog.service).await.expect("demo seed");
    }
    let service = catalog.service.clone();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let address = listener.local_addr().expect("address");
    let (trigger, shutdown) = shutdown::channel();
    tokio::spawn(catalog.serve(listener, shutdown));
    let channel = Channel::from_shared(format!("http://{address}"))
        .expect("url")
        .connect_timeout(Duration::from_secs(5))
        .connect()
        .await
        .expect("catalog answers");
    let signer = platform.identity.signer(Party::Gateway).expect("the gateway's key");
    let manager = Asserting { signer, audience: Party::Catalog, staff: Some(staff(StaffRole::Manager)) };
    let client = CatalogServiceClient::new(InterceptedService::new(channel, manager));
    RunningCatalog { client, service, bus: platform.bus.clone(), test_db, media_dir, trigger }
}
