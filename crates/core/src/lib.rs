//! keyshop's shared kernel: configuration, the error vocabulary, storage,
//! events, cache, mail, telemetry and money. Services build on these parts and
//! nothing here knows about a particular service.

pub mod audit;
pub mod cache;
pub mod clock;
pub mod config;
pub mod db;
pub mod email;
pub mod error;
pub mod events;
pub mod fanout;
pub mod fields;
pub mod grpc;
pub mod i18n;
pub mod identity;
pub mod ids;
pub mod mail;
pub mod markdown;
pub mod media_store;
pub mod metrics;
pub mod money;
pub mod paging;
pub mod platform;
pub mod postal;
pub mod secret;
pub mod shutdown;
pub mod telemetry;
pub mod throttle;
pub mod user_agent;
pub mod vocab;

pub use error::{AppError, ErrorCode, FieldErrors};
