use keyshop_core::FieldErrors;
use keyshop_core::error::AppError;
use keyshop_core::money::{CurrencyCode, ExchangeRate};

/// A currency the store offers.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Currency {
    pub code: String,
    pub symbol: String,
    pub name: String,
    pub rate_micros: i64,
    pub updated_at_ms: i64,
}

/// A validated request to change a rate.
#[derive(Debug, Clone, Copy)]
pub struct RateChange {
    pub code: CurrencyCode,
    pub rate: ExchangeRate,
}

impl RateChange {
    pub fn parse(code: &str, rate_micros: i64) -> Result<RateChange, AppError> {
        let mut errors = FieldErrors::default();
        let code = CurrencyCode::parse(code).map_err(|_| errors.add("code", "api.field.invalid")).ok();
        let rate = ExchangeRate::from_micros(rate_micros).map_err(|_| errors.add("rate", "api.field.outOfRange")).ok();
        match (code, rate) {
            (Some(code), Some(rate)) if errors.is_empty() => Ok(RateChange { code, rate }),
            _ => Err(errors.into_error()),
        }
    }
}

/// USD is the base: its rate is 1 by definition.
pub fn check_not_base(change: &RateChange) -> Result<(), AppError> {
    if change.code == CurrencyCode::USD && change.rate != ExchangeRate::ONE {
        return Err(AppError::field("rate", "api.field.outOfRange").with_detail("USD is the base currency"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_or_names_each_bad_field() {
        assert!(RateChange::parse("EUR", 920_000).is_ok());
        let error = RateChange::parse("eu", 0).unwrap_err();
        assert_eq!(error.fields.len(), 2);
        assert_eq!(error.fields["code"], "api.field.invalid");
        assert_eq!(error.fields["rate"], "api.field.outOfRange");
    }

    #[test]
    fn the_base_currency_stays_at_one() {
        assert!(check_not_base(&RateChange::parse("USD", 2_000_000).unwrap()).is_err());
        assert!(check_not_base(&RateChange::parse("USD", 1_000_000).unwrap()).is_ok());
        assert!(check_not_base(&RateChange::parse("EUR", 2_000_000).unwrap()).is_ok());
    }
}
