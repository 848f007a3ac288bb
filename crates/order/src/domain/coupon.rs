//! Coupons: whether one applies to an order, and the message when not.

use super::pricing::CouponValue;

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
    fn codes_ignore_case_and_spaces() {
        assert_eq!(normalize_code("  welcome10 "), "WELCOME10");
    }
}
