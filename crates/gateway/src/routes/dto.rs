//! Response types shared by the product, review and news calls.

use std::collections::BTreeMap;

use keyshop_core::error::AppError;
use keyshop_core::vocab::{Genre, Platform, ProductType, Region, StockStatus, UnknownCode, Vocabulary};
use keyshop_proto::catalog::v1 as pb;
use serde::Serialize;
use utoipa::ToSchema;

/// A page of a list (DESIGN §4).
#[derive(Debug, Serialize, ToSchema)]
pub struct ListPage<T> {
    pub rows: Vec<T>,
    pub total: i64,
    pub page: i32,
    pub limit: i32,
}

/// A product as cards and lists show it. Prices are USD minor units (cents).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductCardDto {
    pub id: i64,
    pub sku: String,
    /// First path segment of the product page.
    pub game_name: String,
    /// Second path segment of the product page.
    pub game_ext_name: String,
    pub title: String,
    #[serde(rename = "type")]
    pub product_type: ProductType,
    pub platform: Platform,
    pub region: Region,
    pub price: i64,
    pub list_price: i64,
    /// Whole percent off the list price; 0 when none.
    pub discount: i32,
    pub stock: StockStatus,
    pub cover: String,
    pub rating: f64,
    pub rating_count: i64,
    /// YYYY-MM-DD
    pub release_date: String,
    /// The title in other languages than en-US, by catalogue code (only
    /// those written; elsewhere `title`).
    pub titles: BTreeMap<String, String>,
}

/// The cover of a product: its uploaded image (`cover_image`, the card's
/// size), else its generated artwork.
pub fn cover_url(product_id: i64, cover_image: &str) -> String {
    if cover_image.is_empty() {
        format!("/prod-api/api/media/cover/{product_id}.svg")
    } else {
        media_file_url(cover_image, 640)
    }
}

/// An uploaded image's file in one of its sizes.
pub fn media_file_url(stem: &str, width: u32) -> String {
    format!("/prod-api/api/media/file/{stem}-{width}.webp")
}

impl TryFrom<pb::ProductCard> for ProductCardDto {
    type Error = AppError;

    /// A value outside a vocabulary is a fault of the catalog: an error.
    fn try_from(card: pb::ProductCard) -> Result<ProductCardDto, AppError> {
        Ok(ProductCardDto {
            cover: cover_url(card.id, &card.cover_image),
            titles: card.titles.into_iter().collect(),
            id: card.id,
            sku: card.sku,
            game_name: card.game_name,
            game_ext_name: card.game_ext_name,
            title: card.title,
            product_type: ProductType::from_proto(card.product_type)?,
            platform: Platform::from_proto(card.platform)?,
            region: Region::from_proto(card.region)?,
            price: card.price_usd,
            list_price: card.list_price_usd,
            discount: card.discount_percent,
            stock: StockStatus::from_proto(card.stock)?,
            rating: card.rating,
            rating_count: card.rating_count,
            release_date: card.release_date,
        })
    }
}

pub fn cards(list: pb::ProductList) -> Result<Vec<ProductCardDto>, AppError> {
    list.products.into_iter().map(ProductCardDto::try_from).collect()
}

/// Counts per code, written as a JSON object `{"steam": 12, …}` straight
/// from the service's ordered pairs.
#[derive(Debug, Default)]
pub struct CountMap(pub Vec<(&'static str, i64)>);

impl CountMap {
    /// The counts of one vocabulary, each read by `read` from its message.
    fn of<M, V: Vocabulary>(
        counts: &[M],
        read: impl Fn(&M) -> Result<(V, i64), UnknownCode>,
    ) -> Result<CountMap, AppError> {
        let pairs = counts.iter().map(|count| read(count).map(|(value, count)| (value.code(), count)));
        Ok(CountMap(pairs.collect::<Result<_, _>>()?))
    }
}

impl Serialize for CountMap {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (code, count) in &self.0 {
            map.serialize_entry(code, count)?;
        }
        map.end()
    }
}

/// Product counts per value of each filter, with every other filter applied.
#[derive(Debug, Default, Serialize, ToSchema)]
pub struct FacetsDto {
    #[schema(value_type = BTreeMap<String, i64>)]
    pub platform: CountMap,
    #[serde(rename = "type")]
    #[schema(value_type = BTreeMap<String, i64>)]
    pub product_type: CountMap,
    #[schema(value_type = BTreeMap<String, i64>)]
    pub genre: CountMap,
    #[schema(value_type = BTreeMap<String, i64>)]
    pub region: CountMap,
    #[schema(value_type = BTreeMap<String, i64>)]
    pub stock: CountMap,
}

impl TryFrom<pb::Facets> for FacetsDto {
    type Error = AppError;

    fn try_from(facets: pb::Facets) -> Result<FacetsDto, AppError> {
        Ok(FacetsDto {
            platform: CountMap::of(&facets.platform, |c| Ok((Platform::from_proto(c.platform)?, c.count)))?,
            product_type: CountMap::of(&facets.product_type, |c| {
                Ok((ProductType::from_proto(c.product_type)?, c.count))
            })?,
            genre: CountMap::of(&facets.genre, |c| Ok((Genre::from_proto(c.genre)?, c.count)))?,
            region: CountMap::of(&facets.region, |c| Ok((Region::from_proto(c.region)?, c.count)))?,
            stock: CountMap::of(&facets.stock, |c| Ok((StockStatus::from_proto(c.stock)?, c.count)))?,
        })
    }
}

/// A page of products with its facet counts.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProductPageDto {
    pub rows: Vec<ProductCardDto>,
    pub total: i64,
    pub page: i32,
    pub limit: i32,
    pub facets: FacetsDto,
}

impl TryFrom<pb::ProductPage> for ProductPageDto {
    type Error = AppError;

    fn try_from(page: pb::ProductPage) -> Result<ProductPageDto, AppError> {
        Ok(ProductPageDto {
            rows: page.rows.into_iter().map(ProductCardDto::try_from).collect::<Result<_, _>>()?,
            total: page.total,
            page: page.page,
            limit: page.limit,
            facets: page.facets.map(FacetsDto::try_from).transpose()?.unwrap_or_default(),
        })
    }
}

/// RFC 3339 UTC time of a Unix millisecond timestamp.
pub fn timestamp(ms: i64) -> String {
    time::OffsetDateTime::from_unix_timestamp_nanos(i128::from(ms) * 1_000_000)
        .ok()
        .and_then(|moment| moment.format(&time::format_description::well_known::Rfc3339).ok())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::timestamp;

    #[test]
    fn timestamps_are_rfc3339_utc() {
        assert_eq!(timestamp(0), "1970-01-01T00:00:00Z");
        assert_eq!(timestamp(1_700_000_000_123), "2023-11-14T22:13:20.123Z");
    }
}
