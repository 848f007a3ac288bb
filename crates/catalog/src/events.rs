//! What the catalog does with events:
//! - rates, settings and products changed (here, in another replica or by
//!   the CLI): drop cached answers, reload the in-memory catalog (a change
//!   of stock or of a rating only patches it);
//! - the delivery service's stock counts: project them onto stock status,
//!   once per event.

use std::sync::Arc;

use async_trait::async_trait;
use keyshop_core::error::AppError;
use keyshop_core::events::{Event, EventHandler};
use keyshop_proto::events::v1::{CurrencyRateChanged, OrderPaid, ProductsChanged, SettingChanged, StockChanged};

use crate::service::CatalogService;

/// Each replica keeps its own cache and snapshot, so each must see every
/// change: the group is per process (see [`CatalogService`] wiring).
pub const CACHE_GROUP: &str = "catalog-cache";
/// The `ProductsChanged` reason of a stock projection.
pub const STOCK_REASON: &str = "stock";
/// The `ProductsChanged` reason of a posted review.
pub const REVIEW_REASON: &str = "review";
/// The `ProductsChanged` reason of an edit in the console.
pub const EDIT_REASON: &str = "edit";
/// Stock projections are written to the shared database: one replica each.
pub const STOCK_GROUP: &str = "catalog-stock";
/// Purchases (for "verified purchase" on reviews), likewise one replica each.
pub const BUYERS_GROUP: &str = "catalog-buyers";

pub struct CacheInvalidator {
    pub service: Arc<CatalogService>,
}

#[async_trait]
impl EventHandler for CacheInvalidator {
    async fn handle(&self, event: &Event) -> Result<(), AppError> {
        // Invalidation and reloads are idempotent by nature: no claim needed.
        if event.is::<CurrencyRateChanged>() || event.is::<SettingChanged>() {
            tracing::debug!(event_type = %event.event_type, key = %event.aggregate_key, "catalog cache invalidated");
            self.service.invalidate_cache().await;
        } else if let Some(changed) = event.decode::<ProductsChanged>() {
            let changed = changed?;
            // A sale changes only the stock, a review only the rating:
            // patched, not rebuilt.
            match changed.reason.as_str() {
                STOCK_REASON => self.service.refresh_stock(changed.product_ids).await?,
                REVIEW_REASON => self.service.refresh_ratings(changed.product_ids).await?,
                EDIT_REASON => self.service.refresh_products(changed.product_ids).await?,
                _ => self.service.request_refresh(),
            }
        }
        Ok(())
    }
}

pub struct StockProjector {
    pub service: Arc<CatalogService>,
}

#[async_trait]
impl EventHandler for StockProjector {
    async fn handle(&self, event: &Event) -> Result<(), AppError> {
        let Some(decoded) = event.decode::<StockChanged>() else { return Ok(()) };
        let stock = decoded?;
        let outcome =
            self.service.apply_stock_event(&event.id, &stock.sku, stock.available, event.occurred_at_ms).await?;
        tracing::debug!(sku = %stock.sku, available = stock.available, ?outcome, "stock projected");
        Ok(())
    }
}

/// Who bought what, from `OrderPaid`: a review by the same e-mail is marked
/// a verified purchase (and, with the setting on, only such reviews are taken).
pub struct BuyerProjector {
    pub service: Arc<CatalogService>,
}

#[async_trait]
impl EventHandler for BuyerProjector {
    async fn handle(&self, event: &Event) -> Result<(), AppError> {
        let Some(decoded) = event.decode::<OrderPaid>() else { return Ok(()) };
        let paid = decoded?;
        let skus = paid.lines.into_iter().map(|line| line.sku).collect();
        let recorded = self.service.record_purchase(&event.id, &paid.email, skus).await?;
        tracing::debug!(order_no = %paid.order_no, recorded, "purchase projected");
        Ok(())
    }
}
