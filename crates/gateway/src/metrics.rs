//! Prometheus metrics: one recorder per process, request counters and
//! latency histograms per route, rendered at `/metrics`.

use std::sync::OnceLock;
use std::time::Duration;

use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

const DURATION: &str = "http_request_duration_seconds";
const BUCKETS: &[f64] = &[0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0];

/// The process-wide recorder's handle (installed on first use).
pub fn recorder() -> PrometheusHandle {
    static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();
    HANDLE
        .get_or_init(|| {
            let builder = PrometheusBuilder::new();
            let builder = match builder.set_buckets_for_metric(Matcher::Full(DURATION.to_owned()), BUCKETS) {
                Ok(builder) => builder,
                Err(error) => {
                    tracing::warn!(error = %error, "histogram buckets refused");
                    PrometheusBuilder::new()
                }
            };
            let recorder = builder.build_recorder();
            let handle = recorder.handle();
            if metrics::set_global_recorder(recorder).is_err() {
                tracing::warn!("a metrics recorder was already installed; /metrics shows only its own view");
            }
            handle
        })
        .clone()
}

pub fn record_request(method: &str, route: &str, status: u16, elapsed: Duration) {
    let labels = [("method", method.to_owned()), ("route", route.to_owned()), ("status", status.to_string())];
    metrics::counter!("http_requests_total", &labels).increment(1);
    metrics::histogram!(DURATION, &labels[..2]).record(elapsed.as_secs_f64());
}
