//! What every [`Cache`] does, run against each implementation (memory and
//! Redis): `cache_contract!(make)` writes one test per rule, `make` being an
//! expression that gives an `Arc<dyn Cache>`.

use std::time::Duration;

use super::{Cache, get_value, set_value};

const MINUTE: Duration = Duration::from_secs(60);

pub async fn stores_reads_and_deletes(cache: &dyn Cache) {
    cache.set("rates", b"[1]".to_vec(), MINUTE).await;
    assert_eq!(cache.get("rates").await.as_deref(), Some(&b"[1]"[..]));
    cache.set("rates", b"[2]".to_vec(), MINUTE).await;
    assert_eq!(cache.get("rates").await.as_deref(), Some(&b"[2]"[..]));
    cache.delete("rates").await;
    assert_eq!(cache.get("rates").await, None);
    assert_eq!(cache.get("never-set").await, None);
}

pub async fn entries_expire(cache: &dyn Cache) {
    cache.set("k", vec![1], Duration::from_millis(20)).await;
    tokio::time::sleep(Duration::from_millis(60)).await;
    assert_eq!(cache.get("k").await, None);
}

pub async fn take_hands_a_value_out_once(cache: &dyn Cache) {
    cache.set("captcha", b"ab12".to_vec(), MINUTE).await;
    let (first, second) = tokio::join!(cache.take("captcha"), cache.take("captcha"));
    assert_eq!([first, second].into_iter().flatten().collect::<Vec<_>>(), [b"ab12".to_vec()]);
    assert_eq!(cache.take("captcha").await, None);
    cache.set("old", vec![1], Duration::from_millis(10)).await;
    tokio::time::sleep(Duration::from_millis(50)).await;
    assert_eq!(cache.take("old").await, None);
}

pub async fn counters_count_within_their_window(cache: &dyn Cache) {
    assert_eq!(cache.count("fails").await, (0, Duration::ZERO));
    assert_eq!(cache.increment("fails", MINUTE).await.0, 1);
    let (count, left) = cache.increment("fails", Duration::from_secs(5)).await;
    assert_eq!(count, 2);
    assert!(left > Duration::from_secs(50), "the window is not restarted: {left:?}");
    let (count, left) = cache.count("fails").await;
    assert_eq!(count, 2);
    assert!(left > Duration::from_secs(50) && left <= MINUTE, "{left:?}");
    cache.increment("short", Duration::from_millis(10)).await;
    tokio::time::sleep(Duration::from_millis(50)).await;
    assert_eq!(cache.count("short").await, (0, Duration::ZERO));
    assert_eq!(cache.increment("short", MINUTE).await.0, 1, "a new window after expiry");
}

pub async fn concurrent_increments_all_count(cache: &dyn Cache) {
    let counts = futures::future::join_all((0..20).map(|_| cache.increment("burst", MINUTE))).await;
    let mut seen: Vec<u64> = counts.into_iter().map(|(count, _)| count).collect();
    seen.sort_unstable();
    assert_eq!(seen, (1..=20).collect::<Vec<_>>());
}

pub async fn set_if_absent_claims_once_per_ttl(cache: &dyn Cache) {
    assert!(cache.set_if_absent("limit:ana", vec![1], Duration::from_millis(40)).await);
    assert!(!cache.set_if_absent("limit:ana", vec![2], Duration::from_millis(40)).await);
    assert!(cache.set_if_absent("limit:bo", vec![1], Duration::from_millis(40)).await);
    tokio::time::sleep(Duration::from_millis(80)).await;
    assert!(cache.set_if_absent("limit:ana", vec![3], Duration::from_millis(40)).await);
    assert_eq!(cache.get("limit:ana").await, Some(vec![3]));
}

pub async fn prefix_delete_and_typed_values(cache: &dyn Cache) {
    set_value(cache, "catalog:rates", &vec![1, 2], MINUTE).await;
    set_value(cache, "catalog:settings", &"x", MINUTE).await;
    set_value(cache, "catalog*:literal", &1_u8, MINUTE).await;
    set_value(cache, "member:x", &true, MINUTE).await;
    assert_eq!(get_value::<Vec<i32>>(cache, "catalog:rates").await, Some(vec![1, 2]));
    cache.delete_prefix("catalog:").await;
    assert_eq!(cache.get("catalog:rates").await, None);
    assert_eq!(cache.get("catalog:settings").await, None);
    assert_eq!(get_value::<u8>(cache, "catalog*:literal").await, Some(1), "a prefix is not a pattern");
    assert_eq!(get_value::<bool>(cache, "member:x").await, Some(true));
}

/// One `#[tokio::test]` per rule above for the cache `make` opens.
macro_rules! cache_contract {
    ($make:expr) => {
        $crate::cache::contract::cache_contract!(@tests $make;
            stores_reads_and_deletes, entries_expire, take_hands_a_value_out_once,
            counters_count_within_their_window, concurrent_increments_all_count,
            set_if_absent_claims_once_per_ttl, prefix_delete_and_typed_values);
    };
    (@tests $make:expr; $($rule:ident),*) => {
        $(
            #[tokio::test]
            async fn $rule() {
                let cache: std::sync::Arc<dyn $crate::cache::Cache> = $make;
                $crate::cache::contract::$rule(&*cache).await;
            }
        )*
    };
}

pub(crate) use cache_contract;
