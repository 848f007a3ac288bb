//! The store's UI languages as the catalog lists them; the codes and tag
//! matching are the kernel's (`keyshop_core::i18n`).

pub use keyshop_core::i18n::{DEFAULT, SUPPORTED, normalize};

/// A UI language as the store lists it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Language {
    pub code: String,
    pub native_name: String,
    /// "ltr" or "rtl".
    pub direction: String,
}
