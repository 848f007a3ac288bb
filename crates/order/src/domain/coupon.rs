//! Coupons: whether one applies to an order, and the message when not;
//! what staff may set on one.

use std::collections::BTreeMap;

use keyshop_core::error::{AppError, FieldErrors};
use keyshop_core::vocab::ProductType;

use super::pricing::CouponValue;

/// What staff set beyond the value, the window and the limits.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CouponRules {
    /// Switched off in the console: refused as if it did not exist.
    pub disabled: bool,
    /// Only lines of these products, or of these types, count (none: every line).
    pub product_ids: Vec<i64>,
    pub product_types: Vec<ProductType>,
    /// A fixed coupon's amount in some currencies (minor units), used as is
    /// for an order in one of them; the US amount converted otherwise.
    pub fixed_amounts: BTreeMap<String, i64>,
}

impl CouponRules {
    /// Whether a line of `product_id`, of `product_type`, counts.
    pub fn covers(&self, product_id: i64, product_type: ProductType) -> bool {
        (self.product_ids.is_empty() && self.product_types.is_empty())
            || self.product_ids.contains(&product_id)
            || self.product_types.contains(&product_type)
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Coupon {
    pub code: String,
    pub value: CouponValue,
    /// The goods must reach this, in US cents (0: any order).
    pub min_goods_usd: i64,
    pub starts_at_ms: i64,
    /// `None`: never expires.
    pub ends_at_ms: Option<i64>,
    /// Uses in all (`None`: unlimited).
    pub usage_limit: Option<i64>,
    pub used: i64,
    /// Uses per member (`None`: unlimited). Guests are counted by e-mail.
    pub per_buyer_limit: Option<i64>,
    pub rules: CouponRules,
}

/// Why a coupon does not apply; each is a catalogue key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum CouponRefusal {
    #[error("api.order.couponNotFound")]
    NotFound,
    #[error("api.order.couponNotStarted")]
    NotStarted,
    #[error("api.order.couponExpired")]
    Expired,
    #[error("api.order.couponMinAmount")]
    BelowMinimum,
    #[error("api.order.couponUsedUp")]
    UsedUp,
    #[error("api.order.couponPerBuyer")]
    BuyerLimit,
    #[error("api.order.couponNotApplicable")]
    NotApplicable,
}

impl CouponRefusal {
    pub fn msg_key(self) -> String {
        self.to_string()
    }
}

/// Coupon codes are matched without regard to case or surrounding spaces.
pub fn normalize_code(code: &str) -> String {
    code.trim().to_ascii_uppercase()
}

impl Coupon {
    /// Whether the coupon applies at `now_ms` to goods of `goods_usd` for a
    /// buyer who used it `buyer_uses` times already.
    pub fn check(&self, now_ms: i64, goods_usd: i64, buyer_uses: i64) -> Result<CouponValue, CouponRefusal> {
        if self.rules.disabled {
            return Err(CouponRefusal::NotFound);
        }
        if now_ms < self.starts_at_ms {
            return Err(CouponRefusal::NotStarted);
        }
        if self.ends_at_ms.is_some_and(|end| now_ms >= end) {
            return Err(CouponRefusal::Expired);
        }
        if self.usage_limit.is_some_and(|limit| self.used >= limit) {
            return Err(CouponRefusal::UsedUp);
        }
        if self.per_buyer_limit.is_some_and(|limit| buyer_uses >= limit) {
            return Err(CouponRefusal::BuyerLimit);
        }
        if goods_usd < self.min_goods_usd {
            return Err(CouponRefusal::BelowMinimum);
        }
        Ok(self.value)
    }

    /// The coupon's value for an order in `currency`: a fixed amount set for
    /// that currency as is, else the US amount (converted at the order's rate).
    pub fn value_in(&self, currency: &str) -> CouponValue {
        match (self.value, self.rules.fixed_amounts.get(currency)) {
            (CouponValue::FixedUsd(_), Some(local)) => CouponValue::FixedLocal(*local),
            (value, _) => value,
        }
    }
}

/// The longest code, and the most products a coupon may name.
pub const MAX_CODE_LEN: usize = 32;
const MAX_PRODUCTS: usize = 200;
/// The largest fixed amount and minimum order (minor units): 1,000,000.00.
const MAX_AMOUNT: i64 = 100_000_000;

/// A coupon as staff wrote it in the console.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CouponDraft {
    pub code: String,
    pub percent: bool,
    /// Percent (1 to 100), or US cents off.
    pub amount: i64,
    pub min_goods_usd: i64,
    pub starts_at_ms: i64,
    /// 0: never ends.
    pub ends_at_ms: i64,
    /// 0: unlimited.
    pub usage_limit: i64,
    pub per_buyer_limit: i64,
    pub rules: CouponRules,
}

/// `draft` as a coupon, or every field it gets wrong.
pub fn check_draft(draft: CouponDraft) -> Result<Coupon, AppError> {
    let mut errors = FieldErrors::default();
    let code = normalize_code(&draft.code);
    if code.len() < 3
        || code.len() > MAX_CODE_LEN
        || !code.chars().all(|char| char.is_ascii_alphanumeric() || char == '-')
    {
        errors.add("code", "api.staff.couponCode");
    }
    let value = if draft.percent {
        if !(1..=100).contains(&draft.amount) {
            errors.add("amount", "api.field.outOfRange");
        }
        CouponValue::Percent(draft.amount)
    } else {
        if !(1..=MAX_AMOUNT).contains(&draft.amount) {
            errors.add("amount", "api.field.outOfRange");
        }
        CouponValue::FixedUsd(draft.amount)
    };
    let rules = draft.rules;
    if draft.percent && !rules.fixed_amounts.is_empty() {
        errors.add("fixedAmounts", "api.staff.fixedOnly");
    }
    let currency_code = |code: &String| code.len() == 3 && code.chars().all(|char| char.is_ascii_uppercase());
    if rules
        .fixed_amounts
        .iter()
        .any(|(currency, amount)| !currency_code(currency) || !(1..=MAX_AMOUNT).contains(amount))
    {
        errors.add("fixedAmounts", "api.field.invalid");
    }
    if !(0..=MAX_AMOUNT).contains(&draft.min_goods_usd) {
        errors.add("minGoodsUsd", "api.field.outOfRange");
    }
    if draft.starts_at_ms < 0 {
        errors.add("startsAt", "api.field.outOfRange");
    }
    if draft.ends_at_ms < 0 || (draft.ends_at_ms > 0 && draft.ends_at_ms <= draft.starts_at_ms) {
        errors.add("endsAt", "api.field.outOfRange");
    }
    for (field, limit) in [("usageLimit", draft.usage_limit), ("perBuyerLimit", draft.per_buyer_limit)] {
        if !(0..=1_000_000_000).contains(&limit) {
            errors.add(field, "api.field.outOfRange");
        }
    }
    if rules.product_ids.len() > MAX_PRODUCTS || rules.product_ids.iter().any(|id| *id <= 0) {
        errors.add("productIds", "api.field.invalid");
    }
    errors.finish()?;
    let limit = |value: i64| (value > 0).then_some(value);
    Ok(Coupon {
        code,
        value,
        min_goods_usd: draft.min_goods_usd,
        starts_at_ms: draft.starts_at_ms,
        ends_at_ms: limit(draft.ends_at_ms),
        usage_limit: limit(draft.usage_limit),
        used: 0,
        per_buyer_limit: limit(draft.per_buyer_limit),
        rules: CouponRules {
            product_ids: {
                let mut ids = rules.product_ids;
                ids.sort_unstable();
                ids.dedup();
                ids
            },
            product_types: {
                let mut types = rules.product_types;
                types.sort_by_key(|kind| kind.as_str());
                types.dedup();
                types
            },
            ..rules
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn coupon() -> Coupon {
        Coupon {
            code: "WELCOME10".to_owned(),
            value: CouponValue::Percent(10),
            min_goods_usd: 2000,
            starts_at_ms: 1_000,
            ends_at_ms: Some(5_000),
            usage_limit: Some(100),
            used: 0,
            per_buyer_limit: Some(1),
            rules: CouponRules::default(),
        }
    }

    #[test]
    fn applies_inside_its_window_and_limits() {
        assert_eq!(coupon().check(1_000, 2000, 0), Ok(CouponValue::Percent(10)));
        let open = Coupon { ends_at_ms: None, usage_limit: None, per_buyer_limit: None, ..coupon() };
        assert!(open.check(i64::MAX, 2000, 50).is_ok());
    }

    #[test]
    fn says_why_not() {
        assert_eq!(coupon().check(999, 2000, 0), Err(CouponRefusal::NotStarted));
        assert_eq!(coupon().check(5_000, 2000, 0), Err(CouponRefusal::Expired));
        assert_eq!(coupon().check(2_000, 1999, 0), Err(CouponRefusal::BelowMinimum));
        assert_eq!(Coupon { used: 100, ..coupon() }.check(2_000, 2000, 0), Err(CouponRefusal::UsedUp));
        assert_eq!(coupon().check(2_000, 2000, 1), Err(CouponRefusal::BuyerLimit));
        assert_eq!(CouponRefusal::Expired.msg_key(), "api.order.couponExpired");
    }

    #[test]
    fn a_disabled_coupon_is_no_coupon() {
        let off = Coupon { rules: CouponRules { disabled: true, ..CouponRules::default() }, ..coupon() };
        assert_eq!(off.check(2_000, 2000, 0), Err(CouponRefusal::NotFound));
    }

    #[test]
    fn restrictions_and_amounts_per_currency() {
        let open = CouponRules::default();
        assert!(open.covers(7, ProductType::Game));
        let dlc = CouponRules { product_types: vec![ProductType::Dlc], product_ids: vec![3], ..CouponRules::default() };
        assert!(dlc.covers(7, ProductType::Dlc) && dlc.covers(3, ProductType::Game));
        assert!(!dlc.covers(7, ProductType::Game));
        let euros = BTreeMap::from([("EUR".to_owned(), 450)]);
        let fixed = Coupon {
            value: CouponValue::FixedUsd(500),
            rules: CouponRules { fixed_amounts: euros, ..CouponRules::default() },
            ..coupon()
        };
        assert_eq!(fixed.value_in("EUR"), CouponValue::FixedLocal(450));
        assert_eq!(fixed.value_in("GBP"), CouponValue::FixedUsd(500));
        assert_eq!(coupon().value_in("EUR"), CouponValue::Percent(10));
    }

    fn draft() -> CouponDraft {
        CouponDraft {
            code: " spring-25 ".to_owned(),
            percent: false,
            amount: 500,
            min_goods_usd: 2000,
            starts_at_ms: 1_000,
            ends_at_ms: 0,
            usage_limit: 100,
            per_buyer_limit: 0,
            rules: CouponRules {
                product_ids: vec![9, 3, 9],
                fixed_amounts: BTreeMap::from([("EUR".to_owned(), 450)]),
                ..CouponRules::default()
            },
        }
    }

    #[test]
    fn staff_drafts_are_checked_field_by_field() {
        let coupon = check_draft(draft()).unwrap();
        assert_eq!((coupon.code.as_str(), coupon.value), ("SPRING-25", CouponValue::FixedUsd(500)));
        assert_eq!((coupon.ends_at_ms, coupon.usage_limit, coupon.per_buyer_limit), (None, Some(100), None));
        assert_eq!(coupon.rules.product_ids, [3, 9]);
        let wrong = CouponDraft {
            code: "a b".to_owned(),
            percent: true,
            amount: 101,
            ends_at_ms: 500,
            usage_limit: -1,
            ..draft()
        };
        let fields = check_draft(wrong).unwrap_err().fields;
        for field in ["code", "amount", "fixedAmounts", "endsAt", "usageLimit"] {
            assert!(fields.contains_key(field), "{field}: {fields:?}");
        }
        let bad_currency = CouponDraft {
            rules: CouponRules { fixed_amounts: BTreeMap::from([("eur".to_owned(), 1)]), ..CouponRules::default() },
            ..draft()
        };
        assert_eq!(check_draft(bad_currency).unwrap_err().fields["fixedAmounts"], "api.field.invalid");
    }

    #[test]
    fn codes_ignore_case_and_spaces() {
        assert_eq!(normalize_code("  welcome10 "), "WELCOME10");
    }
}
