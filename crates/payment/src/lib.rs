//! The payment service: payment methods per currency, payment sessions with
//! an expiry window, providers behind one trait (the built-in sandbox,
//! Stripe, PayPal), webhooks checked by signature and de-duplicated.

pub mod domain;
pub mod grpc;
pub mod providers;
pub mod service;
pub mod store;

use std::sync::Arc;
use std::time::Duration;

use keyshop_core::config::{Config, ServiceName};
use keyshop_core::db::Db;
use keyshop_core::events::{EventWork, OutboxWaker};
use keyshop_core::platform::Platform;
use keyshop_core::shutdown::{Shutdown, every};
use keyshop_proto::payment::v1::payment_service_server::PaymentServiceServer;
use secrecy::{ExposeSecret, SecretString};
use tokio::net::TcpListener;
use tonic::server::NamedService;
use tonic::service::Routes;

use keyshop_core::identity::{Party, Verifier};

use crate::grpc::PaymentGrpc;
use crate::providers::Providers;
use crate::service::PaymentService;

/// How often sessions past their window are expired.
const EXPIRE_EVERY: Duration = Duration::from_secs(1);

#[derive(Debug, thiserror::Error)]
pub enum PaymentError {
    #[error("payment database: {0}")]
    Db(#[from] keyshop_core::db::DbError),
    #[error("payment gRPC: {0}")]
    Transport(#[from] tonic::transport::Error),
    #[error("payment: no randomness for the sandbox secret: {0}")]
    Secret(#[from] keyshop_core::secret::RandomError),
    #[error("payment providers: {0}")]
    Provider(#[from] providers::ProviderError),
    #[error(
        "no payment provider: set PAYMENT_PROVIDERS (stripe, paypal; the sandbox for tests and demos, \
         or run keyshop serve --demo)"
    )]
    NoProvider,
}

/// A payment service ready to serve: database open and migrated.
pub struct Payment {
    pub service: Arc<PaymentService>,
    events: EventWork,
    verifier: Verifier,
}

impl Payment {
    pub async fn build(config: &Config, platform: &Platform) -> Result<Payment, PaymentError> {
        if config.payment.providers.is_empty() {
            return Err(PaymentError::NoProvider);
        }
        let db =
            Db::connect(config.service(ServiceName::Payment).database_url.expose_secret(), &store::MIGRATIONS).await?;
        let waker = OutboxWaker::default();
        let window = config.delivery.payment_window;
        let sandbox_secret = match &config.payment.sandbox_webhook_secret {
            Some(secret) => secret.clone(),
            None => SecretString::from(keyshop_core::secret::new_token()?),
        };
        let providers = Providers::from_config(&config.payment, sandbox_secret, &platform.clock)?;
        let public_url = config.public_url.clone();
        let service = Arc::new(PaymentService::new(
            db.clone(),
            platform.clock.clone(),
            waker.clone(),
            providers,
            window,
            public_url,
        ));
        let verifier = platform.identity.verifier(Party::Payment);
        let events = EventWork::new(ServiceName::Payment, config, platform, db, waker, Vec::new());
        Ok(Payment { service, events, verifier })
    }

    /// Serves gRPC on `listener` with its outbox relay and the worker that
    /// expires sessions past their window, until `shutdown`.
    pub async fn serve(self, listener: TcpListener, shutdown: Shutdown) -> Result<(), PaymentError> {
        let service = self.service.clone();
        let mut tasks = self.events.start(&shutdown);
        tasks.push(every(EXPIRE_EVERY, shutdown.clone(), move || {
            let service = service.clone();
            async move {
                if let Err(error) = service.expire_due(service.clock().now_ms()).await {
                    tracing::warn!(error = %error.detail, "expiring payment sessions failed");
                }
            }
        }));
        let api = PaymentServiceServer::new(PaymentGrpc { service: self.service.clone() });
        let name = <PaymentServiceServer<PaymentGrpc> as NamedService>::NAME;
        let db = self.service.db().clone();
        keyshop_core::grpc::serve_routes(name, Routes::new(api), listener, shutdown, tasks, db, self.verifier).await?;
        Ok(())
    }
}
