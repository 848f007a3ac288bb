//! Countries and regions: the list (from libphonenumber's metadata, which
//! also gives the dialling code), phone numbers valid for a country, and
//! postal code formats for the largest markets (lenient elsewhere).

use std::str::FromStr;
use std::sync::OnceLock;

use phonenumber::country::Id;
use phonenumber::{Mode, metadata::DATABASE};
use regex::Regex;

/// A country or region the store knows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Country {
    pub code: String,
    pub dial_code: String,
    pub zip_example: String,
}

/// Postal code formats, ISO code → (pattern, example). Checked upper-cased
/// with surrounding spaces trimmed.
const ZIP_FORMATS: &[(&str, &str, &str)] = &[
    ("US", r"^\d{5}(-\d{4})?$", "94105"),
    ("CN", r"^\d{6}$", "100000"),
    ("JP", r"^\d{3}-?\d{4}$", "100-0001"),
    ("DE", r"^\d{5}$", "10115"),
    ("GB", r"^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$", "SW1A 1AA"),
    ("FR", r"^\d{5}$", "75001"),
    ("IN", r"^\d{6}$", "110001"),
    ("IT", r"^\d{5}$", "00118"),
    ("BR", r"^\d{5}-?\d{3}$", "01310-100"),
    ("CA", r"^[A-Z]\d[A-Z] ?\d[A-Z]\d$", "K1A 0B1"),
    ("KR", r"^\d{5}$", "03051"),
    ("RU", r"^\d{6}$", "101000"),
    ("AU", r"^\d{4}$", "2000"),
    ("ES", r"^\d{5}$", "28001"),
    ("MX", r"^\d{5}$", "06000"),
    ("ID", r"^\d{5}$", "10110"),
    ("NL", r"^\d{4} ?[A-Z]{2}$", "1012 AB"),
    ("SA", r"^\d{5}(-\d{4})?$", "11564"),
    ("TR", r"^\d{5}$", "06100"),
    ("CH", r"^\d{4}$", "8001"),
    ("PL", r"^\d{2}-\d{3}$", "00-001"),
    ("SE", r"^\d{3} ?\d{2}$", "111 22"),
    ("BE", r"^\d{4}$", "1000"),
    ("AT", r"^\d{4}$", "1010"),
    ("TW", r"^\d{3}(\d{2,3})?$", "100"),
    ("CZ", r"^\d{3} ?\d{2}$", "110 00"),
    ("RO", r"^\d{6}$", "010011"),
    ("HU", r"^\d{4}$", "1011"),
    ("PT", r"^\d{4}-\d{3}$", "1000-001"),
];

/// Elsewhere: letters, digits, spaces and dashes, 2 to 12 characters.
const LENIENT_ZIP: &str = r"^[A-Z0-9][A-Z0-9 \-]{1,11}$";

fn zip_patterns() -> &'static Vec<(&'static str, Regex)> {
    static PATTERNS: OnceLock<Vec<(&'static str, Regex)>> = OnceLock::new();
    PATTERNS.get_or_init(|| {
        ZIP_FORMATS
            .iter()
            .chain(std::iter::once(&("", LENIENT_ZIP, "")))
            .filter_map(|(code, pattern, _)| Regex::new(pattern).ok().map(|regex| (*code, regex)))
            .collect()
    })
}

/// Every country or region with a dialling code, by ISO code.
pub fn all() -> &'static [Country] {
    static COUNTRIES: OnceLock<Vec<Country>> = OnceLock::new();
    COUNTRIES.get_or_init(|| {
        let mut countries: Vec<Country> = DATABASE
            .iter()
            .filter(|meta| meta.id().len() == 2 && meta.id().bytes().all(|byte| byte.is_ascii_uppercase()))
            .map(|meta| Country {
                code: meta.id().to_owned(),
                dial_code: format!("+{}", meta.country_code()),
                zip_example: ZIP_FORMATS
                    .iter()
                    .find(|(code, _, _)| *code == meta.id())
                    .map(|(_, _, example)| (*example).to_owned())
                    .unwrap_or_default(),
            })
            .collect();
        countries.sort_by(|a, b| a.code.cmp(&b.code));
        countries.dedup_by(|a, b| a.code == b.code);
        countries
    })
}

/// The ISO code upper-cased when the store knows it.
pub fn normalize(code: &str) -> Option<String> {
    let code = code.trim().to_uppercase();
    all().iter().any(|country| country.code == code).then_some(code)
}

/// The number in E.164 when it is a valid number for `country` (a number
/// typed with its own `+code` is checked as such).
pub fn phone_e164(country: &str, phone: &str) -> Option<String> {
    let id = Id::from_str(country).ok();
    let number = phonenumber::parse(id, phone.trim()).ok()?;
    if !phonenumber::is_valid(&number) {
        return None;
    }
    if let Some(expected) = id
        && number.country().id() != Some(expected)
    {
        return None;
    }
    Some(number.format().mode(Mode::E164).to_string())
}

/// The postal code, upper-cased, when it has the country's format.
pub fn zip(country: &str, zip: &str) -> Option<String> {
    let zip = zip.trim().to_uppercase();
    let patterns = zip_patterns();
    let pattern = patterns
        .iter()
        .find(|(code, _)| *code == country)
        .or_else(|| patterns.iter().find(|(code, _)| code.is_empty()))?;
    pattern.1.is_match(&zip).then_some(zip)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_list_has_every_large_market_with_its_dialling_code() {
        let countries = all();
        assert!(countries.len() > 200, "{}", countries.len());
        let us = countries.iter().find(|country| country.code == "US").unwrap();
        assert_eq!((us.dial_code.as_str(), us.zip_example.as_str()), ("+1", "94105"));
        let de = countries.iter().find(|country| country.code == "DE").unwrap();
        assert_eq!(de.dial_code, "+49");
        for (code, _, example) in ZIP_FORMATS {
            assert!(countries.iter().any(|country| country.code == *code), "{code}");
            assert_eq!(zip(code, example).as_deref(), Some(*example), "{code} example");
        }
        assert_eq!(normalize(" de "), Some("DE".to_owned()));
        assert_eq!(normalize("XX"), None);
    }

    #[test]
    fn phones_must_be_valid_for_the_country() {
        assert_eq!(phone_e164("US", "(415) 555-2671").as_deref(), Some("+14155552671"));
        assert_eq!(phone_e164("DE", "030 901820").as_deref(), Some("+4930901820"));
        assert_eq!(phone_e164("GB", "+44 20 7946 0958").as_deref(), Some("+442079460958"));
        assert_eq!(phone_e164("US", "12345"), None);
        assert_eq!(phone_e164("US", "call me"), None);
        assert_eq!(phone_e164("DE", "+1 415 555 2671"), None, "another country's number");
    }

    #[test]
    fn zips_follow_the_country_format_and_are_lenient_elsewhere() {
        assert_eq!(zip("US", "94105-1234").as_deref(), Some("94105-1234"));
        assert_eq!(zip("US", "9410"), None);
        assert_eq!(zip("GB", "sw1a 1aa").as_deref(), Some("SW1A 1AA"));
        assert_eq!(zip("CA", "K1A0B1").as_deref(), Some("K1A0B1"));
        assert_eq!(zip("JP", "1000001").as_deref(), Some("1000001"));
        assert_eq!(zip("NL", "1012AB").as_deref(), Some("1012AB"));
        assert_eq!(zip("DE", "1011"), None);
        assert_eq!(zip("KE", "00100").as_deref(), Some("00100"));
        assert_eq!(zip("KE", "<script>"), None);
    }
}
