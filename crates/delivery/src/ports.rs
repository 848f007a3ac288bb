//! What the delivery service asks of other services, as traits: a tonic
//! adapter in production, an in-memory fake in tests.

use keyshop_core::error::AppError;
use keyshop_proto::catalog::v1 as catalog;
use keyshop_proto::catalog::v1::catalog_service_client::CatalogServiceClient;
use keyshop_proto::order::v1 as order;
use keyshop_proto::order::v1::order_service_client::OrderServiceClient;

pub type CatalogClient = CatalogServiceClient<keyshop_core::grpc::Intercepted>;
pub type OrderClient = OrderServiceClient<keyshop_core::grpc::Intercepted>;

/// Where the delivery e-mail's link to the order comes from: made by the
/// order service while the e-mail is written (for a guest it holds a fresh
/// token, which is never stored here).
#[async_trait::async_trait]
pub trait OrderLinks: Send + Sync {
    /// The link to `order_no`, empty when the order service has none to
    /// give (the keys still go out); an error when it cannot be asked now
    /// (the e-mail is tried again later).
    async fn mail_link(&self, order_no: &str) -> Result<String, AppError>;
}

/// The order service, over gRPC.
pub struct GrpcOrderLinks {
    pub client: OrderClient,
}

#[async_trait::async_trait]
impl OrderLinks for GrpcOrderLinks {
    async fn mail_link(&self, order_no: &str) -> Result<String, AppError> {
        let request = order::MailLinkRequest { order_no: order_no.to_owned() };
        match self.client.clone().issue_mail_link(request).await {
            Ok(link) => Ok(link.into_inner().url),
            Err(status) if matches!(status.code(), tonic::Code::NotFound | tonic::Code::FailedPrecondition) => {
                tracing::warn!(%order_no, status = %status.message(), "no link to the order for its e-mail");
                Ok(String::new())
            }
            Err(status) => Err(AppError::unavailable(format!("order: {status}"))),
        }
    }
}

/// Where the delivery e-mail finds how to activate each product.
#[async_trait::async_trait]
pub trait ActivationGuides: Send + Sync {
    /// The product's activation guide in `language` (else English), or
    /// `None` when the product is no longer in the catalog. An error when the
    /// catalog cannot be asked now (the e-mail is tried again later).
    async fn activation_guide(
        &self,
        game_name: &str,
        game_ext_name: &str,
        language: &str,
    ) -> Result<Option<String>, AppError>;
}

/// The catalog service, over gRPC.
pub struct CatalogGuides {
    pub client: CatalogClient,
}

#[async_trait::async_trait]
impl ActivationGuides for CatalogGuides {
    async fn activation_guide(
        &self,
        game_name: &str,
        game_ext_name: &str,
        language: &str,
    ) -> Result<Option<String>, AppError> {
        let request = catalog::ProductRef {
            game_name: game_name.to_owned(),
            game_ext_name: game_ext_name.to_owned(),
            language: language.to_owned(),
            no_view: true,
        };
        match self.client.clone().get_product(request).await {
            Ok(detail) => Ok(Some(detail.into_inner().activation_guide)),
            Err(status) if status.code() == tonic::Code::NotFound => Ok(None),
            Err(status) => Err(AppError::unavailable(format!("catalog: {status}"))),
        }
    }
}
