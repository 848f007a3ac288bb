//! Domain ⇄ proto conversions of the catalog's gRPC adapter.

use std::sync::Arc;

use keyshop_core::markdown;
use keyshop_core::vocab::{Genre, Language, Platform, ProductType, Region};
use keyshop_proto::catalog::v1 as pb;

use crate::domain::article::{self, NewsDraft, NewsText};
use crate::domain::currency::Currency;
use crate::domain::draft::{LanguageTexts, RawProduct};
use crate::domain::listing::Facets;
use crate::domain::product::Requirements;
use crate::domain::product::{ProductDetail, ProductSummary, RequirementSet};
use crate::domain::review::RatingSummary;
use crate::service::products::ProductPage;
use crate::service::staff_content::PageSummary;
use crate::service::staff_products::{StaffProduct, StaffProductLine};
use crate::snapshot::NavigationCounts;
use crate::store::news::{NewsEntry, StaffNewsRow};
use crate::store::pages::PageRow;
use crate::store::pages::StaffPageRow;
use crate::store::reviews::{PublicReview, StaffReviewRow};

pub fn currency(currency: Currency) -> pb::Currency {
    pb::Currency {
        code: currency.code,
        symbol: currency.symbol,
        name: currency.name,
        rate_micros: currency.rate_micros,
        updated_at_ms: currency.updated_at_ms,
    }
}

pub fn card(product: &ProductSummary) -> pb::ProductCard {
    pb::ProductCard {
        id: product.id,
        sku: product.sku.clone(),
        game_name: product.game_name.clone(),
        game_ext_name: product.game_ext_name.clone(),
        title: product.title.clone(),
        product_type: product.product_type.to_proto(),
        platform: product.platform.to_proto(),
        region: product.region.to_proto(),
        price_usd: product.price_usd,
        list_price_usd: product.list_price_usd,
        discount_percent: product.discount_percent(),
        stock: product.stock.to_proto(),
        rating: product.rating(),
        rating_count: product.rating_count,
        release_date: product.release_date.clone(),
        per_order_limit: product.per_order_limit,
        titles: product.titles.iter().cloned().collect(),
        cover_image: product.cover_image.clone(),
    }
}

pub fn cards(products: &[Arc<ProductSummary>]) -> pb::ProductList {
    pb::ProductList { products: products.iter().map(|product| card(product)).collect() }
}

fn requirement_set(set: RequirementSet) -> pb::RequirementSet {
    pb::RequirementSet { os: set.os, cpu: set.cpu, memory: set.memory, graphics: set.graphics, storage: set.storage }
}

pub fn detail(detail: ProductDetail) -> pb::ProductDetail {
    let summary = detail.summary;
    pb::ProductDetail {
        card: Some(card(&summary)),
        genres: summary.genres.iter().map(|genre| genre.to_proto()).collect(),
        languages: summary.languages.iter().map(|language| language.to_proto()).collect(),
        developer: summary.developer.clone(),
        publisher: summary.publisher.clone(),
        per_order_limit: summary.per_order_limit,
        preorder: summary.preorder,
        description: detail.texts.description,
        activation_guide: detail.texts.activation_guide,
        content_language: detail.texts.language,
        screenshot_count: summary.screenshot_count,
        requirements: detail.requirements.map(|requirements| pb::Requirements {
            minimum: Some(requirement_set(requirements.minimum)),
            recommended: Some(requirement_set(requirements.recommended)),
        }),
        tags: summary.tags.clone(),
        countries: detail.countries,
        screenshot_images: summary.screenshot_images.clone(),
    }
}

/// Counts per value of a vocabulary, each as its proto message.
fn counts<V: Copy, M>(counts: &[(V, i64)], message: impl Fn(V, i64) -> M) -> Vec<M> {
    counts.iter().map(|(value, count)| message(*value, *count)).collect()
}

fn platforms(list: &[(Platform, i64)]) -> Vec<pb::PlatformCount> {
    counts(list, |platform, count| pb::PlatformCount { platform: platform.to_proto(), count })
}

fn types(list: &[(ProductType, i64)]) -> Vec<pb::ProductTypeCount> {
    counts(list, |product_type, count| pb::ProductTypeCount { product_type: product_type.to_proto(), count })
}

fn genres(list: &[(Genre, i64)]) -> Vec<pb::GenreCount> {
    counts(list, |genre, count| pb::GenreCount { genre: genre.to_proto(), count })
}

fn regions(list: &[(Region, i64)]) -> Vec<pb::RegionCount> {
    counts(list, |region, count| pb::RegionCount { region: region.to_proto(), count })
}

fn facets(facets: Facets) -> pb::Facets {
    pb::Facets {
        platform: platforms(&facets.platform),
        product_type: types(&facets.product_type),
        genre: genres(&facets.genre),
        region: regions(&facets.region),
        stock: counts(&facets.stock, |stock, count| pb::StockCount { stock: stock.to_proto(), count }),
    }
}

pub fn page(page: ProductPage) -> pb::ProductPage {
    pb::ProductPage {
        rows: page.rows.iter().map(|product| card(product)).collect(),
        total: page.total as i64,
        page: page.paging.page as i32,
        limit: page.paging.limit as i32,
        facets: Some(facets(page.facets)),
    }
}

pub fn navigation(navigation: NavigationCounts) -> pb::NavigationBar {
    pb::NavigationBar {
        platforms: platforms(&navigation.platforms),
        types: types(&navigation.types),
        genres: genres(&navigation.genres),
        regions: regions(&navigation.regions),
    }
}

pub fn review(review: PublicReview) -> pb::Review {
    pb::Review {
        id: review.id,
        full_name: review.full_name,
        content: review.content,
        stars: review.stars,
        created_at_ms: review.created_at,
        verified: review.verified,
        staff_reply: review.staff_reply,
    }
}

pub fn staff_review(review: StaffReviewRow, product_title: String) -> pb::StaffReview {
    pb::StaffReview {
        id: review.id,
        product_id: review.product_id,
        product_title,
        full_name: review.full_name,
        email: review.email,
        content: review.content,
        stars: review.stars,
        created_at_ms: review.created_at,
        hidden: review.hidden,
        staff_reply: review.staff_reply,
        verified: review.verified,
        version: review.version,
    }
}

pub fn rating(summary: RatingSummary) -> pb::RatingSummary {
    pb::RatingSummary { average: summary.average, count: summary.count, stars: summary.stars.into_iter().collect() }
}

/// A news item; with its body, the body also rendered from Markdown to
/// sanitised HTML.
pub fn news(entry: NewsEntry, with_body: bool) -> pb::NewsItem {
    let (body, body_html) = if with_body {
        let html = markdown::to_html(&entry.body);
        (entry.body, html)
    } else {
        (String::new(), String::new())
    };
    pb::NewsItem {
        id: entry.id,
        title: entry.title,
        summary: entry.summary,
        body,
        published_at_ms: entry.published_at,
        clicks: entry.clicks,
        body_html,
        author: entry.author,
        cover_image: entry.cover_image,
    }
}

pub fn page_text(page: PageRow) -> pb::Page {
    pb::Page {
        body_html: markdown::to_html(&page.body),
        slug: page.slug,
        title: page.title,
        body: page.body,
        language: page.language,
    }
}

fn news_text(text: NewsText) -> pb::NewsText {
    pb::NewsText { language: text.language, title: text.title, summary: text.summary, body: text.body }
}

pub fn staff_news(row: StaffNewsRow) -> pb::StaffNews {
    let missing_languages = article::missing_languages(row.texts.iter().map(|text| text.language.as_str()));
    pb::StaffNews {
        id: row.id,
        author: row.author,
        cover_image: row.cover_image,
        published: row.published,
        published_at_ms: row.published_at,
        clicks: row.clicks,
        version: row.version,
        updated_at_ms: row.updated_at,
        texts: row.texts.into_iter().map(news_text).collect(),
        missing_languages,
    }
}

pub fn news_draft(request: pb::StaffSaveNewsRequest) -> NewsDraft {
    NewsDraft {
        author: request.author,
        published: request.published,
        published_at_ms: request.published_at_ms,
        texts: request
            .texts
            .into_iter()
            .map(|text| NewsText { language: text.language, title: text.title, summary: text.summary, body: text.body })
            .collect(),
    }
}

pub fn staff_page(row: StaffPageRow, exists: bool) -> pb::StaffPage {
    pb::StaffPage {
        slug: row.slug,
        language: row.language,
        exists,
        title: row.title,
        body: row.body,
        version: row.version,
        updated_at_ms: row.updated_at,
    }
}

pub fn page_summary(summary: PageSummary) -> pb::StaffPageSummary {
    pb::StaffPageSummary {
        slug: summary.slug,
        languages: summary.languages,
        title: summary.title,
        updated_at_ms: summary.updated_at,
    }
}

fn requirement_set_of(set: pb::RequirementSet) -> RequirementSet {
    RequirementSet { os: set.os, cpu: set.cpu, memory: set.memory, graphics: set.graphics, storage: set.storage }
}

/// The console's fields as the domain reads them (a value outside a
/// vocabulary stays `None`, for the check to name).
pub fn raw_product(fields: pb::ProductFields) -> RawProduct {
    RawProduct {
        sku: fields.sku,
        game_name: fields.game_name,
        game_ext_name: fields.game_ext_name,
        product_type: ProductType::from_proto(fields.product_type).ok(),
        platform: Platform::from_proto(fields.platform).ok(),
        region: Region::from_proto(fields.region).ok(),
        developer: fields.developer,
        publisher: fields.publisher,
        release_date: fields.release_date,
        price_usd: fields.price_usd,
        list_price_usd: fields.list_price_usd,
        per_order_limit: fields.per_order_limit,
        preorder: fields.preorder,
        genres: fields.genres.into_iter().map(|genre| Genre::from_proto(genre).ok()).collect(),
        languages: fields.languages.into_iter().map(|language| Language::from_proto(language).ok()).collect(),
        requirements: fields.requirements.map(|requirements| Requirements {
            minimum: requirement_set_of(requirements.minimum.unwrap_or_default()),
            recommended: requirement_set_of(requirements.recommended.unwrap_or_default()),
        }),
        texts: fields
            .texts
            .into_iter()
            .map(|texts| LanguageTexts {
                language: texts.language,
                title: texts.title,
                description: texts.description,
                activation_guide: texts.activation_guide,
            })
            .collect(),
    }
}

pub fn staff_product(product: StaffProduct) -> pb::StaffProduct {
    let requirements = product.requirements().map(|requirements| pb::Requirements {
        minimum: Some(requirement_set(requirements.minimum)),
        recommended: Some(requirement_set(requirements.recommended)),
    });
    let row = product.row;
    pb::StaffProduct {
        id: row.id,
        fields: Some(pb::ProductFields {
            sku: row.sku,
            game_name: row.game_name,
            game_ext_name: row.game_ext_name,
            product_type: row.product_type.to_proto(),
            platform: row.platform.to_proto(),
            region: row.region.to_proto(),
            developer: row.developer,
            publisher: row.publisher,
            release_date: row.release_date,
            price_usd: row.price_usd,
            list_price_usd: row.list_price_usd,
            per_order_limit: row.per_order_limit,
            preorder: row.preorder,
            genres: product.genres.iter().map(|genre| genre.to_proto()).collect(),
            languages: product.languages.iter().map(|language| language.to_proto()).collect(),
            requirements,
            texts: product
                .texts
                .into_iter()
                .map(|texts| pb::ProductLanguageTexts {
                    language: texts.language,
                    title: texts.title,
                    description: texts.description,
                    activation_guide: texts.activation_guide,
                })
                .collect(),
        }),
        state: row.state.to_proto(),
        version: row.version,
        cover_image: product.cover_image,
        screenshot_images: product.screenshot_images,
        countries: product.countries,
        missing_languages: product.missing_languages,
        created_at_ms: row.created_at,
        updated_at_ms: row.updated_at,
    }
}

pub fn staff_product_row(line: StaffProductLine) -> pb::StaffProductRow {
    let row = line.row;
    pb::StaffProductRow {
        id: row.id,
        sku: row.sku,
        title: row.title,
        platform: row.platform.to_proto(),
        price_usd: row.price_usd,
        state: row.state.to_proto(),
        stock: row.stock_status.to_proto(),
        cover_image: line.cover_image,
        languages_done: i32::try_from(line.languages_done).unwrap_or(0),
        updated_at_ms: row.updated_at,
    }
}
