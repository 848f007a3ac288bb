use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use async_trait::async_trait;

use super::Cache;

struct Entry {
    value: Vec<u8>,
    expires_at: Instant,
    last_used: u64,
}

/// An in-process cache with a time-to-live per entry and at most
/// `max_entries` entries; when full, expired entries go first, then the least
/// recently used.
pub struct MemoryCache {
    entries: Mutex<HashMap<String, Entry>>,
    max_entries: usize,
    clock: AtomicU64,
}

impl MemoryCache {
    pub fn new(max_entries: usize) -> MemoryCache {
        MemoryCache { entries: Mutex::new(HashMap::new()), max_entries: max_entries.max(1), clock: AtomicU64::new(0) }
    }

    pub fn len(&self) -> usize {
        self.entries.lock().map(|entries| entries.len()).unwrap_or(0)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn tick(&self) -> u64 {
        self.clock.fetch_add(1, Ordering::Relaxed)
    }

    fn make_room(entries: &mut HashMap<String, Entry>, max_entries: usize) {
        if entries.len() < max_entries {
            return;
        }
        let now = Instant::now();
        entries.retain(|_, entry| entry.expires_at > now);
        while entries.len() >= max_entries {
            let oldest = entries.iter().min_by_key(|(_, entry)| entry.last_used).map(|(key, _)| key.clone());
            match oldest {
                Some(key) => {
                    entries.remove(&key);
                }
                None => break,
            }
        }
    }
}

#[async_trait]
impl Cache for MemoryCache {
    async fn get(&self, key: &str) -> Option<Vec<u8>> {
        let tick = self.tick();
        let mut entries = self.entries.lock().ok()?;
        let entry = entries.get_mut(key)?;
        if entry.expires_at <= Instant::now() {
            entries.remove(key);
            return None;
        }
        entry.last_used = tick;
        Some(entry.value.clone())
    }

    async fn set(&self, key: &str, value: Vec<u8>, ttl: Duration) {
        let tick = self.tick();
        let Ok(mut entries) = self.entries.lock() else {
            return;
        };
        if !entries.contains_key(key) {
            MemoryCache::make_room(&mut entries, self.max_entries);
        }
        entries.insert(key.to_owned(), Entry { value, expires_at: Instant::now() + ttl, last_used: tick });
    }

    async fn set_if_absent(&self, key: &str, value: Vec<u8>, ttl: Duration) -> bool {
        let tick = self.tick();
        let Ok(mut entries) = self.entries.lock() else { return false };
        let now = Instant::now();
        match entries.get(key) {
            Some(entry) if entry.expires_at > now => return false,
            Some(_) => {}
            None => MemoryCache::make_room(&mut entries, self.max_entries),
        }
        entries.insert(key.to_owned(), Entry { value, expires_at: now + ttl, last_used: tick });
        true
    }

    async fn delete(&self, key: &str) {
        if let Ok(mut entries) = self.entries.lock() {
            entries.remove(key);
        }
    }

    async fn take(&self, key: &str) -> Option<Vec<u8>> {
        let mut entries = self.entries.lock().ok()?;
        let entry = entries.remove(key)?;
        (entry.expires_at > Instant::now()).then_some(entry.value)
    }

    async fn increment(&self, key: &str, ttl: Duration) -> (u64, Duration) {
        let tick = self.tick();
        let Ok(mut entries) = self.entries.lock() else { return (u64::MAX, ttl) };
        let now = Instant::now();
        match entries.get_mut(key) {
            Some(entry) if entry.expires_at > now => {
                let count = counter_value(&entry.value).saturating_add(1);
                entry.value = count.to_le_bytes().to_vec();
                entry.last_used = tick;
                (count, entry.expires_at - now)
            }
            existing => {
                if existing.is_none() {
                    MemoryCache::make_room(&mut entries, self.max_entries);
                }
                entries.insert(
                    key.to_owned(),
                    Entry { value: 1_u64.to_le_bytes().to_vec(), expires_at: now + ttl, last_used: tick },
                );
                (1, ttl)
            }
        }
    }

    async fn count(&self, key: &str) -> (u64, Duration) {
        let Ok(entries) = self.entries.lock() else { return (0, Duration::ZERO) };
        let now = Instant::now();
        match entries.get(key) {
            Some(entry) if entry.expires_at > now => (counter_value(&entry.value), entry.expires_at - now),
            _ => (0, Duration::ZERO),
        }
    }

    async fn delete_prefix(&self, prefix: &str) {
        if let Ok(mut entries) = self.entries.lock() {
            entries.retain(|key, _| !key.starts_with(prefix));
        }
    }
}

fn counter_value(bytes: &[u8]) -> u64 {
    bytes.try_into().map(u64::from_le_bytes).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    const MINUTE: Duration = Duration::from_secs(60);

    crate::cache::contract::cache_contract!(std::sync::Arc::new(MemoryCache::new(100)));

    #[tokio::test]
    async fn expired_entries_are_dropped() {
        let cache = MemoryCache::new(10);
        cache.set("k", vec![1], Duration::from_millis(20)).await;
        tokio::time::sleep(Duration::from_millis(40)).await;
        assert_eq!(cache.get("k").await, None);
        assert!(cache.is_empty());
    }

    #[tokio::test]
    async fn the_least_recently_used_entry_goes_when_full() {
        let cache = MemoryCache::new(2);
        cache.set("a", vec![1], MINUTE).await;
        cache.set("b", vec![2], MINUTE).await;
        assert!(cache.get("a").await.is_some());
        cache.set("c", vec![3], MINUTE).await;
        assert_eq!(cache.len(), 2);
        assert!(cache.get("b").await.is_none());
        assert!(cache.get("a").await.is_some());
        assert!(cache.get("c").await.is_some());
    }
}
