//! Product lists: a raw query (as the shopper sent it) parsed into a valid
//! one, then filtered, counted per facet, sorted and paged — all in memory,
//! over the catalog's product summaries. Codes are interned: a product's
//! platform, type, region and stock are small indexes and its genres and
//! languages bitmasks ([`ProductCodes`], computed once per snapshot), so a
//! query is bit tests and array counts, not string comparisons.

use std::cmp::Ordering;
use std::collections::HashMap;
use std::sync::Arc;

use keyshop_core::error::{AppError, FieldErrors};
use keyshop_core::money::ExchangeRate;
use keyshop_core::paging::Paging;
use keyshop_core::vocab::{Genre, Language, Platform, ProductType, Region, SortOrder, StockStatus};

use super::product::ProductSummary;
use super::taxonomy::{Indexed, Tally};

/// The query as it arrives: every value a string or a raw number (0 = absent).
#[derive(Debug, Clone, Default)]
pub struct RawQuery {
    pub text: String,
    pub genres: Vec<String>,
    pub languages: Vec<String>,
    pub platforms: Vec<String>,
    pub regions: Vec<String>,
    pub types: Vec<String>,
    pub stock: Vec<String>,
    pub price_min: String,
    pub price_max: String,
    pub currency: String,
    pub per_order_limit: i64,
    pub sort: String,
    pub page: i64,
    pub limit: i64,
}

/// A price range in the shopper's currency, minor units of that currency.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PriceRange {
    pub min: Option<i64>,
    pub max: Option<i64>,
    pub rate: ExchangeRate,
}

impl PriceRange {
    fn contains(&self, price_usd: i64) -> bool {
        if self.min.is_none() && self.max.is_none() {
            return true;
        }
        let Ok(shown) = self.rate.convert(price_usd) else { return false };
        self.min.is_none_or(|min| shown >= min) && self.max.is_none_or(|max| shown <= max)
    }
}

/// A product's codes as indexes and bitmasks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProductCodes {
    pub platform: u8,
    pub product_type: u8,
    pub region: u8,
    pub stock: u8,
    pub genres: u32,
    pub languages: u32,
}

fn mask<V: Indexed>(values: &[V]) -> u32 {
    values.iter().fold(0, |mask, value| mask | bit(value.index()))
}

fn bit(index: u8) -> u32 {
    if index < 32 { 1 << index } else { 0 }
}

impl ProductCodes {
    pub fn of(product: &ProductSummary) -> ProductCodes {
        ProductCodes {
            platform: product.platform.index(),
            product_type: product.product_type.index(),
            region: product.region.index(),
            stock: product.stock.index(),
            genres: mask(&product.genres),
            languages: mask(&product.languages),
        }
    }
}

/// A valid product query; every code set is a bitmask (0 = no filter).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ProductQuery {
    pub text: Option<String>,
    pub genres: u32,
    pub languages: u32,
    pub platforms: u32,
    pub regions: u32,
    pub types: u32,
    pub stock: u32,
    pub price: PriceRange,
    pub per_order_limit: Option<i32>,
    pub sort: SortOrder,
    pub paging: Paging,
}

impl Default for ProductQuery {
    fn default() -> ProductQuery {
        ProductQuery {
            text: None,
            genres: 0,
            languages: 0,
            platforms: 0,
            regions: 0,
            types: 0,
            stock: 0,
            price: PriceRange { min: None, max: None, rate: ExchangeRate::ONE },
            per_order_limit: None,
            sort: SortOrder::BestSelling,
            paging: Paging::default(),
        }
    }
}

pub const MAX_TEXT_CHARS: usize = 100;
const MAX_PRICE_MINOR: i64 = 100_000_000_000;

/// `"12"`, `"49.9"`, `"49.99"` → minor units; at most 2 decimals.
pub fn parse_amount(text: &str) -> Option<i64> {
    let text = text.trim();
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let digits = |part: &str| part.bytes().all(|byte| byte.is_ascii_digit());
    if whole.is_empty() || whole.len() > 12 || !digits(whole) || !digits(fraction) || fraction.len() > 2 {
        return None;
    }
    let whole: i64 = whole.parse().ok()?;
    let cents: i64 = if fraction.is_empty() { 0 } else { format!("{fraction:0<2}").parse().ok()? };
    let minor = whole.checked_mul(100)?.checked_add(cents)?;
    (minor <= MAX_PRICE_MINOR).then_some(minor)
}

/// The bitmask of the codes in `values` (parsed by `parse`); a code outside
/// the vocabulary is a field error.
fn codes_mask<V: Indexed>(
    errors: &mut FieldErrors,
    field: &str,
    values: &[String],
    parse: impl Fn(&str) -> Option<V>,
) -> u32 {
    let mut mask = 0;
    for value in values.iter().map(|value| value.trim()).filter(|value| !value.is_empty()) {
        match parse(value) {
            Some(value) => mask |= bit(value.index()),
            None => errors.add(field, "api.field.invalid"),
        }
    }
    mask
}

impl ProductQuery {
    /// Parses `raw`; `rate_of` gives the rate of a currency the store sells in.
    pub fn parse(raw: &RawQuery, rate_of: impl Fn(&str) -> Option<ExchangeRate>) -> Result<ProductQuery, AppError> {
        let mut errors = FieldErrors::default();
        let text = raw.text.trim();
        if text.chars().count() > MAX_TEXT_CHARS {
            errors.add("text", "api.field.tooLong");
        }
        let text = (!text.is_empty()).then(|| text.to_owned());

        let genres = codes_mask(&mut errors, "genre", &raw.genres, Genre::parse);
        let languages = codes_mask(&mut errors, "language", &raw.languages, Language::parse);
        let platforms = codes_mask(&mut errors, "platform", &raw.platforms, Platform::parse);
        let regions = codes_mask(&mut errors, "region", &raw.regions, Region::parse);
        let types = codes_mask(&mut errors, "type", &raw.types, ProductType::parse);
        let stock = codes_mask(&mut errors, "stock", &raw.stock, StockStatus::parse);

        let currency = if raw.currency.trim().is_empty() { "USD" } else { raw.currency.trim() };
        let rate = rate_of(currency).unwrap_or_else(|| {
            errors.add("currency", "api.field.invalid");
            ExchangeRate::ONE
        });
        let mut amount = |field: &str, text: &str| -> Option<i64> {
            if text.trim().is_empty() {
                return None;
            }
            let parsed = parse_amount(text);
            if parsed.is_none() {
                errors.add(field, "api.field.notANumber");
            }
            parsed
        };
        let min = amount("priceMin", &raw.price_min);
        let max = amount("priceMax", &raw.price_max);
        if let (Some(min), Some(max)) = (min, max)
            && min > max
        {
            errors.add("priceMax", "api.field.priceRange");
        }

        let per_order_limit = match raw.per_order_limit {
            0 => None,
            limit if (1..=100).contains(&limit) => Some(limit as i32),
            _ => {
                errors.add("perOrderLimit", "api.field.outOfRange");
                None
            }
        };
        let sort = match raw.sort.trim() {
            "" if text.is_some() => SortOrder::Relevance,
            "" => SortOrder::BestSelling,
            other => SortOrder::parse(other).unwrap_or_else(|| {
                errors.add("sort", "api.field.invalid");
                SortOrder::BestSelling
            }),
        };
        let paging = match Paging::parse(raw.page, raw.limit) {
            Ok(paging) => paging,
            Err(error) => {
                for (field, key) in error.fields {
                    errors.add(field, key);
                }
                Paging::default()
            }
        };
        errors.finish()?;
        Ok(ProductQuery {
            text,
            genres,
            languages,
            platforms,
            regions,
            types,
            stock,
            price: PriceRange { min, max, rate },
            per_order_limit,
            sort,
            paging,
        })
    }
}

/// Product count per code of each facet (codes without products left out),
/// each computed with every other filter applied; in vocabulary order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Facets {
    pub platform: Vec<(Platform, i64)>,
    pub product_type: Vec<(ProductType, i64)>,
    pub genre: Vec<(Genre, i64)>,
    pub region: Vec<(Region, i64)>,
    pub stock: Vec<(StockStatus, i64)>,
}

#[derive(Debug)]
pub struct Listing {
    pub rows: Vec<Arc<ProductSummary>>,
    pub total: usize,
    pub facets: Facets,
}

fn passes(wanted: u32, have: u32) -> bool {
    wanted == 0 || wanted & have != 0
}

/// Whether a product passes each facet filter, and every other filter.
struct Verdict {
    platform: bool,
    product_type: bool,
    genre: bool,
    region: bool,
    stock: bool,
    rest: bool,
}

impl Verdict {
    fn of(product: &ProductSummary, codes: ProductCodes, query: &ProductQuery, text_hit: bool) -> Verdict {
        Verdict {
            platform: passes(query.platforms, bit(codes.platform)),
            product_type: passes(query.types, bit(codes.product_type)),
            genre: passes(query.genres, codes.genres),
            region: passes(query.regions, bit(codes.region)),
            stock: passes(query.stock, bit(codes.stock)),
            rest: text_hit
                && passes(query.languages, codes.languages)
                && query.per_order_limit.is_none_or(|wanted| product.per_order_limit >= wanted)
                && query.price.contains(product.price_usd),
        }
    }

    fn all(&self) -> bool {
        self.platform && self.product_type && self.genre && self.region && self.stock && self.rest
    }
}

/// Orders two products for `sort`; ties go to the lower id.
pub fn compare(
    sort: SortOrder,
    a: &ProductSummary,
    b: &ProductSummary,
    scores: Option<&HashMap<i64, f32>>,
) -> Ordering {
    let primary = match sort {
        SortOrder::Relevance => match scores {
            Some(scores) => {
                let score = |product: &ProductSummary| scores.get(&product.id).copied().unwrap_or(0.0);
                score(b).total_cmp(&score(a)).then(b.sold_count.cmp(&a.sold_count))
            }
            None => b.sold_count.cmp(&a.sold_count),
        },
        SortOrder::Newest => b.release_date.cmp(&a.release_date),
        SortOrder::PriceAsc => a.price_usd.cmp(&b.price_usd),
        SortOrder::PriceDesc => b.price_usd.cmp(&a.price_usd),
        SortOrder::BestSelling => b.sold_count.cmp(&a.sold_count),
        SortOrder::Rating => b.rating().total_cmp(&a.rating()).then(b.rating_count.cmp(&a.rating_count)),
        SortOrder::Discount => b.discount_percent().cmp(&a.discount_percent()),
        SortOrder::Hottest => b.view_count.cmp(&a.view_count).then(b.sold_count.cmp(&a.sold_count)),
    };
    primary.then(a.id.cmp(&b.id))
}

/// Filters, counts, sorts and pages `products` (with their `codes`, same
/// order). `text_scores` holds the search hits when the query has text
/// (products outside it are filtered out).
pub fn list(
    products: &[Arc<ProductSummary>],
    codes: &[ProductCodes],
    query: &ProductQuery,
    text_scores: Option<&HashMap<i64, f32>>,
) -> Listing {
    let mut platform = Tally::<Platform>::default();
    let mut product_type = Tally::<ProductType>::default();
    let mut genre = Tally::<Genre>::default();
    let mut region = Tally::<Region>::default();
    let mut stock = Tally::<StockStatus>::default();
    let mut rows: Vec<&Arc<ProductSummary>> = Vec::new();
    for (product, codes) in products.iter().zip(codes) {
        let text_hit = text_scores.is_none_or(|scores| scores.contains_key(&product.id));
        let verdict = Verdict::of(product, *codes, query, text_hit);
        if !verdict.rest {
            continue;
        }
        // Each facet counts the products passing every filter but its own.
        let (p, t, g, r, s) = (verdict.platform, verdict.product_type, verdict.genre, verdict.region, verdict.stock);
        if t && g && r && s {
            platform.add_index(codes.platform);
        }
        if p && g && r && s {
            product_type.add_index(codes.product_type);
        }
        if p && t && r && s {
            for index in (0..32).filter(|index| codes.genres & (1 << index) != 0) {
                genre.add_index(index);
            }
        }
        if p && t && g && s {
            region.add_index(codes.region);
        }
        if p && t && g && r {
            stock.add_index(codes.stock);
        }
        if verdict.all() {
            rows.push(product);
        }
    }
    let total = rows.len();
    let shown = (query.paging.offset() + query.paging.limit as usize).min(total);
    first_in_order(&mut rows, shown, |a, b| compare(query.sort, a, b, text_scores));
    let page = query.paging.slice(&rows).iter().map(|product| Arc::clone(product)).collect();
    let facets = Facets {
        platform: platform.counts(),
        product_type: product_type.counts(),
        genre: genre.counts(),
        region: region.counts(),
        stock: stock.counts(),
    };
    Listing { rows: page, total, facets }
}

/// The first `limit` products in `sort` order among those `keep` accepts.
pub fn top(
    products: &[Arc<ProductSummary>],
    sort: SortOrder,
    limit: usize,
    keep: impl Fn(&ProductSummary) -> bool,
) -> Vec<&Arc<ProductSummary>> {
    let mut chosen: Vec<&Arc<ProductSummary>> = products.iter().filter(|product| keep(product)).collect();
    first_in_order(&mut chosen, limit, |a, b| compare(sort, a, b, None));
    chosen
}

/// Puts the first `count` of `rows` in `order` at the front, sorted, and
/// drops the rest: a page of 10 sorts 10 products, not the catalog. `order`
/// must be total (every sort ends on the product id), so the page is the
/// one a whole sort gives.
fn first_in_order<T>(rows: &mut Vec<T>, count: usize, order: impl Fn(&T, &T) -> Ordering) {
    if count == 0 {
        rows.clear();
        return;
    }
    if count < rows.len() {
        rows.select_nth_unstable_by(count - 1, &order);
        rows.truncate(count);
    }
    rows.sort_unstable_by(order);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn product(id: i64, platform: Platform, region: Region, price: i64, genres: &[Genre]) -> ProductSummary {
        ProductSummary {
            id,
            sku: format!("KS-{id:05}"),
            game_name: format!("game-{id}"),
            game_ext_name: format!("{platform}-{region}"),
            title: format!("Game {id}"),
            product_type: ProductType::Game,
            platform,
            region,
            developer: String::new(),
            publisher: String::new(),
            release_date: format!("2024-01-{:02}", id % 28 + 1),
            price_usd: price,
            list_price_usd: price * 2,
            per_order_limit: (id % 10 + 1) as i32,
            preorder: false,
            stock: super::super::stock::project(id % 7, false),
            sold_count: 100 - id,
            view_count: id,
            rating_sum: id % 6,
            rating_count: 1,
            palette: 0,
            screenshot_count: 0,
            genres: genres.to_vec(),
            languages: vec![Language::EnUs],
            tags: Vec::new(),
            titles: Vec::new(),
            cover_image: String::new(),
            screenshot_images: Vec::new(),
        }
    }

    fn catalog() -> Vec<Arc<ProductSummary>> {
        [
            product(1, Platform::Steam, Region::Global, 1999, &[Genre::Action, Genre::Rpg]),
            product(2, Platform::Steam, Region::Europe, 4999, &[Genre::Rpg]),
            product(3, Platform::Xbox, Region::Global, 999, &[Genre::Racing]),
            product(4, Platform::Playstation, Region::Europe, 5999, &[Genre::Action]),
            product(5, Platform::Steam, Region::Global, 2999, &[Genre::Strategy]),
        ]
        .into_iter()
        .map(Arc::new)
        .collect()
    }

    fn run(products: &[Arc<ProductSummary>], query: &ProductQuery, scores: Option<&HashMap<i64, f32>>) -> Listing {
        let codes: Vec<ProductCodes> = products.iter().map(|product| ProductCodes::of(product)).collect();
        list(products, &codes, query, scores)
    }

    fn count<V: PartialEq>(facet: &[(V, i64)], value: V) -> Option<i64> {
        facet.iter().find(|(known, _)| *known == value).map(|(_, count)| *count)
    }

    fn rate(code: &str) -> Option<ExchangeRate> {
        match code {
            "USD" => Some(ExchangeRate::ONE),
            "EUR" => ExchangeRate::parse_decimal("0.5").ok(),
            _ => None,
        }
    }

    fn parse(raw: RawQuery) -> ProductQuery {
        ProductQuery::parse(&raw, rate).unwrap()
    }

    fn ids(listing: &Listing) -> Vec<i64> {
        listing.rows.iter().map(|product| product.id).collect()
    }

    #[test]
    fn filters_combine_and_facets_ignore_their_own_filter() {
        let products = catalog();
        let query =
            parse(RawQuery { platforms: vec!["steam".into()], genres: vec!["rpg".into()], ..RawQuery::default() });
        let listing = run(&products, &query, None);
        assert_eq!(ids(&listing), [1, 2]);
        assert_eq!(listing.total, 2);
        // Platform counts apply the genre filter only: rpg is on steam twice.
        assert_eq!(count(&listing.facets.platform, Platform::Steam), Some(2));
        assert_eq!(count(&listing.facets.platform, Platform::Xbox), None);
        // Genre counts apply the platform filter only: steam has action, rpg ×2, strategy.
        assert_eq!(count(&listing.facets.genre, Genre::Rpg), Some(2));
        assert_eq!(count(&listing.facets.genre, Genre::Strategy), Some(1));
        assert_eq!(count(&listing.facets.genre, Genre::Racing), None);
    }

    #[test]
    fn price_range_is_in_the_display_currency() {
        let products = catalog();
        // 10–20 EUR at 0.5 EUR per USD is 20–40 USD: 19.99 shows as 10.00 EUR
        // (inside), 29.99 as 15.00 EUR; 49.99 as 25.00 EUR is out.
        let query = parse(RawQuery {
            price_min: "10".into(),
            price_max: "20".into(),
            currency: "EUR".into(),
            ..RawQuery::default()
        });
        assert_eq!(ids(&run(&products, &query, None)), [1, 5]);
        let usd = parse(RawQuery { price_max: "19.99".into(), ..RawQuery::default() });
        assert_eq!(ids(&run(&products, &usd, None)), [1, 3]);
    }

    #[test]
    fn sorts_and_pages() {
        let products = catalog();
        let by_price = parse(RawQuery { sort: "price_asc".into(), limit: 10, ..RawQuery::default() });
        assert_eq!(ids(&run(&products, &by_price, None)), [3, 1, 5, 2, 4]);
        let by_price_desc = parse(RawQuery { sort: "price_desc".into(), ..RawQuery::default() });
        assert_eq!(ids(&run(&products, &by_price_desc, None)), [4, 2, 5, 1, 3]);
        let page_two = parse(RawQuery { sort: "price_asc".into(), page: 2, limit: 10, ..RawQuery::default() });
        let listing = run(&products, &page_two, None);
        assert!(listing.rows.is_empty());
        assert_eq!(listing.total, 5);
    }

    #[test]
    fn text_hits_filter_and_rank() {
        let products = catalog();
        let scores: HashMap<i64, f32> = [(2, 1.0), (4, 3.0)].into_iter().collect();
        let query = parse(RawQuery { text: "game".into(), ..RawQuery::default() });
        assert_eq!(query.sort, SortOrder::Relevance);
        assert_eq!(ids(&run(&products, &query, Some(&scores))), [4, 2]);
    }

    #[test]
    fn per_order_limit_keeps_products_allowing_at_least_that_many() {
        let products = catalog();
        // Limits are id % 10 + 1: products 3, 4 and 5 allow 4 or more.
        let query = parse(RawQuery { per_order_limit: 4, ..RawQuery::default() });
        assert_eq!(ids(&run(&products, &query, None)), [3, 4, 5]);
    }

    #[test]
    fn bad_values_are_reported_per_field() {
        let raw = RawQuery {
            genres: vec!["jazz".into()],
            platforms: vec!["amiga".into()],
            price_min: "50".into(),
            price_max: "10".into(),
            currency: "XXX".into(),
            sort: "cheapest".into(),
            limit: 25,
            page: -2,
            per_order_limit: 500,
            text: "x".repeat(101),
            stock: vec!["sold".into()],
            ..RawQuery::default()
        };
        let error = ProductQuery::parse(&raw, rate).unwrap_err();
        let fields = &error.fields;
        for (field, key) in [
            ("genre", "api.field.invalid"),
            ("platform", "api.field.invalid"),
            ("priceMax", "api.field.priceRange"),
            ("currency", "api.field.invalid"),
            ("sort", "api.field.invalid"),
            ("limit", "api.field.limit"),
            ("page", "api.field.outOfRange"),
            ("perOrderLimit", "api.field.outOfRange"),
            ("text", "api.field.tooLong"),
            ("stock", "api.field.invalid"),
        ] {
            assert_eq!(fields.get(field).map(String::as_str), Some(key), "{field}: {fields:?}");
        }
        let error =
            ProductQuery::parse(&RawQuery { price_min: "1e3".into(), ..RawQuery::default() }, rate).unwrap_err();
        assert_eq!(error.fields["priceMin"], "api.field.notANumber");
    }

    #[test]
    fn amounts_parse_to_minor_units() {
        assert_eq!(parse_amount("12"), Some(1200));
        assert_eq!(parse_amount("49.9"), Some(4990));
        assert_eq!(parse_amount(" 49.99 "), Some(4999));
        for bad in ["", "-1", "1.999", "abc", "1,5", ".5", "99999999999999"] {
            assert_eq!(parse_amount(bad), None, "{bad}");
        }
    }

    #[test]
    fn the_first_rows_in_order_are_those_of_a_whole_sort() {
        // (primary key with many ties, id): a total order, as `compare` is.
        let mut seed = 7_u64;
        let rows: Vec<(u64, usize)> = (0..200)
            .map(|id| {
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                (seed >> 60, id)
            })
            .collect();
        let mut sorted = rows.clone();
        sorted.sort();
        for count in [0, 1, 2, 10, 20, 199, 200, 500] {
            let mut first = rows.clone();
            first_in_order(&mut first, count, |a, b| a.cmp(b));
            assert_eq!(first, sorted[..count.min(rows.len())], "{count}");
        }
    }

    #[test]
    fn top_keeps_order_and_limit() {
        let products = catalog();
        let hottest = top(&products, SortOrder::Hottest, 2, |_| true);
        assert_eq!(hottest.iter().map(|product| product.id).collect::<Vec<_>>(), [5, 4]);
        let steam_only = top(&products, SortOrder::BestSelling, 10, |product| product.platform == Platform::Steam);
        assert_eq!(steam_only.iter().map(|product| product.id).collect::<Vec<_>>(), [1, 2, 5]);
    }
}
