//! Where the tests find their servers: the `TEST_*` variables, else where
//! this kind of machine runs them.

/// `name`'s value, else `default`.
fn server_url(name: &str, default: &str) -> String {
    std::env::var(name).ok().filter(|url| !url.is_empty()).unwrap_or_else(|| default.to_owned())
}

/// The PostgreSQL server tests create their databases on.
pub fn postgres_url() -> String {
    server_url("TEST_POSTGRES_URL", "postgres://postgres@127.0.0.1:5432/test?sslmode=disable")
}

/// The Redis server of the cache's tests and the distributed test.
pub fn redis_url() -> String {
    server_url("TEST_REDIS_URL", "redis://127.0.0.1:6379")
}

/// The Kafka-compatible broker of the bus's tests.
pub fn kafka_url() -> String {
    server_url("TEST_KAFKA_URL", "kafka://127.0.0.1:19092")
}

/// The tansu broker's binary, which the distributed test starts itself.
pub fn tansu_bin() -> String {
    std::env::var("TEST_TANSU_BIN").expect("TEST_TANSU_BIN: the tansu broker's binary (.ci/test-services)")
}
