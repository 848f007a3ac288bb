//! How much a guest (no account, no captcha) may hold at once: unpaid
//! orders and the keys they hold, per address (an IPv6 address by its /64)
//! and per e-mail, counted over the payment window (an unpaid order lets its
//! keys go when the window ends). Beyond them the checkout answers 429, so a
//! loop cannot keep a product "out of stock".

//! The limits are settings (`KEYSHOP_GUEST_*`, [`GuestLimits`]).

pub use keyshop_core::config::GuestLimits;

/// What a guest's counts (this checkout included) allow.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GuestCounts {
    pub orders_from_address: u64,
    pub orders_for_email: u64,
    pub keys_from_address: u64,
}

impl GuestCounts {
    pub fn allowed(self, limits: GuestLimits) -> bool {
        self.orders_from_address <= limits.orders_per_address
            && self.orders_for_email <= limits.orders_per_email
            && self.keys_from_address <= limits.keys_per_address
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIMITS: GuestLimits = GuestLimits { orders_per_address: 10, orders_per_email: 5, keys_per_address: 50 };
    const FIRST: GuestCounts = GuestCounts { orders_from_address: 1, orders_for_email: 1, keys_from_address: 2 };

    #[test]
    fn each_limit_counts_this_checkout() {
        assert!(FIRST.allowed(LIMITS));
        assert!(GuestCounts { orders_from_address: 10, orders_for_email: 5, keys_from_address: 50 }.allowed(LIMITS));
        assert!(!GuestCounts { orders_from_address: 11, ..FIRST }.allowed(LIMITS));
        assert!(!GuestCounts { orders_for_email: 6, ..FIRST }.allowed(LIMITS));
        assert!(!GuestCounts { keys_from_address: 51, ..FIRST }.allowed(LIMITS));
    }
}
