//! The order service: carts, checkout, coupons, pricing, the order state
//! machine, refunds and the order list. (Its rules come first; storage and
//! gRPC follow.)

pub mod domain;
