//! The member service's rules: pure functions and types, unit-tested here,
//! with no database, clock or network.

pub mod account;
pub mod address;
pub mod chat;
pub mod chat_desk;
pub mod forms;
pub mod level;
pub mod newsletter;
pub mod password;
pub mod profile;
pub mod staff;
pub mod throttle;
pub mod ticket;
pub mod visit;

pub use keyshop_core::{secret, user_agent};
