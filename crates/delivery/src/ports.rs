//! What the delivery service asks of other services, as traits: a tonic
//! adapter in production, an in-memory fake in tests.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

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

/// The catalog service, over gRPC. A guide once asked for is kept for
/// [`GUIDE_TTL`]: under load every e-mail of a best seller asked the catalog
/// for the same product detail again. A guide edited by staff reaches the
/// e-mails within that time.
pub struct CatalogGuides {
    client: CatalogClient,
    kept: KeptGuides,
}

/// How long an activation guide is kept.
pub const GUIDE_TTL: Duration = Duration::from_secs(30);
/// The most guides kept (products × languages); beyond, the oldest go.
const GUIDES_KEPT: usize = 1_000;

/// Product name, edition and language.
type GuideKey = (String, String, String);

impl CatalogGuides {
    pub fn new(client: CatalogClient) -> CatalogGuides {
        CatalogGuides { client, kept: KeptGuides::default() }
    }
}

/// The guides asked for lately, each with when it was asked for.
#[derive(Default)]
struct KeptGuides(Mutex<HashMap<GuideKey, (Instant, Option<String>)>>);

impl KeptGuides {
    /// The guide kept for `key`, when it is younger than [`GUIDE_TTL`].
    fn get(&self, key: &GuideKey, now: Instant) -> Option<Option<String>> {
        let kept = self.0.lock().ok()?;
        kept.get(key).filter(|(at, _)| now.duration_since(*at) < GUIDE_TTL).map(|(_, guide)| guide.clone())
    }

    fn put(&self, key: GuideKey, guide: Option<String>, now: Instant) {
        let Ok(mut kept) = self.0.lock() else { return };
        if kept.len() >= GUIDES_KEPT {
            kept.retain(|_, (at, _)| now.duration_since(*at) < GUIDE_TTL);
            if kept.len() >= GUIDES_KEPT
                && let Some(oldest) = kept.iter().min_by_key(|(_, (at, _))| *at).map(|(key, _)| key.clone())
            {
                kept.remove(&oldest);
            }
        }
        kept.insert(key, (now, guide));
    }
}

#[async_trait::async_trait]
impl ActivationGuides for CatalogGuides {
    async fn activation_guide(
        &self,
        game_name: &str,
        game_ext_name: &str,
        language: &str,
    ) -> Result<Option<String>, AppError> {
        let key = (game_name.to_owned(), game_ext_name.to_owned(), language.to_owned());
        if let Some(guide) = self.kept.get(&key, Instant::now()) {
            return Ok(guide);
        }
        let request = catalog::ProductRef {
            game_name: game_name.to_owned(),
            game_ext_name: game_ext_name.to_owned(),
            language: language.to_owned(),
            no_view: true,
        };
        let guide = match self.client.clone().get_product(request).await {
            Ok(detail) => Some(detail.into_inner().activation_guide),
            Err(status) if status.code() == tonic::Code::NotFound => None,
            Err(status) => return Err(AppError::unavailable(format!("catalog: {status}"))),
        };
        self.kept.put(key, guide.clone(), Instant::now());
        Ok(guide)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(name: &str) -> GuideKey {
        (name.to_owned(), "standard".to_owned(), "en-US".to_owned())
    }

    #[test]
    fn a_guide_is_kept_for_its_time_and_the_oldest_goes_when_full() {
        let kept = KeptGuides::default();
        let start = Instant::now();
        kept.put(key("a"), Some("Redeem on Steam".to_owned()), start);
        kept.put(key("gone"), None, start);
        assert_eq!(kept.get(&key("a"), start + GUIDE_TTL / 2), Some(Some("Redeem on Steam".to_owned())));
        assert_eq!(kept.get(&key("gone"), start), Some(None), "a product no longer sold is remembered too");
        assert_eq!(kept.get(&key("a"), start + GUIDE_TTL), None, "asked again once its time is up");
        assert_eq!(kept.get(&key("b"), start), None);

        let later = start + Duration::from_millis(1);
        for index in 0..GUIDES_KEPT {
            kept.put(key(&format!("p{index}")), None, later + Duration::from_millis(index as u64));
        }
        let len = kept.0.lock().unwrap().len();
        assert_eq!(len, GUIDES_KEPT);
        assert_eq!(kept.get(&key("a"), later), None, "the oldest made room");
        assert!(kept.get(&key(&format!("p{}", GUIDES_KEPT - 1)), later).is_some());
    }
}
