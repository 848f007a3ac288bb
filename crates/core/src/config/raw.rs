//! The configuration as written: flat, every value optional, named after its
//! env var (`KEYSHOP_HTTP_ADDR` is `http_addr` here and in `keyshop.toml`).
//! Each field is a setting of `settings::SETTINGS` (a test holds them together).

use figment::Figment;
use figment::providers::{Env, Format, Toml};
use serde::Deserialize;

use super::ServiceName;

#[derive(Debug, Default, Clone, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct RawConfig {
    pub data_dir: Option<String>,
    pub http_addr: Option<String>,
    pub spa_dir: Option<String>,
    pub body_limit_bytes: Option<usize>,
    pub json_limit_bytes: Option<usize>,
    pub trust_forwarded_for: Option<bool>,
    pub trusted_proxies: Option<String>,
    pub http_workers: Option<usize>,
    pub http_cache_ttl_ms: Option<u64>,
    pub database_url: Option<String>,
    pub catalog_database_url: Option<String>,
    pub catalog_grpc_addr: Option<String>,
    pub catalog_grpc_url: Option<String>,
    pub member_database_url: Option<String>,
    pub member_grpc_addr: Option<String>,
    pub member_grpc_url: Option<String>,
    pub delivery_database_url: Option<String>,
    pub delivery_grpc_addr: Option<String>,
    pub delivery_grpc_url: Option<String>,
    pub payment_database_url: Option<String>,
    pub payment_grpc_addr: Option<String>,
    pub payment_grpc_url: Option<String>,
    pub payment_providers: Option<String>,
    pub allow_sandbox: Option<bool>,
    pub order_database_url: Option<String>,
    pub order_grpc_addr: Option<String>,
    pub order_grpc_url: Option<String>,
    pub master_keys: Option<String>,
    pub master_key_file: Option<String>,
    pub identity_key: Option<String>,
    pub identity_public_keys: Option<String>,
    pub identity_key_file: Option<String>,
    pub payment_window_minutes: Option<u64>,
    pub guest_orders_per_address: Option<u64>,
    pub guest_orders_per_email: Option<u64>,
    pub guest_keys_per_address: Option<u64>,
    pub auto_complete_days: Option<u64>,
    pub sandbox_webhook_secret: Option<String>,
    pub stripe_api_base: Option<String>,
    pub stripe_secret_key: Option<String>,
    pub stripe_webhook_secret: Option<String>,
    pub paypal_api_base: Option<String>,
    pub paypal_client_id: Option<String>,
    pub paypal_client_secret: Option<String>,
    pub paypal_webhook_id: Option<String>,
    pub public_url: Option<String>,
    pub session_ttl_hours: Option<u64>,
    pub staff_session_idle_minutes: Option<u64>,
    pub staff_session_hours: Option<u64>,
    pub captcha_test_code: Option<String>,
    pub allow_test_captcha: Option<bool>,
    pub event_bus_url: Option<String>,
    pub cache_url: Option<String>,
    pub cache_max_entries: Option<usize>,
    pub mail_url: Option<String>,
    pub mail_from: Option<String>,
    pub support_email: Option<String>,
    pub log_format: Option<String>,
    pub log: Option<String>,
    pub otel_exporter_otlp_endpoint: Option<String>,
    pub otel_service_name: Option<String>,
    pub metrics_addr: Option<String>,
    pub geoip_db: Option<String>,
    pub media_store_url: Option<String>,
    pub outbox_poll_interval_ms: Option<u64>,
    pub kafka_fetch_wait_ms: Option<u64>,
    pub kafka_partitions: Option<i32>,
}

/// The per-service part of the raw configuration.
pub struct RawServiceConfig {
    pub database_url: Option<String>,
    pub grpc_addr: Option<String>,
    pub grpc_url: Option<String>,
}

impl RawConfig {
    /// `KEYSHOP_CONFIG` (or `./keyshop.toml` when present), then the environment,
    /// which wins.
    pub fn from_env_and_file() -> Result<RawConfig, Box<figment::Error>> {
        let file = std::env::var("KEYSHOP_CONFIG").unwrap_or_else(|_| "keyshop.toml".to_owned());
        Figment::new()
            .merge(Toml::file(file))
            .merge(Env::prefixed("KEYSHOP_").ignore(&["CONFIG"]))
            .merge(Env::raw().only(&super::settings::plain_env_keys()))
            .extract()
            .map_err(Box::new)
    }

    /// The demo store's part: the sandbox on offer (unless `PAYMENT_PROVIDERS`
    /// names others) and allowed.
    pub fn into_demo(&mut self) {
        self.payment_providers.get_or_insert_with(|| "sandbox".to_owned());
        self.allow_sandbox.get_or_insert(true);
    }

    pub fn service(&self, name: ServiceName) -> RawServiceConfig {
        match name {
            ServiceName::Catalog => RawServiceConfig {
                database_url: self.catalog_database_url.clone(),
                grpc_addr: self.catalog_grpc_addr.clone(),
                grpc_url: self.catalog_grpc_url.clone(),
            },
            ServiceName::Member => RawServiceConfig {
                database_url: self.member_database_url.clone(),
                grpc_addr: self.member_grpc_addr.clone(),
                grpc_url: self.member_grpc_url.clone(),
            },
            ServiceName::Delivery => RawServiceConfig {
                database_url: self.delivery_database_url.clone(),
                grpc_addr: self.delivery_grpc_addr.clone(),
                grpc_url: self.delivery_grpc_url.clone(),
            },
            ServiceName::Payment => RawServiceConfig {
                database_url: self.payment_database_url.clone(),
                grpc_addr: self.payment_grpc_addr.clone(),
                grpc_url: self.payment_grpc_url.clone(),
            },
            ServiceName::Order => RawServiceConfig {
                database_url: self.order_database_url.clone(),
                grpc_addr: self.order_grpc_addr.clone(),
                grpc_url: self.order_grpc_url.clone(),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[allow(clippy::result_large_err)] // figment's Jail API returns its own error type
    fn env_beats_the_file_and_unknown_keys_are_refused() {
        figment::Jail::expect_with(|jail| {
            jail.create_file("keyshop.toml", "http_addr = \"127.0.0.1:9000\"\nlog_format = \"json\"\n")?;
            jail.set_env("KEYSHOP_HTTP_ADDR", "127.0.0.1:9100");
            jail.set_env("CATALOG_DATABASE_URL", "sqlite://x.db");
            let raw = RawConfig::from_env_and_file().map_err(|error| *error)?;
            assert_eq!(raw.http_addr.as_deref(), Some("127.0.0.1:9100"));
            assert_eq!(raw.log_format.as_deref(), Some("json"));
            assert_eq!(raw.catalog_database_url.as_deref(), Some("sqlite://x.db"));

            jail.create_file("keyshop.toml", "htp_addr = \"typo\"\n")?;
            assert!(RawConfig::from_env_and_file().is_err());
            Ok(())
        });
    }
}
