//! `products` and its satellite tables (genres, languages, tags, texts).

use std::collections::HashMap;

use diesel::prelude::*;
use keyshop_core::db::DbConnection;
use keyshop_core::vocab::{Genre, Language, Platform, ProductType, Region};

use super::schema::{product_genres, product_languages, product_tags, product_texts, products};
use crate::domain::product::{ProductSummary, ProductTexts, Requirements};
use crate::domain::stock::StockStatus;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = products)]
pub struct ProductRow {
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
    pub release_date: String,
    pub price_usd: i64,
    pub list_price_usd: i64,
    pub per_order_limit: i32,
    pub preorder: bool,
    pub stock_available: i64,
    pub stock_status: StockStatus,
    pub stock_version: i64,
    pub sold_count: i64,
    pub view_count: i64,
    pub rating_sum: i64,
    pub rating_count: i64,
    pub screenshot_count: i32,
    pub palette: i32,
    pub requirements: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
}

impl ProductRow {
    pub fn requirements(&self) -> Option<Requirements> {
        self.requirements.as_deref().and_then(|json| serde_json::from_str(json).ok())
    }

    fn into_summary(self, genres: Vec<Genre>, languages: Vec<Language>, tags: Vec<String>) -> ProductSummary {
        ProductSummary {
            stock: self.stock_status,
            id: self.id,
            sku: self.sku,
            game_name: self.game_name,
            game_ext_name: self.game_ext_name,
            title: self.title,
            product_type: self.product_type,
            platform: self.platform,
            region: self.region,
            developer: self.developer,
            publisher: self.publisher,
            release_date: self.release_date,
            price_usd: self.price_usd,
            list_price_usd: self.list_price_usd,
            per_order_limit: self.per_order_limit,
            preorder: self.preorder,
            sold_count: self.sold_count,
            view_count: self.view_count,
            rating_sum: self.rating_sum,
            rating_count: self.rating_count,
            palette: self.palette,
            screenshot_count: self.screenshot_count,
            genres,
            languages,
            tags,
        }
    }
}

/// A product to create, with everything that hangs off it.
#[derive(Debug, Clone)]
pub struct NewProduct {
    pub sku: String,
    pub game_name: String,
    pub game_ext_name: String,
    pub title: String,
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
    pub sold_count: i64,
    pub view_count: i64,
    pub screenshot_count: i32,
    pub palette: i32,
    pub requirements: Option<Requirements>,
    pub genres: Vec<Genre>,
    pub languages: Vec<Language>,
    pub tags: Vec<String>,
    /// (language, description, activation guide)
    pub texts: Vec<(String, String, String)>,
}

pub fn insert(conn: &mut DbConnection, product: &NewProduct, now_ms: i64) -> QueryResult<i64> {
    let requirements = product.requirements.as_ref().and_then(|requirements| serde_json::to_string(requirements).ok());
    let id: i64 = diesel::insert_into(products::table)
        .values((
            products::sku.eq(&product.sku),
            products::game_name.eq(&product.game_name),
            products::game_ext_name.eq(&product.game_ext_name),
            products::title.eq(&product.title),
            products::product_type.eq(&product.product_type),
            products::platform.eq(&product.platform),
            products::region.eq(&product.region),
            products::developer.eq(&product.developer),
            products::publisher.eq(&product.publisher),
            products::release_date.eq(&product.release_date),
            products::price_usd.eq(product.price_usd),
            products::list_price_usd.eq(product.list_price_usd),
            products::per_order_limit.eq(product.per_order_limit),
            products::preorder.eq(product.preorder),
            products::stock_status.eq(crate::domain::stock::project(0, product.preorder)),
            products::sold_count.eq(product.sold_count),
            products::view_count.eq(product.view_count),
            products::screenshot_count.eq(product.screenshot_count),
            products::palette.eq(product.palette),
            products::requirements.eq(requirements),
            products::created_at.eq(now_ms),
            products::updated_at.eq(now_ms),
        ))
        .returning(products::id)
        .get_result(conn)?;
    for genre in &product.genres {
        diesel::insert_into(product_genres::table)
            .values((product_genres::product_id.eq(id), product_genres::genre.eq(genre)))
            .execute(conn)?;
    }
    for language in &product.languages {
        diesel::insert_into(product_languages::table)
            .values((product_languages::product_id.eq(id), product_languages::language.eq(language)))
            .execute(conn)?;
    }
    for tag in &product.tags {
        diesel::insert_into(product_tags::table)
            .values((product_tags::product_id.eq(id), product_tags::tag.eq(tag)))
            .execute(conn)?;
    }
    for (language, description, guide) in &product.texts {
        diesel::insert_into(product_texts::table)
            .values((
                product_texts::product_id.eq(id),
                product_texts::language.eq(language),
                product_texts::description.eq(description),
                product_texts::activation_guide.eq(guide),
            ))
            .execute(conn)?;
    }
    Ok(id)
}

fn grouped<T>(pairs: Vec<(i64, T)>) -> HashMap<i64, Vec<T>> {
    let mut map: HashMap<i64, Vec<T>> = HashMap::new();
    for (id, value) in pairs {
        map.entry(id).or_default().push(value);
    }
    map
}

/// Every product with its genres, languages and tags (the in-memory catalog).
pub fn load_summaries(conn: &mut DbConnection) -> QueryResult<Vec<ProductSummary>> {
    let rows: Vec<ProductRow> = products::table.order(products::id.asc()).select(ProductRow::as_select()).load(conn)?;
    let mut genres = grouped(
        product_genres::table
            .order((product_genres::product_id, product_genres::genre))
            .select((product_genres::product_id, product_genres::genre))
            .load(conn)?,
    );
    let mut languages = grouped(
        product_languages::table
            .order((product_languages::product_id, product_languages::language))
            .select((product_languages::product_id, product_languages::language))
            .load(conn)?,
    );
    let mut tags = grouped(
        product_tags::table
            .order((product_tags::product_id, product_tags::tag))
            .select((product_tags::product_id, product_tags::tag))
            .load(conn)?,
    );
    Ok(rows
        .into_iter()
        .map(|row| {
            let id = row.id;
            row.into_summary(
                genres.remove(&id).unwrap_or_default(),
                languages.remove(&id).unwrap_or_default(),
                tags.remove(&id).unwrap_or_default(),
            )
        })
        .collect())
}

pub fn find_by_names(conn: &mut DbConnection, game_name: &str, game_ext_name: &str) -> QueryResult<Option<ProductRow>> {
    products::table
        .filter(products::game_name.eq(game_name))
        .filter(products::game_ext_name.eq(game_ext_name))
        .select(ProductRow::as_select())
        .first(conn)
        .optional()
}

pub fn find(conn: &mut DbConnection, id: i64) -> QueryResult<Option<ProductRow>> {
    products::table.find(id).select(ProductRow::as_select()).get_result(conn).optional()
}

pub fn find_by_sku(conn: &mut DbConnection, sku: &str) -> QueryResult<Option<ProductRow>> {
    products::table.filter(products::sku.eq(sku)).select(ProductRow::as_select()).get_result(conn).optional()
}

pub fn count(conn: &mut DbConnection) -> QueryResult<i64> {
    products::table.count().get_result(conn)
}

/// The texts in `language`, else in en-US.
pub fn texts(conn: &mut DbConnection, product_id: i64, language: &str) -> QueryResult<Option<ProductTexts>> {
    let rows: Vec<(String, String, String)> = product_texts::table
        .filter(product_texts::product_id.eq(product_id))
        .filter(product_texts::language.eq_any([language, keyshop_core::i18n::DEFAULT]))
        .select((product_texts::language, product_texts::description, product_texts::activation_guide))
        .load(conn)?;
    let preferred = rows.iter().position(|(row_language, _, _)| row_language == language).or(if rows.is_empty() {
        None
    } else {
        Some(0)
    });
    Ok(preferred.map(|index| {
        let (language, description, activation_guide) = rows[index].clone();
        ProductTexts { language, description, activation_guide }
    }))
}

/// Records the keys available as of `version` and the status they give,
/// unless a newer count was recorded already (`false` then).
/// The stock status of `ids` (those that exist).
pub fn stock_of(conn: &mut DbConnection, ids: &[i64]) -> QueryResult<Vec<(i64, StockStatus)>> {
    products::table.filter(products::id.eq_any(ids)).select((products::id, products::stock_status)).load(conn)
}

/// `(id, stars summed, reviews)` of `ids`.
pub fn ratings_of(conn: &mut DbConnection, ids: &[i64]) -> QueryResult<Vec<(i64, i64, i64)>> {
    products::table
        .filter(products::id.eq_any(ids))
        .select((products::id, products::rating_sum, products::rating_count))
        .load(conn)
}

pub fn set_stock(
    conn: &mut DbConnection,
    product_id: i64,
    available: i64,
    status: StockStatus,
    version: i64,
    now_ms: i64,
) -> QueryResult<bool> {
    let updated = diesel::update(products::table.find(product_id).filter(products::stock_version.le(version)))
        .set((
            products::stock_available.eq(available),
            products::stock_status.eq(status),
            products::stock_version.eq(version),
            products::updated_at.eq(now_ms),
        ))
        .execute(conn)?;
    Ok(updated > 0)
}

pub fn add_views(conn: &mut DbConnection, product_id: i64, views: i64) -> QueryResult<usize> {
    diesel::update(products::table.find(product_id))
        .set(products::view_count.eq(products::view_count + views))
        .execute(conn)
}

pub fn add_rating(conn: &mut DbConnection, product_id: i64, stars: i32) -> QueryResult<usize> {
    diesel::update(products::table.find(product_id))
        .set((
            products::rating_sum.eq(products::rating_sum + i64::from(stars)),
            products::rating_count.eq(products::rating_count + 1),
        ))
        .execute(conn)
}

pub fn add_sold(conn: &mut DbConnection, product_id: i64, quantity: i64) -> QueryResult<usize> {
    diesel::update(products::table.find(product_id))
        .set(products::sold_count.eq(products::sold_count + quantity))
        .execute(conn)
}
