//! Coupons in the console (finance): the list with what each brought in,
//! a new coupon, an edit (with the version read: 409 when someone changed it
//! since), switched off and on. Each write is in the audit log with it.

use std::collections::BTreeMap;

use keyshop_core::audit::{self, Actor, AuditAction};
use keyshop_core::error::{AppError, ErrorCode};
use keyshop_core::events::outbox;
use keyshop_core::identity::{Party, StaffClaim};
use keyshop_core::paging::Paging;

use super::OrderService;
use crate::domain::coupon::{self, Coupon, CouponDraft};
use crate::domain::pricing::CouponValue;
use crate::store;
use crate::store::coupons::StaffCoupon;

/// A coupon with its usage figures.
#[derive(Debug, Clone)]
pub struct CouponFigures {
    pub coupon: StaffCoupon,
    /// Paid orders with it, and their total in US cents.
    pub paid_orders: i64,
    pub revenue_usd: i64,
}

/// A page of coupons.
#[derive(Debug, Clone)]
pub struct CouponPage {
    pub rows: Vec<CouponFigures>,
    pub total: i64,
    pub page: i64,
    pub limit: i64,
}

/// What the audit log says of a coupon's settings (never more than staff set).
fn summary(coupon: &Coupon) -> String {
    let value = match coupon.value {
        CouponValue::Percent(percent) => format!("{percent}%"),
        CouponValue::FixedUsd(cents) | CouponValue::FixedLocal(cents) => format!("{cents} US cents"),
    };
    let state = if coupon.rules.disabled { "off" } else { "on" };
    format!("{value}, min {} US cents, {state}", coupon.min_goods_usd)
}

fn with_figures(rows: Vec<StaffCoupon>, figures: &BTreeMap<String, (i64, i64)>) -> Vec<CouponFigures> {
    rows.into_iter()
        .map(|coupon| {
            let (paid_orders, revenue_usd) = figures.get(&coupon.coupon.code).copied().unwrap_or_default();
            CouponFigures { coupon, paid_orders, revenue_usd }
        })
        .collect()
}

impl OrderService {
    /// The coupons whose code holds `text`, newest first, with their figures.
    pub async fn staff_coupons(&self, text: &str, page: i64, limit: i64) -> Result<CouponPage, AppError> {
        let paging = Paging::parse(page, limit)?;
        let text = coupon::normalize_code(text);
        if text.len() > coupon::MAX_CODE_LEN {
            return Err(AppError::field("text", "api.field.tooLong"));
        }
        let (page, limit) = (i64::from(paging.page), i64::from(paging.limit));
        let offset = (page - 1).saturating_mul(limit);
        let (rows, total, figures) = self
            .db
            .run(move |conn| -> Result<_, AppError> {
                let (rows, total) = store::coupons::page(conn, &text, offset, limit)?;
                let codes: Vec<String> = rows.iter().map(|row| row.coupon.code.clone()).collect();
                Ok((rows, total, store::coupons::paid_with(conn, &codes)?))
            })
            .await?;
        Ok(CouponPage { rows: with_figures(rows, &figures), total, page, limit })
    }

    /// Creates the coupon of `draft` (409 when the code exists) or, with
    /// `version`, rewrites it if nobody changed it since (409 otherwise).
    pub async fn staff_save_coupon(
        &self,
        draft: CouponDraft,
        version: Option<i64>,
        staff: &StaffClaim,
    ) -> Result<CouponFigures, AppError> {
        let coupon = coupon::check_draft(draft)?;
        let now = self.clock.now_ms();
        let actor = Actor::Staff(staff.clone());
        let action = if version.is_some() { AuditAction::CouponUpdate } else { AuditAction::CouponCreate };
        let record = audit::record(&actor, action, &coupon.code, &summary(&coupon), Party::Order, now);
        let code = coupon.code.clone();
        let saved = self
            .db
            .write(move |conn| -> Result<CouponFigures, AppError> {
                let stored = match version {
                    None if store::coupons::find_staff(conn, &coupon.code)?.is_some() => {
                        return Err(AppError::new(ErrorCode::Conflict, "api.staff.couponExists"));
                    }
                    None => {
                        store::coupons::insert(conn, &coupon, now)?;
                        true
                    }
                    Some(version) => {
                        if store::coupons::find_staff(conn, &coupon.code)?.is_none() {
                            return Err(AppError::not_found("api.order.couponNotFound"));
                        }
                        store::coupons::update(conn, &coupon, version, now)?
                    }
                };
                if !stored {
                    return Err(AppError::new(ErrorCode::Conflict, "api.staff.changed"));
                }
                outbox::enqueue(conn, &record)?;
                let saved =
                    store::coupons::find_staff(conn, &code)?.ok_or_else(|| AppError::internal("saved coupon gone"))?;
                let figures = store::coupons::paid_with(conn, std::slice::from_ref(&code))?;
                Ok(with_figures(vec![saved], &figures).remove(0))
            })
            .await?;
        self.waker.wake();
        Ok(saved)
    }
}
