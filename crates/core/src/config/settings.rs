//! Every setting, declared once: its name in the environment, its default and
//! what it means. `RawConfig` holds the values as written (a test holds its
//! fields to this list), `Config::from_raw` applies the defaults (a test holds
//! the effective defaults to the ones listed here), the README's table is
//! generated from it (`keyshop config --markdown`, held by a test) and
//! `keyshop config --json` prints it for the deployment checks.

/// A setting's default.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DefaultValue {
    /// This value, as `keyshop config` prints it.
    Value(&'static str),
    /// Worked out at start; how.
    Described(&'static str),
    /// Nothing: the feature it turns on is off.
    Unset,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Setting {
    /// The environment variable.
    pub env: &'static str,
    pub default: DefaultValue,
    /// It may hold a password, a key or a token: never printed.
    pub secret: bool,
    /// Read by `RawConfig` (false: by the loader or the OpenTelemetry SDK).
    pub read_by_config: bool,
    pub meaning: &'static str,
}

impl Setting {
    /// Read without the `KEYSHOP_` prefix (a name other software shares).
    pub fn plain(&self) -> bool {
        !self.env.starts_with("KEYSHOP_")
    }

    /// Its name in `keyshop.toml` and in `RawConfig`: the variable in lower
    /// case, without `KEYSHOP_`.
    pub fn key(&self) -> String {
        self.env.strip_prefix("KEYSHOP_").unwrap_or(self.env).to_ascii_lowercase()
    }
}

/// Loopback and the private networks, where a cluster's ingress usually runs.
pub const DEFAULT_TRUSTED_PROXIES: &str = "127.0.0.0/8,::1/128,10.0.0.0/8,172.16.0.0/12,192.168.0.0/16,fc00::/7";

/// Every setting, in the README's order.
#[rustfmt::skip]
pub const SETTINGS: &[Setting] = &[
    Setting { env: "KEYSHOP_DATA_DIR", default: DefaultValue::Value("data"), secret: false, read_by_config: true, meaning: "where the embedded mode keeps its files" },
    Setting { env: "KEYSHOP_HTTP_ADDR", default: DefaultValue::Value("127.0.0.1:8080"), secret: false, read_by_config: true, meaning: "the gateway's HTTP address" },
    Setting { env: "KEYSHOP_HTTP_WORKERS", default: DefaultValue::Described("number of CPUs"), secret: false, read_by_config: true, meaning: "HTTP worker threads (1 to 256)" },
    Setting { env: "KEYSHOP_SPA_DIR", default: DefaultValue::Value("frontend/dist"), secret: false, read_by_config: true, meaning: "the built SPA" },
    Setting { env: "KEYSHOP_BODY_LIMIT_BYTES", default: DefaultValue::Value("262144"), secret: false, read_by_config: true, meaning: "the largest request body" },
    Setting { env: "KEYSHOP_JSON_LIMIT_BYTES", default: DefaultValue::Value("65536"), secret: false, read_by_config: true, meaning: "the largest JSON request body (at most the body limit)" },
    Setting { env: "KEYSHOP_TRUST_FORWARDED_FOR", default: DefaultValue::Value("false"), secret: false, read_by_config: true, meaning: "take the client address from `X-Forwarded-For` (behind a proxy): the right-most hop not in `KEYSHOP_TRUSTED_PROXIES`" },
    Setting { env: "KEYSHOP_TRUSTED_PROXIES", default: DefaultValue::Value(DEFAULT_TRUSTED_PROXIES), secret: false, read_by_config: true, meaning: "the networks of the proxies in front of the gateway (comma-separated CIDRs); their `X-Forwarded-For` hops are skipped" },
    Setting { env: "KEYSHOP_HTTP_CACHE_TTL_MS", default: DefaultValue::Value("1000"), secret: false, read_by_config: true, meaning: "how long the gateway reuses an answer to a public list GET, in milliseconds (0: never; at most 60000)" },
    Setting { env: "DATABASE_URL", default: DefaultValue::Unset, secret: true, read_by_config: true, meaning: "one URL for every service: SQLite gets a file per service beside it, PostgreSQL a database per service" },
    Setting { env: "CATALOG_DATABASE_URL", default: DefaultValue::Value("sqlite://data/catalog.db"), secret: true, read_by_config: true, meaning: "the catalog service's database: `sqlite://PATH` or `postgres://…`" },
    Setting { env: "CATALOG_GRPC_ADDR", default: DefaultValue::Value("0.0.0.0:50051"), secret: false, read_by_config: true, meaning: "where the catalog service listens when run alone" },
    Setting { env: "CATALOG_GRPC_URL", default: DefaultValue::Described("loopback, chosen by `serve`"), secret: false, read_by_config: true, meaning: "where callers reach the catalog service when it runs apart: `http://catalog:50051`, or `http://HOST:PORT,HOST:PORT,…` for several replicas; every address a name resolves to is a replica (resolved again every 10 s), calls are balanced over them one by one" },
    Setting { env: "MEMBER_DATABASE_URL", default: DefaultValue::Value("sqlite://data/member.db"), secret: true, read_by_config: true, meaning: "the member service's database: `sqlite://PATH` or `postgres://…`" },
    Setting { env: "MEMBER_GRPC_ADDR", default: DefaultValue::Value("0.0.0.0:50052"), secret: false, read_by_config: true, meaning: "where the member service listens when run alone" },
    Setting { env: "MEMBER_GRPC_URL", default: DefaultValue::Described("loopback, chosen by `serve`"), secret: false, read_by_config: true, meaning: "where callers reach the member service when it runs apart: `http://member:50052`, or `http://HOST:PORT,HOST:PORT,…` for several replicas; every address a name resolves to is a replica (resolved again every 10 s), calls are balanced over them one by one" },
    Setting { env: "DELIVERY_DATABASE_URL", default: DefaultValue::Value("sqlite://data/delivery.db"), secret: true, read_by_config: true, meaning: "the delivery service's database: `sqlite://PATH` or `postgres://…`" },
    Setting { env: "DELIVERY_GRPC_ADDR", default: DefaultValue::Value("0.0.0.0:50053"), secret: false, read_by_config: true, meaning: "where the delivery service listens when run alone" },
    Setting { env: "DELIVERY_GRPC_URL", default: DefaultValue::Described("loopback, chosen by `serve`"), secret: false, read_by_config: true, meaning: "where callers reach the delivery service when it runs apart: `http://delivery:50053`, or `http://HOST:PORT,HOST:PORT,…` for several replicas; every address a name resolves to is a replica (resolved again every 10 s), calls are balanced over them one by one" },
    Setting { env: "PAYMENT_DATABASE_URL", default: DefaultValue::Value("sqlite://data/payment.db"), secret: true, read_by_config: true, meaning: "the payment service's database: `sqlite://PATH` or `postgres://…`" },
    Setting { env: "PAYMENT_GRPC_ADDR", default: DefaultValue::Value("0.0.0.0:50054"), secret: false, read_by_config: true, meaning: "where the payment service listens when run alone" },
    Setting { env: "PAYMENT_GRPC_URL", default: DefaultValue::Described("loopback, chosen by `serve`"), secret: false, read_by_config: true, meaning: "where callers reach the payment service when it runs apart: `http://payment:50054`, or `http://HOST:PORT,HOST:PORT,…` for several replicas; every address a name resolves to is a replica (resolved again every 10 s), calls are balanced over them one by one" },
    Setting { env: "ORDER_DATABASE_URL", default: DefaultValue::Value("sqlite://data/order.db"), secret: true, read_by_config: true, meaning: "the order service's database: `sqlite://PATH` or `postgres://…`" },
    Setting { env: "ORDER_GRPC_ADDR", default: DefaultValue::Value("0.0.0.0:50055"), secret: false, read_by_config: true, meaning: "where the order service listens when run alone" },
    Setting { env: "ORDER_GRPC_URL", default: DefaultValue::Described("loopback, chosen by `serve`"), secret: false, read_by_config: true, meaning: "where callers reach the order service when it runs apart: `http://order:50055`, or `http://HOST:PORT,HOST:PORT,…` for several replicas; every address a name resolves to is a replica (resolved again every 10 s), calls are balanced over them one by one" },
    Setting { env: "KEYSHOP_MASTER_KEYS", default: DefaultValue::Unset, secret: true, read_by_config: true, meaning: "the delivery master keys themselves (`fingerprint:B64,1:B64,…`); wins over the file" },
    Setting { env: "KEYSHOP_MASTER_KEY_FILE", default: DefaultValue::Value("data/master.key"), secret: false, read_by_config: true, meaning: "where the master keys are kept; created on first run only for a SQLite delivery database" },
    Setting { env: "KEYSHOP_IDENTITY_KEY", default: DefaultValue::Unset, secret: true, read_by_config: true, meaning: "this process's own identity key, `PART:BASE64` (`gateway`, `catalog`, `member`, `delivery`, `payment` or `order`), from a secret; it signs the assertion every gRPC call carries (`keyshop admin identity-keys` makes a set); unset: the key file" },
    Setting { env: "KEYSHOP_IDENTITY_PUBLIC_KEYS", default: DefaultValue::Unset, secret: false, read_by_config: true, meaning: "every part's public identity key, `gateway:BASE64,catalog:BASE64,…`, with `KEYSHOP_IDENTITY_KEY`" },
    Setting { env: "KEYSHOP_IDENTITY_KEY_FILE", default: DefaultValue::Value("data/identity.keys"), secret: false, read_by_config: true, meaning: "the identity keys of every part when `KEYSHOP_IDENTITY_KEY` is unset; created on first run only by the embedded store" },
    Setting { env: "KEYSHOP_PAYMENT_WINDOW_MINUTES", default: DefaultValue::Value("15"), secret: false, read_by_config: true, meaning: "how long a checkout holds its keys and a payment session stays open (1 to 1440)" },
    Setting { env: "KEYSHOP_GUEST_ORDERS_PER_ADDRESS", default: DefaultValue::Value("10"), secret: false, read_by_config: true, meaning: "unpaid guest orders one address (an IPv6 /64) may place within a payment window; beyond them 429 (1 to 100000)" },
    Setting { env: "KEYSHOP_GUEST_ORDERS_PER_EMAIL", default: DefaultValue::Value("5"), secret: false, read_by_config: true, meaning: "unpaid guest orders for one e-mail within a payment window (1 to 100000)" },
    Setting { env: "KEYSHOP_GUEST_KEYS_PER_ADDRESS", default: DefaultValue::Value("50"), secret: false, read_by_config: true, meaning: "keys the guest orders of one address may hold within a payment window (1 to 1000000)" },
    Setting { env: "KEYSHOP_AUTO_COMPLETE_DAYS", default: DefaultValue::Value("7"), secret: false, read_by_config: true, meaning: "days after delivery an order its buyer did not confirm is completed (1 to 365)" },
    Setting { env: "KEYSHOP_SUPPORT_EMAIL", default: DefaultValue::Value("support@keyshop.example"), secret: false, read_by_config: true, meaning: "where refund requests are e-mailed, until the console's support address (site settings) is set" },
    Setting { env: "PAYMENT_PROVIDERS", default: DefaultValue::Described("none (`sandbox` with `serve --demo`)"), secret: false, read_by_config: true, meaning: "the payment providers on offer: `stripe`, `paypal`, `sandbox` (comma-separated); the payment service refuses to start without one" },
    Setting { env: "KEYSHOP_ALLOW_SANDBOX", default: DefaultValue::Value("false"), secret: false, read_by_config: true, meaning: "tests and demos only: lets `PAYMENT_PROVIDERS` name the sandbox, whose test cards buy real keys (`serve --demo` turns it on)" },
    Setting { env: "KEYSHOP_SANDBOX_WEBHOOK_SECRET", default: DefaultValue::Described("random per process"), secret: true, read_by_config: true, meaning: "what the sandbox signs its webhooks with; set it when several payment replicas run" },
    Setting { env: "KEYSHOP_STRIPE_SECRET_KEY", default: DefaultValue::Unset, secret: true, read_by_config: true, meaning: "required with `stripe`: the API key (`sk_…`)" },
    Setting { env: "KEYSHOP_STRIPE_WEBHOOK_SECRET", default: DefaultValue::Unset, secret: true, read_by_config: true, meaning: "required with `stripe`: the webhook endpoint's secret (`whsec_…`); point Stripe's webhook at `{KEYSHOP_PUBLIC_URL}/prod-api/api/payment/webhook/stripe` for `checkout.session.completed`, `…async_payment_succeeded`, `…async_payment_failed`, `…expired`" },
    Setting { env: "KEYSHOP_STRIPE_API_BASE", default: DefaultValue::Value("https://api.stripe.com"), secret: false, read_by_config: true, meaning: "Stripe's API (tests point it at a local fake)" },
    Setting { env: "KEYSHOP_PAYPAL_CLIENT_ID", default: DefaultValue::Unset, secret: false, read_by_config: true, meaning: "required with `paypal`: the REST app's client id" },
    Setting { env: "KEYSHOP_PAYPAL_CLIENT_SECRET", default: DefaultValue::Unset, secret: true, read_by_config: true, meaning: "required with `paypal`: the REST app's secret" },
    Setting { env: "KEYSHOP_PAYPAL_WEBHOOK_ID", default: DefaultValue::Unset, secret: false, read_by_config: true, meaning: "required with `paypal`: the id PayPal gave the webhook `{KEYSHOP_PUBLIC_URL}/prod-api/api/payment/webhook/paypal` (`CHECKOUT.ORDER.APPROVED`, so a buyer who approves and closes the tab is still charged and served, `PAYMENT.CAPTURE.COMPLETED`, `PAYMENT.CAPTURE.DENIED`)" },
    Setting { env: "KEYSHOP_PAYPAL_API_BASE", default: DefaultValue::Value("https://api-m.paypal.com"), secret: false, read_by_config: true, meaning: "PayPal's API; `https://api-m.sandbox.paypal.com` for PayPal's own sandbox" },
    Setting { env: "KEYSHOP_PUBLIC_URL", default: DefaultValue::Described("`http://` + the HTTP address"), secret: false, read_by_config: true, meaning: "where shoppers reach the store: links in e-mails" },
    Setting { env: "KEYSHOP_SESSION_TTL_HOURS", default: DefaultValue::Value("336"), secret: false, read_by_config: true, meaning: "how long a member session lasts (1 to 8760)" },
    Setting { env: "KEYSHOP_STAFF_SESSION_IDLE_MINUTES", default: DefaultValue::Value("30"), secret: false, read_by_config: true, meaning: "a staff session ends after this long without a request (5 to 480)" },
    Setting { env: "KEYSHOP_STAFF_SESSION_HOURS", default: DefaultValue::Value("12"), secret: false, read_by_config: true, meaning: "a staff session ends this long after sign-in, whatever the activity (1 to 24)" },
    Setting { env: "KEYSHOP_CAPTCHA_TEST_CODE", default: DefaultValue::Unset, secret: true, read_by_config: true, meaning: "tests only: a fixed code the captcha also accepts (at least 6 characters); refused unless `KEYSHOP_ALLOW_TEST_CAPTCHA=true`" },
    Setting { env: "KEYSHOP_ALLOW_TEST_CAPTCHA", default: DefaultValue::Value("false"), secret: false, read_by_config: true, meaning: "tests only: lets `KEYSHOP_CAPTCHA_TEST_CODE` be set (logged as a warning)" },
    Setting { env: "EVENT_BUS_URL", default: DefaultValue::Value("memory://"), secret: false, read_by_config: true, meaning: "the event bus: in-process, or `kafka://HOST:PORT,…` (idempotent producer, one consumer group per service, offsets committed after the handler's transaction, events failing 5 attempts go to `keyshop.deadletter.v1` with their error)" },
    Setting { env: "CACHE_URL", default: DefaultValue::Value("memory://"), secret: true, read_by_config: true, meaning: "the cache: in-process, or `redis://[:PASSWORD@]HOST:PORT[/DB]` shared by every replica (sessions, rate limits, hot lists; keys under `keyshop:`); with Redis down the store keeps selling, uncached and unthrottled, and says so in its log" },
    Setting { env: "KEYSHOP_CACHE_MAX_ENTRIES", default: DefaultValue::Value("10000"), secret: false, read_by_config: true, meaning: "bound of the in-memory cache" },
    Setting { env: "MAIL_URL", default: DefaultValue::Value("file://data/outbox"), secret: true, read_by_config: true, meaning: "`file://DIR` (`.eml` files), `smtp://user:pass@host:port`, `smtps://…`" },
    Setting { env: "MAIL_FROM", default: DefaultValue::Value("keyshop <no-reply@keyshop.localhost>"), secret: false, read_by_config: true, meaning: "sender of every e-mail" },
    Setting { env: "KEYSHOP_LOG", default: DefaultValue::Value("info"), secret: false, read_by_config: true, meaning: "log filter (`keyshop_gateway=debug,info`)" },
    Setting { env: "KEYSHOP_LOG_FORMAT", default: DefaultValue::Value("human"), secret: false, read_by_config: true, meaning: "`human` or `json`" },
    Setting { env: "OTEL_EXPORTER_OTLP_ENDPOINT", default: DefaultValue::Unset, secret: false, read_by_config: true, meaning: "OTLP/gRPC collector for traces and metrics, e.g. `http://collector:4317`" },
    Setting { env: "OTEL_SERVICE_NAME", default: DefaultValue::Value("keyshop"), secret: false, read_by_config: true, meaning: "service name on exported spans and metrics (`keyshop-<service>` when run alone)" },
    Setting { env: "OTEL_METRIC_EXPORT_INTERVAL", default: DefaultValue::Value("60000"), secret: false, read_by_config: false, meaning: "milliseconds between two exports of the metrics over OTLP (read by the OpenTelemetry SDK)" },
    Setting { env: "KEYSHOP_METRICS_ADDR", default: DefaultValue::Unset, secret: false, read_by_config: true, meaning: "where the process also serves Prometheus metrics at `GET /metrics`, e.g. `0.0.0.0:9464` (the gateway also serves them on its HTTP address, to callers from inside only)" },
    Setting { env: "MEDIA_STORE_URL", default: DefaultValue::Value("file://data/media"), secret: false, read_by_config: true, meaning: "where uploaded images are kept, named by their content: product images (WebP, under `products/`) and shoppers' chat screenshots (under `chat/`): `file://DIR`, or an S3-compatible bucket `s3://BUCKET[/PREFIX]` with the standard `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, `AWS_REGION` and, for MinIO and the like, `AWS_ENDPOINT` (`AWS_ALLOW_HTTP=true` for plain http); every catalog and member replica must share it" },
    Setting { env: "AWS_ACCESS_KEY_ID", default: DefaultValue::Unset, secret: true, read_by_config: false, meaning: "with an `s3://` `MEDIA_STORE_URL`: the bucket's access key (read by `object_store`)" },
    Setting { env: "AWS_SECRET_ACCESS_KEY", default: DefaultValue::Unset, secret: true, read_by_config: false, meaning: "with an `s3://` `MEDIA_STORE_URL`: the bucket's secret key" },
    Setting { env: "AWS_REGION", default: DefaultValue::Value("us-east-1"), secret: false, read_by_config: false, meaning: "with an `s3://` `MEDIA_STORE_URL`: the bucket's region" },
    Setting { env: "AWS_ENDPOINT", default: DefaultValue::Described("AWS S3"), secret: false, read_by_config: false, meaning: "with an `s3://` `MEDIA_STORE_URL`: an S3-compatible service's address (MinIO, Ceph, R2, …)" },
    Setting { env: "AWS_ALLOW_HTTP", default: DefaultValue::Value("false"), secret: false, read_by_config: false, meaning: "with an `s3://` `MEDIA_STORE_URL`: `true` lets `AWS_ENDPOINT` be plain http (a bucket inside the cluster)" },
    Setting { env: "KEYSHOP_GEOIP_DB", default: DefaultValue::Unset, secret: false, read_by_config: true, meaning: "a MaxMind-format country or city database for `/api/home/location`" },
    Setting { env: "KEYSHOP_OUTBOX_POLL_INTERVAL_MS", default: DefaultValue::Value("500"), secret: false, read_by_config: true, meaning: "how often outbox relays look for events written by other processes, in milliseconds (10 to 60000)" },
    Setting { env: "KEYSHOP_KAFKA_FETCH_WAIT_MS", default: DefaultValue::Value("10"), secret: false, read_by_config: true, meaning: "with a `kafka://` `EVENT_BUS_URL`: how long a consumer's fetch may wait at the broker for events (`fetch.wait.max.ms`), in milliseconds (1 to 1000); see Kafka in production" },
    Setting { env: "KEYSHOP_KAFKA_PARTITIONS", default: DefaultValue::Value("6"), secret: false, read_by_config: true, meaning: "with a `kafka://` `EVENT_BUS_URL`: the partitions of a topic the bus creates (1 to 1000; one that exists keeps its own); as many as the busiest service has replicas" },
    Setting { env: "KEYSHOP_CONFIG", default: DefaultValue::Value("keyshop.toml"), secret: false, read_by_config: false, meaning: "the settings file (read when it exists); the environment wins over it" },
];

/// The setting named `env`.
pub fn find(env: &str) -> Option<&'static Setting> {
    SETTINGS.iter().find(|setting| setting.env == env)
}

/// The variables read without the `KEYSHOP_` prefix.
pub fn plain_env_keys() -> Vec<&'static str> {
    SETTINGS.iter().filter(|setting| setting.read_by_config && setting.plain()).map(|setting| setting.env).collect()
}

/// The README's table of settings.
pub fn markdown_table() -> String {
    let mut table = String::from("| setting | default | meaning |\n|---|---|---|\n");
    for setting in SETTINGS {
        let default = match setting.default {
            DefaultValue::Value(value) => format!("`{value}`"),
            DefaultValue::Described(how) => how.to_owned(),
            DefaultValue::Unset => "unset".to_owned(),
        };
        table.push_str(&format!("| `{}` | {default} | {} |\n", setting.env, setting.meaning));
    }
    table
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use std::collections::BTreeMap;

    use serde::Deserialize;

    use super::*;
    use crate::config::{Config, RawConfig};

    /// The field names a serde-derived struct declares (its `deserialize_struct` call).
    fn field_names<'de, T: Deserialize<'de>>() -> Vec<&'static str> {
        struct Fields(Vec<&'static str>);
        #[derive(Debug)]
        struct Stop;
        impl std::fmt::Display for Stop {
            fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("stop")
            }
        }
        impl std::error::Error for Stop {}
        impl serde::de::Error for Stop {
            fn custom<M: std::fmt::Display>(_: M) -> Stop {
                Stop
            }
        }
        impl<'de> serde::Deserializer<'de> for &mut Fields {
            type Error = Stop;
            fn deserialize_any<V: serde::de::Visitor<'de>>(self, _: V) -> Result<V::Value, Stop> {
                Err(Stop)
            }
            fn deserialize_struct<V: serde::de::Visitor<'de>>(
                self,
                _: &'static str,
                fields: &'static [&'static str],
                _: V,
            ) -> Result<V::Value, Stop> {
                self.0.extend_from_slice(fields);
                Err(Stop)
            }
            serde::forward_to_deserialize_any! {
                bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf option unit
                unit_struct newtype_struct seq tuple tuple_struct map enum identifier ignored_any
            }
        }
        let mut fields = Fields(Vec::new());
        let _ = T::deserialize(&mut fields);
        fields.0
    }

    #[test]
    fn raw_config_reads_exactly_the_declared_settings() {
        let mut declared: Vec<String> =
            SETTINGS.iter().filter(|setting| setting.read_by_config).map(Setting::key).collect();
        let mut fields: Vec<String> = field_names::<RawConfig>().into_iter().map(str::to_owned).collect();
        declared.sort();
        fields.sort();
        assert_eq!(fields, declared);
        let mut envs: Vec<_> = SETTINGS.iter().map(|setting| setting.env).collect();
        envs.sort_unstable();
        envs.dedup();
        assert_eq!(envs.len(), SETTINGS.len(), "a setting declared twice");
    }

    #[test]
    fn the_effective_defaults_are_the_declared_ones() {
        // Every provider on, so their API bases are in effect too.
        let raw = RawConfig {
            payment_providers: Some("stripe,paypal".to_owned()),
            stripe_secret_key: Some("sk_test_x".to_owned()),
            stripe_webhook_secret: Some("whsec_x".to_owned()),
            paypal_client_id: Some("client".to_owned()),
            paypal_client_secret: Some("secret".to_owned()),
            paypal_webhook_id: Some("hook".to_owned()),
            ..RawConfig::default()
        };
        let config = Config::from_raw(raw).unwrap();
        let effective: BTreeMap<String, String> = config.describe().into_iter().collect();
        let mut checked = 0;
        for setting in SETTINGS.iter().filter(|setting| setting.read_by_config && setting.env != "PAYMENT_PROVIDERS") {
            if let DefaultValue::Value(value) = setting.default {
                assert_eq!(effective.get(setting.env).map(String::as_str), Some(value), "{}", setting.env);
                checked += 1;
            }
        }
        assert!(checked > 30, "{checked}");
    }

    #[test]
    fn the_readme_table_is_the_declared_settings() {
        let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md")).unwrap();
        let begin = "<!-- settings: generated by `keyshop config --markdown` -->\n";
        let start = readme.find(begin).expect("the README marks its settings table") + begin.len();
        let end = start + readme[start..].find("<!-- /settings -->").expect("the table's end mark");
        assert!(
            readme[start..end] == markdown_table(),
            "README.md's settings table is stale: paste `keyshop config --markdown` between its marks"
        );
    }
}
