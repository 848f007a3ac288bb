//! The delivery service: the key inventory, encrypted at rest; reservations
//! for checkouts; allocation when an order is paid; reveal with an audit log.

pub mod domain;
pub mod grpc;
pub mod master_key;
pub mod service;
pub mod store;

use std::sync::Arc;
use std::time::Duration;

use keyshop_core::clock::now_ms;
use keyshop_core::config::{Config, ServiceName};
use keyshop_core::db::{Backend, Db};
use keyshop_core::events::{OutboxRelay, OutboxWaker};
use keyshop_core::platform::Platform;
use keyshop_core::shutdown::Shutdown;
use keyshop_proto::delivery::v1::delivery_service_server::DeliveryServiceServer;
use secrecy::ExposeSecret;
use tokio::net::TcpListener;

use crate::grpc::DeliveryGrpc;
use crate::service::DeliveryService;

/// How often expired holds are looked for.
const EXPIRY_EVERY: Duration = Duration::from_secs(1);

#[derive(Debug, thiserror::Error)]
pub enum DeliveryError {
    #[error("delivery database: {0}")]
    Db(#[from] keyshop_core::db::DbError),
    #[error("delivery master keys: {0}")]
    MasterKey(#[from] master_key::MasterKeyError),
    #[error("delivery gRPC: {0}")]
    Transport(#[from] tonic::transport::Error),
}

/// A delivery service ready to serve: database open and migrated, master
/// keys loaded.
pub struct Delivery {
    pub service: Arc<DeliveryService>,
    db: Db,
    platform: Platform,
    waker: OutboxWaker,
    outbox_poll: Duration,
}

impl Delivery {
    pub async fn build(config: &Config, platform: &Platform) -> Result<Delivery, DeliveryError> {
        let db =
            Db::connect(config.service(ServiceName::Delivery).database_url.expose_secret(), &store::MIGRATIONS).await?;
        let vault = Arc::new(master_key::load(&config.delivery, db.backend() == Backend::Sqlite)?);
        let waker = OutboxWaker::default();
        let window = Duration::from_secs(config.delivery.payment_window_minutes * 60);
        let service = Arc::new(DeliveryService::new(db.clone(), vault, waker.clone(), window));
        Ok(Delivery {
            service,
            db,
            platform: platform.clone(),
            waker,
            outbox_poll: Duration::from_millis(config.outbox_poll_interval_ms),
        })
    }

    /// Serves gRPC on `listener` with its outbox relay and the worker that
    /// releases expired holds, until `shutdown`. Holds live in the database,
    /// so a restart loses none: the worker picks them up on its first pass.
    pub async fn serve(self, listener: TcpListener, shutdown: Shutdown) -> Result<(), DeliveryError> {
        let relay = OutboxRelay::new(self.db.clone(), self.platform.bus.clone(), self.waker.clone(), self.outbox_poll);
        let relay_task = tokio::spawn(relay.run(shutdown.clone()));
        let expiry = {
            let service = self.service.clone();
            let mut stop = shutdown.clone();
            tokio::spawn(async move {
                loop {
                    match service.release_expired(now_ms()).await {
                        Ok(0) => {}
                        Ok(released) => tracing::info!(released, "expired holds released"),
                        Err(error) => tracing::warn!(error = %error.detail, "releasing expired holds failed"),
                    }
                    tokio::select! {
                        () = stop.wait() => break,
                        () = tokio::time::sleep(EXPIRY_EVERY) => {}
                    }
                }
            })
        };

        let (health_reporter, health_service) = tonic_health::server::health_reporter();
        health_reporter.set_serving::<DeliveryServiceServer<DeliveryGrpc>>().await;
        let api = DeliveryServiceServer::new(DeliveryGrpc { service: self.service.clone() });
        let incoming = keyshop_core::grpc::incoming(listener);
        let mut stop = shutdown.clone();
        tonic::transport::Server::builder()
            .trace_fn(keyshop_core::grpc::server_span)
            .add_service(health_service)
            .add_service(api)
            .serve_with_incoming_shutdown(incoming, async move { stop.wait().await })
            .await?;
        for task in [relay_task, expiry] {
            if let Err(error) = task.await {
                tracing::warn!(error = %error, "delivery task ended abnormally");
            }
        }
        Ok(())
    }
}
