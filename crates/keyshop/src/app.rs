//! Wiring: starts the services and the gateway a process runs, on the
//! listeners it binds, and stops them together.

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::sync::Arc;

use anyhow::Context;
use keyshop_catalog::Catalog;
use keyshop_core::config::{Config, ServiceName};
use keyshop_core::identity::{Keyring, Party};
use keyshop_core::platform::Platform;
use keyshop_core::shutdown::{self, Shutdown, ShutdownTrigger};
use keyshop_delivery::Delivery;
use keyshop_gateway::ServiceEndpoints;
use keyshop_member::Member;
use keyshop_order::{Order, PeerUrls};
use keyshop_payment::Payment;
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

impl Role {
    /// The parts of the store whose identity the process holds.
    pub fn parties(self) -> Vec<Party> {
        match self {
            Role::Embedded => Party::ALL.to_vec(),
            Role::Service(service) => vec![service.into()],
            Role::Gateway => vec![Party::Gateway],
        }
    }
}

/// The services a process runs, for callers in the same process (tests,
/// commands): each is `None` when the process does not run it.
#[derive(Clone, Default)]
pub struct Services {
    pub catalog: Option<Arc<keyshop_catalog::service::CatalogService>>,
    pub member: Option<Arc<keyshop_member::service::MemberService>>,
    pub delivery: Option<Arc<keyshop_delivery::service::DeliveryService>>,
    pub payment: Option<Arc<keyshop_payment::service::PaymentService>>,
    pub order: Option<Arc<keyshop_order::service::OrderService>>,
}

/// A started process: its addresses, its services and platform, and its
/// tasks until they end.
pub struct Running {
    pub http_addr: Option<SocketAddr>,
    pub grpc_addrs: BTreeMap<ServiceName, SocketAddr>,
    pub services: Services,
    pub platform: Platform,
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
    start_on(config, role, demo, platform).await
}

/// Builds and starts what `role` runs on `platform` (tests give it a clock
/// of their own).
pub async fn start_on(config: &Config, role: Role, demo: bool, platform: Platform) -> anyhow::Result<Running> {
    // No relay publishes before every service of this process consumes.
    platform.relay_gate.hold();
    let mut platform = platform;
    platform.identity = Keyring::load(&config.identity, &role.parties(), role == Role::Embedded)?;
    let (trigger, shutdown) = shutdown::channel();
    let mut parts = Parts::default();
    let mut grpc_addrs = BTreeMap::new();

    let backends: Vec<ServiceName> = match role {
        Role::Embedded => ServiceName::ALL.to_vec(),
        Role::Service(service) => vec![service],
        Role::Gateway => Vec::new(),
    };
    // Every port first: services may ask each other both ways (delivery
    // asks order for e-mail links, order asks delivery for keys).
    let mut listeners = Vec::with_capacity(backends.len());
    for service in backends {
        let address = match role {
            Role::Embedded => SocketAddr::from(([127, 0, 0, 1], 0)),
            _ => config.service(service).grpc_listen,
        };
        let listener =
            TcpListener::bind(address).await.with_context(|| format!("{service}: binding gRPC on {address}"))?;
        grpc_addrs.insert(service, listener.local_addr()?);
        listeners.push((service, listener));
    }
    for (service, listener) in listeners {
        let peers = Peers { config, role, bound: &grpc_addrs };
        start_service(service, &peers, &platform, listener, shutdown.clone(), demo, &mut parts).await?;
        tracing::info!(%service, address = %grpc_addrs[&service], "gRPC service listening");
    }

    platform.relay_gate.release();

    if let Some(address) = config.telemetry.metrics_listen {
        let listener =
            TcpListener::bind(address).await.with_context(|| format!("metrics: binding HTTP on {address}"))?;
        let address = listener.local_addr()?;
        let stop = shutdown.clone();
        parts.tasks.spawn(async move { keyshop_core::metrics::serve(listener, stop).await.context("metrics") });
        tracing::info!(%address, "metrics listening: http://{address}/metrics");
    }

    let http_addr = if matches!(role, Role::Embedded | Role::Gateway) {
        let urls = Peers { config, role, bound: &grpc_addrs }.urls(ServiceEndpoints::SERVICES)?;
        let endpoints = ServiceEndpoints::parse(|service| urls[&service].clone(), platform.signer(Party::Gateway)?)?;
        let listener = std::net::TcpListener::bind(config.http.listen)
            .with_context(|| format!("gateway: binding HTTP on {}", config.http.listen))?;
        let address = listener.local_addr()?;
        let (http, clock, stop) = (config.http.clone(), platform.clock.clone(), shutdown.clone());
        parts.tasks.spawn(async move {
            keyshop_gateway::serve(listener, http, endpoints, clock, stop).await.context("gateway")
        });
        tracing::info!(address = %address, "gateway listening: http://{address}");
        Some(address)
    } else {
        None
    };
    let Parts { tasks, services } = parts;
    Ok(Running { http_addr, grpc_addrs, services, platform, trigger, tasks })
}

async fn start_service(
    service: ServiceName,
    peers: &Peers<'_>,
    platform: &Platform,
    listener: TcpListener,
    shutdown: Shutdown,
    demo: bool,
    parts: &mut Parts,
) -> anyhow::Result<()> {
    let config = peers.config;
    let Parts { tasks, services } = parts;
    match service {
        ServiceName::Catalog => {
            let catalog = Catalog::build(config, platform).await?;
            if demo {
                let summary = keyshop_catalog::demo::seed(&catalog.service)
                    .await
                    .map_err(|error| anyhow::anyhow!(error.detail))?;
                tracing::info!(products = summary.products, seeded = summary.seeded, "demo catalog ready");
            }
            services.catalog = Some(catalog.service.clone());
            tasks.spawn(async move { catalog.serve(listener, shutdown).await.context("catalog") });
        }
        ServiceName::Member => {
            let member = Member::build(config, platform, &peers.url(ServiceName::Catalog)?).await?;
            services.member = Some(member.service.clone());
            tasks.spawn(async move { member.serve(listener, shutdown).await.context("member") });
        }
        ServiceName::Delivery => {
            let (catalog, order) = (peers.url(ServiceName::Catalog)?, peers.url(ServiceName::Order)?);
            let urls = keyshop_delivery::PeerUrls { catalog: &catalog, order: &order };
            let delivery = Delivery::build(config, platform, &urls).await?;
            if demo {
                let seeded = delivery.seed_demo().await.map_err(|error| anyhow::anyhow!(error.detail))?;
                tracing::info!(products = seeded, "demo key stock ready");
            }
            services.delivery = Some(delivery.service.clone());
            tasks.spawn(async move { delivery.serve(listener, shutdown).await.context("delivery") });
        }
        ServiceName::Payment => {
            let payment = Payment::build(config, platform).await?;
            services.payment = Some(payment.service.clone());
            tasks.spawn(async move { payment.serve(listener, shutdown).await.context("payment") });
        }
        ServiceName::Order => {
            let (catalog, member) = (peers.url(ServiceName::Catalog)?, peers.url(ServiceName::Member)?);
            let (delivery, payment) = (peers.url(ServiceName::Delivery)?, peers.url(ServiceName::Payment)?);
            let urls = PeerUrls { catalog: &catalog, member: &member, delivery: &delivery, payment: &payment };
            let order = Order::build(config, platform, &urls).await?;
            if demo && order.seed_demo().await.map_err(|error| anyhow::anyhow!(error.detail))? {
                tracing::info!(coupon = keyshop_order::DEMO_COUPON, "demo coupon ready");
            }
            services.order = Some(order.service.clone());
            tasks.spawn(async move { order.serve(listener, shutdown).await.context("order") });
        }
    }
    Ok(())
}

/// What the services started so far left behind: their tasks and handles.
#[derive(Default)]
struct Parts {
    tasks: JoinSet<anyhow::Result<()>>,
    services: Services,
}

/// Where a process finds the other services: the loopback port already
/// bound in embedded mode (services start in dependency order), else
/// `<SERVICE>_GRPC_URL`.
struct Peers<'a> {
    config: &'a Config,
    role: Role,
    bound: &'a BTreeMap<ServiceName, SocketAddr>,
}

impl Peers<'_> {
    fn url(&self, service: ServiceName) -> anyhow::Result<String> {
        match (self.role, self.bound.get(&service)) {
            (Role::Embedded, Some(address)) => Ok(format!("http://{address}")),
            _ => self.config.service(service).grpc_url.clone().with_context(|| {
                format!(
                    "{}_GRPC_URL is required when {service} runs in another process",
                    service.as_str().to_uppercase()
                )
            }),
        }
    }

    fn urls(&self, services: &[ServiceName]) -> anyhow::Result<BTreeMap<ServiceName, String>> {
        services.iter().map(|&service| Ok((service, self.url(service)?))).collect()
    }
}
