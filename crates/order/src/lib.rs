//! The order service: carts, checkout, coupons, pricing, the order state
//! machine, refunds and the order list. (Its rules and storage come first;
//! the use cases and gRPC follow.)

pub mod domain;
pub mod store;
