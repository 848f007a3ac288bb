//! Product lists, search, the product page and recommendations.

use std::collections::HashMap;
use std::sync::Arc;

use keyshop_core::cache;
use keyshop_core::db::DbError;
use keyshop_core::error::AppError;
use keyshop_core::money::ExchangeRate;
use keyshop_core::paging::Paging;
use keyshop_core::vocab::SortOrder;

use super::{CACHE_TTL, CatalogService};
use crate::domain::listing::{self, Facets, Listing, ProductQuery, RawQuery};
use crate::domain::product::{ProductDetail, ProductSummary, ProductTexts, Requirements, is_slug};
use crate::domain::taxonomy::{self, Kind};
use crate::snapshot::{NavigationCounts, Snapshot};
use crate::store;

pub const DEFAULT_HOME_LIMIT: i32 = 12;
pub const MAX_HOME_LIMIT: i32 = 50;
pub const MAX_SUGGESTIONS: usize = 8;
pub const MAX_RECOMMENDATIONS: usize = 8;
/// Search hits considered when a list query has text.
const MAX_SEARCH_HITS: usize = 2000;

/// The lists of the home page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HomeList {
    Hot,
    BestSellers,
    Latest,
}

impl HomeList {
    pub fn parse(text: &str) -> Option<HomeList> {
        Some(match text {
            "hot" => HomeList::Hot,
            "best_sellers" => HomeList::BestSellers,
            "latest" => HomeList::Latest,
            _ => return None,
        })
    }

    fn as_str(self) -> &'static str {
        match self {
            HomeList::Hot => "hot",
            HomeList::BestSellers => "best_sellers",
            HomeList::Latest => "latest",
        }
    }
}

/// One page of a product list.
#[derive(Debug, Clone)]
pub struct ProductPage {
    pub rows: Vec<Arc<ProductSummary>>,
    pub total: usize,
    pub paging: Paging,
    pub facets: Facets,
}

fn today(now_ms: i64) -> String {
    let date = keyshop_core::clock::date_time(now_ms).date();
    format!("{:04}-{:02}-{:02}", date.year(), u8::from(date.month()), date.day())
}

fn not_found_product() -> AppError {
    AppError::not_found("api.error.productNotFound")
}

/// Checks the two path segments of a product address.
pub(crate) fn check_names(game_name: &str, game_ext_name: &str) -> Result<(), AppError> {
    if is_slug(game_name) && is_slug(game_ext_name) { Ok(()) } else { Err(not_found_product()) }
}

/// At most this many cards per `ListProductCards` call.
pub const MAX_CARDS_PER_CALL: usize = 200;

impl CatalogService {
    #[tracing::instrument(level = "debug", skip(self))]
    pub async fn navigation(&self) -> Result<NavigationCounts, AppError> {
        const KEY: &str = "catalog:v1:navigation";
        if let Some(counts) = cache::get_value::<NavigationCounts>(self.cache(), KEY).await {
            return Ok(counts);
        }
        let counts = self.snapshot().navigation.clone();
        cache::set_value(self.cache(), KEY, &counts, CACHE_TTL).await;
        Ok(counts)
    }

    /// Hottest, best-selling or latest products; `limit` 0 means 12.
    #[tracing::instrument(level = "debug", skip(self))]
    /// The products with these ids, in that order; unknown ids are skipped.
    pub fn products_by_ids(&self, ids: &[i64]) -> Result<Vec<Arc<ProductSummary>>, AppError> {
        if ids.len() > MAX_CARDS_PER_CALL {
            return Err(AppError::field("ids", "api.field.outOfRange"));
        }
        let snapshot = self.snapshot();
        Ok(ids.iter().filter_map(|id| snapshot.by_id(*id).cloned()).collect())
    }

    /// The products of these SKUs, drafts too (the console names the stock
    /// by them, and keys are imported before a product is published).
    pub async fn products_by_skus(&self, skus: Vec<String>) -> Result<Vec<Arc<ProductSummary>>, AppError> {
        if skus.len() > MAX_CARDS_PER_CALL {
            return Err(AppError::field("skus", "api.field.outOfRange"));
        }
        let found =
            self.db.run(move |conn| store::products::summaries_of_skus(conn, &skus).map_err(DbError::from)).await?;
        Ok(found.into_iter().map(Arc::new).collect())
    }

    pub async fn home_list(&self, list: &str, limit: i32) -> Result<Vec<Arc<ProductSummary>>, AppError> {
        let list = HomeList::parse(list).ok_or_else(|| AppError::field("list", "api.field.invalid"))?;
        let limit = match limit {
            0 => DEFAULT_HOME_LIMIT,
            limit if (1..=MAX_HOME_LIMIT).contains(&limit) => limit,
            _ => return Err(AppError::field("limit", "api.field.outOfRange")),
        };
        // The ranking is cached (as product ids); the products come from the
        // in-memory catalog, so a cached list never shows stale prices.
        let key = format!("catalog:v1:home:{}:{limit}", list.as_str());
        let snapshot = self.snapshot();
        if let Some(ids) = cache::get_value::<Vec<i64>>(self.cache(), &key).await {
            let products: Option<Vec<Arc<ProductSummary>>> =
                ids.iter().map(|id| snapshot.by_id(*id).cloned()).collect();
            if let Some(products) = products {
                return Ok(products);
            }
        }
        let limit = limit as usize;
        let chosen = match list {
            HomeList::Hot => listing::top(&snapshot.products, SortOrder::Hottest, limit, |product| !product.preorder),
            HomeList::BestSellers => listing::top(&snapshot.products, SortOrder::BestSelling, limit, |_| true),
            HomeList::Latest => {
                let today = today(self.clock().now_ms());
                listing::top(&snapshot.products, SortOrder::Newest, limit, |product| {
                    !product.preorder && product.release_date <= today
                })
            }
        };
        let products: Vec<Arc<ProductSummary>> = chosen.into_iter().cloned().collect();
        let ids: Vec<i64> = products.iter().map(|product| product.id).collect();
        cache::set_value(self.cache(), &key, &ids, CACHE_TTL).await;
        Ok(products)
    }

    #[tracing::instrument(level = "debug", skip(self, raw))]
    pub async fn query_products(&self, raw: &RawQuery) -> Result<ProductPage, AppError> {
        let currencies = self.currencies().await?;
        let rate_of = |code: &str| {
            let currency = currencies.iter().find(|currency| currency.code == code)?;
            ExchangeRate::from_micros(currency.rate_micros).ok()
        };
        let query = ProductQuery::parse(raw, rate_of)?;
        Ok(self.run_query(&query))
    }

    fn run_query(&self, query: &ProductQuery) -> ProductPage {
        let snapshot = self.snapshot();
        let listing = match snapshot.listings.get(query) {
            Some(listing) => listing,
            None => {
                let (listing, complete) = Self::list(&snapshot, query);
                let listing = Arc::new(listing);
                // A listing without its search hits is not kept: the next ask searches again.
                if complete {
                    snapshot.listings.put(query.clone(), listing.clone());
                }
                listing
            }
        };
        ProductPage {
            rows: listing.rows.clone(),
            total: listing.total,
            paging: query.paging,
            facets: listing.facets.clone(),
        }
    }

    /// The listing of `query` over `snapshot`, and whether the search (if any) answered.
    fn list(snapshot: &Snapshot, query: &ProductQuery) -> (Listing, bool) {
        let mut complete = true;
        let scores: Option<HashMap<i64, f32>> = query.text.as_ref().map(|text| {
            snapshot
                .search
                .search(text, MAX_SEARCH_HITS)
                .unwrap_or_else(|error| {
                    tracing::warn!(error = %error, "search failed; no hits");
                    complete = false;
                    Vec::new()
                })
                .into_iter()
                .collect()
        });
        (listing::list(&snapshot.products, &snapshot.codes, query, scores.as_ref()), complete)
    }

    /// The list of one type, platform or genre.
    #[tracing::instrument(level = "debug", skip(self))]
    pub async fn category(
        &self,
        code: &str,
        sort: &str,
        page: i64,
        limit: i64,
    ) -> Result<(Kind, ProductPage), AppError> {
        let kind = taxonomy::kind_of(code).ok_or_else(|| AppError::not_found("api.error.typeNotFound"))?;
        let only = |wanted: bool| if wanted { vec![code.to_owned()] } else { Vec::new() };
        let raw = RawQuery {
            sort: sort.to_owned(),
            page,
            limit,
            types: only(matches!(kind, Kind::Type(_))),
            platforms: only(matches!(kind, Kind::Platform(_))),
            genres: only(matches!(kind, Kind::Genre(_))),
            ..RawQuery::default()
        };
        let query = ProductQuery::parse(&raw, |_| Some(ExchangeRate::ONE))?;
        Ok((kind, self.run_query(&query)))
    }

    /// The product page in `language` (texts fall back to en-US). Counts a
    /// view when `viewed` (a shopper opened it).
    #[tracing::instrument(level = "debug", skip(self))]
    pub async fn product(
        &self,
        game_name: &str,
        game_ext_name: &str,
        language: &str,
        viewed: bool,
    ) -> Result<ProductDetail, AppError> {
        check_names(game_name, game_ext_name)?;
        let summary = self.snapshot().by_names(game_name, game_ext_name).cloned().ok_or_else(not_found_product)?;
        if viewed {
            self.count_view(summary.id);
        }
        let language = keyshop_core::i18n::normalize(language).unwrap_or(keyshop_core::i18n::DEFAULT);
        let (texts, requirements) = self.product_texts(summary.id, language).await?;
        let countries = taxonomy::countries_of(summary.region).iter().map(|country| (*country).to_owned()).collect();
        Ok(ProductDetail { requirements, summary, texts, countries })
    }

    /// A product's texts in `language` (else en-US) and its requirements:
    /// read once, then from the cache until products change.
    async fn product_texts(
        &self,
        product_id: i64,
        language: &'static str,
    ) -> Result<(ProductTexts, Option<Requirements>), AppError> {
        let key = format!("catalog:v1:texts:{product_id}:{language}");
        if let Some(cached) = cache::get_value(self.cache(), &key).await {
            return Ok(cached);
        }
        let (row, texts) = self
            .db
            .run(move |conn| -> Result<_, DbError> {
                Ok((store::products::find(conn, product_id)?, store::products::texts(conn, product_id, language)?))
            })
            .await?;
        let row = row.ok_or_else(not_found_product)?;
        let texts = texts.unwrap_or_else(|| ProductTexts {
            language: keyshop_core::i18n::DEFAULT.to_owned(),
            description: String::new(),
            activation_guide: String::new(),
        });
        let loaded = (texts, row.requirements());
        cache::set_value(self.cache(), &key, &loaded, CACHE_TTL).await;
        Ok(loaded)
    }

    /// Products like this one: sharing genres, then platform, best sellers first.
    #[tracing::instrument(level = "debug", skip(self))]
    pub async fn recommendations(
        &self,
        game_name: &str,
        game_ext_name: &str,
    ) -> Result<Vec<Arc<ProductSummary>>, AppError> {
        check_names(game_name, game_ext_name)?;
        let snapshot = self.snapshot();
        let product = snapshot.by_names(game_name, game_ext_name).ok_or_else(not_found_product)?;
        let mut scored: Vec<(i64, &Arc<ProductSummary>)> = snapshot
            .products
            .iter()
            .filter(|other| other.game_name != product.game_name)
            .map(|other| {
                let shared = other.genres.iter().filter(|genre| product.genres.contains(genre)).count() as i64;
                let same_platform = i64::from(other.platform == product.platform);
                (shared * 10 + same_platform * 3, other)
            })
            .filter(|(score, _)| *score > 0)
            .collect();
        scored.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.sold_count.cmp(&a.1.sold_count)).then(a.1.id.cmp(&b.1.id)));
        let mut seen_titles = Vec::new();
        Ok(scored
            .into_iter()
            .map(|(_, other)| other)
            .filter(|other| {
                let fresh = !seen_titles.contains(&other.game_name);
                seen_titles.push(other.game_name.clone());
                fresh
            })
            .take(MAX_RECOMMENDATIONS)
            .cloned()
            .collect())
    }

    /// At most 8 products whose titles match what the shopper is typing.
    #[tracing::instrument(level = "debug", skip(self))]
    pub fn suggest(&self, text: &str) -> Result<Vec<Arc<ProductSummary>>, AppError> {
        let text = text.trim();
        if text.chars().count() > listing::MAX_TEXT_CHARS {
            return Err(AppError::field("text", "api.field.tooLong"));
        }
        let snapshot = self.snapshot();
        let found = snapshot
            .search
            .suggest(text, MAX_SUGGESTIONS, |id| snapshot.by_id(id).map(|product| product.as_ref()))
            .map_err(AppError::internal)?;
        Ok(found.into_iter().filter_map(|id| snapshot.by_id(id).cloned()).collect())
    }
}
