//! `coupons` and `coupon_uses`: codes, their limits, and who used them.

use diesel::prelude::*;
use keyshop_core::db::{DbConnection, like_escaped};

use std::collections::BTreeMap;

use keyshop_core::vocab::ProductType;

use super::schema::{coupon_uses, coupons, orders};
use crate::domain::coupon::{Coupon, CouponRules};
use crate::domain::pricing::CouponValue;
use crate::domain::state::{Lifecycle, OrderState};

keyshop_core::code_enum! {
    /// How a coupon's `amount` reads.
    pub enum CouponKind {
        /// Percent off the goods.
        Percent = "percent",
        /// USD minor units off the goods.
        Fixed = "fixed",
    }
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = coupons)]
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
    created_at: i64,
    disabled: bool,
    product_ids: String,
    product_types: String,
    fixed_amounts: String,
    version: i64,
}

/// `1,5,9`: the ids the service checked (anything else is skipped).
fn ids_of(text: &str) -> Vec<i64> {
    text.split(',').filter_map(|id| id.parse().ok()).collect()
}

fn types_of(text: &str) -> Vec<ProductType> {
    text.split(',').filter_map(ProductType::parse).collect()
}

/// `EUR:450,JPY:700`.
fn amounts_of(text: &str) -> BTreeMap<String, i64> {
    text.split(',')
        .filter_map(|pair| pair.split_once(':'))
        .filter_map(|(currency, amount)| Some((currency.to_owned(), amount.parse().ok()?)))
        .collect()
}

fn text_of_rules(rules: &CouponRules) -> (String, String, String) {
    let ids = rules.product_ids.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
    let types = rules.product_types.iter().map(|kind| kind.as_str()).collect::<Vec<_>>().join(",");
    let amounts = rules
        .fixed_amounts
        .iter()
        .map(|(currency, amount)| format!("{currency}:{amount}"))
        .collect::<Vec<_>>()
        .join(",");
    (ids, types, amounts)
}

impl From<CouponRow> for StaffCoupon {
    fn from(row: CouponRow) -> StaffCoupon {
        let value = match row.kind {
            CouponKind::Percent => CouponValue::Percent(row.amount),
            CouponKind::Fixed => CouponValue::FixedUsd(row.amount),
        };
        let coupon = Coupon {
            code: row.code,
            value,
            min_goods_usd: row.min_goods_usd,
            starts_at_ms: row.starts_at,
            ends_at_ms: row.ends_at,
            usage_limit: row.usage_limit,
            used: row.used,
            per_buyer_limit: row.per_buyer_limit,
            rules: CouponRules {
                disabled: row.disabled,
                product_ids: ids_of(&row.product_ids),
                product_types: types_of(&row.product_types),
                fixed_amounts: amounts_of(&row.fixed_amounts),
            },
        };
        StaffCoupon { coupon, version: row.version, created_at: row.created_at }
    }
}

/// A coupon as staff read it: with its version and creation time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StaffCoupon {
    pub coupon: Coupon,
    pub version: i64,
    pub created_at: i64,
}

pub fn insert(conn: &mut DbConnection, coupon: &Coupon, now_ms: i64) -> QueryResult<()> {
    let (kind, amount) = kind_and_amount(coupon.value);
    let (ids, types, amounts) = text_of_rules(&coupon.rules);
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
            coupons::disabled.eq(coupon.rules.disabled),
            coupons::product_ids.eq(ids),
            coupons::product_types.eq(types),
            coupons::fixed_amounts.eq(amounts),
            coupons::updated_at.eq(now_ms),
        ))
        .execute(conn)?;
    Ok(())
}

fn kind_and_amount(value: CouponValue) -> (CouponKind, i64) {
    match value {
        CouponValue::Percent(percent) => (CouponKind::Percent, percent),
        CouponValue::FixedUsd(usd) | CouponValue::FixedLocal(usd) => (CouponKind::Fixed, usd),
    }
}

/// Rewrites what staff set on the coupon (never its uses) if its version is
/// still `version`; whether it did.
pub fn update(conn: &mut DbConnection, coupon: &Coupon, version: i64, now_ms: i64) -> QueryResult<bool> {
    let (kind, amount) = kind_and_amount(coupon.value);
    let (ids, types, amounts) = text_of_rules(&coupon.rules);
    let changed = diesel::update(coupons::table.find(&coupon.code).filter(coupons::version.eq(version)))
        .set((
            coupons::kind.eq(kind),
            coupons::amount.eq(amount),
            coupons::min_goods_usd.eq(coupon.min_goods_usd),
            coupons::starts_at.eq(coupon.starts_at_ms),
            coupons::ends_at.eq(coupon.ends_at_ms),
            coupons::usage_limit.eq(coupon.usage_limit),
            coupons::per_buyer_limit.eq(coupon.per_buyer_limit),
            coupons::disabled.eq(coupon.rules.disabled),
            coupons::product_ids.eq(ids),
            coupons::product_types.eq(types),
            coupons::fixed_amounts.eq(amounts),
            coupons::version.eq(version + 1),
            coupons::updated_at.eq(now_ms),
        ))
        .execute(conn)?;
    Ok(changed > 0)
}

/// The coupon as staff read it.
pub fn find_staff(conn: &mut DbConnection, code: &str) -> QueryResult<Option<StaffCoupon>> {
    let row: Option<CouponRow> =
        coupons::table.find(code).select(CouponRow::as_select()).get_result(conn).optional()?;
    Ok(row.map(StaffCoupon::from))
}

/// The coupons whose code holds `text`, newest first, and how many there are.
pub fn page(conn: &mut DbConnection, text: &str, offset: i64, limit: i64) -> QueryResult<(Vec<StaffCoupon>, i64)> {
    let pattern = format!("%{}%", like_escaped(text));
    let matching = || {
        let mut query = coupons::table.into_boxed();
        if !text.is_empty() {
            query = query.filter(coupons::code.like(pattern.clone()).escape('\\'));
        }
        query
    };
    let rows: Vec<CouponRow> = matching()
        .order((coupons::created_at.desc(), coupons::code))
        .offset(offset)
        .limit(limit)
        .select(CouponRow::as_select())
        .load(conn)?;
    let total = matching().count().get_result(conn)?;
    Ok((rows.into_iter().map(StaffCoupon::from).collect(), total))
}

/// Paid orders with each coupon and what they brought in (US cents):
/// `(code, orders, revenue)`.
pub fn paid_with(conn: &mut DbConnection, codes: &[String]) -> QueryResult<BTreeMap<String, (i64, i64)>> {
    let paid: Vec<OrderState> = OrderState::ALL.iter().copied().filter(|state| state.paid()).collect();
    let rows: Vec<(Option<String>, i64)> = orders::table
        .filter(orders::coupon_code.eq_any(codes))
        .filter(orders::state.eq_any(paid))
        .select((orders::coupon_code, orders::real_amount_usd))
        .load(conn)?;
    let mut figures = BTreeMap::new();
    for (code, amount) in rows {
        let entry: &mut (i64, i64) = figures.entry(code.unwrap_or_default()).or_default();
        entry.0 += 1;
        entry.1 += amount;
    }
    Ok(figures)
}

pub fn find(conn: &mut DbConnection, code: &str) -> QueryResult<Option<Coupon>> {
    Ok(find_staff(conn, code)?.map(|found| found.coupon))
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
            .filter(coupons::disabled.eq(false))
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
