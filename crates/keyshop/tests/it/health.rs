//! A service alone in its process reports its health the standard gRPC way,
//! for the whole server (`""`, what Kubernetes' probes ask) and by name, and
//! follows its database: serving while it answers, not serving once it is
//! gone. Needs PostgreSQL (`TEST_POSTGRES_URL`).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::support;

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use keyshop_testkit::EmptyPostgres;
use support::{BINARY, free_port, kill_hard};
use tonic_health::pb::HealthCheckRequest;
use tonic_health::pb::health_check_response::ServingStatus;
use tonic_health::pb::health_client::HealthClient;

async fn status(port: u16, service: &str) -> Option<ServingStatus> {
    let channel =
        tonic::transport::Endpoint::from_shared(format!("http://127.0.0.1:{port}")).ok()?.connect().await.ok()?;
    let mut client = HealthClient::new(channel);
    let answer = client.check(HealthCheckRequest { service: service.to_owned() }).await.ok()?;
    Some(answer.into_inner().status())
}

/// Waits (up to `patience`) until both names report `wanted`.
async fn until(port: u16, wanted: ServingStatus, patience: Duration) {
    let deadline = Instant::now() + patience;
    loop {
        let now = (status(port, "").await, status(port, "keyshop.payment.v1.PaymentService").await);
        if now == (Some(wanted), Some(wanted)) {
            return;
        }
        assert!(Instant::now() < deadline, "still {now:?}, waiting for {wanted:?}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_service_on_postgres_reports_not_serving_once_its_database_is_gone() {
    let database = EmptyPostgres::create("health").unwrap();
    let data = tempfile::tempdir().unwrap();
    let port = free_port();
    let material = keyshop_core::identity::Keyring::generate_material();
    let own = material.iter().find(|(party, _, _)| party.as_str() == "payment").unwrap().1.clone();
    let public: Vec<&str> = material.iter().map(|(_, _, public)| public.as_str()).collect();
    let child = Command::new(BINARY)
        .args(["serve", "--service", "payment"])
        .env_clear()
        .env("KEYSHOP_IDENTITY_KEY", own)
        .env("KEYSHOP_IDENTITY_PUBLIC_KEYS", public.join(","))
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("KEYSHOP_DATA_DIR", data.path())
        .env("PAYMENT_DATABASE_URL", &database.url)
        .env("PAYMENT_GRPC_ADDR", format!("127.0.0.1:{port}"))
        .env("PAYMENT_PROVIDERS", "sandbox")
        .env("KEYSHOP_ALLOW_SANDBOX", "true")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    until(port, ServingStatus::Serving, Duration::from_secs(60)).await;
    drop(database);
    until(port, ServingStatus::NotServing, Duration::from_secs(40)).await;
    kill_hard(child);
}
