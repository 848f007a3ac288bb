//! The key stock as staff see it: per product available, held and sold,
//! with the low-stock threshold staff set for it.

use keyshop_core::audit::{self, Actor, AuditAction};
use keyshop_core::db::{DbError, write_transaction};
use keyshop_core::error::{AppError, ErrorCode, FieldErrors};
use keyshop_core::events::outbox;
use keyshop_core::identity::{Party, StaffClaim};
use keyshop_core::paging::Paging;

use super::DeliveryService;
use crate::domain::import::mask;
use crate::domain::reservation::KeyStatus;
use crate::domain::vault::Vault;
use crate::store;
use crate::store::keys::StaffKeyRow;
use crate::store::reveals::NewReveal;
use crate::store::stock::StaffStockRow;

/// The highest threshold staff may set.
pub const MAX_THRESHOLD: i64 = 100_000;
/// The most low-stock products the dashboard lists.
const MAX_LOW_SHOWN: i64 = 50;

/// A key as staff list it: masked, with where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyView {
    pub id: i64,
    pub sku: String,
    pub masked: String,
    pub status: KeyStatus,
    pub order_no: Option<String>,
    pub imported_at: i64,
    pub sold_at: Option<i64>,
}

/// The longest reason for showing a key.
pub const MAX_REVEAL_REASON_CHARS: usize = 200;

/// A page of the stock.
#[derive(Debug, Clone)]
pub struct StockPage {
    pub rows: Vec<StaffStockRow>,
    pub total: i64,
    pub page: i64,
    pub limit: i64,
}

fn key_view(vault: &Vault, row: &StaffKeyRow) -> Result<(KeyView, String), AppError> {
    let key =
        vault.open(&row.sku, &row.sealed()).map_err(|error| AppError::internal(format!("key {}: {error}", row.id)))?;
    let view = KeyView {
        id: row.id,
        sku: row.sku.clone(),
        masked: mask(&key),
        status: row.status,
        order_no: row.order_no.clone(),
        imported_at: row.imported_at,
        sold_at: row.sold_at,
    };
    Ok((view, key))
}

impl DeliveryService {
    /// A product's keys, newest first (of one status, if given), masked.
    pub async fn staff_keys(
        &self,
        sku: &str,
        status: Option<KeyStatus>,
        page: i64,
        limit: i64,
    ) -> Result<(Vec<KeyView>, i64, Paging), AppError> {
        let paging = Paging::parse(page, limit)?;
        let sku = sku.trim().to_owned();
        let offset = i64::try_from(paging.offset()).unwrap_or(i64::MAX);
        let size = i64::from(paging.limit);
        let vault = self.vault.clone();
        let (views, total) = self
            .db
            .run(move |conn| -> Result<_, AppError> {
                let (rows, total) = store::keys::staff_page(conn, &sku, status, offset, size)?;
                let views =
                    rows.iter().map(|row| key_view(&vault, row).map(|(view, _)| view)).collect::<Result<_, _>>()?;
                Ok((views, total))
            })
            .await?;
        Ok((views, total, paging))
    }

    /// A sold key shown in full to `staff`, for `reason`: the order's reveal
    /// log and the audit log say who, when and why (never the key).
    pub async fn staff_reveal_key(
        &self,
        id: i64,
        reason: &str,
        staff: &StaffClaim,
    ) -> Result<(KeyView, String), AppError> {
        let reason = reason.trim().to_owned();
        if reason.is_empty() {
            return Err(AppError::field("reason", "api.field.required"));
        }
        if reason.chars().count() > MAX_REVEAL_REASON_CHARS {
            return Err(AppError::field("reason", "api.field.tooLong"));
        }
        let vault = self.vault.clone();
        let now = self.clock.now_ms();
        let staff = staff.clone();
        let shown = self
            .db
            .write(move |conn| -> Result<(KeyView, String), AppError> {
                let row =
                    store::keys::staff_find(conn, id)?.ok_or_else(|| AppError::not_found("api.error.notFound"))?;
                let Some(order_no) = row.order_no.clone().filter(|_| row.status == KeyStatus::Sold) else {
                    return Err(AppError::new(ErrorCode::Conflict, "api.staff.keyNotSold"));
                };
                let (view, key) = key_view(&vault, &row)?;
                let actor = format!("staff:{}", staff.email);
                store::reveals::insert(
                    conn,
                    &NewReveal { order_no: &order_no, at: now, actor: &actor, ip: &staff.ip, browser: "", os: "" },
                )?;
                let target = format!("{order_no} {} #{id}", row.sku);
                let record =
                    audit::record(&Actor::Staff(staff), AuditAction::KeyReveal, &target, &reason, Party::Delivery, now);
                outbox::enqueue(conn, &record)?;
                Ok((view, key))
            })
            .await?;
        self.wake_outbox();
        Ok(shown)
    }

    /// The products whose SKU begins with `sku_prefix`, by SKU (only the
    /// low ones if `low_only`).
    pub async fn staff_stock(
        &self,
        sku_prefix: &str,
        low_only: bool,
        page: i64,
        limit: i64,
    ) -> Result<StockPage, AppError> {
        let paging = Paging::parse(page, limit)?;
        let prefix = sku_prefix.trim().to_owned();
        if prefix.len() > 64 {
            return Err(AppError::field("sku", "api.field.tooLong"));
        }
        let (page, limit) = (i64::from(paging.page), i64::from(paging.limit));
        let offset = (page - 1).saturating_mul(limit);
        let (rows, total) = self
            .db
            .run(move |conn| store::stock::staff_page(conn, &prefix, low_only, offset, limit).map_err(DbError::from))
            .await?;
        Ok(StockPage { rows, total, page, limit })
    }

    /// The products at or under their threshold, fewest keys first.
    pub async fn low_stock(&self, limit: i64) -> Result<StockPage, AppError> {
        if !(1..=MAX_LOW_SHOWN).contains(&limit) {
            return Err(AppError::field("limit", "api.field.outOfRange"));
        }
        let (rows, total) = self.db.run(move |conn| store::stock::low(conn, limit).map_err(DbError::from)).await?;
        Ok(StockPage { rows, total, page: 1, limit })
    }

    /// Sets the low-stock threshold of `sku` for `actor`, if nobody changed
    /// it since `version` was read (409 otherwise); audited in the same
    /// transaction.
    pub async fn set_threshold(
        &self,
        sku: &str,
        threshold: i64,
        version: i64,
        actor: Actor,
    ) -> Result<StaffStockRow, AppError> {
        let mut errors = FieldErrors::default();
        if !(0..=MAX_THRESHOLD).contains(&threshold) {
            errors.add("threshold", "api.field.outOfRange");
        }
        if version < 0 {
            errors.add("version", "api.field.invalid");
        }
        errors.finish()?;
        let sku = sku.trim().to_owned();
        let now = self.clock.now_ms();
        let row = self
            .db
            .run(move |conn| {
                write_transaction(conn, |conn| -> Result<StaffStockRow, AppError> {
                    let before =
                        store::stock::find(conn, &sku)?.ok_or_else(|| AppError::not_found("api.error.notFound"))?;
                    if !store::stock::set_threshold(conn, &sku, threshold, version)? {
                        return Err(AppError::new(ErrorCode::Conflict, "api.staff.changed"));
                    }
                    let summary = format!("threshold {} → {threshold}", before.low_threshold);
                    let record =
                        audit::record(&actor, AuditAction::StockThreshold, &sku, &summary, Party::Delivery, now);
                    outbox::enqueue(conn, &record)?;
                    store::stock::find(conn, &sku)?.ok_or_else(|| AppError::not_found("api.error.notFound"))
                })
            })
            .await?;
        self.wake_outbox();
        Ok(row)
    }
}
