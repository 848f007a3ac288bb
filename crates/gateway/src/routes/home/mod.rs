//! `/api/home/*`: the storefront's public calls.

pub mod category;
pub mod config;
pub mod config_key;
pub mod language;
pub mod lists;
pub mod location;
pub mod navigation_bar;
pub mod page;
pub mod query_games;
pub mod rate;
pub mod suggest;
