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
use keyshop_core::events::{Consumer, EventWork, OutboxWaker, topics};
use keyshop_core::identity::{Party, Verifier};
use keyshop_core::mail::Mailer;
use keyshop_core::platform::Platform;
use keyshop_core::shutdown::{Shutdown, every};
use keyshop_proto::catalog::v1::catalog_service_client::CatalogServiceClient;
use keyshop_proto::member::v1::chat_service_server::ChatServiceServer;
use keyshop_proto::member::v1::member_service_server::MemberServiceServer;
use keyshop_proto::member::v1::staff_service_server::StaffServiceServer;
use secrecy::ExposeSecret;
use tokio::net::TcpListener;
use tonic::server::NamedService;
use tonic::service::Routes;

use crate::events::{AUDIT_GROUP, AuditRecorder, LEVELS_GROUP, OrderPaidHandler};
use crate::grpc::MemberGrpc;
use crate::grpc::chat::ChatGrpc;
use crate::grpc::staff::StaffGrpc;
use crate::service::{MemberDeps, MemberService, MemberSettings};

/// Ended sessions are kept this long (for the session check's answer), then deleted.
const KEEP_ENDED_SESSIONS: Duration = Duration::from_secs(30 * 24 * 3600);
const PURGE_EVERY: Duration = Duration::from_secs(3600);
/// How often the newsletter sender looks for an issue started elsewhere
/// (one started here wakes it at once).
const NEWSLETTER_POLL: Duration = Duration::from_secs(15);

#[derive(Debug, thiserror::Error)]
pub enum MemberError {
    #[error("member database: {0}")]
    Db(#[from] keyshop_core::db::DbError),
    #[error("member mailer: {0}")]
    Mail(#[from] keyshop_core::mail::MailError),
    #[error("member gRPC: {0}")]
    Transport(#[from] tonic::transport::Error),
    #[error("member: the catalog's gRPC URL {0}")]
    PeerUrl(#[from] keyshop_core::grpc::TargetError),
    #[error("{0}")]
    Identity(#[from] keyshop_core::identity::KeyringError),
    #[error("member event consumer: {0}")]
    Bus(#[from] keyshop_core::events::BusError),
    #[error("member media store: {0}")]
    Media(String),
}

/// A member service ready to serve: database open and migrated, consumer
/// group joined.
pub struct Member {
    pub service: Arc<MemberService>,
    events: EventWork,
    verifier: Verifier,
}

impl Member {
    /// Opens the database (running migrations) and the mailer; the catalog is
    /// reached at `catalog_url` (lazily).
    pub async fn build(config: &Config, platform: &Platform, catalog_url: &str) -> Result<Member, MemberError> {
        let db =
            Db::connect(config.service(ServiceName::Member).database_url.expose_secret(), &store::MIGRATIONS).await?;
        let mailer = Arc::new(Mailer::from_config(&config.mail)?);
        let catalog = CatalogServiceClient::new(keyshop_core::grpc::client(
            &platform.signer(Party::Member)?,
            Party::Catalog,
            catalog_url,
        )?);
        let waker = OutboxWaker::default();
        let settings = MemberSettings {
            session_ttl: config.member.session_ttl,
            captcha_test_code: config.member.captcha_test_code.clone(),
            public_url: config.public_url.clone(),
            staff_sessions: domain::staff::SessionRules {
                idle: config.member.staff_session_idle,
                lifetime: config.member.staff_session_lifetime,
            },
        };
        let deps = MemberDeps {
            db: db.clone(),
            clock: platform.clock.clone(),
            cache: platform.cache.clone(),
            throttle: platform.throttle.clone(),
            mailer,
            catalog,
            waker: waker.clone(),
            chat_fanout: platform.chat_fanout.clone(),
            media: keyshop_core::media_store::MediaStore::open(&config.media_store_url)
                .map_err(MemberError::Media)?
                .in_folder("chat"),
        };
        let service = Arc::new(MemberService::new(deps, settings));
        let handler = Arc::new(OrderPaidHandler { service: service.clone() });
        let recorder = Arc::new(AuditRecorder { service: service.clone() });
        let consumers = vec![
            Consumer::join(platform.bus.as_ref(), LEVELS_GROUP, &[topics::ORDER], handler).await?,
            Consumer::join(platform.bus.as_ref(), AUDIT_GROUP, &[topics::AUDIT], recorder).await?,
        ];
        let verifier = platform.identity.verifier(Party::Member);
        Ok(Member {
            service,
            events: EventWork::new(ServiceName::Member, config, platform, db, waker, consumers),
            verifier,
        })
    }

    /// Serves gRPC on `listener` with its outbox relay, consumer, session
    /// purge and newsletter sender until `shutdown`.
    pub async fn serve(self, listener: TcpListener, shutdown: Shutdown) -> Result<(), MemberError> {
        let mut tasks = self.events.start(&shutdown);
        let service = self.service.clone();
        tasks.push(every(PURGE_EVERY, shutdown.clone(), move || {
            let service = service.clone();
            async move {
                if let Err(error) = service.purge_sessions(KEEP_ENDED_SESSIONS).await {
                    tracing::warn!(error = %error.detail, "session purge failed");
                }
            }
        }));
        let service = self.service.clone();
        let (mut stop, between) = (shutdown.clone(), shutdown.clone());
        tasks.push(tokio::spawn(async move {
            // Stopping mid-copy leaves that copy claimed: never sent twice.
            loop {
                tokio::select! {
                    () = stop.wait() => break,
                    () = service.drain_newsletters(&between) => {}
                }
                tokio::select! {
                    () = stop.wait() => break,
                    () = service.newsletter_started(NEWSLETTER_POLL) => {}
                }
            }
        }));
        let api = MemberServiceServer::new(MemberGrpc { service: self.service.clone() });
        let staff = StaffServiceServer::new(StaffGrpc { service: self.service.clone() });
        let name = <MemberServiceServer<MemberGrpc> as NamedService>::NAME;
        let db = self.service.db().clone();
        let chat = ChatServiceServer::new(ChatGrpc { service: self.service.clone(), shutdown: shutdown.clone() });
        let routes = Routes::new(api).add_service(staff).add_service(chat);
        keyshop_core::grpc::serve_routes(name, routes, listener, shutdown, tasks, db, self.verifier).await?;
        Ok(())
    }
}
