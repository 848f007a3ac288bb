//! gRPC clients of the services behind the gateway: calls balanced over each
//! service's replicas, with time-outs and retries of idempotent calls
//! ([`keyshop_core::grpc::client`]), the gateway's identity assertion (with
//! the member of staff a console request is made for), trace context and
//! request id added.

use std::time::Duration;

use keyshop_core::config::ServiceName;
use keyshop_core::grpc::{Balanced, ContextInterceptor, Target, TargetError};
use keyshop_core::identity::{Party, Signer};
use keyshop_proto::catalog::v1::catalog_service_client::CatalogServiceClient;
use keyshop_proto::delivery::v1::delivery_service_client::DeliveryServiceClient;
use keyshop_proto::member::v1::chat_service_client::ChatServiceClient;
use keyshop_proto::member::v1::member_service_client::MemberServiceClient;
use keyshop_proto::member::v1::staff_service_client::StaffServiceClient;
use keyshop_proto::order::v1::order_service_client::OrderServiceClient;
use keyshop_proto::payment::v1::payment_service_client::PaymentServiceClient;
use tonic_health::pb::HealthCheckRequest;
use tonic_health::pb::health_check_response::ServingStatus;
use tonic_health::pb::health_client::HealthClient;

pub type Intercepted = keyshop_core::grpc::Intercepted;

/// The largest message to or from the catalog: an image upload (8 MiB) or an
/// image file, under the catalog's own limit.
const MAX_CATALOG_MESSAGE_BYTES: usize = 16 * 1024 * 1024;

#[derive(Clone)]
pub struct ServiceClients {
    catalog: CatalogServiceClient<Intercepted>,
    member: MemberServiceClient<Intercepted>,
    staff: StaffServiceClient<Intercepted>,
    chat: ChatServiceClient<Intercepted>,
    delivery: DeliveryServiceClient<Intercepted>,
    order: OrderServiceClient<Intercepted>,
    payment: PaymentServiceClient<Intercepted>,
    channels: Vec<(ServiceName, Balanced)>,
}

#[derive(Debug, thiserror::Error)]
#[error("{service}: invalid gRPC URL: {source}")]
pub struct ClientError {
    service: ServiceName,
    source: TargetError,
}

/// Where the services are, checked once; clients are opened from it per
/// worker (see [`ServiceEndpoints::connect`]).
#[derive(Clone)]
pub struct ServiceEndpoints {
    catalog: Target,
    member: Target,
    delivery: Target,
    order: Target,
    payment: Target,
    signer: Signer,
}

impl ServiceEndpoints {
    /// The services the gateway calls.
    pub const SERVICES: &[ServiceName] =
        &[ServiceName::Catalog, ServiceName::Member, ServiceName::Delivery, ServiceName::Order, ServiceName::Payment];

    /// The endpoints of the services at `url_of(service)`, called with the
    /// gateway's identity (`signer`).
    pub fn parse(url_of: impl Fn(ServiceName) -> String, signer: Signer) -> Result<ServiceEndpoints, ClientError> {
        let parse =
            |service: ServiceName| Target::parse(&url_of(service)).map_err(|source| ClientError { service, source });
        Ok(ServiceEndpoints {
            catalog: parse(ServiceName::Catalog)?,
            member: parse(ServiceName::Member)?,
            delivery: parse(ServiceName::Delivery)?,
            order: parse(ServiceName::Order)?,
            payment: parse(ServiceName::Payment)?,
            signer,
        })
    }

    fn interceptor(&self, audience: Party) -> ContextInterceptor {
        ContextInterceptor::new(self.signer.clone(), audience)
    }

    /// Lazily connecting clients whose connections (and name resolution)
    /// run on the current runtime: an HTTP worker calls the services without
    /// leaving its thread.
    pub fn connect(&self) -> ServiceClients {
        let catalog = Balanced::at("catalog", self.catalog.clone());
        let member = Balanced::at("member", self.member.clone());
        let delivery = Balanced::at("delivery", self.delivery.clone());
        let order = Balanced::at("order", self.order.clone());
        let payment = Balanced::at("payment", self.payment.clone());
        ServiceClients {
            // Image uploads and files are larger than tonic's 4 MiB default.
            catalog: CatalogServiceClient::with_interceptor(catalog.clone(), self.interceptor(Party::Catalog))
                .max_encoding_message_size(MAX_CATALOG_MESSAGE_BYTES)
                .max_decoding_message_size(MAX_CATALOG_MESSAGE_BYTES),
            member: MemberServiceClient::with_interceptor(member.clone(), self.interceptor(Party::Member)),
            staff: StaffServiceClient::with_interceptor(member.clone(), self.interceptor(Party::Member)),
            chat: ChatServiceClient::with_interceptor(member.clone(), self.interceptor(Party::Member)),
            delivery: DeliveryServiceClient::with_interceptor(delivery.clone(), self.interceptor(Party::Delivery)),
            order: OrderServiceClient::with_interceptor(order.clone(), self.interceptor(Party::Order)),
            payment: PaymentServiceClient::with_interceptor(payment.clone(), self.interceptor(Party::Payment)),
            channels: vec![
                (ServiceName::Catalog, catalog),
                (ServiceName::Member, member),
                (ServiceName::Delivery, delivery),
                (ServiceName::Order, order),
                (ServiceName::Payment, payment),
            ],
        }
    }
}

impl ServiceClients {
    /// Clients for the services at `url_of(service)`, calling as `signer`.
    pub fn connect(url_of: impl Fn(ServiceName) -> String, signer: Signer) -> Result<ServiceClients, ClientError> {
        Ok(ServiceEndpoints::parse(url_of, signer)?.connect())
    }

    pub fn catalog(&self) -> CatalogServiceClient<Intercepted> {
        self.catalog.clone()
    }

    pub fn member(&self) -> MemberServiceClient<Intercepted> {
        self.member.clone()
    }

    /// The staff module of the member service.
    pub fn staff(&self) -> StaffServiceClient<Intercepted> {
        self.staff.clone()
    }

    /// Live chat, owned by the member service.
    pub fn chat(&self) -> ChatServiceClient<Intercepted> {
        self.chat.clone()
    }

    pub fn delivery(&self) -> DeliveryServiceClient<Intercepted> {
        self.delivery.clone()
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
