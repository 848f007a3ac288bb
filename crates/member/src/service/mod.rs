//! The member service's use cases: rules from `domain`, storage from `store`,
//! plus the cache (captchas, throttles), the mailer and the catalog.

mod addresses;
pub mod auth;
mod captcha;
pub mod chat;
pub mod chat_desk;
pub mod chat_router;
mod customers;
mod forms;
pub mod forms_inbox;
mod levels;
mod newsletter;
pub mod newsletter_issues;
mod notices;
mod points;
mod profile;
mod reset;
pub mod staff;
mod tickets;
mod visits;
mod wishlist;

use std::sync::Arc;
use std::time::Duration;

use keyshop_core::cache::Cache;
use keyshop_core::clock::SharedClock;
use keyshop_core::db::{Db, DbError};
use keyshop_core::error::{AppError, ErrorCode};
use keyshop_core::events::OutboxWaker;
use keyshop_core::mail::Mailer;
use keyshop_core::paging::Paging;
use keyshop_core::throttle::Throttle;
use keyshop_proto::catalog::v1::catalog_service_client::CatalogServiceClient;
use secrecy::SecretString;

pub use auth::SessionState;
pub use customers::{Customer, CustomerFile};

use crate::domain::secret;
use crate::domain::throttle::Limit;
use crate::store;
use crate::store::sessions::SessionView;

pub type CatalogClient = CatalogServiceClient<keyshop_core::grpc::Intercepted>;

/// Settings of the member service, from the configuration.
#[derive(Clone)]
pub struct MemberSettings {
    pub session_ttl: Duration,
    pub captcha_test_code: Option<SecretString>,
    /// Where shoppers reach the store, for links in e-mails.
    pub public_url: String,
    /// How long staff sessions live.
    pub staff_sessions: crate::domain::staff::SessionRules,
}

/// Who a request comes from: address, browser and UI language.
#[derive(Debug, Clone, Default)]
pub struct ClientInfo {
    pub ip: String,
    pub user_agent: String,
    pub language: String,
}

impl ClientInfo {
    /// What per-address throttles count under (an IPv6 address by its /64).
    pub fn address_bucket(&self) -> String {
        keyshop_core::throttle::address_bucket(&self.ip)
    }
}

/// The signed-in member a call acts for.
#[derive(Debug, Clone)]
pub struct Caller {
    pub session_id: i64,
    pub member_id: i64,
    pub email: String,
    pub full_name: String,
    pub level_id: i64,
}

pub struct MemberService {
    db: Db,
    clock: SharedClock,
    cache: Arc<dyn Cache>,
    throttle: Arc<dyn Throttle>,
    mailer: Arc<Mailer>,
    catalog: CatalogClient,
    waker: OutboxWaker,
    /// Live chat's events to the followers of every replica.
    chat_fanout: Arc<keyshop_core::fanout::Fanout>,
    /// The fan-out's events, to the followers of each conversation.
    chat_router: Arc<chat_router::ChatRouter>,
    /// Shoppers' chat attachments.
    media: keyshop_core::media_store::MediaStore,
    settings: MemberSettings,
    /// Wakes the newsletter sender when an issue starts here.
    newsletter_wake: Arc<tokio::sync::Notify>,
}

/// The peers and stores a member service works with.
pub struct MemberDeps {
    pub db: Db,
    pub clock: SharedClock,
    pub cache: Arc<dyn Cache>,
    pub throttle: Arc<dyn Throttle>,
    pub mailer: Arc<Mailer>,
    pub catalog: CatalogClient,
    pub waker: OutboxWaker,
    pub chat_fanout: Arc<keyshop_core::fanout::Fanout>,
    pub media: keyshop_core::media_store::MediaStore,
}

impl MemberService {
    pub fn new(deps: MemberDeps, settings: MemberSettings) -> MemberService {
        if settings.captcha_test_code.is_some() {
            tracing::warn!("KEYSHOP_CAPTCHA_TEST_CODE is set: the captcha accepts a fixed code (tests only)");
        }
        let MemberDeps { db, clock, cache, throttle, mailer, catalog, waker, chat_fanout, media } = deps;
        let newsletter_wake = Arc::new(tokio::sync::Notify::new());
        let chat_router = chat_router::ChatRouter::start(&chat_fanout);
        MemberService {
            db,
            clock,
            cache,
            throttle,
            mailer,
            catalog,
            waker,
            chat_fanout,
            chat_router,
            media,
            settings,
            newsletter_wake,
        }
    }

    pub fn db(&self) -> &Db {
        &self.db
    }

    /// The live session of `token`: 401 when there is none, 403 when the
    /// account is disabled.
    pub async fn caller(&self, token: Option<&str>) -> Result<Caller, AppError> {
        let session = self.find_session(token).await?.ok_or_else(|| AppError::of(ErrorCode::Unauthenticated))?;
        if session.disabled {
            return Err(AppError::new(ErrorCode::Forbidden, "api.member.disabled"));
        }
        if session.revoked_at.is_some() || session.expires_at <= self.clock.now_ms() {
            return Err(AppError::of(ErrorCode::Unauthenticated));
        }
        Ok(Caller {
            session_id: session.session_id,
            member_id: session.member_id,
            email: session.email,
            full_name: session.full_name,
            level_id: session.level_id,
        })
    }

    /// The session row of `token` whatever its state; `None` for an unknown
    /// or malformed token.
    async fn find_session(&self, token: Option<&str>) -> Result<Option<SessionView>, AppError> {
        let Some(token) = token.filter(|token| secret::is_token_shaped(token)) else { return Ok(None) };
        let hash = secret::digest(token);
        Ok(self.db.run(move |conn| store::sessions::find(conn, &hash).map_err(DbError::from)).await?)
    }

    /// Counts one more action against `limit` under `key`; 429 with the
    /// retry time when it is over.
    async fn throttle(&self, key: &str, limit: Limit, msg_key: &str) -> Result<(), AppError> {
        let (count, left) = self.throttle.hit(key, limit.window).await;
        if limit.allows(count) { Ok(()) } else { Err(AppError::rate_limited(msg_key, left)) }
    }

    fn wake_outbox(&self) {
        self.waker.wake();
    }
}

/// `(offset, limit)` of a page, checked.
fn page_window(page: i64, limit: i64) -> Result<(Paging, i64, i64), AppError> {
    let paging = Paging::parse(page, limit)?;
    Ok((paging, paging.offset() as i64, i64::from(paging.limit)))
}

/// A not-found error for a record the caller does not own or that does not exist.
fn not_yours() -> AppError {
    AppError::not_found("api.error.notFound")
}

fn random_failed(error: secret::RandomError) -> AppError {
    AppError::internal(error)
}
