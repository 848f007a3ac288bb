//! Stock status: a projection of how many keys the delivery service holds for
//! a product. The demo seed and the delivery events both go through
//! [`project`].

pub use keyshop_core::vocab::StockStatus;

/// Below this many keys a product shows "low stock".
pub const LOW_STOCK_THRESHOLD: i64 = 5;

/// The status shoppers see for `available` keys: a pre-order stays a
/// pre-order until release, whatever the count.
pub fn project(available: i64, preorder: bool) -> StockStatus {
    if preorder {
        StockStatus::Preorder
    } else if available <= 0 {
        StockStatus::OutOfStock
    } else if available <= LOW_STOCK_THRESHOLD {
        StockStatus::Low
    } else {
        StockStatus::InStock
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn projects_counts_onto_states() {
        assert_eq!(project(0, false), StockStatus::OutOfStock);
        assert_eq!(project(-3, false), StockStatus::OutOfStock);
        assert_eq!(project(1, false), StockStatus::Low);
        assert_eq!(project(LOW_STOCK_THRESHOLD, false), StockStatus::Low);
        assert_eq!(project(LOW_STOCK_THRESHOLD + 1, false), StockStatus::InStock);
        assert_eq!(project(0, true), StockStatus::Preorder);
        assert_eq!(project(100, true), StockStatus::Preorder);
    }
}
