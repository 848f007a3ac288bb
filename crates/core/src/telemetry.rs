//! Tracing and metrics, set up once per process: human-readable or JSON
//! logs, and OTLP export of spans and metrics when
//! `OTEL_EXPORTER_OTLP_ENDPOINT` is set (metrics every 60 s, or
//! `OTEL_METRIC_EXPORT_INTERVAL` ms). W3C trace context crosses gRPC
//! (metadata) and the bus (event envelope).

use std::collections::HashMap;

use opentelemetry::metrics::MeterProvider as _;
use opentelemetry::propagation::{Extractor, Injector, TextMapPropagator};
use opentelemetry::trace::TracerProvider as _;
use opentelemetry_sdk::metrics::{PeriodicReader, SdkMeterProvider};
use opentelemetry_sdk::propagation::TraceContextPropagator;
use opentelemetry_sdk::trace::SdkTracerProvider;
use tracing_opentelemetry::OpenTelemetrySpanExt;
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;
use tracing_subscriber::{EnvFilter, Layer};

use crate::config::{LogFormat, TelemetryConfig};

/// Keeps the exporters alive; flushes spans and metrics when dropped.
pub struct TelemetryGuard {
    provider: Option<SdkTracerProvider>,
    meters: Option<SdkMeterProvider>,
}

impl Drop for TelemetryGuard {
    fn drop(&mut self) {
        if let Some(provider) = self.provider.take()
            && let Err(error) = provider.shutdown()
        {
            eprintln!("telemetry shutdown failed: {error}");
        }
        if let Some(meters) = self.meters.take()
            && let Err(error) = meters.shutdown()
        {
            eprintln!("metrics shutdown failed: {error}");
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum TelemetryError {
    #[error("cannot build the OTLP exporter: {0}")]
    Exporter(String),
    #[error("tracing is already set up: {0}")]
    AlreadySet(String),
}

/// Installs the global subscriber. Call once, at start.
pub fn init(config: &TelemetryConfig) -> Result<TelemetryGuard, TelemetryError> {
    opentelemetry::global::set_text_map_propagator(TraceContextPropagator::new());
    let filter = EnvFilter::try_new(&config.filter).unwrap_or_else(|_| EnvFilter::new("info"));
    let fmt_layer = match config.format {
        // Colours only on a terminal: a log file or collector gets plain text.
        LogFormat::Human => tracing_subscriber::fmt::layer()
            .with_target(true)
            .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stdout()))
            .boxed(),
        LogFormat::Json => tracing_subscriber::fmt::layer().json().flatten_event(true).with_current_span(true).boxed(),
    };
    let (otel_layer, provider, meters) = match &config.otlp_endpoint {
        Some(endpoint) => {
            use opentelemetry_otlp::WithExportConfig;
            let exporter = opentelemetry_otlp::SpanExporter::builder()
                .with_tonic()
                .with_endpoint(endpoint.clone())
                .build()
                .map_err(|error| TelemetryError::Exporter(error.to_string()))?;
            let resource =
                opentelemetry_sdk::Resource::builder().with_service_name(config.service_name.clone()).build();
            let provider =
                SdkTracerProvider::builder().with_batch_exporter(exporter).with_resource(resource.clone()).build();
            let tracer = provider.tracer("keyshop");
            let metric_exporter = opentelemetry_otlp::MetricExporter::builder()
                .with_tonic()
                .with_endpoint(endpoint.clone())
                .build()
                .map_err(|error| TelemetryError::Exporter(error.to_string()))?;
            let meters = SdkMeterProvider::builder()
                .with_reader(PeriodicReader::builder(metric_exporter).build())
                .with_resource(resource)
                .build();
            crate::metrics::install(Some(crate::metrics::OtelRecorder::new(meters.meter("keyshop"))));
            (Some(tracing_opentelemetry::layer().with_tracer(tracer)), Some(provider), Some(meters))
        }
        None => {
            crate::metrics::install(None);
            (None, None, None)
        }
    };
    tracing_subscriber::registry()
        .with(filter)
        .with(fmt_layer)
        .with(otel_layer)
        .try_init()
        .map_err(|error| TelemetryError::AlreadySet(error.to_string()))?;
    Ok(TelemetryGuard { provider, meters })
}

struct MapCarrier<'a>(&'a mut HashMap<String, String>);

impl Injector for MapCarrier<'_> {
    fn set(&mut self, key: &str, value: String) {
        self.0.insert(key.to_owned(), value);
    }
}

struct PairExtractor<'a> {
    traceparent: &'a str,
    tracestate: &'a str,
}

impl Extractor for PairExtractor<'_> {
    fn get(&self, key: &str) -> Option<&str> {
        match key {
            "traceparent" if !self.traceparent.is_empty() => Some(self.traceparent),
            "tracestate" if !self.tracestate.is_empty() => Some(self.tracestate),
            _ => None,
        }
    }

    fn keys(&self) -> Vec<&str> {
        vec!["traceparent", "tracestate"]
    }
}

/// The W3C `traceparent` and `tracestate` of the current span; empty strings
/// when tracing export is off.
pub fn current_trace_context() -> (String, String) {
    let context = tracing::Span::current().context();
    let mut map = HashMap::new();
    TraceContextPropagator::new().inject_context(&context, &mut MapCarrier(&mut map));
    (map.remove("traceparent").unwrap_or_default(), map.remove("tracestate").unwrap_or_default())
}

/// Makes `span` a child of the remote context carried by `traceparent`.
pub fn set_parent(span: &tracing::Span, traceparent: &str, tracestate: &str) {
    if traceparent.is_empty() {
        return;
    }
    let context = TraceContextPropagator::new().extract(&PairExtractor { traceparent, tracestate });
    let _ = span.set_parent(context);
}
