//! Payment methods: which provider takes them, in which currencies, for what
//! fee (a fee per currency where staff set one), and whether staff switched
//! them off. An edit from the console is checked here, every field at once.

use keyshop_core::error::{AppError, FieldErrors};
use keyshop_core::vocab::PaymentProvider;

/// The highest percentage fee: 20.00 %.
pub const MAX_FEE_BASIS_POINTS: i64 = 2_000;
/// The highest fixed fee: 100.00 US dollars.
pub const MAX_FEE_FIXED_USD: i64 = 10_000;

/// A fee in one currency, in place of the method's own.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CurrencyFee {
    pub currency: String,
    pub fee_basis_points: i64,
    /// US cents, converted at the order's rate.
    pub fee_fixed_usd: i64,
}

/// A method as configured.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Method {
    pub code: String,
    pub provider: PaymentProvider,
    /// ISO codes, or `*` for every currency.
    pub currencies: Vec<String>,
    pub fee_basis_points: i64,
    pub fee_fixed_usd: i64,
    pub enabled: bool,
    pub version: i64,
    /// Fees in particular currencies.
    pub fees: Vec<CurrencyFee>,
}

impl Method {
    /// Whether the method takes `currency`.
    pub fn takes(&self, currency: &str) -> bool {
        self.currencies.iter().any(|code| code == "*" || code.eq_ignore_ascii_case(currency))
    }

    /// The method as offered in `currency`: that currency's fee when it has one.
    pub fn in_currency(&self, currency: &str) -> Method {
        let mut offered = self.clone();
        if let Some(fee) = self.fees.iter().find(|fee| fee.currency.eq_ignore_ascii_case(currency)) {
            offered.fee_basis_points = fee.fee_basis_points;
            offered.fee_fixed_usd = fee.fee_fixed_usd;
        }
        offered
    }
}

/// The methods on offer in `currency`: the switched-on ones of enabled
/// providers that take it, each with that currency's fee.
pub fn on_offer(methods: &[Method], providers: &[PaymentProvider], currency: &str) -> Vec<Method> {
    methods
        .iter()
        .filter(|method| method.enabled && providers.contains(&method.provider) && method.takes(currency))
        .map(|method| method.in_currency(currency))
        .collect()
}

/// What staff may change of a method.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MethodEdit {
    pub enabled: bool,
    /// ISO codes, or `["*"]` for every currency.
    pub currencies: Vec<String>,
    pub fee_basis_points: i64,
    pub fee_fixed_usd: i64,
    pub fees: Vec<CurrencyFee>,
}

fn is_code(code: &str) -> bool {
    code.len() == 3 && code.bytes().all(|byte| byte.is_ascii_uppercase())
}

fn check_fee(errors: &mut FieldErrors, field: &str, basis_points: i64, fixed_usd: i64) {
    if !(0..=MAX_FEE_BASIS_POINTS).contains(&basis_points) {
        errors.add(format!("{field}feeBasisPoints"), "api.field.outOfRange");
    }
    if !(0..=MAX_FEE_FIXED_USD).contains(&fixed_usd) {
        errors.add(format!("{field}feeFixedUsd"), "api.field.outOfRange");
    }
}

/// Checks an edit: ISO codes (upper case, each once) or `*` alone, fees of
/// at most 20 % and 100 US dollars, a fee per currency only for a currency
/// the method takes, each once.
pub fn check_edit(raw: MethodEdit) -> Result<MethodEdit, AppError> {
    let mut errors = FieldErrors::default();
    let currencies: Vec<String> = raw.currencies.iter().map(|code| code.trim().to_ascii_uppercase()).collect();
    let every = currencies.iter().any(|code| code == "*");
    if currencies.is_empty() || (every && currencies.len() > 1) {
        errors.add("currencies", "api.field.invalid");
    }
    for (index, code) in currencies.iter().enumerate() {
        if code != "*" && (!is_code(code) || currencies[..index].contains(code)) {
            errors.add(format!("currencies[{index}]"), "api.field.invalid");
        }
    }
    check_fee(&mut errors, "", raw.fee_basis_points, raw.fee_fixed_usd);
    let mut fees: Vec<CurrencyFee> = Vec::new();
    for (index, fee) in raw.fees.into_iter().enumerate() {
        let field = format!("fees[{index}].");
        let currency = fee.currency.trim().to_ascii_uppercase();
        let taken = every || currencies.contains(&currency);
        if !is_code(&currency) || !taken || fees.iter().any(|kept| kept.currency == currency) {
            errors.add(format!("{field}currency"), "api.field.invalid");
        }
        check_fee(&mut errors, &field, fee.fee_basis_points, fee.fee_fixed_usd);
        fees.push(CurrencyFee { currency, ..fee });
    }
    errors.finish()?;
    Ok(MethodEdit {
        enabled: raw.enabled,
        currencies,
        fee_basis_points: raw.fee_basis_points,
        fee_fixed_usd: raw.fee_fixed_usd,
        fees,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn method(code: &str, provider: PaymentProvider, currencies: &[&str]) -> Method {
        Method {
            code: code.to_owned(),
            provider,
            currencies: currencies.iter().map(|code| (*code).to_owned()).collect(),
            fee_basis_points: 0,
            fee_fixed_usd: 0,
            enabled: true,
            version: 1,
            fees: Vec::new(),
        }
    }

    #[test]
    fn offers_only_enabled_providers_in_their_currencies() {
        let methods = [
            method("card-sandbox", PaymentProvider::Sandbox, &["*"]),
            method("card", PaymentProvider::Stripe, &["USD", "EUR"]),
            method("paypal", PaymentProvider::Paypal, &["USD"]),
        ];
        let enabled = [PaymentProvider::Sandbox, PaymentProvider::Stripe];
        let codes =
            |currency| on_offer(&methods, &enabled, currency).iter().map(|m| m.code.clone()).collect::<Vec<_>>();
        assert_eq!(codes("eur"), ["card-sandbox", "card"]);
        assert_eq!(codes("JPY"), ["card-sandbox"]);
        assert_eq!(codes("USD"), ["card-sandbox", "card"], "paypal is not enabled");
    }

    #[test]
    fn a_switched_off_method_is_not_offered_and_a_currency_fee_wins() {
        let mut card = method("card", PaymentProvider::Stripe, &["USD", "EUR"]);
        card.fee_basis_points = 290;
        card.fee_fixed_usd = 30;
        card.fees = vec![CurrencyFee { currency: "EUR".into(), fee_basis_points: 150, fee_fixed_usd: 25 }];
        let offered = on_offer(std::slice::from_ref(&card), &[PaymentProvider::Stripe], "eur");
        assert_eq!((offered[0].fee_basis_points, offered[0].fee_fixed_usd), (150, 25));
        let offered = on_offer(std::slice::from_ref(&card), &[PaymentProvider::Stripe], "USD");
        assert_eq!((offered[0].fee_basis_points, offered[0].fee_fixed_usd), (290, 30));
        card.enabled = false;
        assert!(on_offer(&[card], &[PaymentProvider::Stripe], "USD").is_empty());
    }

    #[test]
    fn an_edit_is_checked_field_by_field() {
        let good = MethodEdit {
            enabled: true,
            currencies: vec!["usd".into(), " EUR".into()],
            fee_basis_points: 250,
            fee_fixed_usd: 30,
            fees: vec![CurrencyFee { currency: "eur".into(), fee_basis_points: 100, fee_fixed_usd: 0 }],
        };
        let checked = check_edit(good.clone()).unwrap();
        assert_eq!(checked.currencies, ["USD", "EUR"]);
        assert_eq!(checked.fees[0].currency, "EUR");
        let bad = MethodEdit {
            currencies: vec!["USD".into(), "usd".into(), "EURO".into()],
            fee_basis_points: 2_001,
            fee_fixed_usd: -1,
            fees: vec![
                CurrencyFee { currency: "JPY".into(), fee_basis_points: 0, fee_fixed_usd: 0 },
                CurrencyFee { currency: "USD".into(), fee_basis_points: -5, fee_fixed_usd: 0 },
            ],
            ..good
        };
        let error = check_edit(bad).unwrap_err();
        let fields: Vec<&str> = error.fields.keys().map(String::as_str).collect();
        assert_eq!(
            fields,
            [
                "currencies[1]",
                "currencies[2]",
                "feeBasisPoints",
                "feeFixedUsd",
                "fees[0].currency",
                "fees[1].feeBasisPoints"
            ]
        );
        let every = MethodEdit { currencies: vec!["*".into(), "USD".into()], ..check_edit(good).unwrap() };
        assert!(check_edit(every).unwrap_err().fields.contains_key("currencies"));
    }
}
