//! Suggests a language and a currency for a visitor from the browser's
//! Accept-Language and, when known, the country of the IP address.

use keyshop_core::i18n::parse_accept_language;

use super::language;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    GeoIp,
    AcceptLanguage,
    Default,
}

impl Source {
    pub fn as_str(self) -> &'static str {
        match self {
            Source::GeoIp => "geoip",
            Source::AcceptLanguage => "accept-language",
            Source::Default => "default",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Suggestion {
    pub language: &'static str,
    pub currency: String,
    /// ISO 3166-1 alpha-2, when known.
    pub country: Option<String>,
    pub source: Source,
}

/// The region subtag of a tag (`de-AT` → `AT`), if it is a country code.
fn region_of(tag: &str) -> Option<String> {
    tag.replace('_', "-")
        .split('-')
        .skip(1)
        .find(|part| part.len() == 2 && part.bytes().all(|byte| byte.is_ascii_alphabetic()))
        .map(str::to_ascii_uppercase)
}

const EURO_COUNTRIES: [&str; 20] = [
    "AT", "BE", "CY", "DE", "EE", "ES", "FI", "FR", "GR", "HR", "IE", "IT", "LT", "LU", "LV", "MT", "NL", "PT", "SI",
    "SK",
];

/// The currency people in `country` pay in, if the store has one for it.
pub fn currency_of_country(country: &str) -> Option<&'static str> {
    if EURO_COUNTRIES.contains(&country) {
        return Some("EUR");
    }
    Some(match country {
        "US" => "USD",
        "GB" => "GBP",
        "JP" => "JPY",
        "CN" => "CNY",
        "KR" => "KRW",
        "RU" => "RUB",
        "BR" => "BRL",
        "PL" => "PLN",
        "TR" => "TRY",
        "CZ" => "CZK",
        "HU" => "HUF",
        "RO" => "RON",
        "AU" => "AUD",
        "CA" => "CAD",
        "CH" | "LI" => "CHF",
        _ => return None,
    })
}

/// The store language most people in `country` read.
pub fn language_of_country(country: &str) -> Option<&'static str> {
    Some(match country {
        "DE" | "AT" | "CH" | "LI" => "de",
        "FR" | "BE" | "LU" | "MC" => "fr",
        "ES" | "MX" | "AR" | "CO" | "CL" | "PE" | "VE" | "UY" => "es",
        "IT" | "SM" => "it",
        "NL" => "nl",
        "PL" => "pl",
        "PT" | "BR" | "AO" | "MZ" => "pt",
        "RO" | "MD" => "ro",
        "RU" | "BY" | "KZ" => "ru",
        "TR" => "tr",
        "CZ" => "cz",
        "HU" => "hu",
        "JP" => "ja",
        "KR" => "ko",
        "CN" | "SG" => "zh-CN",
        "TW" | "HK" | "MO" => "zh-TW",
        "SA" | "AE" | "EG" | "QA" | "KW" | "BH" | "OM" | "JO" | "MA" | "DZ" | "TN" | "IQ" => "ar",
        "US" | "GB" | "AU" | "CA" | "IE" | "NZ" => "en-US",
        _ => return None,
    })
}

/// The currency to offer a reader of `language` when the country is unknown.
pub fn currency_of_language(language: &str) -> &'static str {
    match language {
        "de" | "fr" | "es" | "it" | "nl" => "EUR",
        "ja" => "JPY",
        "ko" => "KRW",
        "zh-CN" => "CNY",
        "ru" => "RUB",
        "pl" => "PLN",
        "tr" => "TRY",
        "cz" => "CZK",
        "hu" => "HUF",
        "ro" => "RON",
        "pt" => "BRL",
        _ => "USD",
    }
}

/// The suggestion for a visitor. `offered` is the list of currency codes the
/// store sells in; a currency outside it falls back to USD.
pub fn suggest(accept_language: &str, geo_country: Option<&str>, offered: &[String]) -> Suggestion {
    let tags = parse_accept_language(accept_language);
    let browser_language = tags.iter().find_map(|tag| language::normalize(tag));
    let geo_country = geo_country.map(str::to_ascii_uppercase).filter(|code| code.len() == 2);
    let country = geo_country.clone().or_else(|| tags.first().and_then(|tag| region_of(tag)));
    let source = if geo_country.is_some() {
        Source::GeoIp
    } else if browser_language.is_some() {
        Source::AcceptLanguage
    } else {
        Source::Default
    };
    let language =
        browser_language.or_else(|| country.as_deref().and_then(language_of_country)).unwrap_or(language::DEFAULT);
    let wanted = country.as_deref().and_then(currency_of_country).unwrap_or_else(|| currency_of_language(language));
    let currency = if offered.iter().any(|code| code == wanted) { wanted } else { "USD" };
    Suggestion { language, currency: currency.to_owned(), country, source }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn offered() -> Vec<String> {
        ["USD", "EUR", "GBP", "JPY", "CNY", "KRW", "RUB", "BRL", "PLN", "TRY", "CZK", "HUF", "RON", "AUD", "CAD", "CHF"]
            .map(String::from)
            .to_vec()
    }

    #[test]
    fn the_browser_language_and_its_region_decide_without_geoip() {
        let suggestion = suggest("de-AT,de;q=0.9,en;q=0.5", None, &offered());
        assert_eq!((suggestion.language, suggestion.currency.as_str()), ("de", "EUR"));
        assert_eq!(suggestion.country.as_deref(), Some("AT"));
        assert_eq!(suggestion.source, Source::AcceptLanguage);

        let suggestion = suggest("en-GB", None, &offered());
        assert_eq!((suggestion.language, suggestion.currency.as_str()), ("en-US", "GBP"));

        let suggestion = suggest("ja", None, &offered());
        assert_eq!((suggestion.language, suggestion.currency.as_str()), ("ja", "JPY"));

        let suggestion = suggest("zh-TW", None, &offered());
        assert_eq!((suggestion.language, suggestion.currency.as_str()), ("zh-TW", "USD"));
    }

    #[test]
    fn geoip_decides_the_currency_and_the_fallback_language() {
        let suggestion = suggest("en-US", Some("pl"), &offered());
        assert_eq!((suggestion.language, suggestion.currency.as_str()), ("en-US", "PLN"));
        assert_eq!(suggestion.source, Source::GeoIp);

        let suggestion = suggest("", Some("JP"), &offered());
        assert_eq!((suggestion.language, suggestion.currency.as_str()), ("ja", "JPY"));
    }

    #[test]
    fn nothing_known_gives_the_defaults() {
        let suggestion = suggest("", None, &offered());
        assert_eq!((suggestion.language, suggestion.currency.as_str()), ("en-US", "USD"));
        assert_eq!(suggestion.source, Source::Default);
        assert_eq!(suggestion.country, None);
    }

    #[test]
    fn a_currency_the_store_does_not_offer_falls_back_to_usd() {
        let suggestion = suggest("de-DE", None, &["USD".to_owned()]);
        assert_eq!(suggestion.currency, "USD");
    }
}
