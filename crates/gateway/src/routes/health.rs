//! Probes and metrics: `/healthz` (the process answers), `/readyz` (every
//! service behind the gateway answers its gRPC health check), `/metrics`.
//! The last two answer only callers from inside (loopback or the trusted
//! proxy networks, forwarding nobody): what services exist, how they fare
//! and what the metrics say is not for visitors. Scrapers also find
//! `/metrics` on `KEYSHOP_METRICS_ADDR`.

use std::collections::BTreeMap;

use actix_web::http::header::CONTENT_TYPE;
use actix_web::{HttpRequest, HttpResponse, get, web};
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

fn not_for_visitors() -> HttpResponse {
    HttpResponse::NotFound().content_type("text/plain; charset=utf-8").body("Not found")
}

#[get("/readyz")]
pub async fn readyz(request: HttpRequest, state: web::Data<GatewayState>) -> HttpResponse {
    if !state.client_address.is_internal(&request) {
        return not_for_visitors();
    }
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
pub async fn metrics(request: HttpRequest, state: web::Data<GatewayState>) -> HttpResponse {
    if !state.client_address.is_internal(&request) {
        return not_for_visitors();
    }
    HttpResponse::Ok()
        .insert_header((CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8"))
        .body(state.metrics.render())
}
