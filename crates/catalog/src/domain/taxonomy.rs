//! What the catalog knows of its vocabularies beyond their codes (declared
//! once in `keyshop_core::vocab`): which list a navigation code names, the
//! countries where a region's keys activate, and each value's small index
//! for the in-memory filters. Type, platform and genre codes are unique
//! across the three, so one code names one list page.

use keyshop_core::vocab::{Genre, Language, Platform, ProductType, Region, StockStatus};

/// What a navigation code names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    Type(ProductType),
    Platform(Platform),
    Genre(Genre),
}

impl Kind {
    /// What kind of list it is: `type`, `platform` or `genre`.
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Type(_) => "type",
            Kind::Platform(_) => "platform",
            Kind::Genre(_) => "genre",
        }
    }
}

/// Which list a navigation code names.
pub fn kind_of(code: &str) -> Option<Kind> {
    ProductType::parse(code)
        .map(Kind::Type)
        .or_else(|| Platform::parse(code).map(Kind::Platform))
        .or_else(|| Genre::parse(code).map(Kind::Genre))
}

const EUROPE: &[&str] = &[
    "AT", "BE", "BG", "HR", "CY", "CZ", "DK", "EE", "FI", "FR", "DE", "GR", "HU", "IE", "IT", "LV", "LT", "LU", "MT",
    "NL", "PL", "PT", "RO", "SK", "SI", "ES", "SE", "IS", "LI", "NO", "CH", "GB",
];
const NORTH_AMERICA: &[&str] = &["US", "CA"];
const LATIN_AMERICA: &[&str] =
    &["AR", "BO", "BR", "CL", "CO", "CR", "DO", "EC", "SV", "GT", "HN", "MX", "NI", "PA", "PY", "PE", "UY", "VE"];
const ASIA: &[&str] = &["CN", "HK", "ID", "IN", "JP", "KR", "MY", "PH", "SG", "TH", "TW", "VN"];

/// The countries (ISO 3166-1 alpha-2) where keys of `region` activate; an
/// empty list means worldwide.
pub fn countries_of(region: Region) -> &'static [&'static str] {
    match region {
        Region::Global => &[],
        Region::Europe => EUROPE,
        Region::NorthAmerica => NORTH_AMERICA,
        Region::LatinAmerica => LATIN_AMERICA,
        Region::Asia => ASIA,
        Region::UnitedKingdom => &["GB"],
        Region::Germany => &["DE", "AT", "CH"],
        Region::Turkey => &["TR"],
        Region::Japan => &["JP"],
        Region::Brazil => &["BR"],
    }
}

/// A value's position in its vocabulary (declaration order), for bitmasks
/// and count arrays; every vocabulary the filters use has at most 32 values.
pub trait Indexed: Copy + Sized + 'static {
    const ALL: &'static [Self];

    fn index(self) -> u8;
}

macro_rules! indexed {
    ($($name:ident),+) => {$(
        impl Indexed for $name {
            const ALL: &'static [$name] = $name::ALL;

            fn index(self) -> u8 {
                // Fieldless enums: the discriminant is the declaration order,
                // the order of `ALL`.
                self as u8
            }
        }
    )+};
}

indexed!(ProductType, Platform, Region, Genre, Language, StockStatus);

/// One counter per value of `V`, for [`Tally::add`] and [`Tally::counts`].
#[derive(Debug, Clone)]
pub struct Tally<V: Indexed> {
    counts: Vec<i64>,
    values: std::marker::PhantomData<V>,
}

impl<V: Indexed> Default for Tally<V> {
    fn default() -> Tally<V> {
        Tally { counts: vec![0; V::ALL.len()], values: std::marker::PhantomData }
    }
}

impl<V: Indexed> Tally<V> {
    pub fn add(&mut self, value: V) {
        self.add_index(value.index());
    }

    pub fn add_index(&mut self, index: u8) {
        if let Some(slot) = self.counts.get_mut(usize::from(index)) {
            *slot += 1;
        }
    }

    /// Counts in vocabulary order, leaving out values with none.
    pub fn counts(&self) -> Vec<(V, i64)> {
        V::ALL
            .iter()
            .zip(&self.counts)
            .filter(|(_, count)| **count > 0)
            .map(|(value, count)| (*value, *count))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn indexes_follow_all<V: Indexed + PartialEq + std::fmt::Debug>() {
        assert!(V::ALL.len() <= 32);
        for (position, value) in V::ALL.iter().enumerate() {
            assert_eq!(usize::from(value.index()), position, "{value:?}");
        }
    }

    #[test]
    fn indexes_are_positions_and_fit_their_masks() {
        indexes_follow_all::<ProductType>();
        indexes_follow_all::<Platform>();
        indexes_follow_all::<Region>();
        indexes_follow_all::<Genre>();
        indexes_follow_all::<Language>();
        indexes_follow_all::<StockStatus>();
        assert_eq!(Language::ZhTw.index(), 17);
    }

    #[test]
    fn a_tally_counts_in_vocabulary_order_without_zeros() {
        let mut tally = Tally::<Platform>::default();
        for platform in [Platform::Xbox, Platform::Steam, Platform::Xbox] {
            tally.add(platform);
        }
        tally.add_index(u8::MAX);
        assert_eq!(tally.counts(), [(Platform::Steam, 1), (Platform::Xbox, 2)]);
    }

    #[test]
    fn codes_name_their_list() {
        assert_eq!(kind_of("steam"), Some(Kind::Platform(Platform::Steam)));
        assert_eq!(kind_of("dlc"), Some(Kind::Type(ProductType::Dlc)));
        assert_eq!(kind_of("rpg"), Some(Kind::Genre(Genre::Rpg)));
        assert_eq!(kind_of("global"), None);
        assert_eq!(kind_of("Steam"), None);
    }

    #[test]
    fn regions_name_their_countries() {
        assert!(countries_of(Region::Global).is_empty());
        assert!(countries_of(Region::Europe).contains(&"DE"));
        assert_eq!(countries_of(Region::Japan), ["JP"]);
        for region in Region::ALL {
            let countries = countries_of(*region);
            assert!(
                countries.iter().all(|country| country.len() == 2 && country.bytes().all(|b| b.is_ascii_uppercase()))
            );
            assert_eq!(countries.is_empty(), *region == Region::Global, "{region}");
        }
    }
}
