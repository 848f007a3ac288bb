//! `coupons` and `coupon_uses`: codes, their limits, and who used them.

use diesel::prelude::*;
use keyshop_core::db::DbConnection;

use super::schema::{coupon_uses, coupons};
use crate::domain::coupon::Coupon;
use crate::domain::pricing::CouponValue;

keyshop_core::code_enum! {
    /// How a coupon's `amount` reads.
    pub enum CouponKind {
        /// Percent off the goods.
        Percent = "percent",
        /// USD minor units off the goods.
        Fixed = "fixed",
    }
}

#[derive(Debug, Clone, Queryable)]
struct CouponRow {
    code: String,
    kind: CouponKind,
    amount: i64,
    min_goods_usd: i64,
    starts_at: i64,
    ends_at: Option<i64>,
    usage_limit: Option<i64>,
    used: i64,
    per_buyer_limit: Option<i64>,
    #[allow(dead_code)]
    created_at: i64,
}

impl From<CouponRow> for Coupon {
    fn from(row: CouponRow) -> Coupon {
        let value = match row.kind {
            CouponKind::Percent => CouponValue::Percent(row.amount),
            CouponKind::Fixed => CouponValue::FixedUsd(row.amount),
        };
        Coupon {
            code: row.code,
            value,
            min_goods_usd: row.min_goods_usd,
            starts_at_ms: row.starts_at,
            ends_at_ms: row.ends_at,
            usage_limit: row.usage_limit,
            used: row.used,
            per_buyer_limit: row.per_buyer_limit,
        }
    }
}

pub fn insert(conn: &mut DbConnection, coupon: &Coupon, now_ms: i64) -> QueryResult<()> {
    let (kind, amount) = match coupon.value {
        CouponValue::Percent(percent) => (CouponKind::Percent, percent),
        CouponValue::FixedUsd(usd) => (CouponKind::Fixed, usd),
    };
    diesel::insert_into(coupons::table)
        .values((
            coupons::code.eq(&coupon.code),
            coupons::kind.eq(kind),
            coupons::amount.eq(amount),
            coupons::min_goods_usd.eq(coupon.min_goods_usd),
            coupons::starts_at.eq(coupon.starts_at_ms),
            coupons::ends_at.eq(coupon.ends_at_ms),
            coupons::usage_limit.eq(coupon.usage_limit),
            coupons::used.eq(coupon.used),
            coupons::per_buyer_limit.eq(coupon.per_buyer_limit),
            coupons::created_at.eq(now_ms),
        ))
        .execute(conn)?;
    Ok(())
}

pub fn find(conn: &mut DbConnection, code: &str) -> QueryResult<Option<Coupon>> {
    let row: Option<CouponRow> = coupons::table.find(code).get_result(conn).optional()?;
    Ok(row.map(Coupon::from))
}

/// How often `buyer` used the coupon.
pub fn uses_by(conn: &mut DbConnection, code: &str, buyer: &str) -> QueryResult<i64> {
    coupon_uses::table
        .filter(coupon_uses::coupon_code.eq(code))
        .filter(coupon_uses::buyer.eq(buyer))
        .count()
        .get_result(conn)
}

/// What a claim came to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Claim {
    Claimed,
    /// Every use of the coupon is taken.
    UsedUp,
    /// This buyer has used it as often as it allows.
    BuyerLimit,
}

/// Takes one use of the coupon for `order_no`, only while uses remain and
/// the buyer has not used up their share: a guarded update, so racing
/// checkouts never exceed either limit.
pub fn claim(conn: &mut DbConnection, code: &str, buyer: &str, order_no: &str) -> QueryResult<Claim> {
    // The update takes the coupon's row (a lock until the transaction ends on
    // PostgreSQL; SQLite writes one at a time), so the buyer's uses counted
    // next cannot change under it: concurrent checkouts never exceed either limit.
    let claimed = diesel::update(
        coupons::table
            .find(code)
            .filter(coupons::usage_limit.is_null().or(coupons::used.lt(coupons::usage_limit.assume_not_null()))),
    )
    .set(coupons::used.eq(coupons::used + 1))
    .execute(conn)?;
    if claimed == 0 {
        return Ok(Claim::UsedUp);
    }
    let per_buyer: Option<i64> = coupons::table.find(code).select(coupons::per_buyer_limit).first(conn)?;
    if let Some(limit) = per_buyer
        && uses_by(conn, code, buyer)? >= limit
    {
        diesel::update(coupons::table.find(code)).set(coupons::used.eq(coupons::used - 1)).execute(conn)?;
        return Ok(Claim::BuyerLimit);
    }
    diesel::insert_into(coupon_uses::table)
        .values((coupon_uses::coupon_code.eq(code), coupon_uses::buyer.eq(buyer), coupon_uses::order_no.eq(order_no)))
        .execute(conn)?;
    Ok(Claim::Claimed)
}

/// Gives the use back (the order was cancelled or expired unpaid).
pub fn release(conn: &mut DbConnection, code: &str, order_no: &str) -> QueryResult<bool> {
    let removed = diesel::delete(
        coupon_uses::table.filter(coupon_uses::coupon_code.eq(code)).filter(coupon_uses::order_no.eq(order_no)),
    )
    .execute(conn)?;
    if removed > 0 {
        diesel::update(coupons::table.find(code).filter(coupons::used.gt(0)))
            .set(coupons::used.eq(coupons::used - 1))
            .execute(conn)?;
    }
    Ok(removed > 0)
}
