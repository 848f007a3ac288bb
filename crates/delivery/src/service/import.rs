//! Importing keys: validated, sealed, de-duplicated by fingerprint, counted.

use std::collections::HashSet;

use keyshop_core::audit::{self, Actor, AuditAction};
use keyshop_core::db::write_transaction;
use keyshop_core::error::{AppError, FieldErrors};
use keyshop_core::events::outbox;
use keyshop_core::identity::Party;

use super::{DeliveryService, StockChanges};
use crate::domain::import::{KeyLine, MAX_KEYS_PER_IMPORT, is_valid_key, is_valid_note};
use crate::store;
use crate::store::keys::NewKey;

/// Invalid positions named in a report.
const MAX_INVALID_LINES: usize = 20;

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ImportReport {
    pub imported: i64,
    pub duplicates: i64,
    pub invalid: i64,
    pub available: i64,
    /// 1-based positions of the first invalid keys.
    pub invalid_lines: Vec<i64>,
}

impl DeliveryService {
    /// Adds `lines` to the stock of `sku` (the demo seed, the CLI).
    pub async fn import_keys(&self, sku: String, lines: Vec<KeyLine>) -> Result<ImportReport, AppError> {
        self.import_keys_by(sku, lines, None).await
    }

    /// Adds `lines` to the stock of `sku`, for `actor` when a member of staff
    /// imports them: the audit log's record (the counts, never a key) is
    /// written in the same transaction. Sealing happens before the write
    /// transaction, so the store is locked only for the inserts.
    pub async fn import_keys_by(
        &self,
        sku: String,
        lines: Vec<KeyLine>,
        actor: Option<Actor>,
    ) -> Result<ImportReport, AppError> {
        let sku = sku.trim().to_owned();
        let mut errors = FieldErrors::default();
        if sku.is_empty() || sku.len() > 64 {
            errors.add("sku", "api.error.validation");
        }
        if lines.is_empty() || lines.len() > MAX_KEYS_PER_IMPORT {
            errors.add("keys", "api.error.validation");
        }
        errors.finish()?;

        let vault = self.vault.clone();
        let now = self.clock.now_ms();
        let actor_given = actor.is_some();
        let report = self
            .db
            .run(move |conn| -> Result<ImportReport, AppError> {
                let mut report = ImportReport::default();
                let mut seen = HashSet::new();
                let mut fresh = Vec::new();
                for (index, line) in lines.iter().enumerate() {
                    let (key, note) = (line.key.trim(), line.note.trim());
                    if !is_valid_key(key) || !is_valid_note(note) {
                        report.invalid += 1;
                        if report.invalid_lines.len() < MAX_INVALID_LINES {
                            report.invalid_lines.push(i64::try_from(index).unwrap_or(i64::MAX).saturating_add(1));
                        }
                        continue;
                    }
                    let fingerprint = vault.fingerprint(key);
                    if !seen.insert(fingerprint.clone()) {
                        report.duplicates += 1;
                        continue;
                    }
                    let sealed = vault.seal(&sku, key).map_err(AppError::internal)?;
                    fresh.push(NewKey { sku: sku.clone(), sealed, fingerprint, note: note.to_owned() });
                }
                write_transaction(conn, |conn| -> Result<ImportReport, AppError> {
                    let before = store::stock::lock(conn, &sku)?;
                    let inserted = i64::try_from(store::keys::insert_new(conn, &fresh, now)?).unwrap_or(0);
                    report.imported = inserted;
                    report.duplicates += i64::try_from(fresh.len()).unwrap_or(0) - inserted;
                    report.available = before.available + inserted;
                    if let Some(actor) = &actor {
                        let summary = format!(
                            "imported {}, duplicates {}, invalid {}",
                            report.imported, report.duplicates, report.invalid
                        );
                        let record =
                            audit::record(actor, AuditAction::KeysImport, &sku, &summary, Party::Delivery, now);
                        outbox::enqueue(conn, &record)?;
                    }
                    if inserted > 0 {
                        store::deliveries::wake_waiting(conn, now)?;
                        let mut changes = StockChanges::default();
                        changes.adjust(conn, &sku, inserted, 0, 0)?;
                        changes.publish(conn)?;
                    }
                    Ok(report)
                })
            })
            .await?;
        if report.imported > 0 || actor_given {
            self.wake_outbox();
        }
        tracing::debug!(
            imported = report.imported,
            duplicates = report.duplicates,
            invalid = report.invalid,
            "keys imported"
        );
        Ok(report)
    }
}
