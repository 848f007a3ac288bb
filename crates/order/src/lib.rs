//! The order service: checkout (priced in minor units at the rate locked
//! then, the member's discount and a coupon applied, keys held by the
//! delivery service, a payment session opened), the order state machine, and
//! who may see an order; carts; what a buyer does with an order after.

pub mod domain;
pub mod events;
pub mod grpc;
pub mod ports;
pub mod service;
pub mod store;

use std::sync::Arc;
use std::time::Duration;

use keyshop_core::config::{Config, ServiceName};
use keyshop_core::db::Db;
use keyshop_core::events::{Consumer, EventWork, OutboxWaker, topics};
use keyshop_core::grpc::client;
use keyshop_core::identity::{Party, Verifier};
use keyshop_core::mail::Mailer;
use keyshop_core::platform::Platform;
use keyshop_core::shutdown::{Shutdown, every};
use keyshop_proto::catalog::v1::catalog_service_client::CatalogServiceClient;
use keyshop_proto::delivery::v1::delivery_service_client::DeliveryServiceClient;
use keyshop_proto::member::v1::member_service_client::MemberServiceClient;
use keyshop_proto::order::v1::order_service_server::OrderServiceServer;
use keyshop_proto::payment::v1::payment_service_client::PaymentServiceClient;
use secrecy::ExposeSecret;
use tokio::net::TcpListener;
use tonic::server::NamedService;
use tonic::service::Routes;

use crate::events::{ORDER_GROUP, OrderEvents};
use crate::grpc::OrderGrpc;
use crate::ports::Ports;
use crate::ports::grpc::{GrpcCatalog, GrpcInventory, GrpcMembers, GrpcPayments};
use crate::ports::kept::{KeptCatalog, KeptPayments};
use crate::service::{OrderDeps, OrderService, OrderSettings};

/// How often unpaid orders past their window are expired.
const EXPIRE_EVERY: Duration = Duration::from_secs(1);
/// How often delivered orders are completed and stale carts forgotten.
const HOUSEKEEPING_EVERY: Duration = Duration::from_secs(300);
/// The coupon `keyshop serve --demo` offers.
pub const DEMO_COUPON: &str = "WELCOME10";
/// Days a visitor's untouched cart is kept.
const VISITOR_CART_DAYS: i64 = 30;

#[derive(Debug, thiserror::Error)]
pub enum OrderError {
    #[error("order database: {0}")]
    Db(#[from] keyshop_core::db::DbError),
    #[error("order gRPC: {0}")]
    Transport(#[from] tonic::transport::Error),
    #[error("order: a peer's gRPC URL {0}")]
    PeerUrl(#[from] keyshop_core::grpc::TargetError),
    #[error("{0}")]
    Identity(#[from] keyshop_core::identity::KeyringError),
    #[error("order event consumer: {0}")]
    Bus(#[from] keyshop_core::events::BusError),
    #[error("order mailer: {0}")]
    Mail(#[from] keyshop_core::mail::MailError),
}

/// Where the order service reaches the services it calls.
pub struct PeerUrls<'a> {
    pub catalog: &'a str,
    pub member: &'a str,
    pub delivery: &'a str,
    pub payment: &'a str,
}

/// An order service ready to serve: database open and migrated, consumer
/// group joined.
pub struct Order {
    pub service: Arc<OrderService>,
    events: EventWork,
    auto_complete_after: Duration,
    verifier: Verifier,
}

impl Order {
    pub async fn build(config: &Config, platform: &Platform, urls: &PeerUrls<'_>) -> Result<Order, OrderError> {
        let db =
            Db::connect(config.service(ServiceName::Order).database_url.expose_secret(), &store::MIGRATIONS).await?;
        let signer = platform.signer(Party::Order)?;
        let catalog = Arc::new(GrpcCatalog(CatalogServiceClient::new(client(&signer, Party::Catalog, urls.catalog)?)));
        let payments =
            Arc::new(GrpcPayments(PaymentServiceClient::new(client(&signer, Party::Payment, urls.payment)?)));
        let ports = Ports {
            catalog: Arc::new(KeptCatalog::new(catalog, platform.clock.clone())),
            members: Arc::new(GrpcMembers(MemberServiceClient::new(client(&signer, Party::Member, urls.member)?))),
            inventory: Arc::new(GrpcInventory(DeliveryServiceClient::new(client(
                &signer,
                Party::Delivery,
                urls.delivery,
            )?))),
            payments: Arc::new(KeptPayments::new(payments, platform.clock.clone())),
        };
        let waker = OutboxWaker::default();
        let window = config.delivery.payment_window;
        let settings = OrderSettings {
            public_url: config.public_url.clone(),
            window,
            support_email: config.support_email.clone(),
            guest_limits: config.delivery.guest_limits,
        };
        let mailer = Arc::new(Mailer::from_config(&config.mail)?);
        let service = Arc::new(OrderService::new(
            OrderDeps {
                db: db.clone(),
                clock: platform.clock.clone(),
                waker: waker.clone(),
                mailer,
                throttle: platform.throttle.clone(),
            },
            ports,
            settings,
        ));
        let handler = Arc::new(OrderEvents { service: service.clone() });
        let consumers = vec![
            Consumer::join(platform.bus.as_ref(), ORDER_GROUP, &[topics::PAYMENT, topics::DELIVERY], handler).await?,
        ];
        Ok(Order {
            service,
            events: EventWork::new(ServiceName::Order, config, platform, db, waker, consumers),
            auto_complete_after: config.delivery.auto_complete_after,
            verifier: platform.identity.verifier(Party::Order),
        })
    }

    /// The demo store's coupon: `WELCOME10`, 10 % off any order, for the
    /// shopper trying the store (created once).
    pub async fn seed_demo(&self) -> Result<bool, keyshop_core::error::AppError> {
        let coupon = domain::coupon::Coupon {
            code: DEMO_COUPON.to_owned(),
            value: domain::pricing::CouponValue::Percent(10),
            min_goods_usd: 0,
            starts_at_ms: 0,
            ends_at_ms: None,
            usage_limit: None,
            used: 0,
            per_buyer_limit: None,
            rules: domain::coupon::CouponRules::default(),
        };
        let now = self.service.clock().now_ms();
        self.service
            .db()
            .write(move |conn| -> Result<bool, keyshop_core::error::AppError> {
                if store::coupons::find(conn, &coupon.code)?.is_some() {
                    return Ok(false);
                }
                store::coupons::insert(conn, &coupon, now)?;
                Ok(true)
            })
            .await
    }

    /// Serves gRPC on `listener` with its outbox relay, its consumer and the
    /// worker that expires unpaid orders (their keys go back), until `shutdown`.
    pub async fn serve(self, listener: TcpListener, shutdown: Shutdown) -> Result<(), OrderError> {
        let mut tasks = self.events.start(&shutdown);
        let service = self.service.clone();
        tasks.push(every(EXPIRE_EVERY, shutdown.clone(), move || {
            let service = service.clone();
            async move {
                match service.expire_due(service.clock().now_ms()).await {
                    Ok(0) => {}
                    Ok(expired) => tracing::info!(expired, "unpaid orders expired"),
                    Err(error) => tracing::warn!(error = %error.detail, "expiring orders failed"),
                }
            }
        }));
        let (service, after) = (self.service.clone(), self.auto_complete_after);
        tasks.push(every(HOUSEKEEPING_EVERY, shutdown.clone(), move || {
            let service = service.clone();
            async move {
                match service.complete_due(after).await {
                    Ok(0) => {}
                    Ok(completed) => tracing::info!(completed, "delivered orders completed automatically"),
                    Err(error) => tracing::warn!(error = %error.detail, "completing orders failed"),
                }
                if let Err(error) = service.purge_stale_carts(VISITOR_CART_DAYS).await {
                    tracing::warn!(error = %error.detail, "forgetting stale carts failed");
                }
            }
        }));
        let api = OrderServiceServer::new(OrderGrpc { service: self.service.clone() });
        let name = <OrderServiceServer<OrderGrpc> as NamedService>::NAME;
        let db = self.service.db().clone();
        keyshop_core::grpc::serve_routes(name, Routes::new(api), listener, shutdown, tasks, db, self.verifier).await?;
        Ok(())
    }
}
