//! The `keyshop` binary as an operator runs it: real processes, real ports.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

const BINARY: &str = env!("CARGO_BIN_EXE_keyshop");

fn keyshop(data_dir: &Path) -> Command {
    let mut command = Command::new(BINARY);
    command
        .current_dir(data_dir)
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("KEYSHOP_DATA_DIR", data_dir)
        .env("KEYSHOP_LOG", "info");
    command
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// A plain HTTP/1.1 GET; `(status, body)`.
fn http_get(port: u16, path: &str) -> Option<(u16, String)> {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).ok()?;
    stream.set_read_timeout(Some(Duration::from_secs(10))).ok()?;
    write!(stream, "GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n").ok()?;
    let mut response = String::new();
    stream.read_to_string(&mut response).ok()?;
    let status = response.split(' ').nth(1)?.parse().ok()?;
    let body = response.split_once("\r\n\r\n")?.1.to_owned();
    Some((status, body))
}

fn wait_until_ready(port: u16, child: &mut Child) {
    let deadline = Instant::now() + Duration::from_secs(30);
    while Instant::now() < deadline {
        if let Some((200, _)) = http_get(port, "/readyz") {
            return;
        }
        if let Ok(Some(status)) = child.try_wait() {
            panic!("keyshop exited early with {status}");
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    panic!("keyshop did not become ready on port {port}");
}

fn terminate(child: Child) -> Output {
    let status = Command::new("kill").args(["-TERM", &child.id().to_string()]).status().unwrap();
    assert!(status.success());
    child.wait_with_output().unwrap()
}

fn rate_of(port: u16, code: &str) -> f64 {
    let (status, body) = http_get(port, "/prod-api/api/home/rate").unwrap();
    assert_eq!(status, 200, "{body}");
    let value: serde_json::Value = serde_json::from_str(&body).unwrap();
    value["data"].as_array().unwrap().iter().find(|currency| currency["code"] == code).unwrap()["rate"]
        .as_f64()
        .unwrap()
}

#[test]
fn config_prints_every_setting_with_secrets_masked() {
    let data = tempfile::tempdir().unwrap();
    let output = keyshop(data.path())
        .arg("config")
        .env("CATALOG_DATABASE_URL", "postgres://shop:hunter2@db:5432/catalog")
        .env("MAIL_URL", "smtps://mailer:s3cret@smtp.example.com:465")
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(!text.contains("hunter2") && !text.contains("s3cret"), "{text}");
    assert!(text.contains("CATALOG_DATABASE_URL") && text.contains("postgres://shop:****@db:5432/catalog"), "{text}");
    for key in ["KEYSHOP_HTTP_ADDR", "EVENT_BUS_URL", "CACHE_URL", "MAIL_URL", "OTEL_EXPORTER_OTLP_ENDPOINT"] {
        assert!(text.contains(key), "{key} missing from {text}");
    }
}

#[test]
fn config_json_lists_every_declared_setting_even_when_the_configuration_is_bad() {
    let data = tempfile::tempdir().unwrap();
    let output =
        keyshop(data.path()).args(["config", "--json"]).env("KEYSHOP_HTTP_ADDR", "not-an-address").output().unwrap();
    assert!(output.status.success(), "{output:?}");
    let listed: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let envs: Vec<&str> =
        listed["settings"].as_array().unwrap().iter().map(|setting| setting["env"].as_str().unwrap()).collect();
    let declared: Vec<&str> = keyshop_core::config::settings::SETTINGS.iter().map(|setting| setting.env).collect();
    assert_eq!(envs, declared);
    let database = listed["settings"].as_array().unwrap().iter().find(|setting| setting["env"] == "DATABASE_URL");
    assert_eq!(database.unwrap()["secret"], true);
}

#[test]
fn a_bad_configuration_is_refused_with_every_problem_named() {
    let data = tempfile::tempdir().unwrap();
    let output = keyshop(data.path())
        .arg("serve")
        .env("KEYSHOP_HTTP_ADDR", "not-an-address")
        .env("KEYSHOP_LOG_FORMAT", "xml")
        .output()
        .unwrap();
    assert!(!output.status.success());
    let text = String::from_utf8(output.stderr).unwrap();
    assert!(text.contains("KEYSHOP_HTTP_ADDR") && text.contains("KEYSHOP_LOG_FORMAT"), "{text}");
}

#[test]
fn nothing_for_tests_or_demos_runs_unless_asked_for() {
    let data = tempfile::tempdir().unwrap();
    let stderr_of = |output: std::process::Output| {
        assert!(!output.status.success(), "{output:?}");
        String::from_utf8(output.stderr).unwrap()
    };
    // No provider: the payment service (here embedded) refuses to start.
    let text = stderr_of(keyshop(data.path()).arg("serve").env("KEYSHOP_HTTP_ADDR", "127.0.0.1:0").output().unwrap());
    assert!(text.contains("PAYMENT_PROVIDERS"), "{text}");
    // The sandbox's test cards need an explicit allowance.
    let text = stderr_of(
        keyshop(data.path())
            .args(["serve", "--service", "payment"])
            .env("PAYMENT_PROVIDERS", "sandbox")
            .output()
            .unwrap(),
    );
    assert!(text.contains("KEYSHOP_ALLOW_SANDBOX"), "{text}");
    let text = stderr_of(
        keyshop(data.path())
            .args(["serve", "--service", "catalog"])
            .env("KEYSHOP_CAPTCHA_TEST_CODE", "let-me-in")
            .env("CATALOG_DATABASE_URL", "postgres://catalog:CHANGE-ME@127.0.0.1:1/catalog")
            .output()
            .unwrap(),
    );
    assert!(text.contains("KEYSHOP_ALLOW_TEST_CAPTCHA") && text.contains("CATALOG_DATABASE_URL"), "{text}");
    assert!(!text.contains("CHANGE-ME"), "{text}");
}

#[test]
fn openapi_prints_the_document() {
    let data = tempfile::tempdir().unwrap();
    let output = keyshop(data.path()).arg("openapi").output().unwrap();
    assert!(output.status.success());
    let document: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert!(document["paths"]["/prod-api/api/home/rate"]["get"].is_object());
}

#[test]
fn migrate_then_serve_then_change_a_rate_then_stop_gracefully() {
    let data = tempfile::tempdir().unwrap();
    let migrated = keyshop(data.path()).arg("migrate").output().unwrap();
    assert!(migrated.status.success(), "{migrated:?}");
    assert!(data.path().join("catalog.db").exists());

    let port = free_port();
    let mut server = keyshop(data.path())
        .arg("serve")
        .env("KEYSHOP_HTTP_ADDR", format!("127.0.0.1:{port}"))
        .env("PAYMENT_PROVIDERS", "sandbox")
        .env("KEYSHOP_ALLOW_SANDBOX", "true")
        .env("KEYSHOP_OUTBOX_POLL_INTERVAL_MS", "50")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    wait_until_ready(port, &mut server);
    assert_eq!(rate_of(port, "EUR"), 0.92);

    let set = keyshop(data.path()).args(["currencies", "set", "EUR", "0.97"]).output().unwrap();
    assert!(set.status.success(), "{set:?}");
    let refused = keyshop(data.path()).args(["currencies", "set", "EUR", "-1"]).output().unwrap();
    assert!(!refused.status.success());
    let deadline = Instant::now() + Duration::from_secs(10);
    while rate_of(port, "EUR") != 0.97 {
        assert!(Instant::now() < deadline, "the running store kept the old rate");
        std::thread::sleep(Duration::from_millis(50));
    }

    let output = terminate(server);
    let logs = String::from_utf8_lossy(&output.stdout).to_string() + &String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{logs}");
    assert!(logs.contains("outbox relay flushed") && logs.contains("stopped"), "{logs}");
}

/// `keyshop serve --service NAME` on `port`, with the peers' URLs.
/// `keyshop` run as part `name` of a distributed store: its own identity
/// key and every public one, from a set `keyshop admin identity-keys` made.
fn part(data: &Path, name: &str, identity: &str) -> Command {
    let mut command = keyshop(data);
    for line in identity.lines().filter(|line| !line.starts_with('#')) {
        let (variable, value) = line.split_once('=').unwrap();
        if variable == format!("{}_IDENTITY_KEY", name.to_uppercase()) {
            command.env("KEYSHOP_IDENTITY_KEY", value);
        } else if variable == "KEYSHOP_IDENTITY_PUBLIC_KEYS" {
            command.env(variable, value);
        }
    }
    command.args(["serve", "--service", name]);
    command
}

fn service(data: &Path, name: &str, port: u16, peers: &[(&str, u16)], identity: &str) -> Child {
    let mut command = part(data, name, identity);
    command
        .env(format!("{}_GRPC_ADDR", name.to_uppercase()), format!("127.0.0.1:{port}"))
        .env("PAYMENT_PROVIDERS", "sandbox")
        .env("KEYSHOP_ALLOW_SANDBOX", "true")
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    for (peer, peer_port) in peers {
        command.env(format!("{}_GRPC_URL", peer.to_uppercase()), format!("http://127.0.0.1:{peer_port}"));
    }
    command.spawn().unwrap()
}

#[test]
fn one_service_per_process() {
    let data = tempfile::tempdir().unwrap();
    let ports: Vec<(&str, u16)> =
        ["catalog", "member", "delivery", "payment", "order"].into_iter().map(|name| (name, free_port())).collect();
    let catalog_port = ports[0].1;
    let made = keyshop(data.path()).args(["admin", "identity-keys"]).output().unwrap();
    assert!(made.status.success(), "{made:?}");
    let identity = String::from_utf8(made.stdout).unwrap();

    // Without its identity key, no part starts (none is made for it).
    let unsigned = keyshop(data.path()).args(["serve", "--service", "order"]).output().unwrap();
    assert!(!unsigned.status.success());
    assert!(String::from_utf8_lossy(&unsigned.stderr).contains("KEYSHOP_IDENTITY_KEY"), "{unsigned:?}");

    let alone = part(data.path(), "gateway", &identity).output().unwrap();
    assert!(!alone.status.success());
    assert!(String::from_utf8_lossy(&alone.stderr).contains("CATALOG_GRPC_URL"), "{alone:?}");
    let member_without_catalog = part(data.path(), "member", &identity).output().unwrap();
    assert!(!member_without_catalog.status.success());
    assert!(
        String::from_utf8_lossy(&member_without_catalog.stderr).contains("CATALOG_GRPC_URL"),
        "{member_without_catalog:?}"
    );
    let without_member = part(data.path(), "gateway", &identity)
        .env("CATALOG_GRPC_URL", format!("http://127.0.0.1:{catalog_port}"))
        .output()
        .unwrap();
    assert!(!without_member.status.success());
    assert!(String::from_utf8_lossy(&without_member.stderr).contains("MEMBER_GRPC_URL"), "{without_member:?}");

    // Each service in its own process, given the URLs of those it calls.
    let mut children: Vec<Child> = ports
        .iter()
        .map(|(name, port)| {
            let peers: Vec<(&str, u16)> = match *name {
                "catalog" | "payment" => Vec::new(),
                "member" => ports[..1].to_vec(),
                // The catalog for activation guides, the order service for the e-mail's link.
                "delivery" => ports.iter().filter(|(peer, _)| matches!(*peer, "catalog" | "order")).copied().collect(),
                _ => ports.iter().filter(|(peer, _)| peer != name).copied().collect(),
            };
            service(data.path(), name, *port, &peers, &identity)
        })
        .collect();
    let http_port = free_port();
    // The gateway calls every service (delivery for the console's key stock).
    let mut gateway = part(data.path(), "gateway", &identity);
    gateway.env("KEYSHOP_HTTP_ADDR", format!("127.0.0.1:{http_port}"));
    for (peer, port) in &ports {
        gateway.env(format!("{}_GRPC_URL", peer.to_uppercase()), format!("http://127.0.0.1:{port}"));
    }
    let mut gateway = gateway.stdout(Stdio::null()).stderr(Stdio::null()).spawn().unwrap();
    wait_until_ready(http_port, &mut gateway);
    assert_eq!(rate_of(http_port, "USD"), 1.0);
    let (status, body) = http_get(http_port, "/prod-api/api/levels").unwrap();
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("\"thresholdUsd\""), "the gateway reached the member service: {body}");
    let (status, body) = http_get(http_port, "/prod-api/api/cart?currency=EUR").unwrap();
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("\"currency\":\"EUR\""), "the gateway reached the order service: {body}");
    assert!(terminate(gateway).status.success());
    while let Some(child) = children.pop() {
        assert!(terminate(child).status.success());
    }
}

/// The SKU and the page of the first product the demo catalog lists as out
/// of stock (the demo gives such products no keys).
fn out_of_stock_product(port: u16) -> (String, String) {
    let (status, body) = http_get(port, "/prod-api/api/home/queryGames?stock=out_of_stock&limit=10").unwrap();
    assert_eq!(status, 200, "{body}");
    let value: serde_json::Value = serde_json::from_str(&body).unwrap();
    let card = &value["data"]["rows"][0];
    let path = format!(
        "/prod-api/api/home/games/{}/{}",
        card["gameName"].as_str().unwrap(),
        card["gameExtName"].as_str().unwrap()
    );
    (card["sku"].as_str().unwrap().to_owned(), path)
}

/// A product page's stock status.
fn stock_of(port: u16, path: &str) -> String {
    let (status, body) = http_get(port, path).unwrap();
    assert_eq!(status, 200, "{body}");
    let value: serde_json::Value = serde_json::from_str(&body).unwrap();
    value["data"]["stock"].as_str().unwrap().to_owned()
}

#[test]
fn keys_are_imported_into_a_running_store_and_the_catalog_follows() {
    let data = tempfile::tempdir().unwrap();
    let port = free_port();
    let mut server = keyshop(data.path())
        .args(["serve", "--demo"])
        .env("KEYSHOP_HTTP_ADDR", format!("127.0.0.1:{port}"))
        .env("KEYSHOP_OUTBOX_POLL_INTERVAL_MS", "50")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    wait_until_ready(port, &mut server);
    let (sku, page) = out_of_stock_product(port);
    assert_eq!(stock_of(port, &page), "out_of_stock");

    let file = data.path().join("keys.csv");
    std::fs::write(&file, "key,note\nAAAAA-BBBBB-00001,batch 7\nAAAAA-BBBBB-00002\nAAAAA-BBBBB-00001\nno\n").unwrap();
    let imported = keyshop(data.path()).args(["keys", "import", "--product", &sku]).arg(&file).output().unwrap();
    let said = String::from_utf8_lossy(&imported.stdout);
    assert!(imported.status.success(), "{imported:?}");
    assert!(said.contains("2 imported, 1 duplicate, 1 invalid; 2 available"), "{said}");
    assert!(!said.contains("AAAAA"), "a key was printed: {said}");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(data.path().join("master.key")).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
    }
    let unknown =
        keyshop(data.path()).args(["keys", "import", "--product", "NO-SUCH-SKU"]).arg(&file).output().unwrap();
    assert!(!unknown.status.success());
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("NO-SUCH-SKU"), "{unknown:?}");

    // The running store's delivery relay publishes the change; the catalog
    // projects 2 keys as low stock.
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let status = stock_of(port, &page);
        if status == "low" {
            break;
        }
        assert!(Instant::now() < deadline, "the catalog kept {status}");
        std::thread::sleep(Duration::from_millis(50));
    }
    let stock = keyshop(data.path()).args(["keys", "stock"]).output().unwrap();
    let table = String::from_utf8_lossy(&stock.stdout);
    assert!(table.lines().any(|line| line.starts_with(&sku) && line.split_whitespace().nth(1) == Some("2")), "{table}");

    let output = terminate(server);
    let logs = String::from_utf8_lossy(&output.stdout).to_string() + &String::from_utf8_lossy(&output.stderr);
    assert!(!logs.contains("AAAAA-BBBBB"), "a key in the logs");
}
