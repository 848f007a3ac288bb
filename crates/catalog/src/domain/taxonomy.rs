//! The store's fixed vocabularies: product types, activation platforms,
//! genres and regions (with the countries where a region's keys activate).
//! Codes are unique across all four, so one code names one list page.

/// What a navigation code names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    Type,
    Platform,
    Genre,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Type => "type",
            Kind::Platform => "platform",
            Kind::Genre => "genre",
        }
    }
}

pub const TYPES: [&str; 6] = ["game", "dlc", "software", "gift-card", "subscription", "in-game-currency"];

pub const PLATFORMS: [&str; 11] = [
    "steam",
    "epic",
    "gog",
    "xbox",
    "playstation",
    "nintendo",
    "ea-app",
    "ubisoft-connect",
    "battle-net",
    "microsoft-store",
    "rockstar",
];

pub const GENRES: [&str; 16] = [
    "action",
    "adventure",
    "rpg",
    "strategy",
    "shooter",
    "sports",
    "racing",
    "simulation",
    "puzzle",
    "horror",
    "indie",
    "casual",
    "fighting",
    "platformer",
    "survival",
    "mmo",
];

const EUROPE: &[&str] = &[
    "AT", "BE", "BG", "HR", "CY", "CZ", "DK", "EE", "FI", "FR", "DE", "GR", "HU", "IE", "IT", "LV", "LT", "LU", "MT",
    "NL", "PL", "PT", "RO", "SK", "SI", "ES", "SE", "IS", "LI", "NO", "CH", "GB",
];
const NORTH_AMERICA: &[&str] = &["US", "CA"];
const LATIN_AMERICA: &[&str] =
    &["AR", "BO", "BR", "CL", "CO", "CR", "DO", "EC", "SV", "GT", "HN", "MX", "NI", "PA", "PY", "PE", "UY", "VE"];
const ASIA: &[&str] = &["CN", "HK", "ID", "IN", "JP", "KR", "MY", "PH", "SG", "TH", "TW", "VN"];

/// Regions and the countries (ISO 3166-1 alpha-2) where their keys activate;
/// an empty list means worldwide.
pub const REGIONS: [(&str, &[&str]); 10] = [
    ("global", &[]),
    ("europe", EUROPE),
    ("north-america", NORTH_AMERICA),
    ("latin-america", LATIN_AMERICA),
    ("asia", ASIA),
    ("united-kingdom", &["GB"]),
    ("germany", &["DE", "AT", "CH"]),
    ("turkey", &["TR"]),
    ("japan", &["JP"]),
    ("brazil", &["BR"]),
];

pub const STOCK_STATES: [&str; 4] = ["in_stock", "low", "out_of_stock", "preorder"];

pub fn is_type(code: &str) -> bool {
    TYPES.contains(&code)
}

pub fn is_platform(code: &str) -> bool {
    PLATFORMS.contains(&code)
}

pub fn is_genre(code: &str) -> bool {
    GENRES.contains(&code)
}

pub fn is_region(code: &str) -> bool {
    REGIONS.iter().any(|(region, _)| *region == code)
}

fn position(codes: &[&str], code: &str) -> Option<u8> {
    codes.iter().position(|known| *known == code).and_then(|index| u8::try_from(index).ok())
}

/// Index of a type code in [`TYPES`].
pub fn type_index(code: &str) -> Option<u8> {
    position(&TYPES, code)
}

/// Index of a platform code in [`PLATFORMS`].
pub fn platform_index(code: &str) -> Option<u8> {
    position(&PLATFORMS, code)
}

/// Index of a genre code in [`GENRES`].
pub fn genre_index(code: &str) -> Option<u8> {
    position(&GENRES, code)
}

/// Index of a region code in [`REGIONS`].
pub fn region_index(code: &str) -> Option<u8> {
    REGIONS.iter().position(|(known, _)| *known == code).and_then(|index| u8::try_from(index).ok())
}

/// Index of a language code in the store's 18 languages.
pub fn language_index(code: &str) -> Option<u8> {
    position(&keyshop_core::i18n::SUPPORTED, code)
}

/// The countries where keys of `region` activate (empty: worldwide).
pub fn countries_of(region: &str) -> &'static [&'static str] {
    REGIONS.iter().find(|(code, _)| *code == region).map_or(&[], |(_, countries)| *countries)
}

/// Which list a navigation code names.
pub fn kind_of(code: &str) -> Option<Kind> {
    if is_type(code) {
        Some(Kind::Type)
    } else if is_platform(code) {
        Some(Kind::Platform)
    } else if is_genre(code) {
        Some(Kind::Genre)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn codes_are_unique_across_kinds() {
        let mut seen = HashSet::new();
        for code in TYPES.iter().chain(&PLATFORMS).chain(&GENRES) {
            assert!(seen.insert(*code), "{code} appears twice");
        }
        assert_eq!(kind_of("steam"), Some(Kind::Platform));
        assert_eq!(kind_of("dlc"), Some(Kind::Type));
        assert_eq!(kind_of("rpg"), Some(Kind::Genre));
        assert_eq!(kind_of("global"), None);
    }

    #[test]
    fn indexes_fit_their_masks() {
        assert!(PLATFORMS.len() <= 32 && GENRES.len() <= 32 && TYPES.len() <= 32 && REGIONS.len() <= 32);
        assert!(keyshop_core::i18n::SUPPORTED.len() <= 32);
        assert_eq!(platform_index("steam"), Some(0));
        assert_eq!(region_index("brazil"), Some(9));
        assert_eq!(language_index("zh-TW"), Some(17));
        assert_eq!(genre_index("jazz"), None);
    }

    #[test]
    fn regions_name_their_countries() {
        assert!(countries_of("global").is_empty());
        assert!(countries_of("europe").contains(&"DE"));
        assert_eq!(countries_of("japan"), ["JP"]);
        assert!(countries_of("atlantis").is_empty());
        for (_, countries) in REGIONS {
            assert!(
                countries.iter().all(|country| country.len() == 2 && country.bytes().all(|b| b.is_ascii_uppercase()))
            );
        }
    }
}
