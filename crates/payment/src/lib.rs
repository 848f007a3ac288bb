//! The payment service: payment methods per currency, payment sessions with
//! an expiry window, providers behind one trait (the built-in sandbox,
//! Stripe, PayPal), webhooks checked by signature and de-duplicated. (Its
//! rules, storage, use cases and gRPC come first; the providers follow.)

pub mod domain;
pub mod grpc;
pub mod service;
pub mod store;

use std::sync::Arc;
use std::time::Duration;

use keyshop_core::clock::now_ms;
use keyshop_core::config::{Config, ServiceName};
use keyshop_core::db::Db;
use keyshop_core::events::{OutboxRelay, OutboxWaker};
use keyshop_core::platform::Platform;
use keyshop_core::shutdown::Shutdown;
use keyshop_proto::payment::v1::payment_service_server::PaymentServiceServer;
use secrecy::ExposeSecret;
use tokio::net::TcpListener;

use crate::grpc::PaymentGrpc;
use crate::service::PaymentService;

/// How often sessions past their window are expired.
const EXPIRE_EVERY: Duration = Duration::from_secs(1);

#[derive(Debug, thiserror::Error)]
pub enum PaymentError {
    #[error("payment database: {0}")]
    Db(#[from] keyshop_core::db::DbError),
    #[error("payment gRPC: {0}")]
    Transport(#[from] tonic::transport::Error),
}

/// A payment service ready to serve: database open and migrated.
pub struct Payment {
    pub service: Arc<PaymentService>,
    db: Db,
    platform: Platform,
    waker: OutboxWaker,
    outbox_poll: Duration,
}

impl Payment {
    pub async fn build(config: &Config, platform: &Platform) -> Result<Payment, PaymentError> {
        let db =
            Db::connect(config.service(ServiceName::Payment).database_url.expose_secret(), &store::MIGRATIONS).await?;
        let waker = OutboxWaker::default();
        let window = Duration::from_secs(config.delivery.payment_window_minutes * 60);
        let service =
            Arc::new(PaymentService::new(db.clone(), waker.clone(), config.payment.providers.clone(), window));
        Ok(Payment {
            service,
            db,
            platform: platform.clone(),
            waker,
            outbox_poll: Duration::from_millis(config.outbox_poll_interval_ms),
        })
    }

    /// Serves gRPC on `listener` with its outbox relay and the worker that
    /// expires sessions past their window, until `shutdown`.
    pub async fn serve(self, listener: TcpListener, shutdown: Shutdown) -> Result<(), PaymentError> {
        let relay = OutboxRelay::new(self.db.clone(), self.platform.bus.clone(), self.waker.clone(), self.outbox_poll);
        let relay_task = tokio::spawn(relay.run(shutdown.clone()));
        let expiry = {
            let service = self.service.clone();
            let mut stop = shutdown.clone();
            tokio::spawn(async move {
                loop {
                    if let Err(error) = service.expire_due(now_ms()).await {
                        tracing::warn!(error = %error.detail, "expiring payment sessions failed");
                    }
                    tokio::select! {
                        () = stop.wait() => break,
                        () = tokio::time::sleep(EXPIRE_EVERY) => {}
                    }
                }
            })
        };

        let (health_reporter, health_service) = tonic_health::server::health_reporter();
        health_reporter.set_serving::<PaymentServiceServer<PaymentGrpc>>().await;
        let api = PaymentServiceServer::new(PaymentGrpc { service: self.service.clone() });
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
                tracing::warn!(error = %error, "payment task ended abnormally");
            }
        }
        Ok(())
    }
}
