//! Stock status: a projection of how many keys the delivery service holds for
//! a product. The demo seed and the delivery events both go through
//! [`StockStatus::project`].

/// Below this many keys a product shows "low stock".
pub const LOW_STOCK_THRESHOLD: i64 = 5;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StockStatus {
    InStock,
    Low,
    OutOfStock,
    Preorder,
}

impl StockStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            StockStatus::InStock => "in_stock",
            StockStatus::Low => "low",
            StockStatus::OutOfStock => "out_of_stock",
            StockStatus::Preorder => "preorder",
        }
    }

    pub fn parse(text: &str) -> Option<StockStatus> {
        Some(match text {
            "in_stock" => StockStatus::InStock,
            "low" => StockStatus::Low,
            "out_of_stock" => StockStatus::OutOfStock,
            "preorder" => StockStatus::Preorder,
            _ => return None,
        })
    }

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
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn projects_counts_onto_states() {
        assert_eq!(StockStatus::project(0, false), StockStatus::OutOfStock);
        assert_eq!(StockStatus::project(-3, false), StockStatus::OutOfStock);
        assert_eq!(StockStatus::project(1, false), StockStatus::Low);
        assert_eq!(StockStatus::project(LOW_STOCK_THRESHOLD, false), StockStatus::Low);
        assert_eq!(StockStatus::project(LOW_STOCK_THRESHOLD + 1, false), StockStatus::InStock);
        assert_eq!(StockStatus::project(0, true), StockStatus::Preorder);
        assert_eq!(StockStatus::project(100, true), StockStatus::Preorder);
    }

    #[test]
    fn codes_round_trip() {
        for status in [StockStatus::InStock, StockStatus::Low, StockStatus::OutOfStock, StockStatus::Preorder] {
            assert_eq!(StockStatus::parse(status.as_str()), Some(status));
        }
        assert_eq!(StockStatus::parse("sold"), None);
    }
}
