//! The payment service: payment methods per currency, payment sessions with
//! an expiry window, providers behind one trait (the built-in sandbox,
//! Stripe, PayPal), webhooks checked by signature and de-duplicated. (Its
//! rules, storage and use cases come first; providers and gRPC follow.)

pub mod domain;
pub mod service;
pub mod store;
