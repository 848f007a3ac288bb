//! Wiring: starts the services and the gateway a process runs, on the
//! listeners it binds, and stops them together.

use std::collections::BTreeMap;
use std::net::SocketAddr;

use anyhow::Context;
use keyshop_catalog::Catalog;
use keyshop_core::config::{Config, ServiceName};
use keyshop_core::platform::Platform;
use keyshop_core::shutdown::{self, Shutdown, ShutdownTrigger};
use keyshop_gateway::ServiceEndpoints;
use tokio::net::TcpListener;
use tokio::task::JoinSet;

/// What one process runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// Every service and the gateway; services on loopback ports.
    Embedded,
    /// One backend service on its configured gRPC address.
    Service(ServiceName),
    /// The gateway alone, calling services at their configured URLs.
    Gateway,
}

/// A started process: its addresses, and its tasks until they end.
pub struct Running {
    pub http_addr: Option<SocketAddr>,
    pub grpc_addrs: BTreeMap<ServiceName, SocketAddr>,
    trigger: ShutdownTrigger,
    tasks: JoinSet<anyhow::Result<()>>,
}

impl Running {
    /// Asks every part to stop gracefully and waits until they have.
    pub async fn stop(self) -> anyhow::Result<()> {
        self.trigger.trigger();
        self.wait().await
    }

    /// Waits until every part has ended (after shutdown, or on a failure,
    /// which stops the others too).
    pub async fn wait(mut self) -> anyhow::Result<()> {
        let mut first_error = None;
        while let Some(joined) = self.tasks.join_next().await {
            let outcome = joined.map_err(anyhow::Error::from).and_then(|result| result);
            if let Err(error) = outcome {
                tracing::error!(error = %format!("{error:#}"), "a part of the store stopped with an error");
                self.trigger.trigger();
                first_error.get_or_insert(error);
            }
        }
        first_error.map_or(Ok(()), Err)
    }

    pub fn trigger(&self) -> &ShutdownTrigger {
        &self.trigger
    }
}

/// Opens the platform, builds and starts what `role` runs.
pub async fn start(config: &Config, role: Role, demo: bool) -> anyhow::Result<Running> {
    let platform = Platform::from_config(config).map_err(|error| anyhow::anyhow!(error))?;
    let (trigger, shutdown) = shutdown::channel();
    let mut tasks = JoinSet::new();
    let mut grpc_addrs = BTreeMap::new();

    let backends: Vec<ServiceName> = match role {
        Role::Embedded => ServiceName::ALL.to_vec(),
        Role::Service(service) => vec![service],
        Role::Gateway => Vec::new(),
    };
    for service in backends {
        let address = match role {
            Role::Embedded => SocketAddr::from(([127, 0, 0, 1], 0)),
            _ => config.service(service).grpc_listen,
        };
        let listener =
            TcpListener::bind(address).await.with_context(|| format!("{service}: binding gRPC on {address}"))?;
        grpc_addrs.insert(service, listener.local_addr()?);
        start_service(service, config, &platform, listener, shutdown.clone(), demo, &mut tasks).await?;
        tracing::info!(%service, address = %grpc_addrs[&service], "gRPC service listening");
    }

    let http_addr = if matches!(role, Role::Embedded | Role::Gateway) {
        let urls = service_urls(config, role, &grpc_addrs)?;
        let endpoints = ServiceEndpoints::parse(|service| urls[&service].clone())?;
        let listener = std::net::TcpListener::bind(config.http.listen)
            .with_context(|| format!("gateway: binding HTTP on {}", config.http.listen))?;
        let address = listener.local_addr()?;
        let http = config.http.clone();
        let stop = shutdown.clone();
        tasks.spawn(async move { keyshop_gateway::serve(listener, http, endpoints, stop).await.context("gateway") });
        tracing::info!(address = %address, "gateway listening: http://{address}");
        Some(address)
    } else {
        None
    };
    Ok(Running { http_addr, grpc_addrs, trigger, tasks })
}

async fn start_service(
    service: ServiceName,
    config: &Config,
    platform: &Platform,
    listener: TcpListener,
    shutdown: Shutdown,
    demo: bool,
    tasks: &mut JoinSet<anyhow::Result<()>>,
) -> anyhow::Result<()> {
    match service {
        ServiceName::Catalog => {
            let catalog = Catalog::build(config, platform).await?;
            if demo {
                let summary = keyshop_catalog::demo::seed(&catalog.service)
                    .await
                    .map_err(|error| anyhow::anyhow!(error.detail))?;
                tracing::info!(products = summary.products, seeded = summary.seeded, "demo catalog ready");
            }
            tasks.spawn(async move { catalog.serve(listener, shutdown).await.context("catalog") });
        }
    }
    Ok(())
}

/// Where the gateway finds each service: the loopback port just bound in
/// embedded mode, else `<SERVICE>_GRPC_URL`.
fn service_urls(
    config: &Config,
    role: Role,
    bound: &BTreeMap<ServiceName, SocketAddr>,
) -> anyhow::Result<BTreeMap<ServiceName, String>> {
    ServiceName::ALL
        .into_iter()
        .map(|service| {
            let url = match (role, bound.get(&service)) {
                (Role::Embedded, Some(address)) => format!("http://{address}"),
                _ => config.service(service).grpc_url.clone().with_context(|| {
                    format!("{}_GRPC_URL is required to run the gateway alone", service.as_str().to_uppercase())
                })?,
            };
            Ok((service, url))
        })
        .collect()
}
