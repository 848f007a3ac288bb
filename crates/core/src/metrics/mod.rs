//! Metrics, one registry per process: recorded through the `metrics` facade,
//! rendered for Prometheus (the gateway's `/metrics`, or a service's own
//! listener at `KEYSHOP_METRICS_ADDR`) and, when `OTEL_EXPORTER_OTLP_ENDPOINT`
//! is set, pushed over OTLP as well.
//!
//! What each service reports (names as Prometheus shows them):
//! - `grpc_server_requests_total{service,method,code}` and
//!   `grpc_server_request_duration_seconds{service,method}`: request rate,
//!   errors and latency of its gRPC API;
//! - `grpc_client_requests_total{target,method,code}` and
//!   `grpc_client_retries_total{target,method}`: its calls to other services;
//! - `bus_events_handled_total{group,outcome}`,
//!   `bus_handle_duration_seconds{group}`, `bus_consumer_lag{group}` (events
//!   waiting for the group) and `bus_events_dead_lettered_total{group}`;
//! - `outbox_backlog{service}` (events not yet published),
//!   `outbox_oldest_pending_seconds{service}` and
//!   `outbox_published_total{service}`;
//! - `db_pool_connections{service}` and `db_pool_idle_connections{service}`;
//! - the gateway adds `http_requests_total{method,route,status}` and
//!   `http_request_duration_seconds{method,route}`.

mod otel;

use std::sync::OnceLock;
use std::time::Duration;

use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle, PrometheusRecorder};

use crate::shutdown::Shutdown;

pub use otel::OtelRecorder;

/// Latency buckets of every duration histogram, in seconds.
pub const LATENCY_BUCKETS: &[f64] =
    &[0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0];

static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();

fn prometheus_recorder() -> PrometheusRecorder {
    PrometheusBuilder::new()
        .set_buckets_for_metric(Matcher::Suffix("_seconds".to_owned()), LATENCY_BUCKETS)
        .map(PrometheusBuilder::build_recorder)
        .unwrap_or_else(|error| {
            tracing::warn!(error = %error, "histogram buckets refused; summaries instead");
            PrometheusBuilder::new().build_recorder()
        })
}

/// Installs the process's recorder: Prometheus, and beside it `otel` (the
/// OTLP export) when given. Call once, at start, before anything records;
/// a later call (or [`handle`] before it) keeps the recorder already there.
pub fn install(otel: Option<OtelRecorder>) -> PrometheusHandle {
    HANDLE
        .get_or_init(|| {
            let prometheus = prometheus_recorder();
            let handle = prometheus.handle();
            let installed = match otel {
                Some(otel) => metrics::set_global_recorder(
                    metrics_util::layers::FanoutBuilder::default().add_recorder(prometheus).add_recorder(otel).build(),
                )
                .is_ok(),
                None => metrics::set_global_recorder(prometheus).is_ok(),
            };
            if !installed {
                tracing::warn!("a metrics recorder was already installed; /metrics shows only its own view");
            }
            keep_up(handle.clone());
            handle
        })
        .clone()
}

/// How often histogram samples are folded into their buckets.
const UPKEEP_EVERY: Duration = Duration::from_secs(5);

/// Folds the histograms' samples into their buckets every [`UPKEEP_EVERY`]
/// on a thread of its own: without it they pile up until a scrape (and
/// forever when nobody scrapes).
fn keep_up(handle: PrometheusHandle) {
    let spawned = std::thread::Builder::new().name("metrics-upkeep".to_owned()).spawn(move || {
        loop {
            std::thread::sleep(UPKEEP_EVERY);
            handle.run_upkeep();
        }
    });
    if let Err(error) = spawned {
        tracing::warn!(error = %error, "no metrics upkeep thread: histograms are folded only when scraped");
    }
}

/// The process's Prometheus view (installing a Prometheus-only recorder if
/// none is yet).
pub fn handle() -> PrometheusHandle {
    install(None)
}

/// Serves `GET /metrics` on `listener` until `shutdown`: the listener of a
/// service process, which has no HTTP server of its own.
pub async fn serve(listener: tokio::net::TcpListener, mut shutdown: Shutdown) -> std::io::Result<()> {
    use axum::routing::get;
    let handle = handle();
    let routes = axum::Router::new().route(
        "/metrics",
        get(move || {
            let handle = handle.clone();
            async move { ([(http::header::CONTENT_TYPE, "text/plain; version=0.0.4")], handle.render()) }
        }),
    );
    axum::serve(listener, routes).with_graceful_shutdown(async move { shutdown.wait().await }).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_service_listener_serves_what_was_recorded() {
        install(None);
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap();
        let (trigger, shutdown) = crate::shutdown::channel();
        let server = tokio::spawn(serve(listener, shutdown));
        metrics::counter!("metrics_listener_test_total", "case" => "served").increment(3);
        metrics::histogram!("metrics_listener_test_seconds").record(0.02);

        let body = reqwest::get(format!("http://{address}/metrics")).await.unwrap().text().await.unwrap();
        assert!(body.contains("metrics_listener_test_total{case=\"served\"} 3"), "{body}");
        // Duration histograms have buckets, not quantiles.
        assert!(body.contains("metrics_listener_test_seconds_bucket{le=\"0.025\"} 1"), "{body}");
        let missing = reqwest::get(format!("http://{address}/other")).await.unwrap();
        assert_eq!(missing.status(), 404);

        trigger.trigger();
        server.await.unwrap().unwrap();
    }
}
