//! The delivery service: the key inventory, encrypted at rest; reservations
//! for checkouts; allocation when an order is paid; reveal with an audit log.

pub mod demo;
pub mod domain;
pub mod events;
pub mod grpc;
pub mod mail;
pub mod master_key;
pub mod ports;
pub mod service;
pub mod store;

use std::sync::Arc;
use std::time::Duration;

use keyshop_core::config::{Config, ServiceName};
use keyshop_core::db::{Backend, Db};
use keyshop_core::events::{Consumer, EventWork, OutboxWaker, topics};
use keyshop_core::identity::{Party, Verifier};
use keyshop_core::mail::Mailer;
use keyshop_core::platform::Platform;
use keyshop_core::shutdown::{Shutdown, every};
use keyshop_proto::catalog::v1::catalog_service_client::CatalogServiceClient;
use keyshop_proto::delivery::v1::delivery_service_server::DeliveryServiceServer;
use keyshop_proto::order::v1::order_service_client::OrderServiceClient;
use secrecy::ExposeSecret;
use tokio::net::TcpListener;
use tokio::sync::{Semaphore, mpsc};
use tonic::server::NamedService;
use tonic::service::Routes;

use crate::events::{DELIVERY_GROUP, OrderPaidHandler};
use crate::grpc::DeliveryGrpc;
use crate::service::{DeliveryService, Dispatcher, QueuedMail, SENDING_AT_ONCE};

/// How often the workers look for expired holds, due e-mails and orders
/// waiting for stock.
const WORK_EVERY: Duration = Duration::from_millis(500);
/// How long an e-mail queued by this process is left to its sender before
/// the scan of the database takes it too (a lease keeps it to one of them).
const SCAN_GRACE_MS: i64 = 5_000;

#[derive(Debug, thiserror::Error)]
pub enum DeliveryError {
    #[error("delivery database: {0}")]
    Db(#[from] keyshop_core::db::DbError),
    #[error("delivery master keys: {0}")]
    MasterKey(#[from] master_key::MasterKeyError),
    #[error("delivery mailer: {0}")]
    Mail(#[from] keyshop_core::mail::MailError),
    #[error("delivery gRPC: {0}")]
    Transport(#[from] tonic::transport::Error),
    #[error("delivery: the catalog's gRPC URL {0}")]
    PeerUrl(#[from] keyshop_core::grpc::TargetError),
    #[error("{0}")]
    Identity(#[from] keyshop_core::identity::KeyringError),
    #[error("delivery event consumer: {0}")]
    Bus(#[from] keyshop_core::events::BusError),
}

/// A delivery service ready to serve: database open and migrated, master
/// keys loaded.
pub struct Delivery {
    pub service: Arc<DeliveryService>,
    dispatcher: Arc<Dispatcher>,
    /// The catalog, for the demo's key stock.
    catalog: ports::CatalogClient,
    events: EventWork,
    verifier: Verifier,
}

/// Where the delivery service reaches the services it asks.
pub struct PeerUrls<'a> {
    pub catalog: &'a str,
    pub order: &'a str,
}

impl Delivery {
    /// Opens the database (running migrations), the master keys and the
    /// mailer, and joins the consumer group; the catalog (for activation
    /// guides) is reached at `peers.catalog`, the order service (for the
    /// e-mail's link) at `peers.order`, lazily.
    pub async fn build(config: &Config, platform: &Platform, peers: &PeerUrls<'_>) -> Result<Delivery, DeliveryError> {
        let db =
            Db::connect(config.service(ServiceName::Delivery).database_url.expose_secret(), &store::MIGRATIONS).await?;
        let vault = Arc::new(master_key::load(&config.delivery, db.backend() == Backend::Sqlite)?);
        let waker = OutboxWaker::default();
        let window = config.delivery.payment_window;
        let service = Arc::new(DeliveryService::new(db.clone(), platform.clock.clone(), vault, waker.clone(), window));
        let signer = platform.signer(Party::Delivery)?;
        let catalog = CatalogServiceClient::new(keyshop_core::grpc::client(&signer, Party::Catalog, peers.catalog)?);
        let order = OrderServiceClient::new(keyshop_core::grpc::client(&signer, Party::Order, peers.order)?);
        let dispatcher = Arc::new(Dispatcher {
            service: service.clone(),
            mailer: Arc::new(Mailer::from_config(&config.mail)?),
            guides: Arc::new(ports::CatalogGuides::new(catalog.clone())),
            links: Arc::new(ports::GrpcOrderLinks { client: order }),
        });
        let handler = Arc::new(OrderPaidHandler { service: service.clone() });
        let consumers = vec![Consumer::join(platform.bus.as_ref(), DELIVERY_GROUP, &[topics::ORDER], handler).await?];
        Ok(Delivery {
            service,
            dispatcher,
            catalog,
            events: EventWork::new(ServiceName::Delivery, config, platform, db, waker, consumers),
            verifier: platform.identity.verifier(Party::Delivery),
        })
    }

    /// Demo key stock for the demo catalog (`serve --demo`), into an empty
    /// inventory; how many products got keys.
    pub async fn seed_demo(&self) -> Result<usize, keyshop_core::error::AppError> {
        demo::seed(&self.service, self.catalog.clone()).await
    }

    /// Serves gRPC on `listener` with its outbox relay, its consumer and the
    /// worker that releases expired holds, sends due e-mails and fills orders
    /// waiting for stock, until `shutdown`. All of that lives in the
    /// database, so a restart loses none: the worker picks it up at once.
    pub async fn serve(self, listener: TcpListener, shutdown: Shutdown) -> Result<(), DeliveryError> {
        let mut tasks = self.events.start(&shutdown);
        let (service, dispatcher) = (self.service.clone(), self.dispatcher.clone());
        tasks.push(every(WORK_EVERY, shutdown.clone(), move || {
            let service = service.clone();
            async move { work_once(&service).await }
        }));
        tasks.push(tokio::spawn(send_when_due(dispatcher, shutdown.clone())));
        let api = DeliveryServiceServer::new(DeliveryGrpc { service: self.service.clone() });
        let name = <DeliveryServiceServer<DeliveryGrpc> as NamedService>::NAME;
        let db = self.service.db().clone();
        keyshop_core::grpc::serve_routes(name, Routes::new(api), listener, shutdown, tasks, db, self.verifier).await?;
        Ok(())
    }
}

/// One pass of the delivery worker; failures are logged and retried next pass.
async fn work_once(service: &DeliveryService) {
    match service.release_expired(service.clock().now_ms()).await {
        Ok(0) => {}
        Ok(released) => tracing::info!(released, "expired holds released"),
        Err(error) => tracing::warn!(error = %error.detail, "releasing expired holds failed"),
    }
    if let Err(error) = service.fill_waiting(service.clock().now_ms()).await {
        tracing::warn!(error = %error.detail, "filling orders waiting for stock failed");
    }
}

/// Sends each delivery e-mail this process queues as soon as it is queued,
/// [`SENDING_AT_ONCE`] at a time (one finishing lets the next start), and
/// every [`WORK_EVERY`] those the database holds overdue by [`SCAN_GRACE_MS`]
/// (retries after a failure, e-mails a stopped process left; at start every
/// due one), until `shutdown`.
async fn send_when_due(dispatcher: Arc<Dispatcher>, mut shutdown: Shutdown) {
    let mut queued = dispatcher.service.take_mail_queue();
    let sending = Arc::new(Semaphore::new(SENDING_AT_ONCE));
    let mut scan = tokio::time::interval(WORK_EVERY);
    let mut grace_ms = 0;
    loop {
        tokio::select! {
            Some(mail) = next_queued(&mut queued) => {
                let permit = tokio::select! {
                    permit = sending.clone().acquire_owned() => permit,
                    () = shutdown.wait() => return,
                };
                let Ok(permit) = permit else { return };
                let dispatcher = dispatcher.clone();
                tokio::spawn(async move {
                    let _permit = permit;
                    let now = dispatcher.service.clock().now_ms();
                    if let Err(error) = dispatcher.send_queued(mail, now).await {
                        tracing::warn!(error = %error.detail, "sending a delivery e-mail failed");
                    }
                });
            }
            _ = scan.tick() => {
                let now = dispatcher.service.clock().now_ms();
                if let Err(error) = dispatcher.send_overdue(now - grace_ms, now).await {
                    tracing::warn!(error = %error.detail, "sending delivery e-mails failed");
                }
                grace_ms = SCAN_GRACE_MS;
            }
            () = shutdown.wait() => return,
        }
    }
}

/// The next e-mail this process queued (never, without the queue).
async fn next_queued(queue: &mut Option<mpsc::UnboundedReceiver<QueuedMail>>) -> Option<QueuedMail> {
    match queue {
        Some(queue) => queue.recv().await,
        None => std::future::pending().await,
    }
}
