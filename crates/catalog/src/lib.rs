//! The catalog service: languages, currencies and rates, site settings,
//! location suggestions, products with search, reviews, news, footer pages,
//! generated artwork and the stock projection.

pub mod content;
pub mod demo;
pub mod domain;
pub mod events;
pub mod geoip;
pub mod grpc;
pub mod images;
pub mod search;
pub mod service;
pub mod snapshot;
pub mod store;

use std::sync::Arc;
use std::time::Duration;

use keyshop_core::config::{Config, ServiceName};
use keyshop_core::db::Db;
use keyshop_core::events::{Consumer, EventWork, OutboxWaker, topics};
use keyshop_core::platform::Platform;
use keyshop_core::shutdown::Shutdown;
use keyshop_proto::catalog::v1::catalog_service_server::CatalogServiceServer;
use secrecy::ExposeSecret;
use tokio::net::TcpListener;
use tonic::server::NamedService;
use tonic::service::Routes;

use keyshop_core::identity::{Party, Verifier};

use crate::events::{BUYERS_GROUP, BuyerProjector, CACHE_GROUP, CacheInvalidator, STOCK_GROUP, StockProjector};
use crate::grpc::CatalogGrpc;
use crate::service::{CatalogDeps, CatalogService};

/// How long a reload waits for more changes to arrive first.
const REFRESH_SETTLE: Duration = Duration::from_millis(30);
/// The largest answer (an image file of the full-size screenshot).
pub const MAX_ANSWER_BYTES: usize = 16 * 1024 * 1024;
/// How often counted product views are written.
const VIEW_FLUSH_EVERY: Duration = Duration::from_secs(10);

#[derive(Debug, thiserror::Error)]
pub enum CatalogError {
    #[error("catalog database: {0}")]
    Db(#[from] keyshop_core::db::DbError),
    #[error("GeoIP database: {0}")]
    GeoIp(String),
    #[error("media store: {0}")]
    Media(String),
    #[error("catalog gRPC server: {0}")]
    Transport(#[from] tonic::transport::Error),
    #[error("catalog event consumer: {0}")]
    Bus(#[from] keyshop_core::events::BusError),
    #[error("catalog: {}", .0.detail)]
    Open(#[from] keyshop_core::error::AppError),
}

/// A catalog ready to serve: database open and migrated, consumer groups
/// joined (events published from now on wait for [`Catalog::serve`]).
pub struct Catalog {
    pub service: Arc<CatalogService>,
    events: EventWork,
    verifier: Verifier,
}

impl Catalog {
    /// Opens the catalog's database (running migrations) and its GeoIP file.
    pub async fn build(config: &Config, platform: &Platform) -> Result<Catalog, CatalogError> {
        let db =
            Db::connect(config.service(ServiceName::Catalog).database_url.expose_secret(), &store::MIGRATIONS).await?;
        let geoip = match &config.geoip_database {
            Some(path) => Some(Arc::new(geoip::GeoIp::open(path).map_err(CatalogError::GeoIp)?)),
            None => None,
        };
        let waker = OutboxWaker::default();
        let service = Arc::new(
            CatalogService::open(CatalogDeps {
                db: db.clone(),
                clock: platform.clock.clone(),
                cache: platform.cache.clone(),
                throttle: platform.throttle.clone(),
                waker: waker.clone(),
                geoip,
                media: keyshop_core::media_store::MediaStore::open(&config.media_store_url)
                    .map_err(CatalogError::Media)?
                    .in_folder("products"),
            })
            .await?,
        );
        let bus = platform.bus.as_ref();
        let invalidator = Arc::new(CacheInvalidator { service: service.clone() });
        let projector = Arc::new(StockProjector { service: service.clone() });
        let buyers = Arc::new(BuyerProjector { service: service.clone() });
        let consumers = vec![
            Consumer::join(bus, CACHE_GROUP, &[topics::CATALOG], invalidator).await?,
            Consumer::join(bus, STOCK_GROUP, &[topics::DELIVERY], projector).await?,
            Consumer::join(bus, BUYERS_GROUP, &[topics::ORDER], buyers).await?,
        ];
        let verifier = platform.identity.verifier(Party::Catalog);
        Ok(Catalog {
            service,
            events: EventWork::new(ServiceName::Catalog, config, platform, db, waker, consumers),
            verifier,
        })
    }

    /// Serves gRPC on `listener` with its outbox relay and event consumers
    /// until `shutdown`; then finishes calls in flight and flushes the outbox.
    pub async fn serve(self, listener: TcpListener, shutdown: Shutdown) -> Result<(), CatalogError> {
        let mut tasks = self.events.start(&shutdown);
        let service = self.service.clone();
        let refresher_stop = shutdown.clone();
        tasks.push(tokio::spawn(async move {
            service.run_refresher(REFRESH_SETTLE, VIEW_FLUSH_EVERY, refresher_stop).await;
        }));
        // An image upload is up to 8 MiB (the gateway refuses more).
        let api = CatalogServiceServer::new(CatalogGrpc { service: self.service.clone() })
            .max_decoding_message_size(images::MAX_UPLOAD_BYTES + 64 * 1024)
            .max_encoding_message_size(MAX_ANSWER_BYTES);
        let name = <CatalogServiceServer<CatalogGrpc> as NamedService>::NAME;
        let db = self.service.db().clone();
        keyshop_core::grpc::serve_routes(name, Routes::new(api), listener, shutdown, tasks, db, self.verifier).await?;
        Ok(())
    }
}
