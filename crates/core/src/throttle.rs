//! Rate-limit counters, kept apart from the cache: cache pressure (a flood of
//! catalog pages or captchas) can never evict a lock-out. In one process a
//! bounded map of its own (only expired counters, then those closest to
//! expiring, make room, found through an expiry heap without scanning);
//! across replicas Redis (`INCR` + `PEXPIRE NX` + `PTTL`, atomic, under
//! `keyshop:throttle:`). A counter's window starts with its first hit.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use async_trait::async_trait;

use crate::cache::{REDIS_NAMESPACE, RedisCache, UnsupportedCacheUrl};

/// Counters one process keeps at most (about 100 bytes each).
pub const MAX_COUNTERS: usize = 200_000;

#[async_trait]
pub trait Throttle: Send + Sync + 'static {
    /// Counts one more under `key`, starting a window of `window` when the
    /// counter is new or expired: the count (this one included) and the time
    /// left. Concurrent hits each get their own count.
    async fn hit(&self, key: &str, window: Duration) -> (u64, Duration) {
        self.add(key, 1, window).await
    }
    /// Counts `amount` more under `key` (keys held, not requests), as
    /// [`Throttle::hit`] counts one.
    async fn add(&self, key: &str, amount: u64, window: Duration) -> (u64, Duration);
    /// The count under `key` and the time left, without changing it.
    async fn count(&self, key: &str) -> (u64, Duration);
    /// Takes one back (an attempt counted ahead that turned out fine).
    async fn release(&self, key: &str);
    /// Forgets the counter.
    async fn reset(&self, key: &str);
}

/// The bucket a client address is counted in: an IPv4 address alone, an
/// IPv6 address by its /64 network (one subscriber usually holds a whole
/// /64, so counting single addresses would give them 2^64 counters).
pub fn address_bucket(ip: &str) -> String {
    match ip.parse::<std::net::IpAddr>() {
        Ok(std::net::IpAddr::V6(v6)) => match v6.to_ipv4_mapped() {
            Some(v4) => v4.to_string(),
            None => {
                let s = v6.segments();
                format!("{:x}:{:x}:{:x}:{:x}::/64", s[0], s[1], s[2], s[3])
            }
        },
        Ok(std::net::IpAddr::V4(v4)) => v4.to_string(),
        Err(_) => ip.to_owned(),
    }
}

/// The throttle beside the cache of `CACHE_URL`.
pub fn throttle_from_url(url: &str) -> Result<Arc<dyn Throttle>, UnsupportedCacheUrl> {
    let unsupported = || UnsupportedCacheUrl(crate::config::redact_url(url));
    match url {
        "memory://" => Ok(Arc::new(MemoryThrottle::new(MAX_COUNTERS))),
        redis if redis.starts_with("redis://") => {
            let namespace = format!("{REDIS_NAMESPACE}throttle:");
            Ok(Arc::new(RedisThrottle(RedisCache::open(redis, &namespace).map_err(|_| unsupported())?)))
        }
        _ => Err(unsupported()),
    }
}

struct Counter {
    count: u64,
    expires_at: Instant,
}

#[derive(Default)]
struct Counters {
    by_key: HashMap<String, Counter>,
    /// Every counter's expiry; an entry whose counter was replaced since is
    /// stale and skipped.
    expiries: BinaryHeap<Reverse<(Instant, String)>>,
}

impl Counters {
    /// Drops expired counters, then (when still full) those closest to
    /// expiring, until there is room for one more.
    fn make_room(&mut self, max: usize, now: Instant) {
        while let Some(Reverse((expires_at, _))) = self.expiries.peek() {
            let full = self.by_key.len() >= max;
            if *expires_at > now && !full {
                break;
            }
            let Some(Reverse((expires_at, key))) = self.expiries.pop() else { break };
            if self.by_key.get(&key).is_some_and(|counter| counter.expires_at == expires_at) {
                self.by_key.remove(&key);
            }
        }
    }
}

/// Counters in this process's memory, bounded.
pub struct MemoryThrottle {
    counters: Mutex<Counters>,
    max: usize,
}

impl MemoryThrottle {
    pub fn new(max: usize) -> MemoryThrottle {
        MemoryThrottle { counters: Mutex::new(Counters::default()), max: max.max(1) }
    }

    /// How many counters it holds (expired ones not yet dropped included).
    pub fn len(&self) -> usize {
        self.counters.lock().map_or(0, |counters| counters.by_key.len())
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[async_trait]
impl Throttle for MemoryThrottle {
    async fn add(&self, key: &str, amount: u64, window: Duration) -> (u64, Duration) {
        let now = Instant::now();
        // A poisoned lock fails closed: as if far over every limit.
        let Ok(mut counters) = self.counters.lock() else { return (u64::MAX, window) };
        if let Some(counter) = counters.by_key.get_mut(key)
            && counter.expires_at > now
        {
            counter.count = counter.count.saturating_add(amount);
            return (counter.count, counter.expires_at - now);
        }
        counters.make_room(self.max, now);
        let expires_at = now + window;
        counters.by_key.insert(key.to_owned(), Counter { count: amount, expires_at });
        counters.expiries.push(Reverse((expires_at, key.to_owned())));
        (amount, window)
    }

    async fn count(&self, key: &str) -> (u64, Duration) {
        let now = Instant::now();
        let Ok(counters) = self.counters.lock() else { return (u64::MAX, Duration::ZERO) };
        match counters.by_key.get(key) {
            Some(counter) if counter.expires_at > now => (counter.count, counter.expires_at - now),
            _ => (0, Duration::ZERO),
        }
    }

    async fn release(&self, key: &str) {
        if let Ok(mut counters) = self.counters.lock()
            && let Some(counter) = counters.by_key.get_mut(key)
        {
            counter.count = counter.count.saturating_sub(1);
        }
    }

    async fn reset(&self, key: &str) {
        if let Ok(mut counters) = self.counters.lock() {
            counters.by_key.remove(key);
        }
    }
}

/// Counters in Redis, shared by every replica.
pub struct RedisThrottle(RedisCache);

#[async_trait]
impl Throttle for RedisThrottle {
    async fn add(&self, key: &str, amount: u64, window: Duration) -> (u64, Duration) {
        self.0.increment_by(key, amount, window).await
    }

    async fn count(&self, key: &str) -> (u64, Duration) {
        use crate::cache::Cache;
        self.0.count(key).await
    }

    async fn release(&self, key: &str) {
        self.0.decrement_if_present(key).await;
    }

    async fn reset(&self, key: &str) {
        use crate::cache::Cache;
        self.0.delete(key).await;
    }
}

/// A connection's allowance of messages: `burst` at once, refilled at
/// `per_second` (never above the burst, whatever the idle time).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Allowance {
    tokens: f64,
    burst: f64,
    per_second: f64,
    at_ms: i64,
}

impl Allowance {
    pub fn new(burst: u32, per_second: f64, now_ms: i64) -> Allowance {
        Allowance { tokens: f64::from(burst), burst: f64::from(burst), per_second, at_ms: now_ms }
    }

    /// Whether one more message may go at `now_ms` (and counts it when it may).
    pub fn take(&mut self, now_ms: i64) -> bool {
        let elapsed = (now_ms - self.at_ms).max(0) as f64 / 1000.0;
        self.tokens = (self.tokens + elapsed * self.per_second).min(self.burst);
        self.at_ms = self.at_ms.max(now_ms);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use super::*;

    const WINDOW: Duration = Duration::from_secs(60);

    #[test]
    fn ipv6_addresses_count_by_their_64_network() {
        assert_eq!(address_bucket("2001:db8:1:2:aaaa::1"), "2001:db8:1:2::/64");
        assert_eq!(address_bucket("2001:db8:1:2:ffff:ffff:ffff:ffff"), address_bucket("2001:db8:1:2::7"));
        assert_ne!(address_bucket("2001:db8:1:3::1"), address_bucket("2001:db8:1:2::1"));
        assert_eq!(address_bucket("::ffff:203.0.113.9"), "203.0.113.9");
        assert_eq!(address_bucket("203.0.113.9"), "203.0.113.9");
        assert_eq!(address_bucket(""), "");
    }

    #[tokio::test]
    async fn counts_releases_and_resets() {
        let throttle = MemoryThrottle::new(10);
        assert_eq!(throttle.hit("a", WINDOW).await.0, 1);
        assert_eq!(throttle.hit("a", WINDOW).await.0, 2);
        throttle.release("a").await;
        assert_eq!(throttle.count("a").await.0, 1);
        throttle.reset("a").await;
        assert_eq!(throttle.count("a").await, (0, Duration::ZERO));
        assert_eq!(throttle.hit("short", Duration::from_millis(1)).await.0, 1);
        std::thread::sleep(Duration::from_millis(5));
        assert_eq!(throttle.hit("short", WINDOW).await.0, 1, "a new window after the old one ends");
        assert_eq!(throttle.add("keys", 7, WINDOW).await.0, 7);
        assert_eq!(throttle.add("keys", 5, WINDOW).await.0, 12);
    }

    #[tokio::test]
    async fn concurrent_hits_each_get_their_own_count() {
        let throttle = Arc::new(MemoryThrottle::new(100));
        let mut tasks = Vec::new();
        for _ in 0..50 {
            let throttle = throttle.clone();
            tasks.push(tokio::spawn(async move { throttle.hit("login", WINDOW).await.0 }));
        }
        let mut counts = Vec::new();
        for task in tasks {
            counts.push(task.await.unwrap());
        }
        counts.sort_unstable();
        assert_eq!(counts, (1..=50).collect::<Vec<_>>());
    }

    #[tokio::test]
    async fn a_full_throttle_drops_the_counters_closest_to_expiring_first() {
        let throttle = MemoryThrottle::new(3);
        throttle.hit("locked-account", Duration::from_secs(900)).await;
        for second in 1..=5 {
            throttle.hit(&format!("flood-{second}"), Duration::from_secs(second)).await;
        }
        assert_eq!(throttle.len(), 3);
        assert_eq!(throttle.count("locked-account").await.0, 1, "the long lock-out outlives the flood");
    }

    #[test]
    fn an_allowance_gives_a_burst_then_about_one_a_second() {
        let mut allowance = Allowance::new(5, 1.0, 0);
        assert!((0..5).all(|_| allowance.take(0)));
        assert!(!allowance.take(0), "the burst is spent");
        assert!(!allowance.take(500));
        assert!(allowance.take(1000));
        assert!(!allowance.take(1000));
        // Idle for a minute: the burst again, not sixty.
        assert!((0..5).all(|_| allowance.take(61_000)));
        assert!(!allowance.take(61_000));
        // A clock that steps back never gives more.
        assert!(!allowance.take(30_000));
    }
}
