//! The integration tests of this crate, in one test binary (each file a module).

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod chat;
mod cli;
mod crash;
mod distributed;
mod health;
mod identity;
mod shop;
mod support;
