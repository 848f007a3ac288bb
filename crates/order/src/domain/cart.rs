//! Carts: a visitor's (found by its cart token) and a member's (on the
//! server), merged when the visitor signs in. A line is a product and a
//! quantity within the product's per-order limit and the keys in stock.

use std::collections::BTreeMap;

use keyshop_core::error::{AppError, ErrorCode};
use keyshop_core::ids::ProductId;

/// Lines a cart may hold.
pub const MAX_LINES: usize = 50;
/// The per-order limit when a product sets none.
pub const DEFAULT_PER_ORDER_LIMIT: i64 = 10;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CartLine {
    pub product_id: ProductId,
    pub quantity: i64,
}

/// What a product allows: the per-order limit and the keys available.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Allowance {
    pub per_order_limit: i64,
    pub available: i64,
}

impl Allowance {
    /// The most one order may take now.
    pub fn most(self) -> i64 {
        let limit = if self.per_order_limit > 0 { self.per_order_limit } else { DEFAULT_PER_ORDER_LIMIT };
        limit.min(self.available).max(0)
    }
}

/// Checks a quantity asked for a product.
pub fn check_quantity(quantity: i64, allowance: Allowance) -> Result<(), AppError> {
    if quantity < 1 {
        return Err(AppError::field("quantity", "api.cart.quantityInvalid"));
    }
    if allowance.available <= 0 {
        return Err(AppError::new(ErrorCode::Conflict, "api.delivery.outOfStock"));
    }
    if quantity > allowance.most() {
        return Err(AppError::field("quantity", "api.cart.overLimit"));
    }
    Ok(())
}

/// The member's cart after signing in with `visitor` lines: quantities of the
/// same product add up, capped by what the product allows now; products no
/// longer allowed drop out. Order: the member's lines first, then new ones.
pub fn merge(
    member: &[CartLine],
    visitor: &[CartLine],
    allowance: impl Fn(ProductId) -> Option<Allowance>,
) -> Vec<CartLine> {
    let mut order = Vec::new();
    let mut quantities: BTreeMap<ProductId, i64> = BTreeMap::new();
    for line in member.iter().chain(visitor) {
        if !quantities.contains_key(&line.product_id) {
            order.push(line.product_id);
        }
        let total = quantities.entry(line.product_id).or_insert(0);
        *total = total.saturating_add(line.quantity.max(0));
    }
    order
        .into_iter()
        .filter_map(|product_id| {
            let most = allowance(product_id)?.most();
            let quantity = quantities.get(&product_id).copied().unwrap_or(0).min(most);
            (quantity > 0).then_some(CartLine { product_id, quantity })
        })
        .take(MAX_LINES)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(product_id: i64, quantity: i64) -> CartLine {
        CartLine { product_id: ProductId::new(product_id).unwrap(), quantity }
    }

    fn allowance(per_order_limit: i64, available: i64) -> Allowance {
        Allowance { per_order_limit, available }
    }

    #[test]
    fn quantities_within_limit_and_stock() {
        assert!(check_quantity(3, allowance(5, 10)).is_ok());
        assert_eq!(check_quantity(0, allowance(5, 10)).unwrap_err().fields["quantity"], "api.cart.quantityInvalid");
        assert_eq!(check_quantity(6, allowance(5, 10)).unwrap_err().fields["quantity"], "api.cart.overLimit");
        assert_eq!(check_quantity(4, allowance(5, 3)).unwrap_err().fields["quantity"], "api.cart.overLimit");
        assert_eq!(check_quantity(1, allowance(5, 0)).unwrap_err().code, ErrorCode::Conflict);
        assert_eq!(allowance(0, 100).most(), DEFAULT_PER_ORDER_LIMIT);
    }

    #[test]
    fn merging_adds_up_and_caps() {
        let merged = merge(&[line(1, 2), line(2, 1)], &[line(3, 1), line(1, 4), line(4, 1)], |id| match id.get() {
            1 => Some(allowance(5, 100)),
            2 => Some(allowance(5, 0)),
            3 => Some(allowance(0, 2)),
            _ => None,
        });
        assert_eq!(merged, [line(1, 5), line(3, 1)]);
    }
}
