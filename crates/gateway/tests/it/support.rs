//! `spawn_app()`: every real service (SQLite, real gRPC on loopback) behind
//! the gateway's actix app, and helpers to call it.

#![allow(dead_code)]

use actix_web::body::MessageBody;
use actix_web::dev::{Service, ServiceResponse};
use actix_web::http::StatusCode;
use actix_web::test::{self, TestRequest};
use actix_web::web;
use keyshop_core::clock::ManualClock;
use keyshop_core::config::{Config, RawConfig};
use keyshop_gateway::{GatewayState, ServiceClients};
use keyshop_testkit::{StoreOptions, TestStore};
use serde_json::Value;

/// What the captcha accepts in these tests.
pub const CAPTCHA: &str = keyshop_testkit::store::CAPTCHA;

pub struct TestApp {
    pub state: web::Data<GatewayState>,
    pub catalog: std::sync::Arc<keyshop_catalog::service::CatalogService>,
    pub member: std::sync::Arc<keyshop_member::service::MemberService>,
    pub data_dir: std::path::PathBuf,
    /// The store's and the gateway's time: tests move it.
    pub clock: std::sync::Arc<ManualClock>,
    pub store: TestStore,
}

fn config(data: &tempfile::TempDir, spa: &tempfile::TempDir) -> Config {
    let raw = RawConfig {
        data_dir: Some(data.path().display().to_string()),
        spa_dir: Some(spa.path().display().to_string()),
        captcha_test_code: Some(CAPTCHA.to_owned()),
        allow_test_captcha: Some(true),
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

/// Every service on fresh SQLite databases (the store as `keyshop serve`
/// wires it) and the gateway's app in front of them, called in process.
pub async fn spawn_app() -> TestApp {
    spawn(false).await
}

/// The same, with the demo catalog seeded.
pub async fn spawn_seeded_app() -> TestApp {
    spawn(true).await
}

async fn spawn(demo: bool) -> TestApp {
    let clock = ManualClock::starting_now();
    let options = StoreOptions { demo_catalog: demo, clock: Some(clock.clone()), ..StoreOptions::default() };
    let store = TestStore::with(options).await;
    let spa = &store.config.http.spa_dir;
    std::fs::write(spa.join("static/js/main.abc123.js"), "console.log(1)").unwrap();
    let gateway = store.identity.signer(keyshop_core::identity::Party::Gateway).unwrap();
    let clients = ServiceClients::connect(|service| store.grpc_url(service), gateway).unwrap();
    TestApp {
        state: web::Data::new(GatewayState::new(&store.config.http, clients, clock.clone())),
        clock,
        catalog: store.catalog().clone(),
        member: store.member().clone(),
        data_dir: store.config.data_dir.clone(),
        store,
    }
}

/// A gateway whose services are all down.
pub fn spawn_app_without_services() -> (web::Data<GatewayState>, tempfile::TempDir, tempfile::TempDir) {
    let data = tempfile::tempdir().unwrap();
    let spa = spa_dir();
    let config = config(&data, &spa);
    let gateway = keyshop_core::identity::Keyring::generate().signer(keyshop_core::identity::Party::Gateway).unwrap();
    let clients = ServiceClients::connect(|_| "http://127.0.0.1:1".to_owned(), gateway).unwrap();
    (web::Data::new(GatewayState::new(&config.http, clients, keyshop_core::clock::system())), data, spa)
}

/// A visitor's address.
pub const VISITOR: &str = "203.0.113.10:40000";
/// An address inside the store's network (a probe, a scraper).
pub const INSIDE: &str = "127.0.0.1:40000";

pub async fn call(state: &web::Data<GatewayState>, request: TestRequest) -> ServiceResponse<impl MessageBody> {
    call_from(state, request, VISITOR).await
}

/// `request` from `peer`.
pub async fn call_from(
    state: &web::Data<GatewayState>,
    request: TestRequest,
    peer: &str,
) -> ServiceResponse<impl MessageBody> {
    let app = test::init_service(keyshop_gateway::app(state.clone())).await;
    app.call(request.peer_addr(peer.parse().unwrap()).to_request()).await.unwrap()
}

pub async fn json(state: &web::Data<GatewayState>, request: TestRequest) -> (StatusCode, Value) {
    json_from(state, request, VISITOR).await
}

pub async fn json_from(state: &web::Data<GatewayState>, request: TestRequest, peer: &str) -> (StatusCode, Value) {
    let response = call_from(state, request, peer).await;
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
