//! Money as integer minor units with an ISO 4217 currency; USD is the base.
//! Display follows the store's rule: symbol before the amount, 2 decimals,
//! thousands grouped by 3 with commas, amount × stored rate, and zero or no
//! amount shows 0.00.

use std::fmt;

/// An ISO 4217 code: three ASCII capital letters. Stored and sent as its
/// text (`EUR`).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    serde::Serialize,
    serde::Deserialize,
    diesel::expression::AsExpression,
    diesel::deserialize::FromSqlRow,
)]
#[serde(try_from = "String", into = "String")]
#[diesel(sql_type = diesel::sql_types::Text)]
pub struct CurrencyCode([u8; 3]);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoneyError {
    #[error("a currency code is three capital letters")]
    InvalidCurrency,
    #[error("an exchange rate must be greater than 0 and at most 1,000,000")]
    InvalidRate,
    #[error("the amount is too large")]
    Overflow,
    #[error("amounts in different currencies do not add up")]
    CurrencyMismatch,
}

impl CurrencyCode {
    pub const USD: CurrencyCode = CurrencyCode(*b"USD");

    pub fn parse(text: &str) -> Result<CurrencyCode, MoneyError> {
        let bytes: [u8; 3] = text.as_bytes().try_into().map_err(|_| MoneyError::InvalidCurrency)?;
        if bytes.iter().all(u8::is_ascii_uppercase) {
            Ok(CurrencyCode(bytes))
        } else {
            Err(MoneyError::InvalidCurrency)
        }
    }

    pub fn as_str(&self) -> &str {
        // Only ASCII capitals are ever stored.
        std::str::from_utf8(&self.0).unwrap_or("???")
    }
}

impl fmt::Display for CurrencyCode {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(self.as_str())
    }
}

impl TryFrom<String> for CurrencyCode {
    type Error = MoneyError;

    fn try_from(text: String) -> Result<CurrencyCode, MoneyError> {
        CurrencyCode::parse(&text)
    }
}

impl From<CurrencyCode> for String {
    fn from(code: CurrencyCode) -> String {
        code.as_str().to_owned()
    }
}

impl std::str::FromStr for CurrencyCode {
    type Err = MoneyError;

    fn from_str(text: &str) -> Result<CurrencyCode, MoneyError> {
        CurrencyCode::parse(text)
    }
}

impl utoipa::PartialSchema for CurrencyCode {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::String)
            .pattern(Some("^[A-Z]{3}$"))
            .description(Some("An ISO 4217 currency code"))
            .examples(["EUR"])
            .into()
    }
}

impl utoipa::ToSchema for CurrencyCode {}

crate::sql_text!(CurrencyCode, |code| code.as_str(), |text| CurrencyCode::parse(&text));

/// Units of a currency per 1 USD, in millionths (0.92 is 920,000).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ExchangeRate(i64);

impl ExchangeRate {
    pub const MICROS_PER_UNIT: i64 = 1_000_000;
    pub const ONE: ExchangeRate = ExchangeRate(Self::MICROS_PER_UNIT);
    const MAX_MICROS: i64 = 1_000_000 * Self::MICROS_PER_UNIT;

    pub fn from_micros(micros: i64) -> Result<ExchangeRate, MoneyError> {
        if micros > 0 && micros <= Self::MAX_MICROS { Ok(ExchangeRate(micros)) } else { Err(MoneyError::InvalidRate) }
    }

    /// Parses a decimal like `0.92` or `1350.5` (at most 6 decimals).
    pub fn parse_decimal(text: &str) -> Result<ExchangeRate, MoneyError> {
        let text = text.trim();
        let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
        let digits_only = |part: &str| part.bytes().all(|byte| byte.is_ascii_digit());
        if whole.is_empty() || !digits_only(whole) || !digits_only(fraction) || fraction.len() > 6 {
            return Err(MoneyError::InvalidRate);
        }
        let whole: i64 = whole.parse().map_err(|_| MoneyError::InvalidRate)?;
        let fraction_micros: i64 = format!("{fraction:0<6}").parse().map_err(|_| MoneyError::InvalidRate)?;
        let micros = whole
            .checked_mul(Self::MICROS_PER_UNIT)
            .and_then(|micros| micros.checked_add(fraction_micros))
            .ok_or(MoneyError::InvalidRate)?;
        ExchangeRate::from_micros(micros)
    }

    pub fn micros(self) -> i64 {
        self.0
    }

    pub fn as_f64(self) -> f64 {
        self.0 as f64 / Self::MICROS_PER_UNIT as f64
    }

    /// Converts USD minor units into minor units of the rate's currency,
    /// rounding half away from zero at the minor unit.
    pub fn convert(self, usd_minor: i64) -> Result<i64, MoneyError> {
        let product = i128::from(usd_minor) * i128::from(self.0);
        let divisor = i128::from(Self::MICROS_PER_UNIT);
        let half = divisor / 2;
        let rounded = if product >= 0 { (product + half) / divisor } else { (product - half) / divisor };
        i64::try_from(rounded).map_err(|_| MoneyError::Overflow)
    }
}

impl fmt::Display for ExchangeRate {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        let whole = self.0 / Self::MICROS_PER_UNIT;
        let fraction = format!("{:06}", self.0 % Self::MICROS_PER_UNIT);
        let fraction = fraction.trim_end_matches('0');
        if fraction.is_empty() { write!(formatter, "{whole}") } else { write!(formatter, "{whole}.{fraction}") }
    }
}

/// An amount in minor units of a currency (cents for USD). Arithmetic is
/// checked: an overflow or a mix of currencies is an error, never a wrap.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Money {
    pub minor: i64,
    pub currency: CurrencyCode,
}

impl Money {
    pub const fn new(minor: i64, currency: CurrencyCode) -> Money {
        Money { minor, currency }
    }

    pub const fn usd(minor: i64) -> Money {
        Money { minor, currency: CurrencyCode::USD }
    }

    pub const fn zero(currency: CurrencyCode) -> Money {
        Money { minor: 0, currency }
    }

    pub fn checked_add(self, other: Money) -> Result<Money, MoneyError> {
        self.same_currency(other)?;
        self.minor.checked_add(other.minor).map(|minor| Money { minor, ..self }).ok_or(MoneyError::Overflow)
    }

    pub fn checked_sub(self, other: Money) -> Result<Money, MoneyError> {
        self.same_currency(other)?;
        self.minor.checked_sub(other.minor).map(|minor| Money { minor, ..self }).ok_or(MoneyError::Overflow)
    }

    /// `quantity` times the amount.
    pub fn checked_times(self, quantity: i64) -> Result<Money, MoneyError> {
        self.minor.checked_mul(quantity).map(|minor| Money { minor, ..self }).ok_or(MoneyError::Overflow)
    }

    /// The sum of `amounts` in `currency` (zero for none).
    pub fn checked_sum(currency: CurrencyCode, amounts: impl IntoIterator<Item = Money>) -> Result<Money, MoneyError> {
        amounts.into_iter().try_fold(Money::zero(currency), Money::checked_add)
    }

    pub fn is_positive(self) -> bool {
        self.minor > 0
    }

    fn same_currency(self, other: Money) -> Result<(), MoneyError> {
        if self.currency == other.currency { Ok(()) } else { Err(MoneyError::CurrencyMismatch) }
    }
}

impl fmt::Display for Money {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "{} {}", format_minor(self.minor), self.currency)
    }
}

/// Formats minor units with 2 decimals and comma-grouped thousands:
/// `123456` → `1,234.56`, `-5` → `-0.05`.
pub fn format_minor(minor: i64) -> String {
    let negative = minor < 0;
    let magnitude = minor.unsigned_abs();
    let whole = (magnitude / 100).to_string();
    let cents = magnitude % 100;
    let mut grouped = String::with_capacity(whole.len() + whole.len() / 3 + 4);
    for (index, digit) in whole.chars().enumerate() {
        if index > 0 && (whole.len() - index).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    let sign = if negative { "-" } else { "" };
    format!("{sign}{grouped}.{cents:02}")
}

/// The store's display rule: `symbol` + the USD amount converted at `rate`;
/// no amount or zero shows `symbol0.00`.
pub fn display_price(usd_minor: Option<i64>, rate: ExchangeRate, symbol: &str) -> String {
    let converted = usd_minor.and_then(|minor| rate.convert(minor).ok()).unwrap_or(0);
    format!("{symbol}{}", format_minor(converted))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn formats_like_the_spec() {
        assert_eq!(display_price(Some(123_456), ExchangeRate::parse_decimal("0.92").unwrap(), "€"), "€1,135.80");
        assert_eq!(display_price(Some(499), ExchangeRate::ONE, "$"), "$4.99");
        assert_eq!(display_price(Some(0), ExchangeRate::ONE, "$"), "$0.00");
        assert_eq!(display_price(None, ExchangeRate::ONE, "£"), "£0.00");
        assert_eq!(display_price(Some(100_000_000), ExchangeRate::ONE, "$"), "$1,000,000.00");
        assert_eq!(display_price(Some(1999), ExchangeRate::parse_decimal("150.25").unwrap(), "¥"), "¥3,003.50");
        assert_eq!(format_minor(-123_456), "-1,234.56");
        assert_eq!(format_minor(5), "0.05");
    }

    #[test]
    fn money_adds_up_in_one_currency_and_never_wraps() {
        let euro = CurrencyCode::parse("EUR").unwrap();
        let price = Money::new(1999, euro);
        assert_eq!(price.checked_times(3).unwrap(), Money::new(5997, euro));
        assert_eq!(price.checked_add(Money::new(1, euro)).unwrap().to_string(), "20.00 EUR");
        assert_eq!(price.checked_add(Money::usd(1)), Err(MoneyError::CurrencyMismatch));
        assert_eq!(Money::new(i64::MAX, euro).checked_add(Money::new(1, euro)), Err(MoneyError::Overflow));
        assert_eq!(Money::new(i64::MAX, euro).checked_times(2), Err(MoneyError::Overflow));
        assert_eq!(Money::checked_sum(euro, [price, price]).unwrap().minor, 3998);
        assert_eq!(serde_json::to_string(&euro).unwrap(), "\"EUR\"");
        assert!(serde_json::from_str::<CurrencyCode>("\"eur\"").is_err());
    }

    #[test]
    fn converts_rounding_half_away_from_zero() {
        let rate = ExchangeRate::parse_decimal("0.5").unwrap();
        assert_eq!(rate.convert(1).unwrap(), 1);
        assert_eq!(rate.convert(-1).unwrap(), -1);
        assert_eq!(rate.convert(3).unwrap(), 2);
    }

    #[test]
    fn parses_rates_and_currency_codes() {
        assert_eq!(ExchangeRate::parse_decimal("1").unwrap().micros(), 1_000_000);
        assert_eq!(ExchangeRate::parse_decimal("0.000001").unwrap().micros(), 1);
        assert_eq!(ExchangeRate::parse_decimal("1350.5").unwrap().to_string(), "1350.5");
        for bad in ["", "0", "-1", "1.0000001", "abc", "1.2.3", ".5", "1e3", "2000000"] {
            assert!(ExchangeRate::parse_decimal(bad).is_err(), "{bad}");
        }
        assert_eq!(CurrencyCode::parse("EUR").unwrap().as_str(), "EUR");
        for bad in ["eur", "EU", "EURO", "E1R", ""] {
            assert!(CurrencyCode::parse(bad).is_err(), "{bad}");
        }
    }

    proptest! {
        #[test]
        fn always_two_decimals_and_groups_of_three(minor in any::<i64>()) {
            let text = format_minor(minor);
            let unsigned = text.trim_start_matches('-');
            let (whole, cents) = unsigned.split_once('.').unwrap();
            prop_assert_eq!(cents.len(), 2);
            let groups: Vec<&str> = whole.split(',').collect();
            prop_assert!(!groups[0].is_empty() && groups[0].len() <= 3);
            prop_assert!(groups[1..].iter().all(|group| group.len() == 3));
            let digits: String = unsigned.chars().filter(char::is_ascii_digit).collect();
            let expected = minor.unsigned_abs().to_string();
            prop_assert_eq!(digits.trim_start_matches('0'), expected.trim_start_matches('0'));
        }

        #[test]
        fn conversion_is_monotonic_and_one_is_identity(a in -1_000_000_000i64..1_000_000_000, b in -1_000_000_000i64..1_000_000_000, micros in 1i64..1_000_000_000) {
            let rate = ExchangeRate::from_micros(micros).unwrap();
            let (low, high) = if a <= b { (a, b) } else { (b, a) };
            prop_assert!(rate.convert(low).unwrap() <= rate.convert(high).unwrap());
            prop_assert_eq!(ExchangeRate::ONE.convert(a).unwrap(), a);
        }

        #[test]
        fn rate_text_round_trips(micros in 1i64..=1_000_000_000_000) {
            let rate = ExchangeRate::from_micros(micros).unwrap();
            prop_assert_eq!(ExchangeRate::parse_decimal(&rate.to_string()).unwrap(), rate);
        }
    }
}
