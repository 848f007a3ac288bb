//! What keyshop's tests share. A dev-dependency only: nothing here ships in
//! the binary.
//!
//! - [`servers`]: where the tests find PostgreSQL, Redis and the Kafka-compatible
//!   broker. A test that needs one fails when it does not answer; `make
//!   test-rust` (`.ci/test-services`) starts what it can and filters out, as
//!   skipped, the tests named after a server it cannot reach (`postgres`,
//!   `redis`, `kafka`, `distributed`).
//! - [`db`]: a throw-away database per test on SQLite or PostgreSQL, and
//!   [`storage_test!`] / [`backend_test!`] to run one body on both.
//! - [`smtp`]: a small real SMTP server that keeps what it receives.
//! - [`outbox`]: the e-mails a `file://` mailer wrote, decoded.
//! - [`store`]: the store started as `keyshop serve` starts it (every service
//!   on loopback, the gateway in front), on throw-away data.
//! - [`identity`]: calls signed as a part of the store, or for staff.
//! - [`providers`]: local fakes of Stripe's and PayPal's HTTP APIs.

// Test support: a failed set-up is a failed test.
#![allow(clippy::unwrap_used, clippy::expect_used)]

pub mod db;
pub mod identity;
pub mod outbox;
pub mod providers;
pub mod servers;
pub mod smtp;
pub mod store;

pub use db::{EmptyPostgres, TestDb};
pub use identity::Signed;
pub use outbox::outbox_mails;
pub use smtp::{ReceivedMail, SmtpSink};
pub use store::{StoreOptions, TestStore};
