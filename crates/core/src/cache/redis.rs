//! [`Cache`] on Redis, shared by every replica of every service: session
//! look-ups, rate-limit counters and hot lists survive a restart and count
//! across processes. Keys live under a namespace (`keyshop:` by default).
//!
//! The connection is opened on first use and re-opened after a failure (a
//! multiplexed connection manager; a second to connect or answer). After a
//! failure the cache is skipped for [`BACK_OFF`], so requests do not each
//! wait for a server that is down. The cache is an accelerator, never the
//! record: when Redis cannot be reached a read is a miss, a write is dropped,
//! a counter starts over and an interval claim is granted (a warning is
//! logged each time), so the store keeps selling with Redis down; throttles
//! are lifted meanwhile. Single-use values (`take`: captchas) fail closed.

use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

use async_trait::async_trait;
use redis::aio::{ConnectionManager, ConnectionManagerConfig};
use redis::{AsyncCommands, Client, RedisError};
use tokio::sync::OnceCell;

use super::Cache;
use crate::clock::{Clock, SystemClock};

/// How long the cache is skipped after Redis failed.
pub const BACK_OFF: Duration = Duration::from_secs(5);
/// The longest wait to connect, or for an answer.
const CALL_TIMEOUT: Duration = Duration::from_secs(1);

pub struct RedisCache {
    client: Client,
    connection: OnceCell<ConnectionManager>,
    namespace: String,
    /// Until when (ms) calls skip Redis after a failure.
    down_until: AtomicI64,
}

/// Milliseconds for Redis, at least 1 (a zero TTL is an error there).
fn millis(ttl: Duration) -> u64 {
    u64::try_from(ttl.as_millis()).unwrap_or(u64::MAX).max(1)
}

/// A `PTTL` answer as the time left (negative: no key or no expiry).
fn time_left(pttl: i64) -> Duration {
    u64::try_from(pttl).map(Duration::from_millis).unwrap_or(Duration::ZERO)
}

/// `prefix` with the glob characters of `SCAN MATCH` escaped.
fn glob_escape(prefix: &str) -> String {
    let mut escaped = String::with_capacity(prefix.len() + 1);
    for character in prefix.chars() {
        if matches!(character, '*' | '?' | '[' | ']' | '\\') {
            escaped.push('\\');
        }
        escaped.push(character);
    }
    escaped.push('*');
    escaped
}

impl RedisCache {
    /// A cache on the server at `url` (`redis://[:password@]host:port[/db]`),
    /// its keys under `namespace`. Nothing is connected yet.
    pub fn open(url: &str, namespace: &str) -> Result<RedisCache, RedisError> {
        Ok(RedisCache {
            client: Client::open(url)?,
            connection: OnceCell::new(),
            namespace: namespace.to_owned(),
            down_until: AtomicI64::new(0),
        })
    }

    fn key(&self, key: &str) -> String {
        format!("{}{key}", self.namespace)
    }

    async fn connection(&self) -> Result<ConnectionManager, RedisError> {
        if SystemClock.now_ms() < self.down_until.load(Ordering::Relaxed) {
            return Err(RedisError::from((redis::ErrorKind::Io, "redis was unreachable a moment ago")));
        }
        let config = ConnectionManagerConfig::new()
            .set_connection_timeout(Some(CALL_TIMEOUT))
            .set_response_timeout(Some(CALL_TIMEOUT))
            .set_number_of_retries(1);
        let manager =
            self.connection.get_or_try_init(|| ConnectionManager::new_with_config(self.client.clone(), config)).await?;
        Ok(manager.clone())
    }

    /// Adds `amount` to the counter at `key`, starting its window of `ttl`
    /// when it is new: the count and the time left.
    pub async fn increment_by(&self, key: &str, amount: u64, ttl: Duration) -> (u64, Duration) {
        let key = self.key(key);
        let result = async {
            let mut connection = self.connection().await?;
            // One round trip, applied together: the window starts with the
            // first count only (`PEXPIRE … NX`).
            let (count, _, left): (u64, i64, i64) = redis::pipe()
                .atomic()
                .incr(&key, amount)
                .cmd("PEXPIRE")
                .arg(&key)
                .arg(millis(ttl))
                .arg("NX")
                .cmd("PTTL")
                .arg(&key)
                .query_async(&mut connection)
                .await?;
            Ok((count, time_left(left)))
        }
        .await;
        self.or_else(result, "increment", (amount, ttl))
    }

    /// Takes one from the counter at `key` when there is one (a throttle's
    /// reservation handed back); a missing counter stays missing.
    pub async fn decrement_if_present(&self, key: &str) {
        let key = self.key(key);
        let result = async {
            let mut connection = self.connection().await?;
            redis::cmd("EVAL")
                .arg("if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('DECR', KEYS[1]) end return 0")
                .arg(1)
                .arg(&key)
                .query_async::<i64>(&mut connection)
                .await?;
            Ok(())
        }
        .await;
        self.or_else(result, "decrement", ());
    }

    /// Whether the server answers (for readiness).
    pub async fn ping(&self) -> bool {
        match self.connection().await {
            Ok(mut connection) => redis::cmd("PING").query_async::<String>(&mut connection).await.is_ok(),
            Err(_) => false,
        }
    }

    /// The answer, or `fallback` when Redis failed (with a warning, once
    /// per back-off).
    fn or_else<T>(&self, result: Result<T, RedisError>, operation: &'static str, fallback: T) -> T {
        result.unwrap_or_else(|error| {
            let now = SystemClock.now_ms();
            let until = now + i64::try_from(BACK_OFF.as_millis()).unwrap_or(i64::MAX);
            if self.down_until.swap(until, Ordering::Relaxed) < now {
                tracing::warn!(operation, error = %error, "redis cache unreachable: going without it for a while");
            }
            fallback
        })
    }
}

#[async_trait]
impl Cache for RedisCache {
    async fn get(&self, key: &str) -> Option<Vec<u8>> {
        let key = self.key(key);
        let result = async { self.connection().await?.get::<_, Option<Vec<u8>>>(key).await }.await;
        self.or_else(result, "get", None)
    }

    async fn set(&self, key: &str, value: Vec<u8>, ttl: Duration) {
        let key = self.key(key);
        let result = async { self.connection().await?.pset_ex::<_, _, ()>(key, value, millis(ttl)).await }.await;
        self.or_else(result, "set", ());
    }

    async fn set_if_absent(&self, key: &str, value: Vec<u8>, ttl: Duration) -> bool {
        let key = self.key(key);
        let result = async {
            let mut connection = self.connection().await?;
            let answer: Option<String> = redis::cmd("SET")
                .arg(key)
                .arg(value)
                .arg("NX")
                .arg("PX")
                .arg(millis(ttl))
                .query_async(&mut connection)
                .await?;
            Ok(answer.is_some())
        }
        .await;
        // Down: the claim is granted, like a counter that starts over.
        self.or_else(result, "set_if_absent", true)
    }

    async fn delete(&self, key: &str) {
        let key = self.key(key);
        let result = async { self.connection().await?.del::<_, ()>(key).await }.await;
        self.or_else(result, "delete", ());
    }

    async fn take(&self, key: &str) -> Option<Vec<u8>> {
        let key = self.key(key);
        let result = async {
            let mut connection = self.connection().await?;
            redis::cmd("GETDEL").arg(key).query_async::<Option<Vec<u8>>>(&mut connection).await
        }
        .await;
        self.or_else(result, "take", None)
    }

    async fn increment(&self, key: &str, ttl: Duration) -> (u64, Duration) {
        self.increment_by(key, 1, ttl).await
    }

    async fn count(&self, key: &str) -> (u64, Duration) {
        let key = self.key(key);
        let result = async {
            let mut connection = self.connection().await?;
            let (count, left): (Option<u64>, i64) =
                redis::pipe().get(&key).cmd("PTTL").arg(&key).query_async(&mut connection).await?;
            Ok(match count {
                Some(count) if left > 0 => (count, time_left(left)),
                _ => (0, Duration::ZERO),
            })
        }
        .await;
        self.or_else(result, "count", (0, Duration::ZERO))
    }

    async fn delete_prefix(&self, prefix: &str) {
        let pattern = glob_escape(&self.key(prefix));
        let result = async {
            let mut connection = self.connection().await?;
            let mut cursor: u64 = 0;
            loop {
                let (next, keys): (u64, Vec<String>) = redis::cmd("SCAN")
                    .arg(cursor)
                    .arg("MATCH")
                    .arg(&pattern)
                    .arg("COUNT")
                    .arg(500)
                    .query_async(&mut connection)
                    .await?;
                if !keys.is_empty() {
                    redis::cmd("UNLINK").arg(&keys).query_async::<()>(&mut connection).await?;
                }
                if next == 0 {
                    return Ok(());
                }
                cursor = next;
            }
        }
        .await;
        self.or_else(result, "delete_prefix", ());
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;

    /// A cache on the test server in a namespace of its own.
    fn on_test_server() -> Arc<dyn Cache> {
        let namespace = format!("keyshop-test:{}:", uuid::Uuid::new_v4().simple());
        Arc::new(
            RedisCache::open(&keyshop_testkit::servers::redis_url(), &namespace)
                .expect("TEST_REDIS_URL is a redis:// URL"),
        )
    }

    crate::cache::contract::cache_contract!(on_test_server());

    #[tokio::test]
    async fn an_unreachable_server_misses_and_lifts_throttles() {
        let cache = RedisCache::open("redis://127.0.0.1:9", "keyshop-test:").unwrap();
        assert!(!cache.ping().await);
        cache.set("k", vec![1], Duration::from_secs(1)).await;
        assert_eq!(cache.get("k").await, None);
        assert_eq!(cache.take("k").await, None);
        assert_eq!(cache.increment("n", Duration::from_secs(1)).await.0, 1);
        assert!(cache.set_if_absent("once", vec![1], Duration::from_secs(1)).await);
    }

    #[test]
    fn prefixes_match_literally() {
        assert_eq!(glob_escape("keyshop:hot:"), "keyshop:hot:*");
        assert_eq!(glob_escape("a*b?[c]\\"), "a\\*b\\?\\[c\\]\\\\*");
    }

    #[test]
    fn ttls_and_time_left() {
        assert_eq!(millis(Duration::ZERO), 1);
        assert_eq!(millis(Duration::from_secs(2)), 2000);
        assert_eq!(time_left(-2), Duration::ZERO);
        assert_eq!(time_left(1500), Duration::from_millis(1500));
    }
}
