//! The delivery service's rules: pure functions and types, unit-tested here,
//! with no database, clock or network.

pub mod import;
pub mod reservation;
pub mod vault;
