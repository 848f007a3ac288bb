//! `spawn_app()`: every real service (SQLite, real gRPC on loopback) behind
//! the gateway's actix app, and helpers to call it.

#![allow(dead_code)]

use actix_web::body::MessageBody;
use actix_web::dev::{Service, ServiceResponse};
use actix_web::http::StatusCode;
use actix_web::test::{self, TestRequest};
use actix_web::web;
use keyshop_catalog::Catalog;
use keyshop_core::config::{Config, RawConfig, ServiceName};
use keyshop_core::platform::Platform;
use keyshop_core::shutdown::{self, ShutdownTrigger};
use keyshop_gateway::{GatewayState, ServiceClients};
use keyshop_member::Member;
use serde_json::Value;

/// What the captcha accepts in these tests.
pub const CAPTCHA: &str = "test-pass";

pub struct TestApp {
    pub state: web::Data<GatewayState>,
    pub catalog: std::sync::Arc<keyshop_catalog::service::CatalogService>,
    pub member: std::sync::Arc<keyshop_member::service::MemberService>,
    pub data_dir: std::path::PathBuf,
    _spa: tempfile::TempDir,
    _data: tempfile::TempDir,
    _trigger: ShutdownTrigger,
}

fn config(data: &tempfile::TempDir, spa: &tempfile::TempDir) -> Config {
    let raw = RawConfig {
        data_dir: Some(data.path().display().to_string()),
        spa_dir: Some(spa.path().display().to_string()),
        captcha_test_code: Some(CAPTCHA.to_owned()),
        ..RawConfig::default()
    };
    Config::from_raw(raw).expect("test configuration")
}

fn spa_dir() -> tempfile::TempDir {
    let spa = tempfile::tempdir().unwrap();
    std::fs::write(spa.path().join("index.html"), "<!doctype html><div id=root></div>").unwrap();
    std::fs::create_dir_all(spa.path().join("static/js")).unwrap();
    std::fs::write(spa.path().join("static/js/main.abc123.js"), "console.log(1)").unwrap();
    spa
}

async fn bound() -> (tokio::net::TcpListener, String) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    (listener, url)
}

/// Every service on fresh SQLite databases and a gateway in front of them.
pub async fn spawn_app() -> TestApp {
    spawn(false).await
}

/// The same, with the demo catalog seeded.
pub async fn spawn_seeded_app() -> TestApp {
    spawn(true).await
}

async fn spawn(demo: bool) -> TestApp {
    let data = tempfile::tempdir().unwrap();
    let spa = spa_dir();
    let config = config(&data, &spa);
    let platform = Platform::from_config(&config).unwrap();
    let catalog = Catalog::build(&config, &platform).await.unwrap();
    if demo {
        keyshop_catalog::demo::seed(&catalog.service).await.unwrap();
    }
    let service = catalog.service.clone();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let catalog_url = format!("http://{}", listener.local_addr().unwrap());
    let (trigger, shutdown) = shutdown::channel();
    tokio::spawn(catalog.serve(listener, shutdown.clone()));

    let member = Member::build(&config, &platform, &catalog_url).await.unwrap();
    let member_service = member.service.clone();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let member_url = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(member.serve(listener, shutdown.clone()));

    // The money path's services, so that readiness sees every dependency.
    let delivery = keyshop_delivery::Delivery::build(&config, &platform, &catalog_url).await.unwrap();
    let (listener, delivery_url) = bound().await;
    tokio::spawn(delivery.serve(listener, shutdown.clone()));
    let payment = keyshop_payment::Payment::build(&config, &platform).await.unwrap();
    let (listener, payment_url) = bound().await;
    tokio::spawn(payment.serve(listener, shutdown.clone()));
    let urls = keyshop_order::PeerUrls {
        catalog: &catalog_url,
        member: &member_url,
        delivery: &delivery_url,
        payment: &payment_url,
    };
    let order = keyshop_order::Order::build(&config, &platform, &urls).await.unwrap();
    let (listener, order_url) = bound().await;
    tokio::spawn(order.serve(listener, shutdown));

    let clients = ServiceClients::connect(|service| match service {
        ServiceName::Catalog => catalog_url.clone(),
        ServiceName::Member => member_url.clone(),
        ServiceName::Order => order_url.clone(),
        ServiceName::Payment => payment_url.clone(),
        ServiceName::Delivery => delivery_url.clone(),
    })
    .unwrap();
    TestApp {
        state: web::Data::new(GatewayState::new(&config.http, clients)),
        catalog: service,
        member: member_service,
        data_dir: data.path().to_path_buf(),
        _spa: spa,
        _data: data,
        _trigger: trigger,
    }
}

/// A gateway whose services are all down.
pub fn spawn_app_without_services() -> (web::Data<GatewayState>, tempfile::TempDir, tempfile::TempDir) {
    let data = tempfile::tempdir().unwrap();
    let spa = spa_dir();
    let config = config(&data, &spa);
    let clients = ServiceClients::connect(|_| "http://127.0.0.1:1".to_owned()).unwrap();
    (web::Data::new(GatewayState::new(&config.http, clients)), data, spa)
}

pub async fn call(state: &web::Data<GatewayState>, request: TestRequest) -> ServiceResponse<impl MessageBody> {
    let app = test::init_service(keyshop_gateway::app(state.clone())).await;
    app.call(request.peer_addr("203.0.113.10:40000".parse().unwrap()).to_request()).await.unwrap()
}

pub async fn json(state: &web::Data<GatewayState>, request: TestRequest) -> (StatusCode, Value) {
    let response = call(state, request).await;
    let status = response.status();
    let body = test::read_body(response).await;
    let value: Value = serde_json::from_slice(&body).unwrap_or_else(|_| panic!("not JSON: {body:?}"));
    (status, value)
}

pub fn get(path: &str) -> TestRequest {
    TestRequest::get().uri(path)
}

pub fn assert_envelope(status: StatusCode, body: &Value) {
    assert_eq!(body["code"].as_u64(), Some(u64::from(status.as_u16())), "code equals the status: {body}");
    assert!(body["msg"].is_string() && body["msgKey"].is_string(), "{body}");
    assert!(body.get("data").is_some(), "{body}");
}
