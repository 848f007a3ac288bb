//! gRPC plumbing shared by services and clients: trace context and request id
//! in metadata, clients balanced over a service's replicas with time-outs and
//! retries ([`client`]), request metrics and health of a server.

pub mod client;
pub mod local;
pub mod metered;

use std::time::Duration;

use tonic::metadata::MetadataValue;
use tonic::service::interceptor::InterceptedService;
use tonic::transport::Endpoint;

pub use client::{Balanced, Target, TargetError};
pub use metered::MeteredLayer;

use crate::identity::{self, IdentityLayer, Party, Signer, Verifier};
use crate::telemetry;

/// What a generated client of another service runs on.
pub type Intercepted = InterceptedService<Balanced, ContextInterceptor>;

pub const REQUEST_ID_HEADER: &str = "x-request-id";

/// Adds the caller's identity assertion, the current trace context and
/// request id to an outgoing call to `audience`.
#[derive(Clone, Debug)]
pub struct ContextInterceptor {
    signer: Signer,
    audience: Party,
}

impl ContextInterceptor {
    pub fn new(signer: Signer, audience: Party) -> ContextInterceptor {
        ContextInterceptor { signer, audience }
    }
}

tokio::task_local! {
    /// The request id of the HTTP request being served, for outgoing calls.
    pub static REQUEST_ID: String;
}

impl tonic::service::Interceptor for ContextInterceptor {
    fn call(&mut self, mut request: tonic::Request<()>) -> Result<tonic::Request<()>, tonic::Status> {
        let staff = identity::ACTING_STAFF.try_with(Clone::clone).ok();
        let assertion = self.signer.assertion(self.audience, staff.as_ref());
        let (traceparent, tracestate) = telemetry::current_trace_context();
        let metadata = request.metadata_mut();
        if let Ok(value) = MetadataValue::try_from(assertion.as_str()) {
            metadata.insert(identity::HEADER, value);
        }
        if let Ok(value) = MetadataValue::try_from(traceparent.as_str())
            && !traceparent.is_empty()
        {
            metadata.insert("traceparent", value);
        }
        if let Ok(value) = MetadataValue::try_from(tracestate.as_str())
            && !tracestate.is_empty()
        {
            metadata.insert("tracestate", value);
        }
        if let Ok(request_id) = REQUEST_ID.try_with(Clone::clone)
            && let Ok(value) = MetadataValue::try_from(request_id.as_str())
        {
            metadata.insert(REQUEST_ID_HEADER, value);
        }
        Ok(request)
    }
}

/// The endpoint of one replica at `url`, with connect and request time-outs.
pub fn endpoint(url: &str) -> Result<Endpoint, tonic::transport::Error> {
    Ok(Endpoint::from_shared(url.to_owned())?
        .connect_timeout(Duration::from_secs(3))
        .timeout(local::CALL_TIMEOUT)
        .tcp_nodelay(true)
        .http2_keep_alive_interval(Duration::from_secs(30)))
}

/// A client transport to `service`'s replicas at `url`, carrying the
/// identity `signer` asserts, trace context and request id. Its connections
/// run on the runtime it is created on.
pub fn client(signer: &Signer, service: Party, url: &str) -> Result<Intercepted, TargetError> {
    let interceptor = ContextInterceptor::new(signer.clone(), service);
    Ok(InterceptedService::new(Balanced::new(service.as_str(), url)?, interceptor))
}

/// The server span of an incoming call, child of the caller's trace.
pub fn server_span<B>(request: &http::Request<B>) -> tracing::Span {
    let header = |name: &str| request.headers().get(name).and_then(|value| value.to_str().ok()).unwrap_or("");
    let span = tracing::info_span!("grpc", path = %request.uri().path(), request_id = %header(REQUEST_ID_HEADER));
    telemetry::set_parent(&span, header("traceparent"), header("tracestate"));
    span
}

/// The connections `listener` accepts, with Nagle's algorithm off: gRPC
/// writes headers, message and trailers separately, and with Nagle on (and
/// the peer's delayed ACKs) each answer can wait ~40 ms.
pub fn incoming(
    listener: tokio::net::TcpListener,
) -> impl futures::Stream<Item = std::io::Result<tokio::net::TcpStream>> {
    use futures::StreamExt;
    tokio_stream::wrappers::TcpListenerStream::new(listener).map(|accepted| {
        let stream = accepted?;
        if let Err(error) = stream.set_nodelay(true) {
            tracing::warn!(error = %error, "TCP_NODELAY not set");
        }
        Ok(stream)
    })
}

/// How often a service checks its database for its health report.
const HEALTH_EVERY: Duration = Duration::from_secs(5);

/// Reports the service (`name`, and the whole server: `""`, which
/// Kubernetes' gRPC probes ask) serving while its database answers, and not
/// serving while it does not, so the gateway's `/readyz` and the probes
/// follow it.
async fn report_health(reporter: tonic_health::server::HealthReporter, name: String, db: crate::db::Db) {
    let mut last = None;
    // `keyshop.order.v1.OrderService` is "order" in the metrics, as elsewhere.
    let service = name.split('.').nth(1).unwrap_or(&name).to_owned();
    loop {
        let serving = db.ping().await;
        let pool = db.pool_state();
        metrics::gauge!("db_pool_connections", "service" => service.clone()).set(f64::from(pool.connections));
        metrics::gauge!("db_pool_idle_connections", "service" => service.clone()).set(f64::from(pool.idle_connections));
        if last != Some(serving) {
            let status =
                if serving { tonic_health::ServingStatus::Serving } else { tonic_health::ServingStatus::NotServing };
            reporter.set_service_status("", status).await;
            reporter.set_service_status(&name, status).await;
            if !serving {
                tracing::warn!(service = %name, "the database does not answer: reported not serving");
            } else if last.is_some() {
                tracing::info!(service = %name, "the database answers again: reported serving");
            }
            last = Some(serving);
        }
        tokio::time::sleep(HEALTH_EVERY).await;
    }
}

/// The bearer token of a call (`authorization: Bearer <token>`), if any:
/// member sessions travel in metadata, never in a message.
pub fn bearer<T>(request: &tonic::Request<T>) -> Option<String> {
    let value = request.metadata().get("authorization")?.to_str().ok()?;
    let token = value.strip_prefix("Bearer ").or_else(|| value.strip_prefix("bearer "))?.trim();
    (!token.is_empty()).then(|| token.to_owned())
}

/// Serves `routes` (a service's API) on `listener` beside the standard gRPC
/// health service, which reports `name` serving, until `shutdown`; every call
/// but health's is checked by `verifier` first ([`crate::identity`]).
/// Callers in this process reach the same server without the socket
/// ([`local`]) until `shutdown`. Then it
/// finishes the calls in flight and waits for the service's background
/// `tasks` (relay, consumers, workers), which stop on the same signal
/// (within [`STOP_GRACE`]).
/// How long a service's background tasks have to stop after the signal.
pub const STOP_GRACE: Duration = Duration::from_secs(20);

pub async fn serve_routes(
    name: &str,
    routes: tonic::service::Routes,
    listener: tokio::net::TcpListener,
    shutdown: crate::shutdown::Shutdown,
    tasks: Vec<tokio::task::JoinHandle<()>>,
    db: crate::db::Db,
    verifier: Verifier,
) -> Result<(), tonic::transport::Error> {
    use tower::Layer as _;
    let (health_reporter, health_service) = tonic_health::server::health_reporter();
    let health = tokio::spawn(report_health(health_reporter, name.to_owned(), db));
    let routes = routes.add_service(health_service);
    let identity = IdentityLayer::new(verifier);
    let server = MeteredLayer.layer(identity.layer(routes.clone()));
    let registration = match listener.local_addr() {
        Ok(address) => Some(local::register(address, server)),
        Err(error) => {
            tracing::warn!(service = name, error = %error, "no local address: callers in this process use the socket");
            None
        }
    };
    let mut stop = shutdown;
    let served = tonic::transport::Server::builder()
        .trace_fn(server_span)
        .layer(MeteredLayer)
        .layer(identity)
        .add_routes(routes)
        .serve_with_incoming_shutdown(incoming(listener), async move {
            stop.wait().await;
            drop(registration);
        })
        .await;
    health.abort();
    served?;
    // Each task gets a grace period to finish its work in hand (the relay
    // flushes its outbox), then is stopped: a stuck one never holds the
    // process up (what it had not finished is picked up again at start).
    let deadline = tokio::time::Instant::now() + STOP_GRACE;
    for (index, mut task) in tasks.into_iter().enumerate() {
        match tokio::time::timeout_at(deadline, &mut task).await {
            Ok(Ok(())) => {}
            Ok(Err(error)) => tracing::warn!(service = name, error = %error, "a background task ended abnormally"),
            Err(_) => {
                tracing::warn!(service = name, task = index, "a background task did not stop in time; stopped");
                task.abort();
            }
        }
    }
    Ok(())
}
