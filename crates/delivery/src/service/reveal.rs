//! Showing an order's keys to its owner, and the record of every showing.

use std::fmt;

use keyshop_core::db::DbConnection;
use keyshop_core::error::AppError;
use keyshop_core::user_agent;

use super::DeliveryService;
use crate::domain::reservation;
use crate::domain::vault::Vault;
use crate::store;
use crate::store::reveals::NewReveal;

/// A sold key, decrypted. Its `Debug` leaves the key out: a `{:?}` in a log
/// line or an error must not put a key in the logs.
#[derive(Clone, PartialEq, Eq)]
pub struct RevealedKey {
    pub line_no: i64,
    pub sku: String,
    pub key: String,
    pub note: String,
}

impl fmt::Debug for RevealedKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RevealedKey")
            .field("line_no", &self.line_no)
            .field("sku", &self.sku)
            .field("key", &"<redacted>")
            .field("note", &self.note)
            .finish()
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RevealEntry {
    pub at_ms: i64,
    pub actor: String,
    pub ip: String,
    pub browser: String,
    pub os: String,
}

/// Who asked, as recorded.
pub struct Viewer {
    pub actor: String,
    pub ip: String,
    pub user_agent: String,
}

fn bounded(text: &str, max: usize) -> String {
    text.chars().take(max).collect()
}

/// The keys sold to `order_no`, decrypted, with the reveal recorded (only
/// when there is something to show), in the caller's transaction.
pub(super) fn reveal_in(
    conn: &mut DbConnection,
    vault: &Vault,
    order_no: &str,
    viewer: &Viewer,
    now: i64,
) -> Result<Vec<RevealedKey>, AppError> {
    let stored = store::keys::sold_to(conn, order_no)?;
    let mut keys = Vec::with_capacity(stored.len());
    for key in &stored {
        let text = vault
            .open(&key.sku, &key.sealed())
            .map_err(|error| AppError::internal(format!("key {} of {order_no}: {error}", key.id)))?;
        keys.push(RevealedKey {
            line_no: key.line_no.unwrap_or_default(),
            sku: key.sku.clone(),
            key: text,
            note: key.note.clone(),
        });
    }
    if !keys.is_empty() {
        let client = user_agent::parse(&viewer.user_agent);
        store::reveals::insert(
            conn,
            &NewReveal {
                order_no,
                at: now,
                actor: &bounded(&viewer.actor, 100),
                ip: &bounded(&viewer.ip, 64),
                browser: &client.browser,
                os: &client.os,
            },
        )?;
    }
    Ok(keys)
}

impl DeliveryService {
    /// The keys sold to `order_no`, decrypted, with the reveal recorded (only
    /// when there is something to show).
    pub async fn reveal(&self, order_no: String, viewer: Viewer) -> Result<Vec<RevealedKey>, AppError> {
        if !reservation::is_order_no(&order_no) {
            return Err(AppError::field("orderNo", "api.error.validation"));
        }
        let vault = self.vault.clone();
        let now = self.clock.now_ms();
        self.db.write(move |conn| reveal_in(conn, &vault, &order_no, &viewer, now)).await
    }

    /// Every reveal of the order's keys, newest first.
    pub async fn reveals(&self, order_no: String) -> Result<Vec<RevealEntry>, AppError> {
        let rows = self.db.run(move |conn| Ok::<_, AppError>(store::reveals::of_order(conn, &order_no)?)).await?;
        Ok(rows
            .into_iter()
            .map(|row| RevealEntry { at_ms: row.at, actor: row.actor, ip: row.ip, browser: row.browser, os: row.os })
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::RevealedKey;

    #[test]
    fn a_revealed_key_is_left_out_of_its_debug_text() {
        let key = RevealedKey {
            line_no: 1,
            sku: "SKU-1".to_owned(),
            key: "AAAAA-BBBBB-CCCCC".to_owned(),
            note: "Steam".to_owned(),
        };
        let text = format!("{key:?} {:?}", vec![key.clone()]);
        assert!(!text.contains("AAAAA-BBBBB-CCCCC"), "{text}");
        assert!(text.contains("SKU-1") && text.contains("<redacted>"), "{text}");
    }
}
