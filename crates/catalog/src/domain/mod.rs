//! The catalog's rules, free of I/O.

pub mod art;
pub mod article;
pub mod currency;
pub mod draft;
pub mod language;
pub mod listing;
pub mod location;
pub mod product;
pub mod review;
pub mod rng;
pub mod setting;
pub mod stock;
pub mod taxonomy;
