//! The demo catalog: `keyshop demo seed` and `keyshop serve --demo`. It
//! writes through the same store code as the real catalog, and sets stock
//! through the same projection the delivery service's events use.

mod content;
mod generate;

use keyshop_core::email::Email;
use keyshop_core::error::AppError;
use keyshop_core::events::{Event, outbox};
use keyshop_proto::events::v1::ProductsChanged;

pub use content::Content;
pub use generate::{DemoProduct, DemoReview};

use crate::domain::review::NewReview;
use crate::service::CatalogService;
use crate::service::stock::project_stock;
use crate::store;

/// Base games of the demo; with platforms, regions and extras this gives
/// well over 300 products.
pub const DEMO_GAMES: usize = 150;
pub const DEMO_SEED: u64 = 2026;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeedSummary {
    pub products: usize,
    pub reviews: usize,
    pub news: usize,
    /// False when the catalog had products already and nothing was written.
    pub seeded: bool,
}

/// Seeds the demo catalog into an empty catalog, in one transaction.
pub async fn seed(service: &CatalogService) -> Result<SeedSummary, AppError> {
    let content = Content::embedded().map_err(|error| AppError::internal(format!("demo content: {error}")))?;
    let now = service.clock().now_ms();
    let products = generate::products(&content, DEMO_SEED, DEMO_GAMES, now);
    let reviews = generate::reviews(&content, DEMO_SEED, &products);
    let news = content.news.clone();
    let summary = SeedSummary { products: products.len(), reviews: reviews.len(), news: news.len(), seeded: true };
    let seeded = service
        .db()
        .write(move |conn| -> Result<bool, AppError> {
            if store::products::count(conn)? > 0 {
                return Ok(false);
            }
            let mut ids = Vec::with_capacity(products.len());
            for demo in &products {
                ids.push(store::products::insert(conn, &demo.product, now)?);
            }
            for demo in &products {
                project_stock(conn, &demo.product.sku, demo.keys, now, now)?;
            }
            for review in &reviews {
                let parsed = NewReview {
                    full_name: review.full_name.clone(),
                    email: Email::parse(&review.email).ok_or_else(|| AppError::internal("demo e-mail"))?,
                    content: review.content.clone(),
                    stars: review.stars as i32,
                };
                let product_id = ids[review.product];
                let created = generate::days_ago(now, review.days_ago);
                store::reviews::insert(conn, product_id, &parsed, "demo", false, created)?;
                store::products::add_rating(conn, product_id, parsed.stars)?;
            }
            for item in &news {
                let texts: Vec<(String, String, String, String)> = item
                    .texts
                    .iter()
                    .map(|(language, text)| {
                        (language.clone(), text.title.clone(), text.summary.clone(), text.body.clone())
                    })
                    .collect();
                let palette = (item.days_ago % 16) as i32;
                store::news::insert(conn, generate::days_ago(now, item.days_ago), palette, &texts)?;
            }
            let event = Event::new("demo", &ProductsChanged { product_ids: ids, reason: "demo seed".into() });
            outbox::enqueue(conn, &event)?;
            Ok(true)
        })
        .await?;
    if !seeded {
        let count = service.snapshot().products.len();
        return Ok(SeedSummary { products: count, reviews: 0, news: 0, seeded: false });
    }
    service.refresh().await?;
    tracing::info!(products = summary.products, reviews = summary.reviews, news = summary.news, "demo catalog seeded");
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;
    use keyshop_core::vocab::{Platform, ProductType, Region};

    #[test]
    fn the_demo_covers_every_type_platform_and_region_with_300_products() {
        let content = Content::embedded().unwrap();
        let products = generate::products(&content, DEMO_SEED, DEMO_GAMES, 1_790_000_000_000);
        assert!(products.len() >= 300, "{} products", products.len());
        let types: HashSet<ProductType> = products.iter().map(|demo| demo.product.product_type).collect();
        let platforms: HashSet<Platform> = products.iter().map(|demo| demo.product.platform).collect();
        let regions: HashSet<Region> = products.iter().map(|demo| demo.product.region).collect();
        assert_eq!(types.len(), ProductType::ALL.len(), "{types:?}");
        assert_eq!(platforms.len(), Platform::ALL.len(), "{platforms:?}");
        assert!(regions.len() >= Region::ALL.len() - 1, "{regions:?}");
        let addresses: HashSet<(String, String)> =
            products.iter().map(|demo| (demo.product.game_name.clone(), demo.product.game_ext_name.clone())).collect();
        assert_eq!(addresses.len(), products.len(), "product addresses are unique");
        for demo in &products {
            let product = &demo.product;
            assert!(product.price_usd <= product.list_price_usd && product.price_usd > 0, "{}", product.title);
            assert!(crate::domain::product::is_slug(&product.game_name), "{}", product.game_name);
            assert!(product.texts.iter().any(|(language, _, _)| language == "en-US"), "{}", product.title);
            assert_eq!(product.texts.len(), content.texts.len(), "{} has a text in every language", product.title);
            for (_, description, _) in &product.texts {
                assert!(!description.contains('{'), "unfilled placeholder in {}: {description}", product.title);
            }
        }
        let again = generate::products(&content, DEMO_SEED, DEMO_GAMES, 1_790_000_000_000);
        assert_eq!(again.len(), products.len(), "deterministic");
        assert!(generate::reviews(&content, DEMO_SEED, &products).len() > 300);
        assert_eq!(content.news.len(), 20);
    }
}
