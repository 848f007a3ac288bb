//! Calls to another service, spread over its replicas.
//!
//! - **Where**: `http://HOST:PORT[,HOST:PORT…]`. Each HOST is an IP address
//!   or a DNS name, and every address a name resolves to is one replica (a
//!   Kubernetes headless Service answers with its ready pods). Names are
//!   resolved again every [`RESOLVE_EVERY`]: replicas come and go without a
//!   restart.
//! - **Balancing**: per call, round robin over the replicas, each with its
//!   own lazily opened HTTP/2 connection (one shared connection would pin
//!   every call to one pod). A replica whose connection fails, or that
//!   answers UNAVAILABLE, is passed over for [`REST`].
//! - **Retries**: a call that never reached a replica (the connection was
//!   refused) is tried on another one. A call that did, or may have, is tried
//!   again only when its method is idempotent (the proto's
//!   `idempotency_level`, see [`keyshop_proto::idempotency`]) and it failed
//!   UNAVAILABLE: at most [`MAX_ATTEMPTS`] in all, with a short jittered
//!   back-off, never after a time-out (the caller's budget is spent).
//! - **In process**: a replica served by this very process (every service of
//!   the embedded mode) is called without its socket ([`super::local`]).
//! - **Metrics**: `grpc_client_requests_total{target,method,code}` and
//!   `grpc_client_retries_total{target,method}`.

use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use http_body_util::{BodyExt, Full};
use keyshop_proto::idempotency::is_idempotent;
use tokio::sync::watch;
use tonic::body::Body;
use tonic::transport::Channel;

use super::metered::{code_name, code_of, split_path};

pub type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// How often a DNS name is resolved again.
pub const RESOLVE_EVERY: Duration = Duration::from_secs(10);
/// Tries of one call, the first included.
pub const MAX_ATTEMPTS: u32 = 3;
/// How long a replica that failed is passed over.
pub const REST: Duration = Duration::from_secs(5);
/// The first retry's delay; it doubles with each retry, plus up to as much
/// again at random.
const RETRY_BACKOFF: Duration = Duration::from_millis(20);
/// How soon a name that has not resolved yet is asked again.
const UNRESOLVED_RETRY: Duration = Duration::from_secs(1);
/// How long a call waits for a name's first resolution.
const FIRST_RESOLUTION: Duration = Duration::from_secs(3);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TargetError {
    #[error("must start with http:// or https:// (got {0:?})")]
    Scheme(String),
    #[error("{0:?} is not HOST:PORT")]
    Authority(String),
}

/// Where a service's replicas are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    scheme: &'static str,
    hosts: Vec<(String, u16)>,
}

impl Target {
    /// `http://HOST:PORT[,HOST:PORT…]` (or `https://`); an IPv6 HOST in
    /// brackets.
    pub fn parse(url: &str) -> Result<Target, TargetError> {
        let (scheme, rest) = match (url.strip_prefix("http://"), url.strip_prefix("https://")) {
            (Some(rest), _) => ("http", rest),
            (_, Some(rest)) => ("https", rest),
            _ => return Err(TargetError::Scheme(url.to_owned())),
        };
        let hosts = rest
            .trim_end_matches('/')
            .split(',')
            .map(|authority| {
                let authority = authority.trim();
                let invalid = || TargetError::Authority(authority.to_owned());
                let (host, port) = authority.rsplit_once(':').ok_or_else(invalid)?;
                let port = port.parse::<u16>().map_err(|_| invalid())?;
                let host = host.strip_prefix('[').and_then(|host| host.strip_suffix(']')).unwrap_or(host);
                if host.is_empty() || port == 0 || host.contains(['/', '@', '[', ']', ' ']) {
                    return Err(invalid());
                }
                Ok((host.to_owned(), port))
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Target { scheme, hosts })
    }

    /// The replicas, when every host is an IP address (nothing to resolve).
    fn literal_addresses(&self) -> Option<Vec<SocketAddr>> {
        self.hosts.iter().map(|(host, port)| host.parse::<IpAddr>().ok().map(|ip| SocketAddr::new(ip, *port))).collect()
    }

    /// Every address of every host, sorted; the hosts that resolve when
    /// others do not.
    async fn resolve(&self) -> std::io::Result<Vec<SocketAddr>> {
        let mut addresses = Vec::new();
        let mut failure = None;
        for (host, port) in &self.hosts {
            match tokio::net::lookup_host((host.as_str(), *port)).await {
                Ok(found) => addresses.extend(found),
                Err(error) => failure = Some(error),
            }
        }
        match failure {
            Some(error) if addresses.is_empty() => Err(error),
            _ => {
                addresses.sort();
                addresses.dedup();
                Ok(addresses)
            }
        }
    }
}

struct Replica {
    address: SocketAddr,
    channel: Channel,
    resting_until: Mutex<Option<Instant>>,
}

impl Replica {
    fn resting(&self, now: Instant) -> bool {
        self.resting_until.lock().is_ok_and(|until| until.is_some_and(|until| now < until))
    }

    fn rest(&self) {
        if let Ok(mut until) = self.resting_until.lock() {
            *until = Some(Instant::now() + REST);
        }
    }
}

type ReplicaSet = Arc<Vec<Arc<Replica>>>;

struct Shared {
    /// The service called, for logs and metrics.
    name: String,
    scheme: &'static str,
    replicas: watch::Sender<ReplicaSet>,
    next: AtomicUsize,
}

/// A client transport to one service's replicas: give it to a generated
/// client (`CatalogServiceClient::new(balanced)`). Clones share the
/// replicas and their connections. Needs a Tokio runtime: connections, and
/// the resolution of a DNS name, run on the one it is made on.
#[derive(Clone)]
pub struct Balanced {
    shared: Arc<Shared>,
}

impl Balanced {
    /// The replicas of service `name` at `url` (see [`Target::parse`]).
    pub fn new(name: &str, url: &str) -> Result<Balanced, TargetError> {
        Ok(Balanced::at(name, Target::parse(url)?))
    }

    /// The replicas of service `name` at `target`.
    pub fn at(name: &str, target: Target) -> Balanced {
        let shared = Arc::new(Shared {
            name: name.to_owned(),
            scheme: target.scheme,
            replicas: watch::Sender::new(Arc::new(Vec::new())),
            next: AtomicUsize::new(0),
        });
        match target.literal_addresses() {
            Some(addresses) => shared.update(&addresses),
            None => {
                tokio::spawn(keep_resolving(target, Arc::downgrade(&shared)));
            }
        }
        Balanced { shared }
    }

    /// Replaces the replicas with those at `addresses` (what a resolution
    /// does); connections to addresses kept are kept.
    pub fn update(&self, addresses: &[SocketAddr]) {
        self.shared.update(addresses);
    }

    /// The replicas' addresses, in order.
    pub fn addresses(&self) -> Vec<SocketAddr> {
        self.shared.replicas.borrow().iter().map(|replica| replica.address).collect()
    }
}

/// Resolves `target` every [`RESOLVE_EVERY`] while its clients live.
async fn keep_resolving(target: Target, shared: Weak<Shared>) {
    loop {
        let resolved = target.resolve().await;
        let Some(live) = shared.upgrade() else {
            return;
        };
        match resolved {
            Ok(addresses) if !addresses.is_empty() => live.update(&addresses),
            Ok(_) => {
                tracing::warn!(service = %live.name, "the service's name resolved to no address; keeping the replicas known")
            }
            Err(error) => tracing::warn!(service = %live.name, error = %error,
                "the service's name did not resolve; keeping the replicas known"),
        }
        // Until a first answer, ask again soon: calls are waiting.
        let pause = if live.replicas.borrow().is_empty() { UNRESOLVED_RETRY } else { RESOLVE_EVERY };
        drop(live);
        tokio::time::sleep(pause).await;
    }
}

impl Shared {
    fn update(&self, addresses: &[SocketAddr]) {
        let current = self.replicas.borrow().clone();
        let known: Vec<SocketAddr> = current.iter().map(|replica| replica.address).collect();
        if known == addresses {
            return;
        }
        let replicas: Vec<Arc<Replica>> = addresses
            .iter()
            .filter_map(|address| {
                if let Some(kept) = current.iter().find(|replica| replica.address == *address) {
                    return Some(kept.clone());
                }
                match super::endpoint(&format!("{}://{address}", self.scheme)) {
                    Ok(endpoint) => Some(Arc::new(Replica {
                        address: *address,
                        channel: endpoint.connect_lazy(),
                        resting_until: Mutex::new(None),
                    })),
                    Err(error) => {
                        tracing::warn!(service = %self.name, %address, error = %error, "replica address refused");
                        None
                    }
                }
            })
            .collect();
        if current.is_empty() {
            tracing::debug!(service = %self.name, replicas = ?addresses, "gRPC replicas");
        } else {
            tracing::info!(service = %self.name, replicas = ?addresses, "gRPC replicas changed");
        }
        self.replicas.send_replace(Arc::new(replicas));
    }

    /// The replicas, once there are any (a DNS name's first resolution may
    /// still be under way).
    async fn current(&self) -> Option<ReplicaSet> {
        let known = self.replicas.borrow().clone();
        if !known.is_empty() {
            return Some(known);
        }
        let mut watching = self.replicas.subscribe();
        let found = tokio::time::timeout(FIRST_RESOLUTION, watching.wait_for(|replicas| !replicas.is_empty())).await;
        match found {
            Ok(Ok(replicas)) => Some(replicas.clone()),
            _ => None,
        }
    }

    /// The next replica in turn that is not resting and not `avoid`; when
    /// every one is, the next in turn other than `avoid`.
    fn pick(&self, replicas: &[Arc<Replica>], avoid: Option<SocketAddr>) -> Option<Arc<Replica>> {
        let count = replicas.len();
        if count == 0 {
            return None;
        }
        let start = self.next.fetch_add(1, Ordering::Relaxed);
        let now = Instant::now();
        let in_turn = (0..count).map(|step| &replicas[(start + step) % count]);
        let other = |replica: &&Arc<Replica>| Some(replica.address) != avoid;
        in_turn
            .clone()
            .find(|replica| other(replica) && !replica.resting(now))
            .or_else(|| in_turn.clone().find(other))
            .or_else(|| replicas.get(start % count))
            .cloned()
    }

    async fn send(&self, request: http::Request<Body>) -> Result<http::Response<Body>, BoxError> {
        let (parts, body) = request.into_parts();
        let idempotent = is_idempotent(parts.uri.path());
        let method = split_path(parts.uri.path()).1.to_owned();
        let Some(replicas) = self.current().await else {
            self.record(&method, tonic::Code::Unavailable);
            return Err(format!("no replica of {} is known yet", self.name).into());
        };
        // Every call of keyshop's is unary, its message small: the body is
        // kept, to be sent again when the call is retried.
        let body = body.collect().await?.to_bytes();
        let mut attempt = 1;
        let mut avoid = None;
        loop {
            let Some(replica) = self.pick(&replicas, avoid) else {
                return Err(format!("no replica of {}", self.name).into());
            };
            let request = rebuild(&parts, Body::new(Full::new(body.clone())));
            let outcome = match super::local::find(replica.address) {
                Some(server) => server.call(request).await,
                None => call(replica.channel.clone(), request).await,
            };
            let may_retry = attempt < MAX_ATTEMPTS;
            match outcome {
                Ok(response) => {
                    let code = code_of(response.headers());
                    if code == tonic::Code::Unavailable {
                        replica.rest();
                        if idempotent && may_retry {
                            self.retry_after(&method, attempt).await;
                            (attempt, avoid) = (attempt + 1, Some(replica.address));
                            continue;
                        }
                    }
                    self.record(&method, code);
                    return Ok(response);
                }
                Err(error) => {
                    let timed_out = found_in_chain::<tonic::TimeoutExpired>(error.as_ref());
                    let never_sent = found_in_chain::<tonic::ConnectError>(error.as_ref());
                    if !timed_out {
                        replica.rest();
                    }
                    if may_retry && !timed_out && (idempotent || never_sent) {
                        tracing::debug!(service = %self.name, %method, replica = %replica.address, error = %error,
                            "call failed; trying another replica");
                        self.retry_after(&method, attempt).await;
                        (attempt, avoid) = (attempt + 1, Some(replica.address));
                        continue;
                    }
                    self.record(&method, if timed_out { tonic::Code::Cancelled } else { tonic::Code::Unavailable });
                    return Err(error);
                }
            }
        }
    }

    async fn retry_after(&self, method: &str, attempt: u32) {
        metrics::counter!("grpc_client_retries_total", "target" => self.name.clone(), "method" => method.to_owned())
            .increment(1);
        let base = RETRY_BACKOFF * 2u32.saturating_pow(attempt - 1);
        let jitter = base.mul_f64(rand::random::<f64>());
        tokio::time::sleep(base + jitter).await;
    }

    fn record(&self, method: &str, code: tonic::Code) {
        metrics::counter!("grpc_client_requests_total", "target" => self.name.clone(), "method" => method.to_owned(),
            "code" => code_name(code))
        .increment(1);
    }
}

/// The request of `parts` with `body`.
fn rebuild(parts: &http::request::Parts, body: Body) -> http::Request<Body> {
    let mut request = http::Request::new(body);
    *request.method_mut() = parts.method.clone();
    *request.uri_mut() = parts.uri.clone();
    *request.version_mut() = parts.version;
    *request.headers_mut() = parts.headers.clone();
    *request.extensions_mut() = parts.extensions.clone();
    request
}

async fn call(mut channel: Channel, request: http::Request<Body>) -> Result<http::Response<Body>, BoxError> {
    use tower::Service as _;
    std::future::poll_fn(|context| channel.poll_ready(context)).await?;
    Ok(channel.call(request).await?)
}

/// Whether `error` or one of its sources is an `E`.
fn found_in_chain<E: std::error::Error + 'static>(error: &(dyn std::error::Error + 'static)) -> bool {
    let mut current = Some(error);
    while let Some(error) = current {
        if error.is::<E>() {
            return true;
        }
        current = error.source();
    }
    false
}

type BoxFuture<T> = Pin<Box<dyn Future<Output = T> + Send>>;

impl tower::Service<http::Request<Body>> for Balanced {
    type Response = http::Response<Body>;
    type Error = BoxError;
    type Future = BoxFuture<Result<http::Response<Body>, BoxError>>;

    fn poll_ready(&mut self, _context: &mut Context<'_>) -> Poll<Result<(), BoxError>> {
        // Each call waits for its replica's connection itself.
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, request: http::Request<Body>) -> Self::Future {
        let shared = self.shared.clone();
        Box::pin(async move { shared.send(request).await })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets_are_lists_of_host_and_port() {
        let target = Target::parse("http://order:50055").unwrap();
        assert_eq!(target.hosts, vec![("order".to_owned(), 50055)]);
        assert_eq!(target.literal_addresses(), None);
        let target = Target::parse("http://127.0.0.1:1, [::1]:2/").unwrap();
        assert_eq!(
            target.literal_addresses().unwrap(),
            vec!["127.0.0.1:1".parse::<SocketAddr>().unwrap(), "[::1]:2".parse().unwrap()]
        );
        assert_eq!(Target::parse("https://a:1").unwrap().scheme, "https");
        for bad in [
            "order:50055",
            "grpc://order:1",
            "http://order",
            "http://order:x",
            "http://:1",
            "http://a:1,",
            "http://u@a:1",
        ] {
            assert!(Target::parse(bad).is_err(), "{bad}");
        }
    }

    #[tokio::test]
    async fn names_resolve_to_every_address() {
        let target = Target::parse("http://localhost:7").unwrap();
        let addresses = target.resolve().await.unwrap();
        assert!(!addresses.is_empty());
        assert!(addresses.iter().all(|address| address.ip().is_loopback() && address.port() == 7));
    }

    fn addresses(list: &[&str]) -> Vec<SocketAddr> {
        list.iter().map(|address| address.parse().unwrap()).collect()
    }

    #[tokio::test]
    async fn turns_go_round_and_pass_over_resting_and_avoided_replicas() {
        let balanced = Balanced::new("catalog", "http://127.0.0.1:1,127.0.0.1:2,127.0.0.1:3").unwrap();
        let shared = &balanced.shared;
        let replicas = shared.replicas.borrow().clone();
        let picks: Vec<u16> = (0..6).map(|_| shared.pick(&replicas, None).unwrap().address.port()).collect();
        assert_eq!(picks, vec![1, 2, 3, 1, 2, 3]);

        replicas[1].rest();
        let picks: Vec<u16> = (0..4).map(|_| shared.pick(&replicas, None).unwrap().address.port()).collect();
        assert!(!picks.contains(&2), "{picks:?}");
        let avoid = Some(replicas[0].address);
        assert!((0..4).all(|_| shared.pick(&replicas, avoid).unwrap().address.port() == 3));

        // Every replica resting: still one in turn, rather than none.
        replicas.iter().for_each(|replica| replica.rest());
        assert!(shared.pick(&replicas, None).is_some());
    }

    #[tokio::test]
    async fn an_update_keeps_the_connections_of_addresses_kept() {
        let balanced = Balanced::new("order", "http://127.0.0.1:1,127.0.0.1:2").unwrap();
        let before = balanced.shared.replicas.borrow().clone();
        balanced.update(&addresses(&["127.0.0.1:2", "127.0.0.1:3"]));
        let after = balanced.shared.replicas.borrow().clone();
        assert_eq!(balanced.addresses(), addresses(&["127.0.0.1:2", "127.0.0.1:3"]));
        assert!(Arc::ptr_eq(&before[1], &after[0]), "the replica kept keeps its connection");
    }
}
