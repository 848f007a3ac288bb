//! The stock projection: keys on hand (from the delivery service's events, or
//! the demo seed) become a product's stock status.

use keyshop_core::db::DbConnection;
use keyshop_core::error::AppError;
use keyshop_core::events::{Event, outbox, processed};
use keyshop_proto::events::v1::ProductsChanged;

use super::CatalogService;
use crate::domain::stock::{self, StockStatus};
use crate::events::STOCK_REASON;
use crate::store;

/// The consumer name under which stock events are claimed.
pub const STOCK_CONSUMER: &str = "catalog-stock";

/// What one stock count did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StockOutcome {
    /// The count is stored and the status changed: announced (`ProductsChanged`).
    Applied(StockStatus),
    /// The count is stored; the status shoppers see stays as it was, so no
    /// snapshot changes and nothing is announced (most sales).
    Counted(StockStatus),
    /// A newer count was applied before: this one is stale.
    Stale,
    /// The event was handled before (redelivery).
    Duplicate,
    UnknownProduct,
}

/// Projects `available` keys as of `version` onto product `sku` at `now`, in
/// the caller's transaction, announcing a change of status.
pub fn project_stock(
    conn: &mut DbConnection,
    sku: &str,
    available: i64,
    version: i64,
    now: i64,
) -> Result<StockOutcome, AppError> {
    let Some(product) = store::products::find_by_sku(conn, sku)? else { return Ok(StockOutcome::UnknownProduct) };
    let status = stock::project(available, product.preorder);
    if !store::products::set_stock(conn, product.id, available.max(0), status, version, now)? {
        return Ok(StockOutcome::Stale);
    }
    if status == product.stock_status {
        return Ok(StockOutcome::Counted(status));
    }
    let event = Event::new(
        product.id.to_string(),
        &ProductsChanged { product_ids: vec![product.id], reason: STOCK_REASON.into() },
    );
    outbox::enqueue(conn, &event)?;
    Ok(StockOutcome::Applied(status))
}

impl CatalogService {
    /// Applies a stock count carried by event `event_id` (at most once).
    #[tracing::instrument(level = "debug", skip(self))]
    pub async fn apply_stock_event(
        &self,
        event_id: &str,
        sku: &str,
        available: i64,
        version: i64,
    ) -> Result<StockOutcome, AppError> {
        let (event_id, sku) = (event_id.to_owned(), sku.to_owned());
        let now = self.clock.now_ms();
        let outcome = self
            .db
            .write(move |conn| -> Result<StockOutcome, AppError> {
                if !processed::claim(conn, STOCK_CONSUMER, &event_id)? {
                    return Ok(StockOutcome::Duplicate);
                }
                project_stock(conn, &sku, available, version, now)
            })
            .await?;
        // Its `ProductsChanged` (reason "stock") patches every replica's snapshot.
        if matches!(outcome, StockOutcome::Applied(_)) {
            self.wake_outbox();
        }
        Ok(outcome)
    }
}
