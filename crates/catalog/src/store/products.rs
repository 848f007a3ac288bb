//! `products` and its satellite tables (genres, languages, tags, texts).

use std::collections::HashMap;

use diesel::prelude::*;
use keyshop_core::db::DbConnection;
use keyshop_core::vocab::{Genre, Language, Platform, ProductState, ProductType, Region};

use super::product_images;
use super::schema::{product_genres, product_languages, product_tags, product_texts, products};
use crate::domain::draft::{LanguageTexts, ProductDraft};
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
    pub state: ProductState,
    pub version: i64,
}

/// What hangs off a product besides its row.
#[derive(Debug, Default)]
struct Satellites {
    genres: HashMap<i64, Vec<Genre>>,
    languages: HashMap<i64, Vec<Language>>,
    tags: HashMap<i64, Vec<String>>,
    titles: HashMap<i64, Vec<(String, String)>>,
    images: HashMap<i64, Vec<(i32, String)>>,
}

impl ProductRow {
    pub fn requirements(&self) -> Option<Requirements> {
        self.requirements.as_deref().and_then(|json| serde_json::from_str(json).ok())
    }

    fn into_summary(self, satellites: &mut Satellites) -> ProductSummary {
        let id = self.id;
        let images = satellites.images.remove(&id).unwrap_or_default();
        let cover_image = images.iter().find(|(slot, _)| *slot == 0).map(|(_, stem)| stem.clone()).unwrap_or_default();
        let screenshot_images = images.into_iter().filter(|(slot, _)| *slot > 0).map(|(_, stem)| stem).collect();
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
            genres: satellites.genres.remove(&id).unwrap_or_default(),
            languages: satellites.languages.remove(&id).unwrap_or_default(),
            tags: satellites.tags.remove(&id).unwrap_or_default(),
            titles: satellites.titles.remove(&id).unwrap_or_default(),
            cover_image,
            screenshot_images,
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
        // The English texts carry the English title (the fallback of every language).
        let title = if language == keyshop_core::i18n::DEFAULT { product.title.as_str() } else { "" };
        diesel::insert_into(product_texts::table)
            .values((
                product_texts::product_id.eq(id),
                product_texts::language.eq(language),
                product_texts::title.eq(title),
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

/// Every published product with what hangs off it (the in-memory catalog).
pub fn load_summaries(conn: &mut DbConnection) -> QueryResult<Vec<ProductSummary>> {
    load(conn, None, true)
}

/// The published products among `ids` (those not published, or gone, are
/// left out): what a patch of the in-memory catalog takes.
pub fn load_summaries_of(conn: &mut DbConnection, ids: &[i64]) -> QueryResult<Vec<ProductSummary>> {
    load(conn, Some(ids), true)
}

/// The products of these SKUs in any state but archived (the console's
/// stock pages name drafts too: keys are imported before publishing).
pub fn summaries_of_skus(conn: &mut DbConnection, skus: &[String]) -> QueryResult<Vec<ProductSummary>> {
    let ids: Vec<i64> = products::table
        .filter(products::sku.eq_any(skus))
        .filter(products::state.ne(ProductState::Archived))
        .select(products::id)
        .load(conn)?;
    load(conn, Some(&ids), false)
}

fn load(conn: &mut DbConnection, only: Option<&[i64]>, published_only: bool) -> QueryResult<Vec<ProductSummary>> {
    let mut rows = products::table.order(products::id.asc()).select(ProductRow::as_select()).into_boxed();
    if published_only {
        rows = rows.filter(products::state.eq(ProductState::Published));
    }
    if let Some(ids) = only {
        rows = rows.filter(products::id.eq_any(ids.to_vec()));
    }
    let rows: Vec<ProductRow> = rows.load(conn)?;
    let ids: Option<Vec<i64>> = only.map(|_| rows.iter().map(|row| row.id).collect());
    let mut genres = product_genres::table.order((product_genres::product_id, product_genres::genre)).into_boxed();
    let mut languages =
        product_languages::table.order((product_languages::product_id, product_languages::language)).into_boxed();
    let mut tags = product_tags::table.order((product_tags::product_id, product_tags::tag)).into_boxed();
    let mut titles = product_texts::table
        .filter(product_texts::title.ne(""))
        .filter(product_texts::language.ne(keyshop_core::i18n::DEFAULT))
        .order((product_texts::product_id, product_texts::language))
        .into_boxed();
    if let Some(ids) = &ids {
        genres = genres.filter(product_genres::product_id.eq_any(ids.clone()));
        languages = languages.filter(product_languages::product_id.eq_any(ids.clone()));
        tags = tags.filter(product_tags::product_id.eq_any(ids.clone()));
        titles = titles.filter(product_texts::product_id.eq_any(ids.clone()));
    }
    let mut satellites = Satellites {
        genres: grouped(genres.select((product_genres::product_id, product_genres::genre)).load(conn)?),
        languages: grouped(languages.select((product_languages::product_id, product_languages::language)).load(conn)?),
        tags: grouped(tags.select((product_tags::product_id, product_tags::tag)).load(conn)?),
        titles: grouped(
            titles.select((product_texts::product_id, (product_texts::language, product_texts::title))).load::<(
                i64,
                (String, String),
            )>(
                conn
            )?,
        ),
        images: grouped(product_images::of(conn, ids.as_deref())?),
    };
    Ok(rows.into_iter().map(|row| row.into_summary(&mut satellites)).collect())
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
        // A language with only its title written reads the English texts.
        .filter(product_texts::description.ne("").or(product_texts::language.eq(keyshop_core::i18n::DEFAULT)))
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

/// Takes a review's stars out of the rating (`-1`) or puts them back (`1`).
pub fn move_rating(conn: &mut DbConnection, product_id: i64, stars: i32, sign: i64) -> QueryResult<usize> {
    diesel::update(products::table.find(product_id))
        .set((
            products::rating_sum.eq(products::rating_sum + i64::from(stars) * sign),
            products::rating_count.eq(products::rating_count + sign),
        ))
        .execute(conn)
}

pub fn add_sold(conn: &mut DbConnection, product_id: i64, quantity: i64) -> QueryResult<usize> {
    diesel::update(products::table.find(product_id))
        .set(products::sold_count.eq(products::sold_count + quantity))
        .execute(conn)
}

/// Every language's texts of a product, en-US first.
pub fn all_texts(conn: &mut DbConnection, product_id: i64) -> QueryResult<Vec<LanguageTexts>> {
    let rows: Vec<(String, String, String, String)> = product_texts::table
        .filter(product_texts::product_id.eq(product_id))
        .order(product_texts::language)
        .select((
            product_texts::language,
            product_texts::title,
            product_texts::description,
            product_texts::activation_guide,
        ))
        .load(conn)?;
    let mut texts: Vec<LanguageTexts> = rows
        .into_iter()
        .map(|(language, title, description, activation_guide)| LanguageTexts {
            language,
            title,
            description,
            activation_guide,
        })
        .collect();
    texts.sort_by_key(|texts| texts.language != keyshop_core::i18n::DEFAULT);
    Ok(texts)
}

pub fn genres_of(conn: &mut DbConnection, product_id: i64) -> QueryResult<Vec<Genre>> {
    product_genres::table
        .filter(product_genres::product_id.eq(product_id))
        .order(product_genres::genre)
        .select(product_genres::genre)
        .load(conn)
}

pub fn languages_of(conn: &mut DbConnection, product_id: i64) -> QueryResult<Vec<Language>> {
    product_languages::table
        .filter(product_languages::product_id.eq(product_id))
        .order(product_languages::language)
        .select(product_languages::language)
        .load(conn)
}

/// Whether another product than `except` has this SKU, or these names.
pub fn taken(conn: &mut DbConnection, draft: &ProductDraft, except: i64) -> QueryResult<(bool, bool)> {
    let sku: i64 = products::table
        .filter(products::sku.eq(&draft.sku))
        .filter(products::id.ne(except))
        .count()
        .get_result(conn)?;
    let names: i64 = products::table
        .filter(products::game_name.eq(&draft.game_name))
        .filter(products::game_ext_name.eq(&draft.game_ext_name))
        .filter(products::id.ne(except))
        .count()
        .get_result(conn)?;
    Ok((sku > 0, names > 0))
}

/// A new draft product from the console; its id.
pub fn create(conn: &mut DbConnection, draft: &ProductDraft, palette: i32, now_ms: i64) -> QueryResult<i64> {
    let product = NewProduct {
        sku: draft.sku.clone(),
        game_name: draft.game_name.clone(),
        game_ext_name: draft.game_ext_name.clone(),
        title: draft.title().to_owned(),
        product_type: draft.product_type,
        platform: draft.platform,
        region: draft.region,
        developer: draft.developer.clone(),
        publisher: draft.publisher.clone(),
        release_date: draft.release_date.clone(),
        price_usd: draft.price_usd,
        list_price_usd: draft.list_price_usd,
        per_order_limit: draft.per_order_limit,
        preorder: draft.preorder,
        sold_count: 0,
        view_count: 0,
        screenshot_count: 0,
        palette,
        requirements: draft.requirements.clone(),
        genres: draft.genres.clone(),
        languages: draft.languages.clone(),
        tags: Vec::new(),
        texts: Vec::new(),
    };
    let id = insert(conn, &product, now_ms)?;
    diesel::update(products::table.find(id)).set(products::state.eq(ProductState::Draft)).execute(conn)?;
    write_texts(conn, id, &draft.texts)?;
    Ok(id)
}

/// Rewrites a product's fields, genres, languages and texts, if it is still
/// at `version`; `false` when it is not (someone saved in between).
pub fn update(conn: &mut DbConnection, id: i64, version: i64, draft: &ProductDraft, now_ms: i64) -> QueryResult<bool> {
    let requirements = draft.requirements.as_ref().and_then(|requirements| serde_json::to_string(requirements).ok());
    let updated = diesel::update(products::table.find(id).filter(products::version.eq(version)))
        .set((
            products::sku.eq(&draft.sku),
            products::game_name.eq(&draft.game_name),
            products::game_ext_name.eq(&draft.game_ext_name),
            products::title.eq(draft.title()),
            products::product_type.eq(&draft.product_type),
            products::platform.eq(&draft.platform),
            products::region.eq(&draft.region),
            products::developer.eq(&draft.developer),
            products::publisher.eq(&draft.publisher),
            products::release_date.eq(&draft.release_date),
            products::price_usd.eq(draft.price_usd),
            products::list_price_usd.eq(draft.list_price_usd),
            products::per_order_limit.eq(draft.per_order_limit),
            products::preorder.eq(draft.preorder),
            products::requirements.eq(requirements),
            products::version.eq(version + 1),
            products::updated_at.eq(now_ms),
        ))
        .execute(conn)?;
    if updated == 0 {
        return Ok(false);
    }
    diesel::delete(product_genres::table.filter(product_genres::product_id.eq(id))).execute(conn)?;
    for genre in &draft.genres {
        diesel::insert_into(product_genres::table)
            .values((product_genres::product_id.eq(id), product_genres::genre.eq(genre)))
            .execute(conn)?;
    }
    diesel::delete(product_languages::table.filter(product_languages::product_id.eq(id))).execute(conn)?;
    for language in &draft.languages {
        diesel::insert_into(product_languages::table)
            .values((product_languages::product_id.eq(id), product_languages::language.eq(language)))
            .execute(conn)?;
    }
    diesel::delete(product_texts::table.filter(product_texts::product_id.eq(id))).execute(conn)?;
    write_texts(conn, id, &draft.texts)?;
    Ok(true)
}

fn write_texts(conn: &mut DbConnection, id: i64, texts: &[LanguageTexts]) -> QueryResult<()> {
    for texts in texts {
        diesel::insert_into(product_texts::table)
            .values((
                product_texts::product_id.eq(id),
                product_texts::language.eq(&texts.language),
                product_texts::title.eq(&texts.title),
                product_texts::description.eq(&texts.description),
                product_texts::activation_guide.eq(&texts.activation_guide),
            ))
            .execute(conn)?;
    }
    Ok(())
}

/// Moves a product at `version` to `state` (and the next version); `false`
/// when it is not at `version`.
pub fn set_state(
    conn: &mut DbConnection,
    id: i64,
    version: i64,
    state: ProductState,
    now_ms: i64,
) -> QueryResult<bool> {
    bump(conn, id, version, now_ms, Some(state))
}

/// The next version of a product at `version` (an image changed); `false`
/// when it is not at `version`.
pub fn bump_version(conn: &mut DbConnection, id: i64, version: i64, now_ms: i64) -> QueryResult<bool> {
    bump(conn, id, version, now_ms, None)
}

fn bump(conn: &mut DbConnection, id: i64, version: i64, now_ms: i64, state: Option<ProductState>) -> QueryResult<bool> {
    let target = products::table.find(id).filter(products::version.eq(version));
    let updated = match state {
        Some(state) => diesel::update(target)
            .set((products::state.eq(state), products::version.eq(version + 1), products::updated_at.eq(now_ms)))
            .execute(conn)?,
        None => diesel::update(target)
            .set((products::version.eq(version + 1), products::updated_at.eq(now_ms)))
            .execute(conn)?,
    };
    Ok(updated > 0)
}

/// A page of the console's product list: every state, newest change first.
pub fn staff_search(
    conn: &mut DbConnection,
    text: &str,
    states: &[ProductState],
    offset: i64,
    limit: i64,
) -> QueryResult<(Vec<ProductRow>, i64)> {
    let filtered = || {
        let mut query = products::table.into_boxed();
        if !text.is_empty() {
            let pattern = format!("%{}%", keyshop_core::db::like_escaped(text));
            query = query.filter(
                products::title
                    .like(pattern.clone())
                    .escape('\\')
                    .or(products::sku.like(pattern.clone()).escape('\\'))
                    .or(products::game_name.like(pattern).escape('\\')),
            );
        }
        if !states.is_empty() {
            query = query.filter(products::state.eq_any(states.to_vec()));
        }
        query
    };
    let total = filtered().count().get_result(conn)?;
    let rows = filtered()
        .order((products::updated_at.desc(), products::id.desc()))
        .offset(offset)
        .limit(limit)
        .select(ProductRow::as_select())
        .load(conn)?;
    Ok((rows, total))
}

/// How many languages have a title, per product of `ids`.
pub fn titled_languages(conn: &mut DbConnection, ids: &[i64]) -> QueryResult<HashMap<i64, i64>> {
    let rows: Vec<(i64, i64)> = product_texts::table
        .filter(product_texts::product_id.eq_any(ids))
        .filter(product_texts::title.ne(""))
        .group_by(product_texts::product_id)
        .select((product_texts::product_id, diesel::dsl::count_star()))
        .load(conn)?;
    Ok(rows.into_iter().collect())
}

/// The English titles of `ids`, by id.
pub fn titles_of(conn: &mut DbConnection, ids: &[i64]) -> QueryResult<HashMap<i64, String>> {
    let rows: Vec<(i64, String)> =
        products::table.filter(products::id.eq_any(ids)).select((products::id, products::title)).load(conn)?;
    Ok(rows.into_iter().collect())
}
