//! Typed configuration, read once at start from env vars and an optional
//! `keyshop.toml`, validated into [`Config`]. Nothing reads the environment
//! after this.

mod raw;
mod redact;
pub mod settings;

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;

use secrecy::{ExposeSecret, SecretString};

use crate::events::kafka;
use crate::vocab::PaymentProvider;

pub use raw::RawConfig;
pub use redact::redact_url;

/// The services of the store, in start order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ServiceName {
    Catalog,
    Member,
    Delivery,
    Payment,
    Order,
}

impl ServiceName {
    pub const ALL: [ServiceName; 5] =
        [ServiceName::Catalog, ServiceName::Member, ServiceName::Delivery, ServiceName::Payment, ServiceName::Order];

    pub fn as_str(self) -> &'static str {
        match self {
            ServiceName::Catalog => "catalog",
            ServiceName::Member => "member",
            ServiceName::Delivery => "delivery",
            ServiceName::Payment => "payment",
            ServiceName::Order => "order",
        }
    }

    pub fn parse(name: &str) -> Option<ServiceName> {
        ServiceName::ALL.into_iter().find(|service| service.as_str() == name)
    }
}

impl std::fmt::Display for ServiceName {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str(self.as_str())
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogFormat {
    Human,
    Json,
}

/// Where and how one service runs.
#[derive(Debug, Clone)]
pub struct ServiceConfig {
    pub name: ServiceName,
    /// `sqlite://…` or `postgres://…`; may hold a password.
    pub database_url: SecretString,
    /// Address the service's gRPC server binds in single-service mode.
    pub grpc_listen: SocketAddr,
    /// Where other processes reach it; `None` in embedded mode until `serve`
    /// has bound a loopback port.
    pub grpc_url: Option<String>,
}

#[derive(Debug, Clone)]
pub struct HttpConfig {
    pub listen: SocketAddr,
    pub spa_dir: PathBuf,
    pub body_limit_bytes: usize,
    pub json_limit_bytes: usize,
    /// Trust `X-Forwarded-For` for the client address (behind a proxy).
    pub trust_forwarded_for: bool,
    /// The proxies' networks: their hops are skipped, right to left.
    pub trusted_proxies: Vec<ipnet::IpNet>,
    /// Answers carry `Strict-Transport-Security` (the public URL is https).
    pub hsts: bool,
    /// `scheme://host[:port]` of the public URL: a browser's WebSocket from
    /// another origin is refused.
    pub public_origin: String,
    /// HTTP worker threads.
    pub workers: usize,
    /// How long the gateway reuses an answer to a public list GET (zero: never).
    pub response_cache_ttl: Duration,
}

#[derive(Debug, Clone)]
pub struct TelemetryConfig {
    pub format: LogFormat,
    pub filter: String,
    pub otlp_endpoint: Option<String>,
    pub service_name: String,
    /// Where a service process serves `GET /metrics` (`KEYSHOP_METRICS_ADDR`;
    /// unset: nowhere but the gateway's own `/metrics`).
    pub metrics_listen: Option<SocketAddr>,
}

#[derive(Debug, Clone)]
pub struct MailConfig {
    /// `file://DIR`, `smtp://user:pass@host:port` or `smtps://…`.
    pub url: SecretString,
    pub from: String,
}

/// Members: sessions and the captcha.
#[derive(Debug, Clone)]
pub struct MemberConfig {
    /// How long a session lasts without signing in again.
    pub session_ttl: Duration,
    /// A fixed code the captcha also accepts, for browser tests only; never set
    /// it in production (a warning is logged at start when it is).
    pub captcha_test_code: Option<SecretString>,
    /// The test code may be set (tests only).
    pub allow_test_captcha: bool,
    /// A staff session ends after this long without a request…
    pub staff_session_idle: Duration,
    /// …and this long after sign-in, whatever the activity.
    pub staff_session_lifetime: Duration,
}

/// The key inventory: master keys and the payment window.
#[derive(Debug, Clone)]
pub struct DeliveryConfig {
    /// The master key material itself (`fingerprint:B64,1:B64,…`), when given
    /// in the environment; otherwise it is read from `master_key_file`.
    pub master_keys: Option<SecretString>,
    /// Where the master keys are kept; created (mode 0600) on first run when
    /// the delivery database is SQLite.
    pub master_key_file: PathBuf,
    /// How long a checkout holds its keys while the shopper pays.
    pub payment_window: Duration,
    /// How long after delivery an order the buyer did not confirm is completed.
    pub auto_complete_after: Duration,
    /// How much a guest may hold unpaid at once.
    pub guest_limits: GuestLimits,
}

/// The identity keys every gRPC call is signed and checked with
/// ([`crate::identity`]).
#[derive(Debug, Clone)]
pub struct IdentityConfig {
    /// This process's own key (`party:BASE64`), from a secret.
    pub key: Option<SecretString>,
    /// Every party's public key (`party:BASE64,…`), with `key`.
    pub public_keys: Option<String>,
    /// Every party's key, when `key` is unset (the embedded store).
    pub key_file: PathBuf,
}

/// A guest's limits within one payment window.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GuestLimits {
    pub orders_per_address: u64,
    pub orders_per_email: u64,
    pub keys_per_address: u64,
}

/// Payments: the providers this store takes payments through.
#[derive(Debug, Clone)]
pub struct PaymentConfig {
    /// `stripe`, `paypal`, `sandbox` (the built-in test provider); may be
    /// empty, and then the payment service refuses to start.
    pub providers: Vec<PaymentProvider>,
    /// The sandbox may be on offer (tests and demos).
    pub allow_sandbox: bool,
    /// What the sandbox signs its webhooks with; a random one per process
    /// when unset (set it when several payment replicas run).
    pub sandbox_webhook_secret: Option<SecretString>,
    /// Present when `stripe` is among the providers.
    pub stripe: Option<StripeConfig>,
    /// Present when `paypal` is among the providers.
    pub paypal: Option<PaypalConfig>,
}

/// Stripe Checkout Sessions: the API, the secret key, the webhook endpoint's secret.
#[derive(Debug, Clone)]
pub struct StripeConfig {
    /// `https://api.stripe.com` (tests point it at a local fake).
    pub api_base: String,
    /// `sk_live_…` or `sk_test_…`.
    pub secret_key: SecretString,
    /// `whsec_…`: what Stripe signs this store's webhooks with.
    pub webhook_secret: SecretString,
}

/// PayPal Orders v2: the API, the REST app's credentials, the webhook's id
/// (PayPal's verification call checks each webhook against it).
#[derive(Debug, Clone)]
pub struct PaypalConfig {
    /// `https://api-m.paypal.com` (live) or `https://api-m.sandbox.paypal.com`.
    pub api_base: String,
    pub client_id: String,
    pub client_secret: SecretString,
    pub webhook_id: String,
}

#[derive(Debug, Clone)]
pub struct Config {
    pub data_dir: PathBuf,
    /// Where shoppers reach the store (links in e-mails), without a trailing slash.
    pub public_url: String,
    /// Where refund requests and delayed deliveries are reported to staff.
    pub support_email: String,
    pub http: HttpConfig,
    pub services: BTreeMap<ServiceName, ServiceConfig>,
    pub event_bus_url: String,
    pub cache_url: String,
    pub cache_max_entries: usize,
    pub mail: MailConfig,
    pub member: MemberConfig,
    pub delivery: DeliveryConfig,
    pub identity: IdentityConfig,
    pub payment: PaymentConfig,
    pub telemetry: TelemetryConfig,
    pub geoip_database: Option<PathBuf>,
    /// Where uploaded images are kept: `file://DIR`, `s3://BUCKET[/PREFIX]`
    /// or `memory://` (tests).
    pub media_store_url: String,
    /// How often outbox relays look for events written by other processes.
    pub outbox_poll_interval: Duration,
    /// How long a Kafka consumer's fetch may wait at the broker for events
    /// (`fetch.wait.max.ms`).
    pub kafka_fetch_wait: Duration,
    /// The partitions of the Kafka topics the bus creates.
    pub kafka_partitions: i32,
}

/// Every problem found while validating, one line each, named by its setting.
#[derive(Debug, thiserror::Error)]
#[error("invalid configuration:\n  - {}", .problems.join("\n  - "))]
pub struct ConfigError {
    pub problems: Vec<String>,
}

/// The example master keys `deploy/keyshop.env.example` once shipped: public, so refused.
const EXAMPLE_MASTER_KEYS: [&str; 2] =
    ["a2V5c2hvcC1kZXYtZmluZ2VycHJpbnQtTk9ULVNFQ1I=", "a2V5c2hvcC1kZXYtbWFzdGVyLWtleS0xLU5PVC1TRUM="];

/// Whether `value` is a placeholder left in place: `CHANGE-ME` in any
/// spelling (`change_me`, `ChangeMe`, `sk_live_CHANGE-ME`…) or `PLACEHOLDER`.
pub fn is_placeholder(value: &str) -> bool {
    let words: Vec<String> = value
        .split(|char: char| !char.is_ascii_alphanumeric())
        .filter(|word| !word.is_empty())
        .map(str::to_ascii_uppercase)
        .collect();
    words.iter().any(|word| word == "CHANGEME" || word.starts_with("PLACEHOLDER"))
        || words.windows(2).any(|pair| pair[0] == "CHANGE" && pair[1] == "ME")
}

/// A problem for every secret setting still holding a placeholder or the
/// example master keys (the declaration says which settings are secret).
fn placeholders(raw: &RawConfig) -> Vec<String> {
    let Ok(serde_json::Value::Object(values)) = serde_json::to_value(raw) else {
        return vec!["the configuration could not be read back to check its secrets".to_owned()];
    };
    let mut problems = Vec::new();
    for setting in settings::SETTINGS.iter().filter(|setting| setting.secret && setting.read_by_config) {
        let Some(serde_json::Value::String(value)) = values.get(&setting.key()) else { continue };
        if is_placeholder(value) {
            problems.push(format!("{} still holds a placeholder: set a real value", setting.env));
        } else if setting.env == "KEYSHOP_MASTER_KEYS" && EXAMPLE_MASTER_KEYS.iter().any(|key| value.contains(key)) {
            problems.push(
                "KEYSHOP_MASTER_KEYS are the public example keys of deploy/keyshop.env.example: make your own"
                    .to_owned(),
            );
        }
    }
    problems
}

impl Config {
    /// Reads `keyshop.toml` (or the file named by `KEYSHOP_CONFIG`) and the
    /// environment, then validates.
    pub fn load() -> Result<Config, ConfigError> {
        let raw = RawConfig::from_env_and_file().map_err(|error| ConfigError { problems: vec![error.to_string()] })?;
        Config::from_raw(raw)
    }

    /// As [`Config::load`], for `keyshop serve --demo`: the sandbox's test
    /// cards are on offer unless `PAYMENT_PROVIDERS` says otherwise.
    pub fn load_demo() -> Result<Config, ConfigError> {
        let mut raw =
            RawConfig::from_env_and_file().map_err(|error| ConfigError { problems: vec![error.to_string()] })?;
        raw.into_demo();
        Config::from_raw(raw)
    }

    pub fn from_raw(raw: RawConfig) -> Result<Config, ConfigError> {
        let mut problems = placeholders(&raw);
        let data_dir = PathBuf::from(raw.data_dir.as_deref().unwrap_or("data"));

        let listen = parse_addr(&mut problems, "KEYSHOP_HTTP_ADDR", raw.http_addr.as_deref(), "127.0.0.1:8080");
        let body_limit_bytes = raw.body_limit_bytes.unwrap_or(256 * 1024);
        let json_limit_bytes = raw.json_limit_bytes.unwrap_or(64 * 1024);
        if body_limit_bytes == 0 || json_limit_bytes == 0 {
            problems.push("KEYSHOP_BODY_LIMIT_BYTES and KEYSHOP_JSON_LIMIT_BYTES must be greater than 0".to_owned());
        }
        if json_limit_bytes > body_limit_bytes {
            problems.push("KEYSHOP_JSON_LIMIT_BYTES must not exceed KEYSHOP_BODY_LIMIT_BYTES".to_owned());
        }

        let cores = std::thread::available_parallelism().map_or(2, std::num::NonZeroUsize::get);
        let workers = in_range("KEYSHOP_HTTP_WORKERS", raw.http_workers, cores, 1..=256, &mut problems);

        let response_cache_ttl_ms = raw.http_cache_ttl_ms.unwrap_or(1000);
        if response_cache_ttl_ms > 60_000 {
            problems
                .push("KEYSHOP_HTTP_CACHE_TTL_MS must be at most 60000 (the max-age promised to browsers)".to_owned());
        }

        let mut services = BTreeMap::new();
        for (index, name) in ServiceName::ALL.into_iter().enumerate() {
            let per_service = raw.service(name);
            let database_url = per_service
                .database_url
                .or_else(|| raw.database_url.clone().map(|url| with_service_db(&url, name)))
                .unwrap_or_else(|| format!("sqlite://{}", data_dir.join(format!("{name}.db")).display()));
            check_database_url(&mut problems, name, &database_url);
            let default_listen = format!("0.0.0.0:{}", 50051 + index);
            let grpc_listen = parse_addr(
                &mut problems,
                &format!("{}_GRPC_ADDR", name.as_str().to_uppercase()),
                per_service.grpc_addr.as_deref(),
                &default_listen,
            );
            if let Some(url) = &per_service.grpc_url
                && let Err(error) = crate::grpc::Target::parse(url)
            {
                problems.push(format!(
                    "{}_GRPC_URL must be http://HOST:PORT[,HOST:PORT…]: {error}",
                    name.as_str().to_uppercase()
                ));
            }
            services.insert(
                name,
                ServiceConfig {
                    name,
                    database_url: SecretString::from(database_url),
                    grpc_listen,
                    grpc_url: per_service.grpc_url,
                },
            );
        }

        let event_bus_url = raw.event_bus_url.unwrap_or_else(|| "memory://".to_owned());
        if !(event_bus_url == "memory://" || kafka::brokers_of(&event_bus_url).is_some()) {
            problems.push(format!("EVENT_BUS_URL must be memory:// or kafka://HOST:PORT,… (got {event_bus_url:?})"));
        }
        let cache_url = raw.cache_url.unwrap_or_else(|| "memory://".to_owned());
        if !(cache_url == "memory://" || cache_url.starts_with("redis://")) {
            problems.push(format!(
                "CACHE_URL must be memory:// or redis://[:PASSWORD@]HOST:PORT[/DB] (got {:?})",
                redact_url(&cache_url)
            ));
        }
        let cache_max_entries = raw.cache_max_entries.unwrap_or(10_000);
        if cache_max_entries == 0 {
            problems.push("KEYSHOP_CACHE_MAX_ENTRIES must be greater than 0".to_owned());
        }

        let mail_url = raw.mail_url.unwrap_or_else(|| format!("file://{}", data_dir.join("outbox").display()));
        if !["file://", "smtp://", "smtps://"].iter().any(|scheme| mail_url.starts_with(scheme)) {
            problems.push(format!(
                "MAIL_URL must start with file://, smtp:// or smtps:// (got {:?})",
                redact_url(&mail_url)
            ));
        }
        let support_email = raw.support_email.unwrap_or_else(|| "support@keyshop.example".to_owned());
        if support_email.parse::<lettre::message::Mailbox>().is_err() {
            problems.push(format!("KEYSHOP_SUPPORT_EMAIL is not a valid address (got {support_email:?})"));
        }
        let mail_from = raw.mail_from.unwrap_or_else(|| "keyshop <no-reply@keyshop.localhost>".to_owned());
        if mail_from.parse::<lettre::message::Mailbox>().is_err() {
            problems.push(format!("MAIL_FROM is not a valid mailbox (got {mail_from:?})"));
        }

        let format = match raw.log_format.as_deref() {
            None | Some("human") | Some("text") => LogFormat::Human,
            Some("json") => LogFormat::Json,
            Some(other) => {
                problems.push(format!("KEYSHOP_LOG_FORMAT must be human or json (got {other:?})"));
                LogFormat::Human
            }
        };
        let filter = raw.log.unwrap_or_else(|| "info".to_owned());
        if tracing_subscriber::EnvFilter::try_new(&filter).is_err() {
            problems.push(format!("KEYSHOP_LOG is not a valid filter (got {filter:?})"));
        }
        let otlp_endpoint = raw.otel_exporter_otlp_endpoint.filter(|endpoint| !endpoint.is_empty());
        if let Some(endpoint) = &otlp_endpoint
            && !(endpoint.starts_with("http://") || endpoint.starts_with("https://"))
        {
            problems.push(format!("OTEL_EXPORTER_OTLP_ENDPOINT must be an http(s) URL (got {endpoint:?})"));
        }

        let metrics_listen = raw
            .metrics_addr
            .filter(|address| !address.is_empty())
            .map(|address| parse_addr(&mut problems, "KEYSHOP_METRICS_ADDR", Some(&address), ""));

        let media_store_url =
            raw.media_store_url.unwrap_or_else(|| format!("file://{}", data_dir.join("media").display()));
        if !["file://", "s3://", "memory://"].iter().any(|scheme| media_store_url.starts_with(scheme)) {
            problems
                .push(format!("MEDIA_STORE_URL must start with file://, s3:// or memory:// (got {media_store_url:?})"));
        }
        let geoip_database = raw.geoip_db.map(PathBuf::from);
        if let Some(path) = &geoip_database
            && !path.is_file()
        {
            problems.push(format!("KEYSHOP_GEOIP_DB names a file that does not exist: {}", path.display()));
        }
        let outbox_poll_interval_ms =
            in_range("KEYSHOP_OUTBOX_POLL_INTERVAL_MS", raw.outbox_poll_interval_ms, 500, 10..=60_000, &mut problems);
        let kafka_fetch_wait_ms = in_range(
            "KEYSHOP_KAFKA_FETCH_WAIT_MS",
            raw.kafka_fetch_wait_ms,
            kafka::DEFAULT_FETCH_WAIT_MS,
            1..=1_000,
            &mut problems,
        );
        let kafka_partitions = in_range(
            "KEYSHOP_KAFKA_PARTITIONS",
            raw.kafka_partitions,
            kafka::DEFAULT_PARTITIONS,
            1..=1_000,
            &mut problems,
        );

        let public_url = raw
            .public_url
            .unwrap_or_else(|| format!("http://{}", listen).replace("http://0.0.0.0:", "http://127.0.0.1:"))
            .trim_end_matches('/')
            .to_owned();
        if !(public_url.starts_with("http://") || public_url.starts_with("https://")) {
            problems.push(format!("KEYSHOP_PUBLIC_URL must be an http(s) URL (got {public_url:?})"));
        }
        let staff_idle_minutes =
            in_range("KEYSHOP_STAFF_SESSION_IDLE_MINUTES", raw.staff_session_idle_minutes, 30, 5..=480, &mut problems);
        let staff_hours = in_range("KEYSHOP_STAFF_SESSION_HOURS", raw.staff_session_hours, 12, 1..=24, &mut problems);
        let session_ttl_hours =
            in_range("KEYSHOP_SESSION_TTL_HOURS", raw.session_ttl_hours, 24 * 14, 1..=24 * 365, &mut problems);
        let captcha_test_code = raw.captcha_test_code.filter(|code| !code.is_empty());
        if captcha_test_code.as_ref().is_some_and(|code| code.len() < 6) {
            problems.push("KEYSHOP_CAPTCHA_TEST_CODE must have at least 6 characters".to_owned());
        }
        if captcha_test_code.is_some() && raw.allow_test_captcha != Some(true) {
            problems.push(
                "KEYSHOP_CAPTCHA_TEST_CODE lets anyone past the captcha: it is for tests, with KEYSHOP_ALLOW_TEST_CAPTCHA=true"
                    .to_owned(),
            );
        }

        let payment_window_minutes =
            in_range("KEYSHOP_PAYMENT_WINDOW_MINUTES", raw.payment_window_minutes, 15, 1..=24 * 60, &mut problems);
        let auto_complete_days =
            in_range("KEYSHOP_AUTO_COMPLETE_DAYS", raw.auto_complete_days, 7, 1..=365, &mut problems);
        let guest_limits = GuestLimits {
            orders_per_address: in_range(
                "KEYSHOP_GUEST_ORDERS_PER_ADDRESS",
                raw.guest_orders_per_address,
                10,
                1..=100_000,
                &mut problems,
            ),
            orders_per_email: in_range(
                "KEYSHOP_GUEST_ORDERS_PER_EMAIL",
                raw.guest_orders_per_email,
                5,
                1..=100_000,
                &mut problems,
            ),
            keys_per_address: in_range(
                "KEYSHOP_GUEST_KEYS_PER_ADDRESS",
                raw.guest_keys_per_address,
                50,
                1..=1_000_000,
                &mut problems,
            ),
        };
        let delivery = DeliveryConfig {
            master_keys: raw.master_keys.filter(|keys| !keys.trim().is_empty()).map(SecretString::from),
            master_key_file: raw.master_key_file.map_or_else(|| data_dir.join("master.key"), PathBuf::from),
            payment_window: Duration::from_secs(payment_window_minutes * 60),
            auto_complete_after: Duration::from_secs(auto_complete_days * 86_400),
            guest_limits,
        };
        let identity = IdentityConfig {
            key: raw.identity_key.filter(|key| !key.trim().is_empty()).map(SecretString::from),
            public_keys: raw.identity_public_keys.filter(|keys| !keys.trim().is_empty()),
            key_file: raw.identity_key_file.map_or_else(|| data_dir.join("identity.keys"), PathBuf::from),
        };
        if identity.key.is_some() != identity.public_keys.is_some() {
            problems.push(
                "KEYSHOP_IDENTITY_KEY and KEYSHOP_IDENTITY_PUBLIC_KEYS must be set together (or neither)".to_owned(),
            );
        }

        let mut providers: Vec<PaymentProvider> = Vec::new();
        let names = raw.payment_providers.as_deref().unwrap_or("");
        for name in names.split(',').map(|name| name.trim().to_ascii_lowercase()).filter(|name| !name.is_empty()) {
            match PaymentProvider::parse(&name) {
                Some(provider) if !providers.contains(&provider) => providers.push(provider),
                Some(_) => {}
                None => {
                    problems.push(format!("PAYMENT_PROVIDERS: unknown provider {name:?} (sandbox, stripe, paypal)"))
                }
            }
        }
        if providers.contains(&PaymentProvider::Sandbox) && raw.allow_sandbox != Some(true) {
            problems.push(
                "PAYMENT_PROVIDERS names the sandbox, whose test cards buy real keys: set KEYSHOP_ALLOW_SANDBOX=true \
                 for tests and demos (keyshop serve --demo does), never in production"
                    .to_owned(),
            );
        }
        let secret = |value: Option<String>| value.filter(|value| !value.trim().is_empty());
        let api_base = |value: Option<String>, default: &str, name: &str, problems: &mut Vec<String>| {
            let base = value.unwrap_or_else(|| default.to_owned()).trim_end_matches('/').to_owned();
            if !(base.starts_with("https://") || base.starts_with("http://")) {
                problems.push(format!("{name} must be an http(s) URL (got {base:?})"));
            }
            base
        };
        let stripe = if providers.contains(&PaymentProvider::Stripe) {
            let api_base =
                api_base(raw.stripe_api_base, "https://api.stripe.com", "KEYSHOP_STRIPE_API_BASE", &mut problems);
            match (secret(raw.stripe_secret_key), secret(raw.stripe_webhook_secret)) {
                (Some(secret_key), Some(webhook_secret)) => Some(StripeConfig {
                    api_base,
                    secret_key: SecretString::from(secret_key),
                    webhook_secret: SecretString::from(webhook_secret),
                }),
                _ => {
                    problems.push(
                        "PAYMENT_PROVIDERS has stripe: set KEYSHOP_STRIPE_SECRET_KEY and KEYSHOP_STRIPE_WEBHOOK_SECRET"
                            .to_owned(),
                    );
                    None
                }
            }
        } else {
            None
        };
        let paypal = if providers.contains(&PaymentProvider::Paypal) {
            let api_base =
                api_base(raw.paypal_api_base, "https://api-m.paypal.com", "KEYSHOP_PAYPAL_API_BASE", &mut problems);
            match (secret(raw.paypal_client_id), secret(raw.paypal_client_secret), secret(raw.paypal_webhook_id)) {
                (Some(client_id), Some(client_secret), Some(webhook_id)) => Some(PaypalConfig {
                    api_base,
                    client_id,
                    client_secret: SecretString::from(client_secret),
                    webhook_id,
                }),
                _ => {
                    problems.push(
                        "PAYMENT_PROVIDERS has paypal: set KEYSHOP_PAYPAL_CLIENT_ID, KEYSHOP_PAYPAL_CLIENT_SECRET and KEYSHOP_PAYPAL_WEBHOOK_ID"
                            .to_owned(),
                    );
                    None
                }
            }
        } else {
            None
        };

        let trusted_proxies =
            parse_networks(raw.trusted_proxies.as_deref().unwrap_or(settings::DEFAULT_TRUSTED_PROXIES), &mut problems);

        if !problems.is_empty() {
            return Err(ConfigError { problems });
        }
        Ok(Config {
            http: HttpConfig {
                listen,
                spa_dir: PathBuf::from(raw.spa_dir.as_deref().unwrap_or("frontend/dist")),
                body_limit_bytes,
                json_limit_bytes,
                trust_forwarded_for: raw.trust_forwarded_for.unwrap_or(false),
                trusted_proxies,
                hsts: public_url.starts_with("https://"),
                public_origin: origin_of(&public_url),
                workers,
                response_cache_ttl: Duration::from_millis(response_cache_ttl_ms),
            },
            data_dir,
            public_url,
            support_email,
            services,
            event_bus_url,
            cache_url,
            cache_max_entries,
            mail: MailConfig { url: SecretString::from(mail_url), from: mail_from },
            member: MemberConfig {
                session_ttl: Duration::from_secs(session_ttl_hours * 3600),
                captcha_test_code: captcha_test_code.map(SecretString::from),
                allow_test_captcha: raw.allow_test_captcha.unwrap_or(false),
                staff_session_idle: Duration::from_secs(staff_idle_minutes * 60),
                staff_session_lifetime: Duration::from_secs(staff_hours * 3600),
            },
            delivery,
            identity,
            payment: PaymentConfig {
                providers,
                allow_sandbox: raw.allow_sandbox.unwrap_or(false),
                sandbox_webhook_secret: raw
                    .sandbox_webhook_secret
                    .filter(|secret| !secret.trim().is_empty())
                    .map(SecretString::from),
                stripe,
                paypal,
            },
            telemetry: TelemetryConfig {
                format,
                filter,
                otlp_endpoint,
                service_name: raw.otel_service_name.unwrap_or_else(|| "keyshop".to_owned()),
                metrics_listen,
            },
            geoip_database,
            media_store_url,
            outbox_poll_interval: Duration::from_millis(outbox_poll_interval_ms),
            kafka_fetch_wait: Duration::from_millis(kafka_fetch_wait_ms),
            kafka_partitions,
        })
    }

    /// The Kafka bus's settings.
    pub fn bus_tuning(&self) -> crate::events::BusTuning {
        crate::events::BusTuning { fetch_wait: self.kafka_fetch_wait, partitions: self.kafka_partitions }
    }

    pub fn service(&self, name: ServiceName) -> &ServiceConfig {
        // Every name is inserted by `from_raw`, so the index cannot miss.
        &self.services[&name]
    }

    /// The effective configuration as `KEY = value` lines, secrets masked.
    pub fn describe(&self) -> Vec<(String, String)> {
        let mut lines = vec![
            ("KEYSHOP_DATA_DIR".to_owned(), self.data_dir.display().to_string()),
            ("KEYSHOP_PUBLIC_URL".to_owned(), self.public_url.clone()),
            ("KEYSHOP_HTTP_ADDR".to_owned(), self.http.listen.to_string()),
            ("KEYSHOP_SPA_DIR".to_owned(), self.http.spa_dir.display().to_string()),
            ("KEYSHOP_BODY_LIMIT_BYTES".to_owned(), self.http.body_limit_bytes.to_string()),
            ("KEYSHOP_JSON_LIMIT_BYTES".to_owned(), self.http.json_limit_bytes.to_string()),
            ("KEYSHOP_TRUST_FORWARDED_FOR".to_owned(), self.http.trust_forwarded_for.to_string()),
            (
                "KEYSHOP_TRUSTED_PROXIES".to_owned(),
                self.http.trusted_proxies.iter().map(ToString::to_string).collect::<Vec<_>>().join(","),
            ),
            ("KEYSHOP_HTTP_WORKERS".to_owned(), self.http.workers.to_string()),
            ("KEYSHOP_HTTP_CACHE_TTL_MS".to_owned(), self.http.response_cache_ttl.as_millis().to_string()),
        ];
        for service in self.services.values() {
            let prefix = service.name.as_str().to_uppercase();
            lines.push((format!("{prefix}_DATABASE_URL"), redact_url(service.database_url.expose_secret())));
            lines.push((format!("{prefix}_GRPC_ADDR"), service.grpc_listen.to_string()));
            lines.push((
                format!("{prefix}_GRPC_URL"),
                service.grpc_url.clone().unwrap_or_else(|| "(loopback, chosen by serve)".to_owned()),
            ));
        }
        lines.extend([
            ("EVENT_BUS_URL".to_owned(), redact_url(&self.event_bus_url)),
            ("CACHE_URL".to_owned(), redact_url(&self.cache_url)),
            ("KEYSHOP_CACHE_MAX_ENTRIES".to_owned(), self.cache_max_entries.to_string()),
            ("MAIL_URL".to_owned(), redact_url(self.mail.url.expose_secret())),
            ("MAIL_FROM".to_owned(), self.mail.from.clone()),
            ("KEYSHOP_SUPPORT_EMAIL".to_owned(), self.support_email.clone()),
            ("KEYSHOP_SESSION_TTL_HOURS".to_owned(), (self.member.session_ttl.as_secs() / 3600).to_string()),
            (
                "KEYSHOP_STAFF_SESSION_IDLE_MINUTES".to_owned(),
                (self.member.staff_session_idle.as_secs() / 60).to_string(),
            ),
            (
                "KEYSHOP_STAFF_SESSION_HOURS".to_owned(),
                (self.member.staff_session_lifetime.as_secs() / 3600).to_string(),
            ),
            (
                "KEYSHOP_CAPTCHA_TEST_CODE".to_owned(),
                if self.member.captcha_test_code.is_some() { "(set: tests only)" } else { "(unset)" }.to_owned(),
            ),
            ("KEYSHOP_ALLOW_TEST_CAPTCHA".to_owned(), self.member.allow_test_captcha.to_string()),
            (
                "KEYSHOP_MASTER_KEYS".to_owned(),
                if self.delivery.master_keys.is_some() { "(set, hidden)" } else { "(unset: read from the file)" }
                    .to_owned(),
            ),
            ("KEYSHOP_MASTER_KEY_FILE".to_owned(), self.delivery.master_key_file.display().to_string()),
            (
                "KEYSHOP_IDENTITY_KEY".to_owned(),
                if self.identity.key.is_some() { "(set, hidden)" } else { "(unset: read from the file)" }.to_owned(),
            ),
            ("KEYSHOP_IDENTITY_PUBLIC_KEYS".to_owned(), self.identity.public_keys.clone().unwrap_or_default()),
            ("KEYSHOP_IDENTITY_KEY_FILE".to_owned(), self.identity.key_file.display().to_string()),
            ("KEYSHOP_PAYMENT_WINDOW_MINUTES".to_owned(), (self.delivery.payment_window.as_secs() / 60).to_string()),
            ("KEYSHOP_GUEST_ORDERS_PER_ADDRESS".to_owned(), self.delivery.guest_limits.orders_per_address.to_string()),
            ("KEYSHOP_GUEST_ORDERS_PER_EMAIL".to_owned(), self.delivery.guest_limits.orders_per_email.to_string()),
            ("KEYSHOP_GUEST_KEYS_PER_ADDRESS".to_owned(), self.delivery.guest_limits.keys_per_address.to_string()),
            (
                "KEYSHOP_AUTO_COMPLETE_DAYS".to_owned(),
                (self.delivery.auto_complete_after.as_secs() / 86_400).to_string(),
            ),
            (
                "PAYMENT_PROVIDERS".to_owned(),
                self.payment.providers.iter().map(|provider| provider.as_str()).collect::<Vec<_>>().join(","),
            ),
            ("KEYSHOP_ALLOW_SANDBOX".to_owned(), self.payment.allow_sandbox.to_string()),
            (
                "KEYSHOP_SANDBOX_WEBHOOK_SECRET".to_owned(),
                if self.payment.sandbox_webhook_secret.is_some() {
                    "(set, hidden)"
                } else {
                    "(unset: random per process)"
                }
                .to_owned(),
            ),
        ]);
        if let Some(stripe) = &self.payment.stripe {
            lines.extend([
                ("KEYSHOP_STRIPE_API_BASE".to_owned(), stripe.api_base.clone()),
                ("KEYSHOP_STRIPE_SECRET_KEY".to_owned(), "(set, hidden)".to_owned()),
                ("KEYSHOP_STRIPE_WEBHOOK_SECRET".to_owned(), "(set, hidden)".to_owned()),
            ]);
        }
        if let Some(paypal) = &self.payment.paypal {
            lines.extend([
                ("KEYSHOP_PAYPAL_API_BASE".to_owned(), paypal.api_base.clone()),
                ("KEYSHOP_PAYPAL_CLIENT_ID".to_owned(), paypal.client_id.clone()),
                ("KEYSHOP_PAYPAL_CLIENT_SECRET".to_owned(), "(set, hidden)".to_owned()),
                ("KEYSHOP_PAYPAL_WEBHOOK_ID".to_owned(), paypal.webhook_id.clone()),
            ]);
        }
        lines.extend([
            (
                "KEYSHOP_LOG_FORMAT".to_owned(),
                match self.telemetry.format {
                    LogFormat::Human => "human".to_owned(),
                    LogFormat::Json => "json".to_owned(),
                },
            ),
            ("KEYSHOP_LOG".to_owned(), self.telemetry.filter.clone()),
            (
                "OTEL_EXPORTER_OTLP_ENDPOINT".to_owned(),
                self.telemetry.otlp_endpoint.clone().unwrap_or_else(|| "(unset: logs only)".to_owned()),
            ),
            ("OTEL_SERVICE_NAME".to_owned(), self.telemetry.service_name.clone()),
            (
                "KEYSHOP_METRICS_ADDR".to_owned(),
                self.telemetry
                    .metrics_listen
                    .map_or_else(|| "(unset: the gateway's /metrics only)".to_owned(), |address| address.to_string()),
            ),
            (
                "KEYSHOP_GEOIP_DB".to_owned(),
                self.geoip_database
                    .as_deref()
                    .map(Path::display)
                    .map(|path| path.to_string())
                    .unwrap_or_else(|| "(unset: Accept-Language only)".to_owned()),
            ),
            ("MEDIA_STORE_URL".to_owned(), self.media_store_url.clone()),
            ("KEYSHOP_OUTBOX_POLL_INTERVAL_MS".to_owned(), self.outbox_poll_interval.as_millis().to_string()),
            ("KEYSHOP_KAFKA_FETCH_WAIT_MS".to_owned(), self.kafka_fetch_wait.as_millis().to_string()),
            ("KEYSHOP_KAFKA_PARTITIONS".to_owned(), self.kafka_partitions.to_string()),
        ]);
        lines
    }
}

/// A numeric setting (`default` when unset), with a problem named after it
/// when it lies outside `range`.
fn in_range<T: PartialOrd + std::fmt::Display + Copy>(
    setting: &str,
    value: Option<T>,
    default: T,
    range: std::ops::RangeInclusive<T>,
    problems: &mut Vec<String>,
) -> T {
    let value = value.unwrap_or(default);
    if !range.contains(&value) {
        problems.push(format!("{setting} must be between {} and {}", range.start(), range.end()));
    }
    value
}

/// Comma-separated networks (`10.0.0.0/8`, or one address for itself).
fn parse_networks(value: &str, problems: &mut Vec<String>) -> Vec<ipnet::IpNet> {
    let mut networks = Vec::new();
    for item in value.split(',').map(str::trim).filter(|item| !item.is_empty()) {
        match item.parse::<ipnet::IpNet>() {
            Ok(network) => networks.push(network.trunc()),
            Err(_) => match item.parse::<std::net::IpAddr>() {
                Ok(address) => networks.push(ipnet::IpNet::from(address)),
                Err(_) => problems.push(format!("KEYSHOP_TRUSTED_PROXIES: {item:?} is not a network (10.0.0.0/8)")),
            },
        }
    }
    networks
}

fn parse_addr(problems: &mut Vec<String>, key: &str, value: Option<&str>, default: &str) -> SocketAddr {
    let text = value.unwrap_or(default);
    match text.parse() {
        Ok(addr) => addr,
        Err(_) => {
            problems.push(format!("{key} must be HOST:PORT with an IP host (got {text:?})"));
            SocketAddr::from(([127, 0, 0, 1], 0))
        }
    }
}

fn check_database_url(problems: &mut Vec<String>, service: ServiceName, url: &str) {
    let key = format!("{}_DATABASE_URL", service.as_str().to_uppercase());
    if let Some(path) = url.strip_prefix("sqlite://") {
        if path.is_empty() {
            problems.push(format!("{key} sqlite:// needs a file path"));
        }
    } else if !(url.starts_with("postgres://") || url.starts_with("postgresql://")) {
        problems.push(format!("{key} must start with sqlite:// or postgres:// (got {:?})", redact_url(url)));
    }
}

/// A shared `DATABASE_URL` gives each service its own database: for SQLite a
/// file per service beside the named one, for PostgreSQL the URL as given
/// (each service's tables are distinct; per-service URLs split them further).
fn with_service_db(url: &str, service: ServiceName) -> String {
    match url.strip_prefix("sqlite://") {
        Some(path) => {
            let path = Path::new(path);
            let dir = path.parent().unwrap_or(Path::new("."));
            format!("sqlite://{}", dir.join(format!("{service}.db")).display())
        }
        None => url.to_owned(),
    }
}

/// `scheme://host[:port]` of `url`, lowercased (the path dropped).
pub fn origin_of(url: &str) -> String {
    let url = url.trim().to_ascii_lowercase();
    match url.find("://") {
        Some(start) => {
            let rest = &url[start + 3..];
            let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
            format!("{}{}", &url[..start + 3], &rest[..end])
        }
        None => url,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_public_origin_is_scheme_host_and_port() {
        assert_eq!(origin_of("https://Shop.Example/store?x=1"), "https://shop.example");
        assert_eq!(origin_of("http://127.0.0.1:8080"), "http://127.0.0.1:8080");
        assert_eq!(origin_of("http://localhost:8080/#top"), "http://localhost:8080");
    }

    #[test]
    fn defaults_are_the_embedded_mode() {
        let config = Config::from_raw(RawConfig::default()).unwrap();
        assert_eq!(config.http.listen.to_string(), "127.0.0.1:8080");
        assert_eq!(config.service(ServiceName::Catalog).database_url.expose_secret(), "sqlite://data/catalog.db");
        assert_eq!(config.event_bus_url, "memory://");
        assert_eq!(config.mail.url.expose_secret(), "file://data/outbox");
        assert_eq!(config.telemetry.format, LogFormat::Human);
        assert_eq!(config.kafka_fetch_wait, Duration::from_millis(10));
        assert_eq!(config.kafka_partitions, 6);
    }

    #[test]
    fn kafka_fetch_waits_and_partition_counts_out_of_range_are_refused() {
        for (value, valid) in [(0_u16, false), (1, true), (500, true), (1_000, true), (1_001, false)] {
            let raw = RawConfig {
                kafka_fetch_wait_ms: Some(u64::from(value)),
                kafka_partitions: Some(i32::from(value)),
                ..RawConfig::default()
            };
            match Config::from_raw(raw) {
                Ok(config) => {
                    assert!(valid, "{value} was taken");
                    assert_eq!(config.kafka_fetch_wait, Duration::from_millis(u64::from(value)));
                    assert_eq!(config.kafka_partitions, i32::from(value));
                }
                Err(error) => {
                    assert!(!valid, "{value} was refused: {error}");
                    assert_eq!(error.problems.len(), 2, "{error}");
                    let text = error.to_string();
                    assert!(
                        text.contains("KEYSHOP_KAFKA_FETCH_WAIT_MS") && text.contains("KEYSHOP_KAFKA_PARTITIONS"),
                        "{text}"
                    );
                }
            }
        }
        let negative = RawConfig { kafka_partitions: Some(-1), ..RawConfig::default() };
        assert!(Config::from_raw(negative).is_err());
    }

    #[test]
    fn every_problem_is_reported_at_once_with_its_setting_name() {
        let raw = RawConfig {
            http_addr: Some("nonsense".to_owned()),
            catalog_database_url: Some("mysql://x".to_owned()),
            log_format: Some("xml".to_owned()),
            mail_url: Some("ftp://x".to_owned()),
            ..RawConfig::default()
        };
        let error = Config::from_raw(raw).unwrap_err();
        let text = error.to_string();
        assert_eq!(error.problems.len(), 4, "{text}");
        for key in ["KEYSHOP_HTTP_ADDR", "CATALOG_DATABASE_URL", "KEYSHOP_LOG_FORMAT", "MAIL_URL"] {
            assert!(text.contains(key), "{key} missing from {text}");
        }
    }

    #[test]
    fn stripe_and_paypal_need_their_credentials_which_stay_hidden() {
        let without = RawConfig {
            payment_providers: Some("sandbox,stripe,paypal".to_owned()),
            allow_sandbox: Some(true),
            ..RawConfig::default()
        };
        let problems = Config::from_raw(without.clone()).unwrap_err().problems;
        assert_eq!(problems.len(), 2, "{problems:?}");
        assert!(problems[0].contains("KEYSHOP_STRIPE_SECRET_KEY"), "{problems:?}");
        assert!(problems[1].contains("KEYSHOP_PAYPAL_WEBHOOK_ID"), "{problems:?}");
        let with = RawConfig {
            stripe_secret_key: Some("sk_test_TOPSECRET".to_owned()),
            stripe_webhook_secret: Some("whsec_TOPSECRET".to_owned()),
            paypal_client_id: Some("client".to_owned()),
            paypal_client_secret: Some("paypal-TOPSECRET".to_owned()),
            paypal_webhook_id: Some("WH-1".to_owned()),
            paypal_api_base: Some("http://127.0.0.1:9/".to_owned()),
            ..without
        };
        let config = Config::from_raw(with).unwrap();
        assert_eq!(config.payment.stripe.as_ref().unwrap().api_base, "https://api.stripe.com");
        assert_eq!(config.payment.paypal.as_ref().unwrap().api_base, "http://127.0.0.1:9");
        let text = format!("{:?}", config.describe());
        assert!(!text.contains("TOPSECRET"), "{text}");
        let unknown = RawConfig { payment_providers: Some("bitcoin".to_owned()), ..RawConfig::default() };
        assert!(Config::from_raw(unknown).unwrap_err().problems[0].contains("unknown provider"));
    }

    #[test]
    fn nothing_for_tests_or_demos_is_on_unless_asked_for() {
        let config = Config::from_raw(RawConfig::default()).unwrap();
        assert!(config.payment.providers.is_empty(), "no provider, so the payment service refuses to start");
        assert!(config.member.captcha_test_code.is_none());

        let sandbox = RawConfig { payment_providers: Some("sandbox".to_owned()), ..RawConfig::default() };
        let problems = Config::from_raw(sandbox.clone()).unwrap_err().problems;
        assert!(problems[0].contains("KEYSHOP_ALLOW_SANDBOX"), "{problems:?}");
        let allowed = RawConfig { allow_sandbox: Some(true), ..sandbox };
        assert_eq!(Config::from_raw(allowed).unwrap().payment.providers, [PaymentProvider::Sandbox]);

        let captcha = RawConfig { captcha_test_code: Some("e2e-pass".to_owned()), ..RawConfig::default() };
        let problems = Config::from_raw(captcha.clone()).unwrap_err().problems;
        assert!(problems[0].contains("KEYSHOP_ALLOW_TEST_CAPTCHA"), "{problems:?}");
        assert!(Config::from_raw(RawConfig { allow_test_captcha: Some(true), ..captcha }).is_ok());

        let mut demo = RawConfig::default();
        demo.into_demo();
        assert_eq!(Config::from_raw(demo).unwrap().payment.providers, [PaymentProvider::Sandbox]);
        let mut stripe_demo = RawConfig {
            payment_providers: Some("stripe".to_owned()),
            stripe_secret_key: Some("sk_test_x".to_owned()),
            stripe_webhook_secret: Some("whsec_x".to_owned()),
            ..RawConfig::default()
        };
        stripe_demo.into_demo();
        assert_eq!(Config::from_raw(stripe_demo).unwrap().payment.providers, [PaymentProvider::Stripe]);
    }

    #[test]
    fn placeholder_secrets_and_the_example_master_keys_are_refused() {
        for placeholder in
            ["CHANGE-ME", "whsec_CHANGE-ME", "change_me", "ChangeMe", "PLACEHOLDER-sandbox-webhook-secret"]
        {
            assert!(is_placeholder(placeholder), "{placeholder}");
        }
        assert!(!is_placeholder("whsec_9f8e7d6c5b4a") && !is_placeholder("exchange-meter"));
        let raw = RawConfig {
            catalog_database_url: Some("postgres://catalog:CHANGE-ME@postgres:5432/catalog".to_owned()),
            payment_providers: Some("stripe".to_owned()),
            stripe_secret_key: Some("sk_live_CHANGE-ME".to_owned()),
            stripe_webhook_secret: Some("whsec_change-me".to_owned()),
            master_keys: Some(
                "fingerprint:a2V5c2hvcC1kZXYtZmluZ2VycHJpbnQtTk9ULVNFQ1I=,1:a2V5c2hvcC1kZXYtbWFzdGVyLWtleS0xLU5PVC1TRUM="
                    .to_owned(),
            ),
            ..RawConfig::default()
        };
        let problems = Config::from_raw(raw).unwrap_err().problems;
        let text = problems.join("\n");
        for setting in [
            "CATALOG_DATABASE_URL",
            "KEYSHOP_STRIPE_SECRET_KEY",
            "KEYSHOP_STRIPE_WEBHOOK_SECRET",
            "KEYSHOP_MASTER_KEYS",
        ] {
            assert!(text.contains(setting), "{setting} missing from {text}");
        }
        assert!(!text.contains("CHANGE-ME"), "a refused secret is never echoed: {text}");
    }

    #[test]
    fn describe_masks_passwords() {
        let raw = RawConfig {
            catalog_database_url: Some("postgres://shop:hunter2@db:5432/catalog".to_owned()),
            mail_url: Some("smtps://mailer:s3cret@smtp.example.com:465".to_owned()),
            ..RawConfig::default()
        };
        let config = Config::from_raw(raw).unwrap();
        let text = format!("{:?}", config.describe());
        assert!(!text.contains("hunter2"), "{text}");
        assert!(!text.contains("s3cret"), "{text}");
        assert!(text.contains("postgres://shop:****@db:5432/catalog"), "{text}");
    }

    #[test]
    fn shared_sqlite_database_url_gives_a_file_per_service() {
        let raw =
            RawConfig { database_url: Some("sqlite:///var/lib/keyshop/shop.db".to_owned()), ..RawConfig::default() };
        let config = Config::from_raw(raw).unwrap();
        assert_eq!(
            config.service(ServiceName::Catalog).database_url.expose_secret(),
            "sqlite:///var/lib/keyshop/catalog.db"
        );
    }
}
