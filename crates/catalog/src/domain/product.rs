//! A product as the storefront lists it, and the rules that derive what it
//! shows (discount, rating) from what is stored.

use serde::{Deserialize, Serialize};

use keyshop_core::vocab::{Genre, Language, Platform, ProductType, Region, StockStatus};

/// What a product card and every list need; the whole catalog of these is
/// held in memory for filtering, sorting and search.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ProductSummary {
    pub id: i64,
    pub sku: String,
    pub game_name: String,
    pub game_ext_name: String,
    pub title: String,
    pub product_type: ProductType,
    pub platform: Platform,
    pub region: Region,
    pub developer: String,
    pub publisher: String,
    /// `YYYY-MM-DD`, sortable as text.
    pub release_date: String,
    pub price_usd: i64,
    pub list_price_usd: i64,
    pub per_order_limit: i32,
    pub preorder: bool,
    pub stock: StockStatus,
    pub sold_count: i64,
    pub view_count: i64,
    pub rating_sum: i64,
    pub rating_count: i64,
    /// Seed of the generated artwork.
    pub palette: i32,
    pub screenshot_count: i32,
    pub genres: Vec<Genre>,
    pub languages: Vec<Language>,
    pub tags: Vec<String>,
    /// Titles in the other catalogue languages, `(language, title)`, only
    /// those written (the shop shows `title` elsewhere).
    pub titles: Vec<(String, String)>,
    /// The uploaded cover's stem; empty: the generated artwork.
    pub cover_image: String,
    /// The uploaded screenshots' stems, in order.
    pub screenshot_images: Vec<String>,
}

impl ProductSummary {
    pub fn discount_percent(&self) -> i32 {
        discount_percent(self.price_usd, self.list_price_usd)
    }

    /// Average stars, one decimal; 0 without reviews.
    pub fn rating(&self) -> f64 {
        average_rating(self.rating_sum, self.rating_count)
    }
}

/// Whole percent off the list price, rounded down (a 29.99 on 49.99 is 40 %).
pub fn discount_percent(price: i64, list_price: i64) -> i32 {
    if list_price <= 0 || price >= list_price {
        return 0;
    }
    let off = (list_price - price) * 100 / list_price;
    i32::try_from(off).unwrap_or(0)
}

pub fn average_rating(sum: i64, count: i64) -> f64 {
    if count <= 0 {
        return 0.0;
    }
    (sum as f64 / count as f64 * 10.0).round() / 10.0
}

/// System requirements of a game, as stored (JSON) and served.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RequirementSet {
    pub os: String,
    pub cpu: String,
    pub memory: String,
    pub graphics: String,
    pub storage: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Requirements {
    pub minimum: RequirementSet,
    pub recommended: RequirementSet,
}

/// The texts of a product in the language served.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProductTexts {
    pub language: String,
    pub description: String,
    pub activation_guide: String,
}

/// Everything the product page shows.
#[derive(Debug, Clone, PartialEq)]
pub struct ProductDetail {
    pub summary: std::sync::Arc<ProductSummary>,
    pub texts: ProductTexts,
    pub requirements: Option<Requirements>,
    pub countries: Vec<String>,
}

/// A path segment of a product address: lowercase letters, digits and
/// single dashes, 1–80 characters.
pub fn is_slug(text: &str) -> bool {
    !text.is_empty()
        && text.len() <= 80
        && !text.starts_with('-')
        && !text.ends_with('-')
        && !text.contains("--")
        && text.bytes().all(|byte| byte.is_ascii_lowercase() || byte.is_ascii_digit() || byte == b'-')
}

/// `Crimson Frontier: Ashes II` → `crimson-frontier-ashes-ii`.
pub fn slugify(text: &str) -> String {
    let mut slug = String::with_capacity(text.len());
    for character in text.chars() {
        if character.is_ascii_alphanumeric() {
            slug.push(character.to_ascii_lowercase());
        } else if !slug.ends_with('-') && !slug.is_empty() {
            slug.push('-');
        }
    }
    slug.trim_end_matches('-').chars().take(80).collect::<String>().trim_end_matches('-').to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn discounts_round_down_and_never_go_negative() {
        assert_eq!(discount_percent(2999, 4999), 40);
        assert_eq!(discount_percent(4999, 4999), 0);
        assert_eq!(discount_percent(5999, 4999), 0);
        assert_eq!(discount_percent(0, 1000), 100);
        assert_eq!(discount_percent(100, 0), 0);
    }

    #[test]
    fn ratings_average_to_one_decimal() {
        assert_eq!(average_rating(0, 0), 0.0);
        assert_eq!(average_rating(14, 3), 4.7);
        assert_eq!(average_rating(5, 1), 5.0);
    }

    #[test]
    fn slugs_are_plain() {
        assert_eq!(slugify("Crimson Frontier: Ashes II"), "crimson-frontier-ashes-ii");
        assert_eq!(slugify("  --Neon  Drift 2077!! "), "neon-drift-2077");
        assert!(is_slug("steam-global"));
        for bad in ["", "Steam", "a--b", "-a", "a-", "a b", "ü", &"x".repeat(81)] {
            assert!(!is_slug(bad), "{bad}");
        }
    }
}
