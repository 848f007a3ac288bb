//! Probes and metrics: `/healthz` (the process answers), `/readyz` (every
//! service behind the gateway answers its gRPC health check), `/metrics`.

use std::collections::BTreeMap;

use actix_web::http::header::CONTENT_TYPE;
use actix_web::{HttpResponse, get, web};
use serde::Serialize;

use crate::state::GatewayState;

#[derive(Serialize)]
struct Readiness {
    status: &'static str,
    checks: BTreeMap<String, &'static str>,
}

#[get("/healthz")]
pub async fn healthz() -> HttpResponse {
    HttpResponse::Ok().json(serde_json::json!({ "status": "ok" }))
}

#[get("/readyz")]
pub async fn readyz(state: web::Data<GatewayState>) -> HttpResponse {
    let health = state.clients.health().await;
    let ready = health.iter().all(|(_, serving)| *serving);
    let checks = health
        .into_iter()
        .map(|(service, serving)| (service.to_string(), if serving { "serving" } else { "not serving" }))
        .collect();
    let body = Readiness { status: if ready { "ready" } else { "not ready" }, checks };
    if ready { HttpResponse::Ok().json(body) } else { HttpResponse::ServiceUnavailable().json(body) }
}

#[get("/metrics")]
pub async fn metrics(state: web::Data<GatewayState>) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header((CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8"))
        .body(state.metrics.render())
}
