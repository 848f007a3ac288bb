//! Demo key stock for `serve --demo`: invented keys for every product the
//! demo catalog sells, so a purchase in the demo store delivers real
//! (sealed, reserved, e-mailed) keys. Done once, into an empty inventory.

use keyshop_core::error::AppError;
use keyshop_core::secret;
use keyshop_core::vocab::StockStatus;
use keyshop_proto::catalog::v1 as catalog;

use crate::domain::import::KeyLine;
use crate::ports::CatalogClient;
use crate::service::DeliveryService;

/// Keys per product by the catalog's stock status.
fn keys_for(stock: StockStatus) -> usize {
    match stock {
        StockStatus::InStock => 20,
        StockStatus::Low => 3,
        StockStatus::OutOfStock | StockStatus::Preorder => 0,
    }
}

/// An invented key in the common `XXXXX-XXXXX-XXXXX` shape.
fn invented_key() -> Result<String, AppError> {
    let token = secret::new_token().map_err(AppError::internal)?.to_ascii_uppercase();
    Ok(format!("{}-{}-{}", &token[0..5], &token[5..10], &token[10..15]))
}

/// Fills an empty inventory with keys for the catalog's products; how many
/// products got keys (0 when the inventory already had some).
pub async fn seed(service: &DeliveryService, mut catalog: CatalogClient) -> Result<usize, AppError> {
    if !service.stock(Vec::new()).await?.is_empty() {
        return Ok(0);
    }
    let mut seeded = 0;
    let mut page = 1;
    loop {
        let query = catalog::ProductQuery { page, limit: 50, ..catalog::ProductQuery::default() };
        let products = catalog.query_products(query).await?.into_inner();
        for card in &products.rows {
            let count = keys_for(StockStatus::from_proto(card.stock)?);
            if count == 0 {
                continue;
            }
            let lines = (0..count).map(|_| Ok(KeyLine { key: invented_key()?, note: "demo".to_owned() }));
            service.import_keys(card.sku.clone(), lines.collect::<Result<_, AppError>>()?).await?;
            seeded += 1;
        }
        if products.rows.len() < 50 || i64::from(products.page) * 50 >= products.total {
            return Ok(seeded);
        }
        page += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invented_keys_look_like_keys() {
        let key = invented_key().unwrap();
        assert_eq!(key.len(), 17);
        assert_eq!(key.matches('-').count(), 2);
        assert_ne!(key, invented_key().unwrap());
        let counts = [StockStatus::InStock, StockStatus::Low, StockStatus::OutOfStock].map(keys_for);
        assert_eq!(counts, [20, 3, 0]);
    }
}
