//! The distributed store: every service its own `keyshop serve --service …`
//! process, each on its own PostgreSQL database, sharing Redis and a
//! Kafka-compatible broker (tansu, started here on a free port), the gateway
//! in front. Purchases go through the gateway; the delivery service is
//! killed with SIGKILL in the middle of one and started again; the order
//! service runs as two replicas of one consumer group, the gateway's calls
//! balanced over both, and one of them killed at the end without a failed
//! call. Every paid order gets its key once and its e-mail once, and no key
//! reaches a log. Every process exports its spans and metrics over OTLP to a
//! collector in this test: a payment is one trace from the gateway through
//! gRPC and Kafka to every consumer, and every service reports its request,
//! consumer and outbox metrics (also served for Prometheus).
//!
//! Needs PostgreSQL, Redis and `TEST_TANSU_BIN` (the broker's binary), which
//! `.ci/test-services` provides; `make test-rust` skips it without them.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::support;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use keyshop_testkit::{EmptyPostgres, outbox_mails};
use opentelemetry_proto::tonic::collector::metrics::v1::metrics_service_server::{
    MetricsService, MetricsServiceServer,
};
use opentelemetry_proto::tonic::collector::metrics::v1::{ExportMetricsServiceRequest, ExportMetricsServiceResponse};
use opentelemetry_proto::tonic::collector::trace::v1::trace_service_server::{TraceService, TraceServiceServer};
use opentelemetry_proto::tonic::collector::trace::v1::{ExportTraceServiceRequest, ExportTraceServiceResponse};
use opentelemetry_proto::tonic::common::v1::any_value::Value as AnyValue;
use opentelemetry_proto::tonic::resource::v1::Resource;
use serde_json::{Value, json};
use support::{BINARY, delivered_key, free_port, http, http_text, kill_hard};

const SERVICES: [&str; 5] = ["catalog", "member", "delivery", "payment", "order"];
/// The Redis database this test has to itself (flushed at its start).
const REDIS_DB: u32 = 15;
const MASTER_KEYS: &str = "fingerprint:MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=,\
                           1:ZmVkY2JhOTg3NjU0MzIxMGZlZGNiYTk4NzY1NDMyMTA=";

/// The processes of one distributed store, killed when dropped.
struct Cluster {
    dir: tempfile::TempDir,
    env: BTreeMap<String, String>,
    processes: BTreeMap<String, Child>,
    /// Each part's own identity key (`KEYSHOP_IDENTITY_KEY`), by service.
    identity_keys: BTreeMap<String, String>,
    _databases: Vec<EmptyPostgres>,
}

impl Cluster {
    fn log_path(&self, name: &str) -> PathBuf {
        self.dir.path().join(format!("{name}.log"))
    }

    fn outbox(&self) -> PathBuf {
        self.dir.path().join("outbox")
    }

    /// Starts `keyshop serve --service <service>` as process `name` and waits
    /// until it listens (`with_env` adds settings of its own).
    fn start(&mut self, name: &str, service: &str, demo: bool, with_env: &[(&str, String)]) {
        let log = std::fs::OpenOptions::new().create(true).append(true).open(self.log_path(name)).unwrap();
        let data = self.dir.path().join(name);
        std::fs::create_dir_all(&data).unwrap();
        let mut command = Command::new(BINARY);
        command.args(["serve", "--service", service]);
        if demo {
            command.arg("--demo");
        }
        command
            .env_clear()
            .env("PATH", std::env::var("PATH").unwrap_or_default())
            .envs(&self.env)
            .env("KEYSHOP_DATA_DIR", &data)
            .env("KEYSHOP_IDENTITY_KEY", &self.identity_keys[service])
            // Replicas are one service to a trace (the order replicas both "order").
            .env("OTEL_SERVICE_NAME", service)
            .envs(with_env.iter().map(|(name, value)| (*name, value.as_str())))
            .stdout(Stdio::from(log.try_clone().unwrap()))
            .stderr(Stdio::from(log));
        let mut child = command.spawn().unwrap();
        let ready = if service == "gateway" { "gateway listening" } else { "gRPC service listening" };
        let deadline = Instant::now() + Duration::from_secs(90);
        while !std::fs::read_to_string(self.log_path(name)).unwrap_or_default().contains(ready) {
            if let Some(status) = child.try_wait().unwrap() {
                panic!("{name} exited ({status}):\n{}", std::fs::read_to_string(self.log_path(name)).unwrap());
            }
            assert!(Instant::now() < deadline, "{name} did not start");
            std::thread::sleep(Duration::from_millis(100));
        }
        self.processes.insert(name.to_owned(), child);
    }

    /// A member of staff in `role`: invited with `keyshop admin staff add` on
    /// the member database, enrolled and signed in through the gateway (the
    /// TOTP codes computed from the shown secret). `Bearer <token>`.
    fn staff(&self, http_port: u16, email: &str, role: &str) -> String {
        let added = Command::new(BINARY)
            .args(["admin", "staff", "add", email, "--role", role])
            .env_clear()
            .env("PATH", std::env::var("PATH").unwrap_or_default())
            .envs(&self.env)
            .env("KEYSHOP_DATA_DIR", self.dir.path())
            .env("KEYSHOP_IDENTITY_KEY", &self.identity_keys["member"])
            .output()
            .unwrap();
        assert!(added.status.success(), "{added:?}");
        let printed = String::from_utf8(added.stdout).unwrap();
        let token = printed.split("#token=").nth(1).unwrap().trim().to_owned();
        let body = json!({"token": token});
        let (status, start) = http(http_port, "POST", "/prod-api/api/staff/enroll/start", &[], Some(&body)).unwrap();
        assert_eq!(status, 200, "{start}");
        let secret = start["data"]["totpSecret"].as_str().unwrap().to_owned();
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs();
        let code = |steps: u64| keyshop_member::domain::staff::totp_code(&secret, now + steps * 30).unwrap();
        let password = "a long staff password";
        let finish = json!({"token": token, "password": password, "confirmPassword": password, "code": code(0)});
        let (status, done) = http(http_port, "POST", "/prod-api/api/staff/enroll/finish", &[], Some(&finish)).unwrap();
        assert_eq!(status, 200, "{done}");
        let login = json!({"email": email, "password": password, "code": code(1)});
        let (status, session) = http(http_port, "POST", "/prod-api/api/staff/login", &[], Some(&login)).unwrap();
        assert_eq!(status, 200, "{session}");
        format!("Bearer {}", session["data"]["token"].as_str().unwrap())
    }

    fn kill(&mut self, name: &str) {
        if let Some(child) = self.processes.remove(name) {
            kill_hard(child);
        }
    }

    fn logs(&self) -> String {
        let mut all = String::new();
        for entry in std::fs::read_dir(self.dir.path()).unwrap().filter_map(Result::ok) {
            if entry.path().extension().is_some_and(|ext| ext == "log") {
                all.push_str(&std::fs::read_to_string(entry.path()).unwrap_or_default());
            }
        }
        all
    }

    fn mails_about(&self, order_no: &str) -> usize {
        outbox_mails(&self.outbox()).iter().filter(|mail| mail.contains(order_no)).count()
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        for (_, child) in std::mem::take(&mut self.processes) {
            kill_hard(child);
        }
    }
}

/// The tansu broker on a free port, in memory; killed when dropped.
struct Broker(Child);

impl Drop for Broker {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn start_broker(binary: &str, log: &Path) -> (Broker, u16) {
    let port = free_port();
    let url = format!("tcp://127.0.0.1:{port}");
    let log = std::fs::File::create(log).unwrap();
    let child = Command::new(binary)
        .args(["broker", "--listener-url", &url, "--advertised-listener-url", &url])
        .args(["--storage-engine", "memory://tansu/"])
        .stdout(Stdio::from(log.try_clone().unwrap()))
        .stderr(Stdio::from(log))
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(20);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "the broker did not start");
        std::thread::sleep(Duration::from_millis(100));
    }
    (Broker(child), port)
}

/// A span as the collector received it.
#[derive(Debug, Clone)]
struct SpanSeen {
    service: String,
    name: String,
    trace_id: Vec<u8>,
}

/// An OTLP receiver (gRPC), keeping every span it is sent and the names of
/// the metrics each service sent.
#[derive(Clone, Default)]
struct Collector {
    spans: Arc<Mutex<Vec<SpanSeen>>>,
    metrics: Arc<Mutex<BTreeSet<(String, String)>>>,
}

/// The `service.name` of a resource.
fn service_of(resource: Option<&Resource>) -> String {
    resource
        .iter()
        .flat_map(|resource| &resource.attributes)
        .find(|attribute| attribute.key == "service.name")
        .and_then(|attribute| match attribute.value.as_ref()?.value.as_ref()? {
            AnyValue::StringValue(name) => Some(name.clone()),
            _ => None,
        })
        .unwrap_or_default()
}

#[tonic::async_trait]
impl MetricsService for Collector {
    async fn export(
        &self,
        request: tonic::Request<ExportMetricsServiceRequest>,
    ) -> Result<tonic::Response<ExportMetricsServiceResponse>, tonic::Status> {
        let mut seen = self.metrics.lock().unwrap();
        for resource_metrics in request.into_inner().resource_metrics {
            let service = service_of(resource_metrics.resource.as_ref());
            for metric in resource_metrics.scope_metrics.into_iter().flat_map(|scope| scope.metrics) {
                seen.insert((service.clone(), metric.name));
            }
        }
        Ok(tonic::Response::new(ExportMetricsServiceResponse { partial_success: None }))
    }
}

#[tonic::async_trait]
impl TraceService for Collector {
    async fn export(
        &self,
        request: tonic::Request<ExportTraceServiceRequest>,
    ) -> Result<tonic::Response<ExportTraceServiceResponse>, tonic::Status> {
        let mut spans = self.spans.lock().unwrap();
        for resource_spans in request.into_inner().resource_spans {
            let service = service_of(resource_spans.resource.as_ref());
            for span in resource_spans.scope_spans.into_iter().flat_map(|scope| scope.spans) {
                spans.push(SpanSeen { service: service.clone(), name: span.name, trace_id: span.trace_id });
            }
        }
        Ok(tonic::Response::new(ExportTraceServiceResponse { partial_success: None }))
    }
}

impl Collector {
    /// Serves on a free port (on `runtime`); the port.
    fn start(&self, runtime: &tokio::runtime::Runtime) -> u16 {
        let port = free_port();
        let (traces, metrics) = (TraceServiceServer::new(self.clone()), MetricsServiceServer::new(self.clone()));
        runtime.spawn(async move {
            let address = std::net::SocketAddr::from(([127, 0, 0, 1], port));
            tonic::transport::Server::builder().add_service(traces).add_service(metrics).serve(address).await.unwrap();
        });
        port
    }

    /// The services with a span in the trace that holds a span of
    /// `service` named `name` and the most services, and that trace's spans.
    fn widest_trace_with(&self, service: &str, name: &str) -> (BTreeSet<String>, Vec<String>) {
        let spans = self.spans.lock().unwrap().clone();
        let traces: BTreeSet<&Vec<u8>> = spans
            .iter()
            .filter(|span| span.service == service && span.name == name)
            .map(|span| &span.trace_id)
            .collect();
        traces
            .into_iter()
            .map(|trace| {
                let members: Vec<&SpanSeen> = spans.iter().filter(|span| &span.trace_id == trace).collect();
                (
                    members.iter().map(|span| span.service.clone()).collect::<BTreeSet<_>>(),
                    members.iter().map(|span| format!("{}:{}", span.service, span.name)).collect::<Vec<_>>(),
                )
            })
            .max_by_key(|(services, _)| services.len())
            .unwrap_or_default()
    }

    /// The metrics of `wanted` that `service` has not sent yet.
    fn metrics_missing(&self, service: &str, wanted: &[&str]) -> Vec<String> {
        let seen = self.metrics.lock().unwrap();
        wanted
            .iter()
            .filter(|name| !seen.contains(&(service.to_owned(), (**name).to_owned())))
            .map(|name| (*name).to_owned())
            .collect()
    }
}

/// The value of the Prometheus sample whose line starts with `series`
/// (name and labels as rendered), summed over its other labels.
fn sample(metrics: &str, series: &str) -> f64 {
    metrics
        .lines()
        .filter(|line| line.starts_with(series))
        .filter_map(|line| line.rsplit_once(' ')?.1.parse::<f64>().ok())
        .sum()
}

/// A guest's checkout of one key of `product`; `(order number, link token, payment session)`.
fn checkout(port: u16, product: &Value, email: &str) -> (String, String, String) {
    let body = json!({"lines": [{"productId": product["id"], "quantity": 1}], "email": email, "contact": "",
        "note": "", "coupon": "", "paymentMethod": "sandbox-card", "currency": "USD", "billingAddress": support::billing()});
    let (status, placed) = http(port, "POST", "/prod-api/api/order/checkout", &[], Some(&body)).unwrap();
    assert_eq!(status, 200, "{placed}");
    let data = &placed["data"];
    (
        data["order"]["orderNo"].as_str().unwrap().to_owned(),
        data["linkToken"].as_str().unwrap().to_owned(),
        data["paymentSessionId"].as_str().unwrap().to_owned(),
    )
}

fn pay(port: u16, session: &str) {
    let card = json!({"number": "4242424242424242", "expiry": "12/39", "cvc": "123"});
    let path = format!("/prod-api/api/payment/sandbox/{session}/charge");
    let (status, paid) = http(port, "POST", &path, &[], Some(&card)).unwrap();
    assert_eq!((status, paid["data"]["state"].as_str()), (200, Some("succeeded")), "{paid}");
}

fn order_of(port: u16, order_no: &str, token: &str) -> Value {
    let (status, order) =
        http(port, "GET", &format!("/prod-api/api/order/{order_no}"), &[("X-Order-Token", token)], None).unwrap();
    assert_eq!(status, 200, "{order}");
    order["data"].clone()
}

/// Waits (up to a minute) for the order's delivery e-mail; fails on a second one.
fn one_mail(cluster: &Cluster, order_no: &str) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while cluster.mails_about(order_no) == 0 {
        assert!(Instant::now() < deadline, "{order_no}: no delivery e-mail");
        std::thread::sleep(Duration::from_millis(200));
    }
    std::thread::sleep(Duration::from_millis(500));
    assert_eq!(cluster.mails_about(order_no), 1, "{order_no}: one delivery e-mail");
}

#[test]
fn a_distributed_store_sells_through_a_killed_delivery_service_and_two_order_replicas() {
    let redis = keyshop_testkit::servers::redis_url();
    let tansu = std::env::var("TEST_TANSU_BIN").expect("TEST_TANSU_BIN: the tansu broker's binary");
    let dir = tempfile::tempdir().unwrap();
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(1).enable_all().build().unwrap();
    let collector = Collector::default();
    let collector_port = collector.start(&runtime);
    let (_broker, kafka_port) = start_broker(&tansu, &dir.path().join("broker.log"));
    let redis = format!("{}/{REDIS_DB}", redis.trim_end_matches('/'));
    let flushed = Command::new("redis-cli").args(["-u", &redis, "FLUSHDB"]).output().unwrap();
    assert!(flushed.status.success(), "{flushed:?}");

    let ports: BTreeMap<&str, u16> = SERVICES.iter().map(|service| (*service, free_port())).collect();
    let mut env = BTreeMap::from([
        ("EVENT_BUS_URL".to_owned(), format!("kafka://127.0.0.1:{kafka_port}")),
        ("CACHE_URL".to_owned(), redis),
        ("MAIL_URL".to_owned(), format!("file://{}", dir.path().join("outbox").display())),
        ("KEYSHOP_MASTER_KEYS".to_owned(), MASTER_KEYS.to_owned()),
        ("PAYMENT_PROVIDERS".to_owned(), "sandbox".to_owned()),
        ("KEYSHOP_ALLOW_SANDBOX".to_owned(), "true".to_owned()),
        ("KEYSHOP_LOG".to_owned(), "info".to_owned()),
        ("OTEL_EXPORTER_OTLP_ENDPOINT".to_owned(), format!("http://127.0.0.1:{collector_port}")),
        ("OTEL_METRIC_EXPORT_INTERVAL".to_owned(), "1000".to_owned()),
    ]);
    // Each process signs its calls with its own key and trusts every public one.
    let material = keyshop_core::identity::Keyring::generate_material();
    let public: Vec<&str> = material.iter().map(|(_, _, public)| public.as_str()).collect();
    env.insert("KEYSHOP_IDENTITY_PUBLIC_KEYS".to_owned(), public.join(","));
    let identity_keys =
        material.iter().map(|(party, private, _)| (party.as_str().to_owned(), private.clone())).collect();
    let mut databases = Vec::new();
    for service in SERVICES {
        let database = EmptyPostgres::create(service).unwrap();
        let prefix = service.to_uppercase();
        env.insert(format!("{prefix}_DATABASE_URL"), database.url.clone());
        env.insert(format!("{prefix}_GRPC_ADDR"), format!("127.0.0.1:{}", ports[service]));
        env.insert(format!("{prefix}_GRPC_URL"), format!("http://127.0.0.1:{}", ports[service]));
        databases.push(database);
    }
    let http_port = free_port();
    let metrics_ports: BTreeMap<&str, u16> =
        ["payment", "order", "order-2"].into_iter().map(|name| (name, free_port())).collect();
    let metrics_addr = |name: &str| ("KEYSHOP_METRICS_ADDR", format!("127.0.0.1:{}", metrics_ports[name]));
    let scrape = |name: &str| {
        let (status, text) = http_text(metrics_ports[name], "GET", "/metrics", &[], None).unwrap();
        assert_eq!(status, 200, "{name}: {text}");
        text
    };
    let mut cluster = Cluster { dir, env, processes: BTreeMap::new(), identity_keys, _databases: databases };
    cluster.start("catalog", "catalog", true, &[]);
    cluster.start("member", "member", false, &[]);
    cluster.start("payment", "payment", false, &[metrics_addr("payment")]);
    cluster.start("delivery", "delivery", true, &[]);
    cluster.start("order", "order", true, &[metrics_addr("order")]);
    // The second order replica: the same database and consumer group, its own port.
    let order_2_port = free_port();
    cluster.start(
        "order-2",
        "order",
        false,
        &[("ORDER_GRPC_ADDR", format!("127.0.0.1:{order_2_port}")), metrics_addr("order-2")],
    );
    // The gateway calls both order replicas.
    let both_orders = format!("http://127.0.0.1:{},127.0.0.1:{order_2_port}", ports["order"]);
    cluster.start(
        "gateway",
        "gateway",
        false,
        &[("KEYSHOP_HTTP_ADDR", format!("127.0.0.1:{http_port}")), ("ORDER_GRPC_URL", both_orders)],
    );
    let deadline = Instant::now() + Duration::from_secs(60);
    while http(http_port, "GET", "/readyz", &[], None).is_none_or(|(status, _)| status != 200) {
        assert!(Instant::now() < deadline, "the gateway did not become ready");
        std::thread::sleep(Duration::from_millis(200));
    }

    let (status, list) =
        http(http_port, "GET", "/prod-api/api/home/queryGames?stock=in_stock&limit=10", &[], None).unwrap();
    assert_eq!(status, 200, "{list}");
    let products = list["data"]["rows"].as_array().unwrap().clone();
    assert!(products.len() >= 6, "{list}");

    // A purchase end to end: checkout, payment, key e-mailed, order delivered.
    let mut keys = Vec::new();
    let (first, first_token, session) = checkout(http_port, &products[0], "first@example.com");
    pay(http_port, &session);
    keys.push(delivered_key(http_port, &first, &first_token, Duration::from_secs(60)));
    one_mail(&cluster, &first);

    // The payment is one trace: the gateway's request, payment's gRPC call,
    // and through Kafka the consumers of order, delivery and member.
    let everyone: BTreeSet<String> =
        ["gateway", "payment", "order", "delivery", "member"].map(str::to_owned).into_iter().collect();
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let (services, spans) = collector.widest_trace_with("delivery", "consume");
        if services.is_superset(&everyone) && spans.iter().any(|span| span == "gateway:http") {
            break;
        }
        assert!(Instant::now() < deadline, "no trace across every service: {services:?} {spans:?}");
        std::thread::sleep(Duration::from_millis(500));
    }

    // Delivery killed between checkout and payment: the payment still
    // succeeds, the order waits paid, and the restarted service delivers.
    let (second, second_token, session) = checkout(http_port, &products[1], "second@example.com");
    cluster.kill("delivery");
    pay(http_port, &session);
    let deadline = Instant::now() + Duration::from_secs(30);
    while order_of(http_port, &second, &second_token)["state"] != "paid" {
        assert!(Instant::now() < deadline, "the order was not marked paid");
        std::thread::sleep(Duration::from_millis(100));
    }
    std::thread::sleep(Duration::from_secs(1));
    assert_eq!(order_of(http_port, &second, &second_token)["state"], "paid", "nobody delivers while delivery is down");
    assert_eq!(cluster.mails_about(&second), 0);
    cluster.start("delivery-restarted", "delivery", false, &[]);
    keys.push(delivered_key(http_port, &second, &second_token, Duration::from_secs(90)));
    one_mail(&cluster, &second);

    // More orders, their events shared by the two order replicas: each
    // handled once (one paid and one delivered step, one e-mail, one key).
    let mut orders = Vec::new();
    for (index, product) in products.iter().enumerate().skip(2).take(4) {
        let (order_no, token, session) = checkout(http_port, product, &format!("many{index}@example.com"));
        pay(http_port, &session);
        orders.push((order_no, token));
    }
    orders.push((first, first_token));
    orders.push((second, second_token));
    for (order_no, token) in &orders {
        keys.push(delivered_key(http_port, order_no, token, Duration::from_secs(60)));
        one_mail(&cluster, order_no);
        let order = order_of(http_port, order_no, token);
        let steps: Vec<&str> =
            order["history"].as_array().unwrap().iter().map(|step| step["state"].as_str().unwrap()).collect();
        assert_eq!(steps.iter().filter(|state| **state == "paid").count(), 1, "{order_no}: {steps:?}");
        assert_eq!(steps.iter().filter(|state| **state == "delivered").count(), 1, "{order_no}: {steps:?}");
    }
    // Each payment event changed its order in exactly one replica.
    let replica_logs =
        [cluster.log_path("order"), cluster.log_path("order-2")].map(|path| std::fs::read_to_string(path).unwrap());
    for (order_no, _) in &orders {
        let moved = format!("order_no={order_no} moved=true");
        let handled: usize = replica_logs.iter().map(|log| log.matches(moved.as_str()).count()).sum();
        assert_eq!(handled, 1, "{order_no}: its payment handled {handled} times");
    }
    keys.sort();
    keys.dedup();
    assert_eq!(keys.len(), 6, "six orders, six different keys");

    // The gateway's calls were spread over both order replicas.
    let order_calls = "grpc_server_requests_total{service=\"keyshop.order.v1.OrderService\"";
    let served = ["order", "order-2"].map(|name| sample(&scrape(name), order_calls));
    assert!(served.iter().all(|calls| *calls > 0.0), "order calls per replica: {served:?}");
    // A replica killed: the next calls find the other one, none fails.
    cluster.kill("order-2");
    for _ in 0..3 {
        for (order_no, token) in &orders {
            assert_eq!(order_of(http_port, order_no, token)["orderNo"], order_no.as_str());
        }
    }

    // A refund across processes: the buyer asks through the gateway (order);
    // finance, made with the CLI on the member database and signed in
    // through the gateway (member), approves it: the order service checks
    // the gateway's signed assertion and has the payment service refund it;
    // the audit log (member, through Kafka) records who did it.
    let (refunded, refunded_token) = orders[0].clone();
    let ask = json!({"reason": "The key does not work"});
    let path = format!("/prod-api/api/order/{refunded}/refund");
    let (status, asked) = http(http_port, "POST", &path, &[("X-Order-Token", &refunded_token)], Some(&ask)).unwrap();
    assert_eq!(status, 200, "{asked}");
    let finance = cluster.staff(http_port, "finance@shop.example", "finance");
    let owner = cluster.staff(http_port, "owner@shop.example", "owner");
    let decide = format!("/prod-api/api/staff/refunds/{refunded}/decision");
    let approve = json!({"approve": true, "note": "Sorry about that"});
    let (status, decided) = http(http_port, "POST", &decide, &[("Authorization", &finance)], Some(&approve)).unwrap();
    assert_eq!((status, decided["data"]["state"].as_str()), (200, Some("refunded")), "{decided}");
    assert_eq!(order_of(http_port, &refunded, &refunded_token)["state"], "refunded");
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let path = format!("/prod-api/api/staff/audit?text={refunded}");
        let (status, audit) = http(http_port, "GET", &path, &[("Authorization", &owner)], None).unwrap();
        assert_eq!(status, 200, "{audit}");
        if audit["data"]["total"] == 1 {
            assert_eq!(audit["data"]["rows"][0]["staffEmail"], "finance@shop.example");
            assert_eq!(
                (audit["data"]["rows"][0]["action"].as_str(), audit["data"]["rows"][0]["service"].as_str()),
                (Some("refund.approve"), Some("order"))
            );
            break;
        }
        assert!(Instant::now() < deadline, "the refund is not in the audit log: {audit}");
        std::thread::sleep(Duration::from_millis(200));
    }

    // Live chat across replicas: a second member service and a second
    // gateway in front of it. The agent is on one, the guest on the other;
    // a line reaches the other side through Redis.
    let member_2_port = free_port();
    cluster.start("member-2", "member", false, &[("MEMBER_GRPC_ADDR", format!("127.0.0.1:{member_2_port}"))]);
    let http_2_port = free_port();
    cluster.start(
        "gateway-2",
        "gateway",
        false,
        &[
            ("KEYSHOP_HTTP_ADDR", format!("127.0.0.1:{http_2_port}")),
            ("MEMBER_GRPC_URL", format!("http://127.0.0.1:{member_2_port}")),
        ],
    );
    let agent_token = cluster.staff(http_port, "agent@shop.example", "support");
    runtime.block_on(async {
        use crate::chat::{connect, next_of, send};
        let at = |port: u16| std::net::SocketAddr::from(([127, 0, 0, 1], port));
        let mut agent = connect(at(http_2_port), "staff").await;
        send(&mut agent, json!({"type": "hello", "token": agent_token.trim_start_matches("Bearer ")})).await;
        assert_eq!(next_of(&mut agent, &["ready", "error"]).await["type"], "ready");
        let mut guest = connect(at(http_port), "chat").await;
        send(&mut guest, json!({"type": "hello"})).await;
        next_of(&mut guest, &["ready"]).await;
        send(&mut guest, json!({"type": "open", "name": "Gus", "email": "gus@example.com"})).await;
        let chat_id = next_of(&mut guest, &["opened"]).await["chat"]["id"].as_i64().unwrap();
        assert_eq!(next_of(&mut agent, &["chat"]).await["chat"]["id"].as_i64(), Some(chat_id), "told across replicas");
        send(&mut guest, json!({"type": "send", "text": "Hello from replica one"})).await;
        assert_eq!(next_of(&mut agent, &["line"]).await["line"]["body"], "Hello from replica one");
        send(&mut agent, json!({"type": "send", "chatId": chat_id, "text": "Hello from replica two"})).await;
        // Its own line comes back first (the client keeps lines in order by id).
        let line = loop {
            let line = next_of(&mut guest, &["line"]).await;
            if line["line"]["author"] == "agent" {
                break line;
            }
        };
        assert_eq!(line["line"]["body"], "Hello from replica two");
    });

    // Every service reports its requests; the consumers their events and
    // lag, the services with an outbox its backlog.
    let payment = scrape("payment");
    assert!(
        sample(
            &payment,
            "grpc_server_requests_total{service=\"keyshop.payment.v1.PaymentService\",method=\"SandboxCharge\",code=\"OK\"}"
        ) >= 6.0,
        "{payment}"
    );
    assert!(payment.contains("outbox_backlog{service=\"payment\"}"), "{payment}");
    assert!(payment.contains("grpc_server_request_duration_seconds_bucket"), "{payment}");
    let wanted: [(&str, &[&str]); 6] = [
        ("gateway", &["http_requests_total", "http_request_duration_seconds", "grpc_client_requests_total"]),
        ("catalog", &["grpc_server_requests_total", "grpc_server_request_duration_seconds", "outbox_backlog"]),
        (
            "member",
            &["grpc_server_requests_total", "bus_events_handled_total", "bus_consumer_lag", "db_pool_connections"],
        ),
        ("payment", &["grpc_server_requests_total", "outbox_backlog", "outbox_published_total"]),
        (
            "delivery",
            &["bus_events_handled_total", "bus_handle_duration_seconds", "bus_consumer_lag", "outbox_backlog"],
        ),
        (
            "order",
            &[
                "grpc_server_requests_total",
                "grpc_client_requests_total",
                "bus_events_handled_total",
                "bus_consumer_lag",
                "outbox_oldest_pending_seconds",
            ],
        ),
    ];
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let missing: Vec<(&str, Vec<String>)> = wanted
            .iter()
            .map(|(service, names)| (*service, collector.metrics_missing(service, names)))
            .filter(|(_, missing)| !missing.is_empty())
            .collect();
        if missing.is_empty() {
            break;
        }
        assert!(Instant::now() < deadline, "metrics not exported over OTLP: {missing:?}");
        std::thread::sleep(Duration::from_millis(500));
    }

    let logs = cluster.logs();
    for key in &keys {
        assert!(!logs.contains(key.as_str()), "a key was logged");
    }
}
