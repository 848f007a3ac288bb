//! gRPC clients of the services behind the gateway: lazy channels with
//! time-outs, trace context and request id added to every call.

use std::time::Duration;

use keyshop_core::config::ServiceName;
use keyshop_core::grpc::{ContextInterceptor, endpoint};
use keyshop_proto::catalog::v1::catalog_service_client::CatalogServiceClient;
use keyshop_proto::member::v1::member_service_client::MemberServiceClient;
use keyshop_proto::order::v1::order_service_client::OrderServiceClient;
use keyshop_proto::payment::v1::payment_service_client::PaymentServiceClient;
use tonic::service::interceptor::InterceptedService;
use tonic::transport::{Channel, Endpoint};
use tonic_health::pb::HealthCheckRequest;
use tonic_health::pb::health_check_response::ServingStatus;
use tonic_health::pb::health_client::HealthClient;

pub type Intercepted = InterceptedService<Channel, ContextInterceptor>;

#[derive(Clone)]
pub struct ServiceClients {
    catalog: CatalogServiceClient<Intercepted>,
    member: MemberServiceClient<Intercepted>,
    order: OrderServiceClient<Intercepted>,
    payment: PaymentServiceClient<Intercepted>,
    channels: Vec<(ServiceName, Channel)>,
}

#[derive(Debug, thiserror::Error)]
#[error("{service}: invalid gRPC URL {url:?}: {source}")]
pub struct ClientError {
    service: ServiceName,
    url: String,
    source: tonic::transport::Error,
}

/// Where the services are, checked once; clients are opened from it per
/// worker (see [`ServiceEndpoints::connect`]).
#[derive(Clone)]
pub struct ServiceEndpoints {
    catalog: Endpoint,
    member: Endpoint,
    order: Endpoint,
    payment: Endpoint,
}

impl ServiceEndpoints {
    /// The services the gateway calls.
    pub const SERVICES: &[ServiceName] =
        &[ServiceName::Catalog, ServiceName::Member, ServiceName::Order, ServiceName::Payment];

    /// The endpoints of the services at `url_of(service)`.
    pub fn parse(url_of: impl Fn(ServiceName) -> String) -> Result<ServiceEndpoints, ClientError> {
        let parse = |service: ServiceName| {
            let url = url_of(service);
            endpoint(&url).map_err(|source| ClientError { service, url, source })
        };
        Ok(ServiceEndpoints {
            catalog: parse(ServiceName::Catalog)?,
            member: parse(ServiceName::Member)?,
            order: parse(ServiceName::Order)?,
            payment: parse(ServiceName::Payment)?,
        })
    }

    /// Lazily connecting clients whose connections run on the current
    /// runtime: an HTTP worker calls the services without leaving its thread.
    pub fn connect(&self) -> ServiceClients {
        let catalog = self.catalog.connect_lazy();
        let member = self.member.connect_lazy();
        let order = self.order.connect_lazy();
        let payment = self.payment.connect_lazy();
        ServiceClients {
            catalog: CatalogServiceClient::with_interceptor(catalog.clone(), ContextInterceptor),
            member: MemberServiceClient::with_interceptor(member.clone(), ContextInterceptor),
            order: OrderServiceClient::with_interceptor(order.clone(), ContextInterceptor),
            payment: PaymentServiceClient::with_interceptor(payment.clone(), ContextInterceptor),
            channels: vec![
                (ServiceName::Catalog, catalog),
                (ServiceName::Member, member),
                (ServiceName::Order, order),
                (ServiceName::Payment, payment),
            ],
        }
    }
}

impl ServiceClients {
    /// Clients for the services at `url_of(service)`.
    pub fn connect(url_of: impl Fn(ServiceName) -> String) -> Result<ServiceClients, ClientError> {
        Ok(ServiceEndpoints::parse(url_of)?.connect())
    }

    pub fn catalog(&self) -> CatalogServiceClient<Intercepted> {
        self.catalog.clone()
    }

    pub fn member(&self) -> MemberServiceClient<Intercepted> {
        self.member.clone()
    }

    pub fn order(&self) -> OrderServiceClient<Intercepted> {
        self.order.clone()
    }

    pub fn payment(&self) -> PaymentServiceClient<Intercepted> {
        self.payment.clone()
    }

    /// Asks every service's gRPC health endpoint; `(service, serving)`.
    pub async fn health(&self) -> Vec<(ServiceName, bool)> {
        let checks = self.channels.iter().map(|(service, channel)| {
            let mut client = HealthClient::new(channel.clone());
            async move {
                let request = HealthCheckRequest { service: String::new() };
                let answer = tokio::time::timeout(Duration::from_secs(2), client.check(request)).await;
                let serving =
                    matches!(answer, Ok(Ok(response)) if response.get_ref().status == ServingStatus::Serving as i32);
                (*service, serving)
            }
        });
        futures::future::join_all(checks).await
    }
}
