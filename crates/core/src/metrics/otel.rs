//! A `metrics` recorder that records into OpenTelemetry instruments, so the
//! OTLP exporter pushes what the code records through the facade. Counters
//! become `u64` counters, gauges `f64` gauges, histograms `f64` histograms
//! (seconds histograms with [`super::LATENCY_BUCKETS`]); labels become
//! attributes. Handles are cached per key: the facade registers on every
//! record.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};

use metrics::{
    Counter, CounterFn, Gauge, GaugeFn, Histogram, HistogramFn, Key, KeyName, Metadata, Recorder, SharedString, Unit,
};
use opentelemetry::KeyValue;
use opentelemetry::metrics::Meter;

pub struct OtelRecorder {
    meter: Meter,
    counters: Handles<OtelCounter>,
    gauges: Handles<OtelGauge>,
    histograms: Handles<OtelHistogram>,
}

type Handles<T> = RwLock<HashMap<Key, Arc<T>>>;

impl OtelRecorder {
    pub fn new(meter: Meter) -> OtelRecorder {
        OtelRecorder { meter, counters: RwLock::default(), gauges: RwLock::default(), histograms: RwLock::default() }
    }
}

/// The handle cached for `key`, made by `make` the first time.
fn cached<T>(handles: &Handles<T>, key: &Key, make: impl FnOnce() -> T) -> Arc<T> {
    if let Ok(known) = handles.read()
        && let Some(handle) = known.get(key)
    {
        return handle.clone();
    }
    match handles.write() {
        Ok(mut known) => known.entry(key.clone()).or_insert_with(|| Arc::new(make())).clone(),
        // A panic while the map was held: record without caching.
        Err(_) => Arc::new(make()),
    }
}

fn attributes(key: &Key) -> Vec<KeyValue> {
    key.labels().map(|label| KeyValue::new(label.key().to_owned(), label.value().to_owned())).collect()
}

struct OtelCounter {
    counter: opentelemetry::metrics::Counter<u64>,
    attributes: Vec<KeyValue>,
    /// The total so far, for `absolute`.
    total: AtomicU64,
}

impl CounterFn for OtelCounter {
    fn increment(&self, value: u64) {
        self.total.fetch_add(value, Ordering::Relaxed);
        self.counter.add(value, &self.attributes);
    }

    fn absolute(&self, value: u64) {
        let before = self.total.fetch_max(value, Ordering::Relaxed);
        if value > before {
            self.counter.add(value - before, &self.attributes);
        }
    }
}

struct OtelGauge {
    gauge: opentelemetry::metrics::Gauge<f64>,
    attributes: Vec<KeyValue>,
    /// The current value's bits, for `increment` and `decrement`.
    value: AtomicU64,
}

impl OtelGauge {
    fn change(&self, by: impl Fn(f64) -> f64) {
        let mut current = self.value.load(Ordering::Relaxed);
        loop {
            let next = by(f64::from_bits(current));
            match self.value.compare_exchange_weak(current, next.to_bits(), Ordering::Relaxed, Ordering::Relaxed) {
                Ok(_) => {
                    self.gauge.record(next, &self.attributes);
                    return;
                }
                Err(actual) => current = actual,
            }
        }
    }
}

impl GaugeFn for OtelGauge {
    fn increment(&self, value: f64) {
        self.change(|current| current + value);
    }

    fn decrement(&self, value: f64) {
        self.change(|current| current - value);
    }

    fn set(&self, value: f64) {
        self.change(|_| value);
    }
}

struct OtelHistogram {
    histogram: opentelemetry::metrics::Histogram<f64>,
    attributes: Vec<KeyValue>,
}

impl HistogramFn for OtelHistogram {
    fn record(&self, value: f64) {
        self.histogram.record(value, &self.attributes);
    }
}

impl Recorder for OtelRecorder {
    fn describe_counter(&self, _key: KeyName, _unit: Option<Unit>, _description: SharedString) {}

    fn describe_gauge(&self, _key: KeyName, _unit: Option<Unit>, _description: SharedString) {}

    fn describe_histogram(&self, _key: KeyName, _unit: Option<Unit>, _description: SharedString) {}

    fn register_counter(&self, key: &Key, _metadata: &Metadata<'_>) -> Counter {
        Counter::from_arc(cached(&self.counters, key, || OtelCounter {
            counter: self.meter.u64_counter(key.name().to_owned()).build(),
            attributes: attributes(key),
            total: AtomicU64::new(0),
        }))
    }

    fn register_gauge(&self, key: &Key, _metadata: &Metadata<'_>) -> Gauge {
        Gauge::from_arc(cached(&self.gauges, key, || OtelGauge {
            gauge: self.meter.f64_gauge(key.name().to_owned()).build(),
            attributes: attributes(key),
            value: AtomicU64::new(0f64.to_bits()),
        }))
    }

    fn register_histogram(&self, key: &Key, _metadata: &Metadata<'_>) -> Histogram {
        Histogram::from_arc(cached(&self.histograms, key, || {
            let builder = self.meter.f64_histogram(key.name().to_owned());
            let builder = if key.name().ends_with("_seconds") {
                builder.with_unit("s").with_boundaries(super::LATENCY_BUCKETS.to_vec())
            } else {
                builder
            };
            OtelHistogram { histogram: builder.build(), attributes: attributes(key) }
        }))
    }
}

#[cfg(test)]
mod tests {
    use opentelemetry::metrics::MeterProvider as _;
    use opentelemetry_sdk::metrics::data::{AggregatedMetrics, MetricData, ResourceMetrics};
    use opentelemetry_sdk::metrics::{InMemoryMetricExporter, PeriodicReader, SdkMeterProvider};

    use super::*;

    fn exported(exporter: &InMemoryMetricExporter) -> Vec<ResourceMetrics> {
        exporter.get_finished_metrics().unwrap()
    }

    #[test]
    fn counters_gauges_and_histograms_reach_the_exporter_with_their_labels() {
        let exporter = InMemoryMetricExporter::default();
        let provider =
            SdkMeterProvider::builder().with_reader(PeriodicReader::builder(exporter.clone()).build()).build();
        let recorder = OtelRecorder::new(provider.meter("test"));
        metrics::with_local_recorder(&recorder, || {
            for _ in 0..3 {
                metrics::counter!("calls_total", "code" => "OK").increment(1);
            }
            metrics::counter!("calls_total", "code" => "UNAVAILABLE").increment(1);
            metrics::gauge!("backlog", "service" => "order").set(7.0);
            metrics::gauge!("backlog", "service" => "order").decrement(2.0);
            metrics::histogram!("call_seconds").record(0.003);
            metrics::histogram!("call_seconds").record(0.2);
        });
        provider.force_flush().unwrap();

        let resource_metrics = exported(&exporter);
        let metrics: Vec<_> =
            resource_metrics.iter().flat_map(|rm| rm.scope_metrics()).flat_map(|scope| scope.metrics()).collect();
        let find = |name: &str| metrics.iter().find(|metric| metric.name() == name).copied().unwrap();

        let AggregatedMetrics::U64(MetricData::Sum(calls)) = find("calls_total").data() else {
            panic!("calls_total is not a u64 sum");
        };
        let mut points: Vec<(String, u64)> = calls
            .data_points()
            .map(|point| (point.attributes().map(|kv| kv.value.to_string()).collect::<String>(), point.value()))
            .collect();
        points.sort();
        assert_eq!(points, vec![("OK".to_owned(), 3), ("UNAVAILABLE".to_owned(), 1)]);

        let AggregatedMetrics::F64(MetricData::Gauge(backlog)) = find("backlog").data() else {
            panic!("backlog is not an f64 gauge");
        };
        let values: Vec<f64> = backlog.data_points().map(|point| point.value()).collect();
        assert_eq!(values, vec![5.0]);

        let AggregatedMetrics::F64(MetricData::Histogram(latency)) = find("call_seconds").data() else {
            panic!("call_seconds is not a histogram");
        };
        let point = latency.data_points().next().unwrap();
        assert_eq!(point.count(), 2);
        assert_eq!(point.bounds().collect::<Vec<_>>(), super::super::LATENCY_BUCKETS.to_vec());
        assert_eq!(find("call_seconds").unit(), "s");
    }
}
