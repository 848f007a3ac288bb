use std::path::PathBuf;

use keyshop_core::clock::SharedClock;
use keyshop_core::config::HttpConfig;
use keyshop_core::i18n::Messages;
use metrics_exporter_prometheus::PrometheusHandle;

use crate::caching::ResponseCache;
use crate::client_ip::ClientAddress;
use crate::clients::ServiceClients;

/// Request body limits, from the configuration.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    pub body_limit_bytes: usize,
    pub json_limit_bytes: usize,
}

/// What every handler can reach. Built once per process.
pub struct GatewayState {
    pub clients: ServiceClients,
    pub messages: &'static Messages,
    pub metrics: PrometheusHandle,
    pub limits: Limits,
    /// Who is calling (the peer, or behind proxies the forwarded client).
    pub client_address: ClientAddress,
    pub spa_dir: PathBuf,
    /// Send `Strict-Transport-Security` (the public URL is https).
    pub hsts: bool,
    /// The public URL's origin: WebSockets from a browser elsewhere are refused.
    pub public_origin: String,
    /// This worker's short-lived answers to public list calls.
    pub responses: ResponseCache,
}

impl GatewayState {
    pub fn new(http: &HttpConfig, clients: ServiceClients, clock: SharedClock) -> GatewayState {
        GatewayState {
            clients,
            messages: Messages::embedded(),
            metrics: keyshop_core::metrics::handle(),
            limits: Limits { body_limit_bytes: http.body_limit_bytes, json_limit_bytes: http.json_limit_bytes },
            client_address: ClientAddress {
                trust_forwarded_for: http.trust_forwarded_for,
                trusted_proxies: http.trusted_proxies.clone(),
            },
            spa_dir: http.spa_dir.clone(),
            hsts: http.hsts,
            public_origin: http.public_origin.clone(),
            responses: ResponseCache::new(http.response_cache_ttl, clock),
        }
    }

    /// The caller's address as text (empty when unknown).
    pub fn client_ip(&self, request: &actix_web::HttpRequest) -> String {
        self.client_address.of(request).map(|ip| ip.to_string()).unwrap_or_default()
    }
}
