//! The payment service's rules: pure functions and types, unit-tested here,
//! with no database, clock or network.

pub mod checkout;
pub mod methods;
pub mod paypal;
pub mod refund;
pub mod sandbox;
pub mod session;
pub mod signature;
pub mod stripe;
pub mod webhook;
