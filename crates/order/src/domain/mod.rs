//! The order service's rules: pure functions and types, unit-tested here,
//! with no database, clock or network.

pub mod cart;
pub mod checkout;
pub mod coupon;
pub mod figures;
pub mod guest;
pub mod link;
pub mod order;
pub mod pricing;
pub mod refund;
pub mod state;
