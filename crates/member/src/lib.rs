//! The member service: accounts, sessions, captcha, password reset, visits,
//! login history, profile, addresses, wishlist, notices, membership levels,
//! forms, newsletter and support tickets.

pub mod domain;
pub mod events;
pub mod grpc;
pub mod mail;
pub mod service;
pub mod store;

use std::sync::Arc;
use std::time::Duration;

use keyshop_core::config::{Config, ServiceName};
use keyshop_core::db::Db;
use keyshop_core::events::{Consumer, OutboxRelay, OutboxWaker, topics};
use keyshop_core::grpc::ContextInterceptor;
use keyshop_core::mail::Mailer;
use keyshop_core::platform::Platform;
use keyshop_core::shutdown::Shutdown;
use keyshop_proto::catalog::v1::catalog_service_client::CatalogServiceClient;
use keyshop_proto::member::v1::member_service_server::MemberServiceServer;
use secrecy::ExposeSecret;
use tokio::net::TcpListener;

use crate::events::{LEVELS_GROUP, OrderPaidHandler};
use crate::grpc::MemberGrpc;
use crate::service::{MemberService, MemberSettings};

/// Ended sessions are kept this long (for the session check's answer), then deleted.
const KEEP_ENDED_SESSIONS: Duration = Duration::from_secs(30 * 24 * 3600);
const PURGE_EVERY: Duration = Duration::from_secs(3600);

#[derive(Debug, thiserror::Error)]
pub enum MemberError {
    #[error("member database: {0}")]
    Db(#[from] keyshop_core::db::DbError),
    #[error("member mailer: {0}")]
    Mail(#[from] keyshop_core::mail::MailError),
    #[error("member gRPC: {0}")]
    Transport(#[from] tonic::transport::Error),
    #[error("member event consumer: {0}")]
    Bus(#[from] keyshop_core::events::BusError),
}

/// A member service ready to serve: database open and migrated, consumer
/// group joined.
pub struct Member {
    pub service: Arc<MemberService>,
    consumers: Vec<Consumer>,
    db: Db,
    platform: Platform,
    waker: OutboxWaker,
    outbox_poll: Duration,
}

impl Member {
    /// Opens the database (running migrations) and the mailer; the catalog is
    /// reached at `catalog_url` (lazily).
    pub async fn build(config: &Config, platform: &Platform, catalog_url: &str) -> Result<Member, MemberError> {
        let db =
            Db::connect(config.service(ServiceName::Member).database_url.expose_secret(), &store::MIGRATIONS).await?;
        let mailer = Arc::new(Mailer::from_config(&config.mail)?);
        let catalog =
            CatalogServiceClient::with_interceptor(keyshop_core::grpc::channel(catalog_url)?, ContextInterceptor);
        let waker = OutboxWaker::default();
        let settings = MemberSettings {
            session_ttl: Duration::from_secs(config.member.session_ttl_hours * 3600),
            captcha_test_code: config.member.captcha_test_code.clone(),
            public_url: config.public_url.clone(),
        };
        let service =
            Arc::new(MemberService::new(db.clone(), platform.cache.clone(), mailer, catalog, waker.clone(), settings));
        let handler = Arc::new(OrderPaidHandler { service: service.clone() });
        let consumers = vec![Consumer::join(platform.bus.as_ref(), LEVELS_GROUP, &[topics::ORDER], handler).await?];
        Ok(Member {
            service,
            consumers,
            db,
            platform: platform.clone(),
            waker,
            outbox_poll: Duration::from_millis(config.outbox_poll_interval_ms),
        })
    }

    /// Serves gRPC on `listener` with its outbox relay, consumer and session
    /// purge until `shutdown`.
    pub async fn serve(self, listener: TcpListener, shutdown: Shutdown) -> Result<(), MemberError> {
        let relay = OutboxRelay::new(self.db.clone(), self.platform.bus.clone(), self.waker.clone(), self.outbox_poll);
        let relay_task = tokio::spawn(relay.run(shutdown.clone()));
        let consumers: Vec<_> =
            self.consumers.into_iter().map(|consumer| tokio::spawn(consumer.run(shutdown.clone()))).collect();
        let purge = {
            let service = self.service.clone();
            let mut stop = shutdown.clone();
            tokio::spawn(async move {
                loop {
                    if let Err(error) = service.purge_sessions(KEEP_ENDED_SESSIONS).await {
                        tracing::warn!(error = %error.detail, "session purge failed");
                    }
                    tokio::select! {
                        () = stop.wait() => break,
                        () = tokio::time::sleep(PURGE_EVERY) => {}
                    }
                }
            })
        };

        let (health_reporter, health_service) = tonic_health::server::health_reporter();
        health_reporter.set_serving::<MemberServiceServer<MemberGrpc>>().await;
        let api = MemberServiceServer::new(MemberGrpc { service: self.service.clone() });
        let incoming = keyshop_core::grpc::incoming(listener);
        let mut stop = shutdown.clone();
        tonic::transport::Server::builder()
            .trace_fn(keyshop_core::grpc::server_span)
            .add_service(health_service)
            .add_service(api)
            .serve_with_incoming_shutdown(incoming, async move { stop.wait().await })
            .await?;
        for task in [relay_task, purge].into_iter().chain(consumers) {
            if let Err(error) = task.await {
                tracing::warn!(error = %error, "member task ended abnormally");
            }
        }
        Ok(())
    }
}
