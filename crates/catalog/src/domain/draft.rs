//! A product as staff write it in the console: every field checked at once,
//! with the field it concerns, before anything is stored.

use keyshop_core::error::{AppError, FieldErrors};
use keyshop_core::fields;
use keyshop_core::i18n;
use keyshop_core::vocab::{Genre, Language, Platform, ProductType, Region};

use super::product::{Requirements, is_slug};

pub const MAX_TITLE_CHARS: usize = 150;
pub const MAX_DESCRIPTION_CHARS: usize = 20_000;
pub const MAX_GUIDE_CHARS: usize = 10_000;
const MAX_NAME_CHARS: usize = 120;
const MAX_REQUIREMENT_CHARS: usize = 200;
const MAX_SKU_CHARS: usize = 64;
/// 1,000,000.00 US dollars.
const MAX_PRICE_USD: i64 = 100_000_000;
const MAX_PER_ORDER: i32 = 100;
const MAX_GENRES: usize = 8;

/// A product's texts in one catalogue language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LanguageTexts {
    pub language: String,
    pub title: String,
    pub description: String,
    pub activation_guide: String,
}

/// The fields as the console sent them (the vocabularies already decoded:
/// `None` for a value outside them).
#[derive(Debug, Clone, PartialEq)]
pub struct RawProduct {
    pub sku: String,
    pub game_name: String,
    pub game_ext_name: String,
    pub product_type: Option<ProductType>,
    pub platform: Option<Platform>,
    pub region: Option<Region>,
    pub developer: String,
    pub publisher: String,
    pub release_date: String,
    pub price_usd: i64,
    pub list_price_usd: i64,
    pub per_order_limit: i32,
    pub preorder: bool,
    pub genres: Vec<Option<Genre>>,
    pub languages: Vec<Option<Language>>,
    pub requirements: Option<Requirements>,
    pub texts: Vec<LanguageTexts>,
}

/// A product that may be stored.
#[derive(Debug, Clone, PartialEq)]
pub struct ProductDraft {
    pub sku: String,
    pub game_name: String,
    pub game_ext_name: String,
    pub product_type: ProductType,
    pub platform: Platform,
    pub region: Region,
    pub developer: String,
    pub publisher: String,
    pub release_date: String,
    pub price_usd: i64,
    pub list_price_usd: i64,
    pub per_order_limit: i32,
    pub preorder: bool,
    pub genres: Vec<Genre>,
    pub languages: Vec<Language>,
    pub requirements: Option<Requirements>,
    /// en-US first; only languages with something written.
    pub texts: Vec<LanguageTexts>,
}

impl ProductDraft {
    /// The English title (the fallback of every language).
    pub fn title(&self) -> &str {
        self.texts.first().map(|texts| texts.title.as_str()).unwrap_or_default()
    }
}

/// Whether `date` is a real `YYYY-MM-DD` day.
pub fn is_date(date: &str) -> bool {
    let parts: Vec<&str> = date.split('-').collect();
    let [year, month, day] = parts.as_slice() else { return false };
    if year.len() != 4 || month.len() != 2 || day.len() != 2 {
        return false;
    }
    let (Ok(year), Ok(month), Ok(day)) = (year.parse::<u32>(), month.parse::<u32>(), day.parse::<u32>()) else {
        return false;
    };
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    let days = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    (1970..=2200).contains(&year) && (1..=days).contains(&day)
}

fn is_sku(sku: &str) -> bool {
    !sku.is_empty()
        && sku.len() <= MAX_SKU_CHARS
        && sku.bytes().all(|byte| byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'_' | b'.'))
}

/// The catalogue languages still without a title of their own.
pub fn missing_languages(texts: &[LanguageTexts]) -> Vec<String> {
    i18n::SUPPORTED
        .iter()
        .filter(|code| !texts.iter().any(|texts| texts.language == **code && !texts.title.trim().is_empty()))
        .map(|code| (*code).to_owned())
        .collect()
}

/// The texts checked: every language a catalogue one and named once, en-US
/// with a title, the rest optional (a language with nothing written is left
/// out: the shop shows English there).
fn check_texts(errors: &mut FieldErrors, texts: Vec<LanguageTexts>) -> Vec<LanguageTexts> {
    let mut kept: Vec<LanguageTexts> = Vec::new();
    for (index, raw) in texts.into_iter().enumerate() {
        let field = |name: &str| format!("texts[{index}].{name}");
        let Some(language) = i18n::SUPPORTED.iter().find(|code| **code == raw.language) else {
            errors.add(field("language"), "api.field.invalid");
            continue;
        };
        if kept.iter().any(|texts| texts.language == *language) {
            errors.add(field("language"), "api.field.duplicate");
            continue;
        }
        let english = *language == i18n::DEFAULT;
        let title = if english {
            fields::required(errors, &field("title"), &raw.title, MAX_TITLE_CHARS)
        } else {
            fields::optional(errors, &field("title"), &raw.title, MAX_TITLE_CHARS)
        };
        let description = fields::optional(errors, &field("description"), &raw.description, MAX_DESCRIPTION_CHARS);
        let activation_guide =
            fields::optional(errors, &field("activationGuide"), &raw.activation_guide, MAX_GUIDE_CHARS);
        if !english && title.is_empty() && description.is_empty() && activation_guide.is_empty() {
            continue;
        }
        let texts = LanguageTexts { language: (*language).to_owned(), title, description, activation_guide };
        if english { kept.insert(0, texts) } else { kept.push(texts) }
    }
    if kept.first().is_none_or(|texts| texts.language != i18n::DEFAULT) {
        errors.add("texts", "api.staff.englishTitleRequired");
    }
    kept
}

fn check_requirements(errors: &mut FieldErrors, requirements: Option<Requirements>) -> Option<Requirements> {
    let requirements = requirements?;
    let sets = [("minimum", &requirements.minimum), ("recommended", &requirements.recommended)];
    for (name, set) in sets {
        for (part, value) in [
            ("os", &set.os),
            ("cpu", &set.cpu),
            ("memory", &set.memory),
            ("graphics", &set.graphics),
            ("storage", &set.storage),
        ] {
            if value.chars().count() > MAX_REQUIREMENT_CHARS {
                errors.add(format!("requirements.{name}.{part}"), "api.field.tooLong");
            }
        }
    }
    let blank = |set: &super::product::RequirementSet| {
        [&set.os, &set.cpu, &set.memory, &set.graphics, &set.storage].iter().all(|value| value.trim().is_empty())
    };
    (!(blank(&requirements.minimum) && blank(&requirements.recommended))).then_some(requirements)
}

/// `raw` as a product that may be stored, or every field it gets wrong.
pub fn check(raw: RawProduct) -> Result<ProductDraft, AppError> {
    let mut errors = FieldErrors::default();
    let sku = raw.sku.trim().to_owned();
    if !is_sku(&sku) {
        errors.add("sku", "api.staff.sku");
    }
    for (field, value) in [("gameName", &raw.game_name), ("gameExtName", &raw.game_ext_name)] {
        if !is_slug(value) {
            errors.add(field, "api.staff.slug");
        }
    }
    let product_type = raw.product_type.ok_or(()).map_err(|()| errors.add("productType", "api.field.invalid")).ok();
    let platform = raw.platform.ok_or(()).map_err(|()| errors.add("platform", "api.field.invalid")).ok();
    let region = raw.region.ok_or(()).map_err(|()| errors.add("region", "api.field.invalid")).ok();
    let developer = fields::optional(&mut errors, "developer", &raw.developer, MAX_NAME_CHARS);
    let publisher = fields::optional(&mut errors, "publisher", &raw.publisher, MAX_NAME_CHARS);
    if !is_date(&raw.release_date) {
        errors.add("releaseDate", "api.field.invalid");
    }
    if !(0..=MAX_PRICE_USD).contains(&raw.price_usd) {
        errors.add("priceUsd", "api.field.outOfRange");
    }
    if !(0..=MAX_PRICE_USD).contains(&raw.list_price_usd) {
        errors.add("listPriceUsd", "api.field.outOfRange");
    } else if raw.list_price_usd != 0 && raw.list_price_usd < raw.price_usd {
        errors.add("listPriceUsd", "api.staff.listBelowPrice");
    }
    if !(1..=MAX_PER_ORDER).contains(&raw.per_order_limit) {
        errors.add("perOrderLimit", "api.field.outOfRange");
    }
    let mut genres: Vec<Genre> = Vec::new();
    for genre in raw.genres {
        match genre {
            Some(genre) if !genres.contains(&genre) => genres.push(genre),
            Some(_) => {}
            None => errors.add("genres", "api.field.invalid"),
        }
    }
    if genres.len() > MAX_GENRES {
        errors.add("genres", "api.field.tooMany");
    }
    let mut languages: Vec<Language> = Vec::new();
    for language in raw.languages {
        match language {
            Some(language) if !languages.contains(&language) => languages.push(language),
            Some(_) => {}
            None => errors.add("languages", "api.field.invalid"),
        }
    }
    let requirements = check_requirements(&mut errors, raw.requirements);
    let texts = check_texts(&mut errors, raw.texts);
    errors.finish()?;
    let (Some(product_type), Some(platform), Some(region)) = (product_type, platform, region) else {
        return Err(AppError::internal("a checked product without its vocabularies"));
    };
    Ok(ProductDraft {
        sku,
        game_name: raw.game_name,
        game_ext_name: raw.game_ext_name,
        product_type,
        platform,
        region,
        developer,
        publisher,
        release_date: raw.release_date,
        price_usd: raw.price_usd,
        // No list price: the price itself (no discount shown).
        list_price_usd: if raw.list_price_usd == 0 { raw.price_usd } else { raw.list_price_usd },
        per_order_limit: raw.per_order_limit,
        preorder: raw.preorder,
        genres,
        languages,
        requirements,
        texts,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::product::RequirementSet;

    fn texts(language: &str, title: &str) -> LanguageTexts {
        LanguageTexts {
            language: language.to_owned(),
            title: title.to_owned(),
            description: String::new(),
            activation_guide: String::new(),
        }
    }

    pub fn raw() -> RawProduct {
        RawProduct {
            sku: "STAR-STEAM-GL".to_owned(),
            game_name: "star-voyager".to_owned(),
            game_ext_name: "steam-global".to_owned(),
            product_type: Some(ProductType::Game),
            platform: Some(Platform::Steam),
            region: Some(Region::Global),
            developer: " Nova Works ".to_owned(),
            publisher: String::new(),
            release_date: "2026-02-28".to_owned(),
            price_usd: 1999,
            list_price_usd: 0,
            per_order_limit: 5,
            preorder: false,
            genres: vec![Some(Genre::Action), Some(Genre::Action)],
            languages: vec![Some(Language::EnUs)],
            requirements: None,
            texts: vec![texts("ja", "星の旅人"), texts("en-US", "Star Voyager"), texts("de", "")],
        }
    }

    #[test]
    fn a_good_product_is_trimmed_and_english_comes_first() {
        let draft = check(raw()).unwrap();
        assert_eq!(draft.developer, "Nova Works");
        assert_eq!(draft.list_price_usd, 1999, "no list price: the price");
        assert_eq!(draft.genres, vec![Genre::Action]);
        let languages: Vec<&str> = draft.texts.iter().map(|texts| texts.language.as_str()).collect();
        assert_eq!(languages, ["en-US", "ja"], "an empty language is left out");
        assert_eq!(draft.title(), "Star Voyager");
        let missing = missing_languages(&draft.texts);
        assert_eq!(missing.len(), 16);
        assert!(!missing.contains(&"ja".to_owned()));
    }

    #[test]
    fn every_bad_field_is_named() {
        let bad = RawProduct {
            sku: "a b".to_owned(),
            game_name: "Star".to_owned(),
            product_type: None,
            release_date: "2026-02-30".to_owned(),
            price_usd: 2000,
            list_price_usd: 1000,
            per_order_limit: 0,
            genres: vec![None],
            texts: vec![texts("ja", "x"), texts("xx", "y"), texts("ja", "z")],
            ..raw()
        };
        let error = check(bad).unwrap_err();
        let fields: Vec<&str> = error.fields.keys().map(String::as_str).collect();
        for field in [
            "sku",
            "gameName",
            "productType",
            "releaseDate",
            "listPriceUsd",
            "perOrderLimit",
            "genres",
            "texts",
            "texts[1].language",
            "texts[2].language",
        ] {
            assert!(fields.contains(&field), "{field} in {fields:?}");
        }
        assert!(!fields.contains(&"gameExtName"));
    }

    #[test]
    fn an_english_title_is_required_and_long_texts_refused() {
        let error = check(RawProduct { texts: vec![texts("en-US", "  ")], ..raw() }).unwrap_err();
        assert!(error.fields.contains_key("texts[0].title"));
        let long = RawProduct { texts: vec![texts("en-US", &"x".repeat(MAX_TITLE_CHARS + 1))], ..raw() };
        assert!(check(long).unwrap_err().fields.contains_key("texts[0].title"));
    }

    #[test]
    fn blank_requirements_are_none() {
        let blank = Requirements { minimum: RequirementSet::default(), recommended: RequirementSet::default() };
        assert_eq!(check(RawProduct { requirements: Some(blank), ..raw() }).unwrap().requirements, None);
    }

    #[test]
    fn dates_are_real_days() {
        assert!(is_date("2024-02-29"));
        assert!(!is_date("2023-02-29"));
        assert!(!is_date("2024-13-01"));
        assert!(!is_date("24-01-01"));
        assert!(!is_date("2024-1-01"));
    }
}
