//! The integration tests of this crate, in one test binary (each file a module).

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod accounts;
mod chat;
mod chat_desk;
mod records;
mod support;
