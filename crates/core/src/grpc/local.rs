//! Calls to a server of the same process skip the socket.
//!
//! A service serving at `address` ([`super::serve_routes`]) registers its
//! whole server stack here as well: routes and health, behind the same
//! [`super::MeteredLayer`] and [`crate::identity::IdentityLayer`] and in the
//! same server span as a call over the network. A [`super::Balanced`]
//! client whose replica is at a registered address hands the call's HTTP
//! request to that stack instead of writing it to a loopback HTTP/2
//! connection: the same gRPC messages, metadata, identity check and status,
//! without the framing, the two sockets and the wake-ups in between. In the
//! embedded mode every service is in one process, so every call between
//! them (and from the gateway) goes this way; in the distributed mode no
//! replica is in the caller's process and nothing changes.
//!
//! The request reaches the server with what it would carry over the wire
//! (method, URI, headers, body), never the caller's in-memory extensions.
//! Its handler runs on the server's runtime (a gateway worker's thread runs
//! only the gateway), or in the calling task when that is already on it.
//! The registration ends as the server is told to stop: later calls go to
//! the socket, which refuses them, as before.

use std::collections::HashMap;
use std::convert::Infallible;
use std::future::Future;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::{Arc, LazyLock, RwLock};
use std::time::Duration;

use tonic::body::Body;
use tracing::Instrument;

use super::client::BoxError;

/// How long a call may take before the caller gets `TimeoutExpired`: the
/// request time-out of a network channel ([`super::endpoint`]).
pub const CALL_TIMEOUT: Duration = Duration::from_secs(10);

type Answer = Pin<Box<dyn Future<Output = http::Response<Body>> + Send>>;
type Serve = Arc<dyn Fn(http::Request<Body>) -> Answer + Send + Sync>;

/// A server of this process, as its callers see it.
#[derive(Clone)]
pub struct LocalServer {
    serve: Serve,
    runtime: tokio::runtime::Handle,
}

static SERVERS: LazyLock<RwLock<HashMap<SocketAddr, LocalServer>>> = LazyLock::new(Default::default);

/// Keeps a server registered; dropping it unregisters the server.
#[must_use = "the server is unregistered when this is dropped"]
pub struct Registration {
    address: SocketAddr,
}

impl Drop for Registration {
    fn drop(&mut self) {
        if let Ok(mut servers) = SERVERS.write() {
            servers.remove(&self.address);
        }
    }
}

/// Registers `service`, the server listening at `address`, whose handlers
/// run on the current runtime.
pub fn register<S>(address: SocketAddr, service: S) -> Registration
where
    S: tower::Service<http::Request<Body>, Response = http::Response<Body>, Error = Infallible>
        + Clone
        + Send
        + Sync
        + 'static,
    S::Future: Send + 'static,
{
    let serve: Serve = Arc::new(move |request| {
        let mut service = service.clone();
        Box::pin(async move {
            let answered = async {
                std::future::poll_fn(|context| service.poll_ready(context)).await?;
                service.call(request).await
            };
            match answered.await {
                Ok(response) => response,
                Err(never) => match never {},
            }
        })
    });
    let server = LocalServer { serve, runtime: tokio::runtime::Handle::current() };
    if let Ok(mut servers) = SERVERS.write() {
        servers.insert(address, server);
    }
    Registration { address }
}

/// The server of this process listening at `address`, if any.
pub(crate) fn find(address: SocketAddr) -> Option<LocalServer> {
    SERVERS.read().ok()?.get(&address).cloned()
}

impl LocalServer {
    /// Answers `request` as the server would answer it over the network.
    pub(crate) async fn call(&self, mut request: http::Request<Body>) -> Result<http::Response<Body>, BoxError> {
        *request.extensions_mut() = http::Extensions::new();
        let span = super::server_span(&request);
        let answer = (self.serve)(request).instrument(span);
        let on_server_runtime =
            tokio::runtime::Handle::try_current().is_ok_and(|current| current.id() == self.runtime.id());
        let answered = async {
            if on_server_runtime {
                return Ok(answer.await);
            }
            let task = self.runtime.spawn(answer);
            let _abort = AbortOnDrop(task.abort_handle());
            task.await.map_err(|error| -> BoxError { format!("the local server's task ended: {error}").into() })
        };
        match tokio::time::timeout(CALL_TIMEOUT, answered).await {
            Ok(answer) => answer,
            Err(_) => Err(Box::new(tonic::TimeoutExpired(()))),
        }
    }
}

/// Stops the server's work on a call its caller gave up, as a reset HTTP/2
/// stream does.
struct AbortOnDrop(tokio::task::AbortHandle);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grpc::Balanced;
    use tonic_health::pb::HealthCheckRequest;
    use tonic_health::pb::health_client::HealthClient;

    /// An address where nothing listens.
    fn dead_address() -> SocketAddr {
        std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap()
    }

    #[tokio::test]
    async fn a_registered_server_answers_without_its_socket_until_it_stops() {
        let address = dead_address();
        let (_reporter, health) = tonic_health::server::health_reporter();
        let registration = register(address, tonic::service::Routes::new(health));
        let mut client = HealthClient::new(Balanced::new("health", &format!("http://{address}")).unwrap());
        let answer = client.check(HealthCheckRequest { service: String::new() }).await.unwrap();
        assert_eq!(answer.into_inner().status, 1, "SERVING, from a server with no socket");

        drop(registration);
        let refused = client.check(HealthCheckRequest { service: String::new() }).await.unwrap_err();
        assert_eq!(refused.code(), tonic::Code::Unavailable, "the socket again, where nothing listens");
    }

    fn request() -> http::Request<Body> {
        let mut request = http::Request::builder().uri("/keyshop.x.v1.X/Y").body(Body::empty()).unwrap();
        request.extensions_mut().insert(String::from("the caller's, not the server's"));
        request
    }

    fn header(response: &http::Response<Body>, name: &str) -> String {
        response.headers()[name].to_str().unwrap().to_owned()
    }

    #[tokio::test]
    async fn handlers_run_on_the_servers_runtime_and_see_no_extension_of_the_caller() {
        let address = dead_address();
        // Answers with the runtime its handler ran on and how many
        // extensions its request brought.
        let reporter = tower::service_fn(|request: http::Request<Body>| async move {
            let response = http::Response::builder()
                .header("x-runtime", tokio::runtime::Handle::current().id().to_string())
                .header("x-extensions", request.extensions().len())
                .body(Body::empty())
                .unwrap();
            Ok::<_, Infallible>(response)
        });
        let _registration = register(address, reporter);
        let server_runtime = tokio::runtime::Handle::current().id().to_string();
        let server = find(address).unwrap();

        let answer = server.call(request()).await.unwrap();
        assert_eq!(header(&answer, "x-runtime"), server_runtime, "the caller's task, on the server's runtime");
        assert_eq!(header(&answer, "x-extensions"), "0");

        // A caller on another runtime (a gateway worker) hands the call over.
        let from_elsewhere = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
            let caller_runtime = runtime.handle().id().to_string();
            let answer = runtime.block_on(server.call(request())).unwrap();
            (caller_runtime, header(&answer, "x-runtime"))
        });
        let (caller_runtime, handled_on) =
            tokio::task::spawn_blocking(move || from_elsewhere.join().unwrap()).await.unwrap();
        assert_ne!(caller_runtime, server_runtime);
        assert_eq!(handled_on, server_runtime);
    }
}
