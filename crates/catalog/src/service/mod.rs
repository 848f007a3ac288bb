//! The catalog's use cases. gRPC, the CLI and the event consumers call these;
//! rules live in `domain`, SQL in `store`. One file per area: settings and
//! currencies here, then products, reviews, news, pages, media and stock.

mod media;
mod news;
mod pages;
pub mod products;
mod reviews;
pub mod staff_content;
pub mod staff_products;
pub mod stock;

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use sha2::{Digest, Sha256};
use tokio::sync::Notify;

use keyshop_core::audit::{self, Actor, AuditAction};
use keyshop_core::cache::{Cache, Memo, MemoryCache};
use keyshop_core::clock::SharedClock;
use keyshop_core::db::{Db, DbError};
use keyshop_core::error::AppError;
use keyshop_core::events::{Event, OutboxWaker, outbox};
use keyshop_core::identity::Party;
use keyshop_core::throttle::{MemoryThrottle, Throttle};
use keyshop_proto::events::v1::{CurrencyRateChanged, SettingChanged};

use crate::domain::currency::{self, Currency, RateChange};
use crate::domain::language::Language;
use crate::domain::location::{self, Suggestion};
use crate::domain::setting::{self, SettingKey};
use crate::geoip::GeoIp;
use crate::snapshot::{Snapshot, SnapshotCell};
use crate::store;
use keyshop_core::media_store::MediaStore;

pub use products::HomeList;

const CACHE_PREFIX: &str = "catalog:";
const CACHE_TTL: Duration = Duration::from_secs(300);

/// What a catalog service works with.
pub struct CatalogDeps {
    pub db: Db,
    pub clock: SharedClock,
    pub cache: Arc<dyn Cache>,
    /// Rate-limit counters (reviews), apart from the cache.
    pub throttle: Arc<dyn Throttle>,
    pub waker: OutboxWaker,
    pub geoip: Option<Arc<GeoIp>>,
    /// Where uploaded images are kept.
    pub media: MediaStore,
}

impl CatalogDeps {
    /// For a command-line tool on the catalog's database: the machine's
    /// clock, a small cache and throttle of its own, no relay, no GeoIP.
    pub fn offline(db: Db) -> CatalogDeps {
        CatalogDeps {
            db,
            clock: keyshop_core::clock::system(),
            cache: Arc::new(MemoryCache::new(64)),
            throttle: Arc::new(MemoryThrottle::new(64)),
            waker: OutboxWaker::default(),
            geoip: None,
            media: MediaStore::memory(),
        }
    }
}

pub struct CatalogService {
    db: Db,
    clock: SharedClock,
    cache: Arc<dyn Cache>,
    throttle: Arc<dyn Throttle>,
    waker: OutboxWaker,
    geoip: Option<Arc<GeoIp>>,
    media: MediaStore,
    snapshot: SnapshotCell,
    languages: Memo<Vec<Language>>,
    currencies: Memo<Vec<Currency>>,
    settings: Memo<Vec<(String, String)>>,
    refresh_wanted: Notify,
    /// Reloads run one at a time, so a slow load that began before a change
    /// can never replace the snapshot of a later load that saw it.
    reloading: tokio::sync::Mutex<()>,
    /// Product views not yet written: product id → views.
    pending_views: Mutex<HashMap<i64, i64>>,
}

/// Keyed hash of a visitor's address: rules can tell visitors apart without
/// the address being stored.
pub fn visitor_hash(visitor: &str) -> String {
    let digest = Sha256::digest(format!("keyshop-visitor:{visitor}").as_bytes());
    digest.iter().take(16).map(|byte| format!("{byte:02x}")).collect()
}

impl CatalogService {
    /// Opens the service: loads the in-memory catalog and makes sure the
    /// default footer pages exist.
    pub async fn open(deps: CatalogDeps) -> Result<CatalogService, AppError> {
        let CatalogDeps { db, clock, cache, throttle, waker, geoip, media } = deps;
        let snapshot = load_snapshot(&db).await?;
        let service = CatalogService {
            db,
            clock,
            cache,
            throttle,
            waker,
            geoip,
            media,
            snapshot: SnapshotCell::new(snapshot),
            languages: Memo::default(),
            currencies: Memo::default(),
            settings: Memo::default(),
            refresh_wanted: Notify::new(),
            reloading: tokio::sync::Mutex::new(()),
            pending_views: Mutex::new(HashMap::new()),
        };
        service.ensure_default_pages().await?;
        Ok(service)
    }

    /// The in-memory catalog as it is now.
    pub fn snapshot(&self) -> Arc<Snapshot> {
        self.snapshot.current()
    }

    /// Reloads the in-memory catalog from the database and drops cached answers.
    pub async fn refresh(&self) -> Result<(), AppError> {
        let reloading = self.reloading.lock().await;
        let snapshot = load_snapshot(&self.db).await?;
        self.snapshot.replace(snapshot);
        drop(reloading);
        self.invalidate_cache().await;
        Ok(())
    }

    /// Takes the stock of `ids` from the database into the snapshot: a
    /// patched copy, not a rebuild (a sale changes nothing else).
    pub async fn refresh_stock(&self, ids: Vec<i64>) -> Result<(), AppError> {
        let read = self.db.run(move |conn| store::products::stock_of(conn, &ids).map_err(DbError::from));
        self.patch(read, |snapshot, rows| Ok(snapshot.with_stock(&rows))).await
    }

    /// Takes the ratings of `ids` from the database into the snapshot: a
    /// patched copy, not a rebuild (a review changes nothing else).
    pub async fn refresh_ratings(&self, ids: Vec<i64>) -> Result<(), AppError> {
        let read = self.db.run(move |conn| store::products::ratings_of(conn, &ids).map_err(DbError::from));
        self.patch(read, |snapshot, ratings| Ok(snapshot.with_ratings(&ratings))).await
    }

    /// Reads what `read` reads and replaces the snapshot with `patch` of the
    /// current one and of that (when it changes anything), between reloads.
    /// The read is made under the lock of the replacement: a patch read
    /// earlier never lands after one read later (an edit's own event, handled
    /// late, put back a product as it was before the next edit: a product
    /// saved as a draft and then published vanished from the catalog).
    async fn patch<T>(
        &self,
        read: impl std::future::Future<Output = Result<T, DbError>>,
        patch: impl FnOnce(&Snapshot, T) -> Result<Option<Snapshot>, AppError>,
    ) -> Result<(), AppError> {
        let reloading = self.reloading.lock().await;
        let rows = read.await?;
        if let Some(patched) = patch(&self.snapshot.current(), rows)? {
            self.snapshot.replace(patched);
            drop(reloading);
            self.invalidate_cache().await;
        }
        Ok(())
    }

    /// Asks the refresher (see [`CatalogService::run_refresher`]) for a reload;
    /// bursts of requests give one reload.
    pub fn request_refresh(&self) {
        self.refresh_wanted.notify_one();
    }

    /// Reloads after each request for it, at most every `settle`, and writes
    /// the counted product views every `flush_every`, until shutdown.
    pub async fn run_refresher(
        &self,
        settle: Duration,
        flush_every: Duration,
        mut shutdown: keyshop_core::shutdown::Shutdown,
    ) {
        let mut flush = tokio::time::interval(flush_every);
        flush.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                _ = self.refresh_wanted.notified() => {
                    tokio::time::sleep(settle).await;
                    if let Err(error) = self.refresh().await {
                        tracing::warn!(error = %error.detail, "catalog reload failed");
                    }
                }
                _ = flush.tick() => {
                    if let Err(error) = self.flush_views().await {
                        tracing::warn!(error = %error.detail, "writing product views failed");
                    }
                }
                _ = shutdown.wait() => break,
            }
        }
        if let Err(error) = self.flush_views().await {
            tracing::warn!(error = %error.detail, "writing product views at shutdown failed");
        }
    }

    pub(crate) fn count_view(&self, product_id: i64) {
        if let Ok(mut views) = self.pending_views.lock() {
            *views.entry(product_id).or_insert(0) += 1;
        }
    }

    /// Writes the counted views in one transaction; the hottest list follows
    /// at the next reload.
    pub async fn flush_views(&self) -> Result<usize, AppError> {
        let views: Vec<(i64, i64)> = match self.pending_views.lock() {
            Ok(mut pending) => pending.drain().collect(),
            Err(_) => return Ok(0),
        };
        if views.is_empty() {
            return Ok(0);
        }
        let count = views.len();
        self.db
            .write(move |conn| -> Result<(), AppError> {
                for (product_id, added) in views {
                    store::products::add_views(conn, product_id, added)?;
                }
                Ok(())
            })
            .await?;
        self.request_refresh();
        Ok(count)
    }

    /// Where the service reads the time.
    pub fn clock(&self) -> &SharedClock {
        &self.clock
    }

    pub fn db(&self) -> &Db {
        &self.db
    }

    #[tracing::instrument(level = "debug", skip(self))]
    pub async fn languages(&self) -> Result<Arc<Vec<Language>>, AppError> {
        if let Some(languages) = self.languages.get() {
            return Ok(languages);
        }
        let languages: Vec<Language> = self
            .db
            .run(|conn| store::languages::list_enabled(conn).map_err(DbError::from))
            .await?
            .into_iter()
            .map(Language::from)
            .collect();
        let languages = Arc::new(languages);
        self.languages.set(languages.clone());
        Ok(languages)
    }

    #[tracing::instrument(level = "debug", skip(self))]
    pub async fn currencies(&self) -> Result<Arc<Vec<Currency>>, AppError> {
        if let Some(currencies) = self.currencies.get() {
            return Ok(currencies);
        }
        let currencies =
            Arc::new(self.db.run(|conn| store::currencies::list_enabled(conn).map_err(DbError::from)).await?);
        self.currencies.set(currencies.clone());
        Ok(currencies)
    }

    /// Changes a rate and announces it, in one transaction (the CLI, tests).
    pub async fn set_currency_rate(&self, code: &str, rate_micros: i64) -> Result<Currency, AppError> {
        self.set_currency_rate_by(code, rate_micros, None).await
    }

    /// Changes a rate and announces it, with the audit log's record of the
    /// member of staff who did (`actor`), in one transaction.
    #[tracing::instrument(level = "debug", skip(self, actor))]
    pub async fn set_currency_rate_by(
        &self,
        code: &str,
        rate_micros: i64,
        actor: Option<Actor>,
    ) -> Result<Currency, AppError> {
        let change = RateChange::parse(code, rate_micros)?;
        currency::check_not_base(&change)?;
        let now = self.clock.now_ms();
        let updated = self
            .db
            .write(move |conn| -> Result<Currency, AppError> {
                let code = change.code.as_str();
                let before = store::currencies::find(conn, code)?
                    .ok_or_else(|| AppError::not_found("api.error.notFound").with_detail(format!("currency {code}")))?;
                store::currencies::set_rate(conn, code, change.rate.micros(), now)?;
                let event = Event::new(
                    code,
                    &CurrencyRateChanged {
                        code: code.to_owned(),
                        old_rate_micros: before.rate_micros,
                        new_rate_micros: change.rate.micros(),
                    },
                );
                outbox::enqueue(conn, &event)?;
                if let Some(actor) = &actor {
                    let summary =
                        format!("{} → {} (units per USD × 1,000,000)", before.rate_micros, change.rate.micros());
                    let record =
                        audit::record(actor, AuditAction::CurrencyRateSet, code, &summary, Party::Catalog, now);
                    outbox::enqueue(conn, &record)?;
                }
                Ok(Currency { rate_micros: change.rate.micros(), updated_at_ms: now, ..before })
            })
            .await?;
        self.after_change().await;
        Ok(updated)
    }

    #[tracing::instrument(level = "debug", skip(self))]
    pub async fn setting(&self, key: &str) -> Result<String, AppError> {
        let key = SettingKey::parse(key)?;
        let settings = self.public_settings().await?;
        settings
            .iter()
            .find(|(name, _)| name == key.as_str())
            .map(|(_, value)| value.clone())
            .ok_or_else(|| AppError::not_found("api.error.configKeyNotFound"))
    }

    /// Sets a site setting (the CLI, tests).
    pub async fn set_setting(&self, key: &str, value: &str) -> Result<(), AppError> {
        self.set_setting_by(key, value, None).await
    }

    /// Sets a site setting, with the audit log's record of the member of
    /// staff who did (`actor`), in one transaction.
    #[tracing::instrument(level = "debug", skip(self, value, actor))]
    pub async fn set_setting_by(&self, key: &str, value: &str, actor: Option<Actor>) -> Result<(), AppError> {
        let key = SettingKey::parse(key)?;
        setting::check_setting(&key, value)?;
        let value = value.trim().to_owned();
        let now = self.clock.now_ms();
        self.db
            .write(move |conn| -> Result<(), AppError> {
                store::settings::upsert(conn, key.as_str(), &value, now)?;
                outbox::enqueue(conn, &Event::new(key.as_str(), &SettingChanged { key: key.as_str().to_owned() }))?;
                if let Some(actor) = &actor {
                    let summary = format!("→ {value}");
                    let record =
                        audit::record(actor, AuditAction::SettingSet, key.as_str(), &summary, Party::Catalog, now);
                    outbox::enqueue(conn, &record)?;
                }
                Ok(())
            })
            .await?;
        self.after_change().await;
        Ok(())
    }

    /// The public settings as a shopper in `language` reads them (each
    /// localized one in that language where written); `""`: every one as
    /// stored, the per-language ones too (the console).
    pub async fn public_settings_in(&self, language: &str) -> Result<Vec<(String, String)>, AppError> {
        let settings = self.public_settings().await?;
        if language.is_empty() {
            return Ok(settings.as_ref().clone());
        }
        let language = keyshop_core::i18n::normalize(language).unwrap_or(keyshop_core::i18n::DEFAULT);
        Ok(setting::localized(&settings, language))
    }

    #[tracing::instrument(level = "debug", skip(self))]
    pub async fn public_settings(&self) -> Result<Arc<Vec<(String, String)>>, AppError> {
        if let Some(settings) = self.settings.get() {
            return Ok(settings);
        }
        let settings = Arc::new(self.db.run(|conn| store::settings::list_public(conn).map_err(DbError::from)).await?);
        self.settings.set(settings.clone());
        Ok(settings)
    }

    #[tracing::instrument(level = "debug", skip(self))]
    pub async fn suggest_location(&self, accept_language: &str, client_ip: &str) -> Result<Suggestion, AppError> {
        let ip: Option<IpAddr> = client_ip.parse().ok();
        let country = match (&self.geoip, ip) {
            (Some(geoip), Some(ip)) => geoip.country(ip),
            _ => None,
        };
        let offered: Vec<String> = self.currencies().await?.iter().map(|currency| currency.code.clone()).collect();
        Ok(location::suggest(accept_language, country.as_deref(), &offered))
    }

    pub(crate) fn cache(&self) -> &dyn Cache {
        self.cache.as_ref()
    }

    pub(crate) fn throttle(&self) -> &dyn Throttle {
        self.throttle.as_ref()
    }

    pub(crate) fn wake_outbox(&self) {
        self.waker.wake();
    }

    /// Drops every cached catalog answer (after a change here or elsewhere).
    pub async fn invalidate_cache(&self) {
        self.languages.clear();
        self.currencies.clear();
        self.settings.clear();
        self.cache.delete_prefix(CACHE_PREFIX).await;
    }

    async fn after_change(&self) {
        self.invalidate_cache().await;
        self.waker.wake();
    }
}

async fn load_snapshot(db: &Db) -> Result<Snapshot, AppError> {
    let products = db.run(|conn| store::products::load_summaries(conn).map_err(DbError::from)).await?;
    tokio::task::spawn_blocking(move || Snapshot::build(products))
        .await
        .map_err(AppError::internal)?
        .map_err(AppError::internal)
}
