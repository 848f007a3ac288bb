//! What a provider's hosted checkout is asked for, and amounts as providers
//! write them. The store keeps every currency in hundredths (its minor
//! unit, see `keyshop_core::money`); providers write some currencies
//! without decimals (JPY at Stripe and PayPal, HUF and TWD at PayPal), so a
//! yen amount goes out as whole yen and comes back times 100. An amount
//! with a fraction of such a currency cannot be charged exactly and is
//! refused rather than rounded.

/// One attempt to pay an order at a provider's hosted page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckoutRequest {
    /// Our session id: the provider's idempotency key and its reference back.
    pub session_id: String,
    pub order_no: String,
    /// Hundredths of `currency`.
    pub amount: i64,
    /// ISO 4217, upper case.
    pub currency: String,
    /// Where the provider sends the buyer after paying.
    pub success_url: String,
    /// Where the provider sends the buyer who gave up.
    pub cancel_url: String,
    /// Until when the provider's checkout may be paid (epoch seconds).
    pub expires_at: i64,
}

/// The amount in the provider's unit: hundredths, or whole units of a
/// currency in `zero_decimal`. `None` when it is not a whole number of them.
pub fn to_provider(minor: i64, currency: &str, zero_decimal: &[&str]) -> Option<i64> {
    if zero_decimal.iter().any(|code| code.eq_ignore_ascii_case(currency)) {
        (minor % 100 == 0).then_some(minor / 100)
    } else {
        Some(minor)
    }
}

/// The provider's amount back in hundredths.
pub fn from_provider(units: i64, currency: &str, zero_decimal: &[&str]) -> Option<i64> {
    if zero_decimal.iter().any(|code| code.eq_ignore_ascii_case(currency)) {
        units.checked_mul(100)
    } else {
        Some(units)
    }
}

/// The amount as a decimal string (`"19.99"`, or `"1350"` for whole units).
pub fn decimal(minor: i64, currency: &str, zero_decimal: &[&str]) -> Option<String> {
    if minor < 0 {
        return None;
    }
    let units = to_provider(minor, currency, zero_decimal)?;
    if units == minor { Some(format!("{}.{:02}", minor / 100, minor % 100)) } else { Some(units.to_string()) }
}

/// A decimal string as hundredths (`"19.99"` → 1999, `"1350"` → 135000 for
/// a whole-unit currency, `"5.5"` → 550). `None` for anything else.
pub fn parse_decimal(text: &str, currency: &str, zero_decimal: &[&str]) -> Option<i64> {
    let digits = |part: &str| !part.is_empty() && part.len() <= 15 && part.bytes().all(|byte| byte.is_ascii_digit());
    let (whole, fraction) = match text.split_once('.') {
        Some((whole, fraction)) if fraction.len() <= 2 && digits(fraction) => (whole, fraction),
        Some(_) => return None,
        None => (text, ""),
    };
    if !digits(whole) {
        return None;
    }
    let whole: i64 = whole.parse().ok()?;
    let hundredths: i64 = format!("{fraction:0<2}").parse().ok()?;
    let zero = zero_decimal.iter().any(|code| code.eq_ignore_ascii_case(currency));
    if zero && hundredths != 0 {
        return None;
    }
    whole.checked_mul(100)?.checked_add(hundredths)
}

#[cfg(test)]
mod tests {
    use super::*;

    const ZERO: &[&str] = &["JPY", "HUF"];

    #[test]
    fn whole_unit_currencies_go_out_in_whole_units() {
        assert_eq!(to_provider(1999, "EUR", ZERO), Some(1999));
        assert_eq!(to_provider(135_000, "JPY", ZERO), Some(1350));
        assert_eq!(to_provider(135_050, "jpy", ZERO), None, "half a yen cannot be charged");
        assert_eq!(from_provider(1350, "JPY", ZERO), Some(135_000));
        assert_eq!(from_provider(1999, "EUR", ZERO), Some(1999));
    }

    #[test]
    fn decimals_both_ways() {
        assert_eq!(decimal(1999, "EUR", ZERO).as_deref(), Some("19.99"));
        assert_eq!(decimal(5, "USD", ZERO).as_deref(), Some("0.05"));
        assert_eq!(decimal(135_000, "JPY", ZERO).as_deref(), Some("1350"));
        assert_eq!(decimal(135_001, "JPY", ZERO), None);
        assert_eq!(decimal(-1, "EUR", ZERO), None);
        assert_eq!(parse_decimal("19.99", "EUR", ZERO), Some(1999));
        assert_eq!(parse_decimal("5.5", "EUR", ZERO), Some(550));
        assert_eq!(parse_decimal("7", "EUR", ZERO), Some(700));
        assert_eq!(parse_decimal("1350", "JPY", ZERO), Some(135_000));
        for bad in ["", ".5", "1.", "1.234", "-1.00", "1,00", "1e3", "0x10", "1350.50"] {
            let currency = if bad == "1350.50" { "JPY" } else { "EUR" };
            assert_eq!(parse_decimal(bad, currency, ZERO), None, "{bad}");
        }
    }
}
