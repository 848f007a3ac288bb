//! The cache: a [`Cache`] trait with an in-memory implementation (TTL, bounded
//! size, one process) and a Redis one (shared by every replica), chosen by
//! `CACHE_URL` and held to the same tests. And [`Memo`], a typed value held by
//! one process, for the hottest small data.

#[cfg(test)]
pub(crate) mod contract;
mod memo;
mod memory;
mod redis;

use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use serde::Serialize;
use serde::de::DeserializeOwned;

pub use memo::Memo;
pub use memory::MemoryCache;
pub use redis::RedisCache;

#[async_trait]
pub trait Cache: Send + Sync + 'static {
    async fn get(&self, key: &str) -> Option<Vec<u8>>;
    async fn set(&self, key: &str, value: Vec<u8>, ttl: Duration);
    /// Stores `value` only when `key` holds nothing (or only an expired
    /// value); `true` when it did. The building block of "once per interval"
    /// rules (Redis `SET NX EX`).
    async fn set_if_absent(&self, key: &str, value: Vec<u8>, ttl: Duration) -> bool;
    async fn delete(&self, key: &str);
    /// Reads and deletes `key` in one step: of two concurrent callers only one
    /// gets the value (Redis `GETDEL`). For single-use values (captchas).
    async fn take(&self, key: &str) -> Option<Vec<u8>>;
    /// Adds one to the counter at `key`, starting a window of `ttl` when the
    /// counter is new or expired. Returns the count and the time left in the
    /// window (Redis `INCR` + `EXPIRE NX` + `PTTL`). For rate limits.
    async fn increment(&self, key: &str, ttl: Duration) -> (u64, Duration);
    /// The current count at `key` and the time left in its window, without
    /// changing it; `(0, ZERO)` when there is none.
    async fn count(&self, key: &str) -> (u64, Duration);
    /// Deletes every key starting with `prefix` (invalidation of a family).
    async fn delete_prefix(&self, prefix: &str);
}

/// Typed helpers over any [`Cache`]: values are stored in postcard's compact
/// binary form (fast to decode on hot paths). The format is not
/// self-describing: put a version in keys whose value type may change.
/// A value that does not decode counts as a miss.
pub async fn get_value<T: DeserializeOwned>(cache: &dyn Cache, key: &str) -> Option<T> {
    let bytes = cache.get(key).await?;
    postcard::from_bytes(&bytes).ok()
}

pub async fn set_value<T: Serialize + Sync>(cache: &dyn Cache, key: &str, value: &T, ttl: Duration) {
    match postcard::to_allocvec(value) {
        Ok(bytes) => cache.set(key, bytes, ttl).await,
        Err(error) => tracing::warn!(key, error = %error, "value not cached"),
    }
}

#[derive(Debug, thiserror::Error)]
#[error("unsupported cache URL {0:?} (use memory:// or redis://HOST:PORT)")]
pub struct UnsupportedCacheUrl(pub String);

/// The namespace of keyshop's keys in a shared Redis.
pub const REDIS_NAMESPACE: &str = "keyshop:";

/// Opens the cache named by `CACHE_URL`: `memory://`, or
/// `redis://[:password@]host:port[/db]`.
pub fn cache_from_url(url: &str, max_entries: usize) -> Result<Arc<dyn Cache>, UnsupportedCacheUrl> {
    let unsupported = || UnsupportedCacheUrl(crate::config::redact_url(url));
    match url {
        "memory://" => Ok(Arc::new(MemoryCache::new(max_entries))),
        redis if redis.starts_with("redis://") => {
            Ok(Arc::new(RedisCache::open(redis, REDIS_NAMESPACE).map_err(|_| unsupported())?))
        }
        _ => Err(unsupported()),
    }
}
