//! The cache: a [`Cache`] trait with an in-memory implementation (TTL, bounded
//! size). Redis comes with the scale-out work behind the same trait.

mod memory;

use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use serde::Serialize;
use serde::de::DeserializeOwned;

pub use memory::MemoryCache;

#[async_trait]
pub trait Cache: Send + Sync + 'static {
    async fn get(&self, key: &str) -> Option<Vec<u8>>;
    async fn set(&self, key: &str, value: Vec<u8>, ttl: Duration);
    async fn delete(&self, key: &str);
    /// Deletes every key starting with `prefix` (invalidation of a family).
    async fn delete_prefix(&self, prefix: &str);
}

/// Typed helpers over any [`Cache`]: values are stored as JSON.
pub async fn get_json<T: DeserializeOwned>(cache: &dyn Cache, key: &str) -> Option<T> {
    let bytes = cache.get(key).await?;
    serde_json::from_slice(&bytes).ok()
}

pub async fn set_json<T: Serialize + Sync>(cache: &dyn Cache, key: &str, value: &T, ttl: Duration) {
    match serde_json::to_vec(value) {
        Ok(bytes) => cache.set(key, bytes, ttl).await,
        Err(error) => tracing::warn!(key, error = %error, "value not cached"),
    }
}

#[derive(Debug, thiserror::Error)]
#[error("unsupported cache URL {0:?} (use memory://)")]
pub struct UnsupportedCacheUrl(pub String);

/// Opens the cache named by `CACHE_URL`.
pub fn cache_from_url(url: &str, max_entries: usize) -> Result<Arc<dyn Cache>, UnsupportedCacheUrl> {
    match url {
        "memory://" => Ok(Arc::new(MemoryCache::new(max_entries))),
        other => Err(UnsupportedCacheUrl(crate::config::redact_url(other))),
    }
}
