//! The integration tests of this crate, in one test binary (each file a module).

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod api;
mod member;
mod spa;
mod staff;
mod storefront;
mod support;
