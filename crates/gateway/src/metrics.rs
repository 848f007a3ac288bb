//! The gateway's HTTP metrics: a request counter and a latency histogram per
//! route, in the process's registry ([`keyshop_core::metrics`]), rendered
//! at `/metrics`.

use std::time::Duration;

pub fn record_request(method: &str, route: &str, status: u16, elapsed: Duration) {
    let labels = [("method", method.to_owned()), ("route", route.to_owned()), ("status", status.to_string())];
    metrics::counter!("http_requests_total", &labels).increment(1);
    metrics::histogram!("http_request_duration_seconds", &labels[..2]).record(elapsed.as_secs_f64());
}
