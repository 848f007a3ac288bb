//! Payment methods: which provider takes them, in which currencies, for what fee.

use keyshop_core::vocab::PaymentProvider;

/// A method as configured.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Method {
    pub code: String,
    pub provider: PaymentProvider,
    /// ISO codes, or `*` for every currency.
    pub currencies: Vec<String>,
    pub fee_basis_points: i64,
    pub fee_fixed_usd: i64,
}

impl Method {
    /// Whether the method takes `currency`.
    pub fn takes(&self, currency: &str) -> bool {
        self.currencies.iter().any(|code| code == "*" || code.eq_ignore_ascii_case(currency))
    }
}

/// The methods on offer in `currency`: those of enabled providers that take it.
pub fn on_offer<'a>(methods: &'a [Method], providers: &[PaymentProvider], currency: &str) -> Vec<&'a Method> {
    methods.iter().filter(|method| providers.contains(&method.provider) && method.takes(currency)).collect()
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
}
