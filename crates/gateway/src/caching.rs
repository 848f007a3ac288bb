//! HTTP caching of the storefront's public GETs (`/prod-api/api/home/**`):
//! - a weak ETag from the body, `If-None-Match` answered with 304, a short
//!   `Cache-Control`, and `Vary: Accept-Language` (`msg` and texts follow
//!   the language). The location call answers per visitor: never cached.
//! - a micro-cache: answers to public list calls (no side effects, same for
//!   every visitor) are reused for `KEYSHOP_HTTP_CACHE_TTL_MS` (1 s by
//!   default), well inside the `max-age` browsers are already allowed.
//!   Product pages (they count views), news pages (clicks), reviews and
//!   ratings (a visitor expects to see their own post) always go through.

use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::sync::Mutex;
use std::time::Duration;

use keyshop_core::clock::SharedClock;

use actix_web::body::{BoxBody, MessageBody, to_bytes};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{CACHE_CONTROL, CONTENT_TYPE, ETAG, HeaderValue, IF_NONE_MATCH, VARY};
use actix_web::http::{Method, StatusCode};
use actix_web::middleware::Next;
use actix_web::web::{Bytes, Data};
use actix_web::{HttpResponse, HttpResponseBuilder};

use crate::context;
use crate::state::GatewayState;

const PUBLIC_PREFIX: &str = "/prod-api/api/home/";
const NOT_CACHED: &[&str] = &["/prod-api/api/home/location"];
pub const MAX_AGE: &str = "public, max-age=60";
const MAX_ENTRIES: usize = 4096;

/// Public list calls whose answers may be reused by the micro-cache.
const REUSABLE: &[&str] = &[
    "/prod-api/api/home/language",
    "/prod-api/api/home/rate",
    "/prod-api/api/home/config",
    "/prod-api/api/home/navigationBar",
    "/prod-api/api/home/hotgames",
    "/prod-api/api/home/bestSellers",
    "/prod-api/api/home/latestReleases",
    "/prod-api/api/home/queryGames",
    "/prod-api/api/home/search/suggest",
    "/prod-api/api/home/gamesNews",
];
const REUSABLE_PREFIXES: &[&str] =
    &["/prod-api/api/home/config/configKey/", "/prod-api/api/home/type/", "/prod-api/api/home/page/"];

fn cacheable(request: &ServiceRequest) -> bool {
    let path = request.path();
    matches!(*request.method(), Method::GET | Method::HEAD)
        && path.starts_with(PUBLIC_PREFIX)
        && !NOT_CACHED.contains(&path)
}

fn reusable(path: &str) -> bool {
    REUSABLE.contains(&path) || REUSABLE_PREFIXES.iter().any(|prefix| path.starts_with(prefix))
}

/// A weak validator of `body` (weak: compression changes the bytes sent).
pub fn etag_of(body: &[u8]) -> String {
    let mut hasher = DefaultHasher::new();
    body.hash(&mut hasher);
    format!("W/\"{:016x}\"", hasher.finish())
}

fn matches(if_none_match: Option<&str>, etag: &str) -> bool {
    if_none_match.is_some_and(|tags| tags.split(',').map(str::trim).any(|tag| tag == etag || tag == "*"))
}

#[derive(Clone)]
struct Stored {
    body: Bytes,
    content_type: Option<HeaderValue>,
    etag: String,
    /// Epoch milliseconds of the cache's clock.
    stored_at: i64,
}

/// One worker's reusable answers: path, query and language → body.
pub struct ResponseCache {
    ttl_ms: i64,
    clock: SharedClock,
    entries: Mutex<HashMap<String, Stored>>,
}

impl ResponseCache {
    pub fn new(ttl: Duration, clock: SharedClock) -> ResponseCache {
        let ttl_ms = i64::try_from(ttl.as_millis()).unwrap_or(i64::MAX);
        ResponseCache { ttl_ms, clock, entries: Mutex::new(HashMap::new()) }
    }

    fn fresh(&self, stored: &Stored, now: i64) -> bool {
        now.saturating_sub(stored.stored_at) < self.ttl_ms
    }

    fn enabled(&self) -> bool {
        self.ttl_ms > 0
    }

    fn now(&self) -> i64 {
        self.clock.now_ms()
    }

    fn get(&self, key: &str) -> Option<Stored> {
        let now = self.now();
        let entries = self.entries.lock().ok()?;
        entries.get(key).filter(|stored| self.fresh(stored, now)).cloned()
    }

    fn put(&self, key: String, stored: Stored) {
        let now = self.now();
        let Ok(mut entries) = self.entries.lock() else { return };
        if entries.len() >= MAX_ENTRIES {
            entries.retain(|_, entry| now.saturating_sub(entry.stored_at) < self.ttl_ms);
            if entries.len() >= MAX_ENTRIES {
                entries.clear();
            }
        }
        entries.insert(key, stored);
    }
}

fn respond(stored: &Stored, if_none_match: Option<&str>) -> HttpResponse {
    let not_modified = matches(if_none_match, &stored.etag);
    let mut builder = HttpResponseBuilder::new(if not_modified { StatusCode::NOT_MODIFIED } else { StatusCode::OK });
    if let Some(content_type) = &stored.content_type {
        builder.insert_header((CONTENT_TYPE, content_type.clone()));
    }
    builder
        .insert_header((ETAG, stored.etag.clone()))
        .insert_header((CACHE_CONTROL, HeaderValue::from_static(MAX_AGE)))
        .insert_header((VARY, HeaderValue::from_static("Accept-Language")));
    if not_modified { builder.finish() } else { builder.body(stored.body.clone()) }
}

pub async fn public_etag(
    request: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    if !cacheable(&request) {
        return Ok(next.call(request).await?.map_into_boxed_body());
    }
    let if_none_match = request.headers().get(IF_NONE_MATCH).and_then(|value| value.to_str().ok()).map(str::to_owned);
    let state = request.app_data::<Data<GatewayState>>().cloned();
    let reuse = state.as_ref().filter(|state| state.responses.enabled() && reusable(request.path()));
    let key = reuse.map(|_| format!("{}?{}|{}", request.path(), request.query_string(), context::language()));
    if let (Some(state), Some(key)) = (reuse, &key)
        && let Some(stored) = state.responses.get(key)
    {
        let response = respond(&stored, if_none_match.as_deref());
        return Ok(request.into_response(response));
    }

    let response = next.call(request).await?;
    if response.status() != StatusCode::OK {
        return Ok(response.map_into_boxed_body());
    }
    let (request, response) = response.into_parts();
    let (head, body) = response.into_parts();
    let Ok(body) = to_bytes(body).await else {
        return Ok(ServiceResponse::new(request, HttpResponse::InternalServerError().finish()));
    };
    let stored = Stored {
        etag: etag_of(&body),
        content_type: head.headers().get(CONTENT_TYPE).cloned(),
        body,
        stored_at: reuse.map_or(0, |state| state.responses.now()),
    };
    let response = respond(&stored, if_none_match.as_deref());
    if let (Some(state), Some(key)) = (reuse, key) {
        state.responses.put(key, stored);
    }
    Ok(ServiceResponse::new(request, response))
}

#[cfg(test)]
mod tests {
    use keyshop_core::clock::ManualClock;

    use super::*;

    #[test]
    fn etags_follow_the_body_and_match_lists() {
        let etag = etag_of(b"{\"a\":1}");
        assert_eq!(etag, etag_of(b"{\"a\":1}"));
        assert_ne!(etag, etag_of(b"{\"a\":2}"));
        assert!(etag.starts_with("W/\""));
        assert!(matches(Some(&format!("\"x\", {etag}")), &etag));
        assert!(matches(Some("*"), &etag));
        assert!(!matches(Some("\"x\""), &etag));
        assert!(!matches(None, &etag));
    }

    #[test]
    fn only_side_effect_free_lists_are_reused() {
        assert!(reusable("/prod-api/api/home/queryGames"));
        assert!(reusable("/prod-api/api/home/type/steam"));
        assert!(reusable("/prod-api/api/home/page/about-us"));
        assert!(!reusable("/prod-api/api/home/games/a/b"));
        assert!(!reusable("/prod-api/api/home/games/a/b/reviews"));
        assert!(!reusable("/prod-api/api/home/gamesNews/3"));
        assert!(!reusable("/prod-api/api/home/location"));
    }

    #[test]
    fn entries_expire_and_the_cache_stays_bounded() {
        let clock = ManualClock::at(1_000);
        let cache = ResponseCache::new(Duration::from_millis(30), clock.clone());
        let stored = Stored {
            body: Bytes::from_static(b"{}"),
            content_type: None,
            etag: "W/\"1\"".into(),
            stored_at: cache.now(),
        };
        cache.put("a".into(), stored.clone());
        assert!(cache.get("a").is_some());
        clock.advance(Duration::from_millis(29));
        assert!(cache.get("a").is_some(), "still within its time to live");
        clock.advance(Duration::from_millis(11));
        assert!(cache.get("a").is_none());
        for index in 0..MAX_ENTRIES + 10 {
            cache.put(format!("k{index}"), Stored { stored_at: cache.now(), ..stored.clone() });
        }
        assert!(cache.entries.lock().unwrap().len() <= MAX_ENTRIES);
        assert!(!ResponseCache::new(Duration::ZERO, clock).enabled());
    }
}
