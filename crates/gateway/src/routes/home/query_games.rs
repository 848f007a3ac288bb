//! `GET /api/home/queryGames`: the product search with filters, sort and
//! paging. Lists are comma-separated; prices are decimal amounts in `currency`.

use actix_web::{get, web};
use keyshop_core::error::FieldErrors;
use keyshop_core::vocab::{Genre, Language, Platform, ProductType, Region, SortOrder, StockStatus};
use keyshop_proto::catalog::v1 as pb;
use serde::Deserialize;
use utoipa::IntoParams;

use crate::envelope::{ApiResult, Envelope, FieldErrorsDto, Reply};
use crate::routes::LangParam;
use crate::routes::dto::ProductPageDto;
use crate::routes::params;
use crate::state::GatewayState;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct QueryGamesParams {
    /// Search text (typo tolerant).
    #[param(max_length = 100)]
    pub text: Option<String>,
    /// Genre codes, comma-separated.
    #[param(schema_with = params::codes_list::<Genre>)]
    pub genre: Option<String>,
    /// Supported-language codes, comma-separated.
    #[param(schema_with = params::codes_list::<Language>)]
    pub language: Option<String>,
    /// Platform codes, comma-separated.
    #[param(schema_with = params::codes_list::<Platform>)]
    pub platform: Option<String>,
    /// Region codes, comma-separated.
    #[param(schema_with = params::codes_list::<Region>)]
    pub region: Option<String>,
    /// Lowest price in `currency`, e.g. `10` or `9.99`.
    #[param(schema_with = params::amount)]
    pub price_min: Option<String>,
    /// Highest price in `currency`.
    #[param(schema_with = params::amount)]
    pub price_max: Option<String>,
    /// Currency code of the price range (default USD).
    pub currency: Option<String>,
    /// Stock states, comma-separated: in_stock, low, out_of_stock, preorder.
    #[param(schema_with = params::codes_list::<StockStatus>)]
    pub stock: Option<String>,
    /// Keep products that allow at least this many per order.
    #[param(schema_with = home_per_order_limit)]
    pub per_order_limit: Option<String>,
    /// Type codes, comma-separated.
    #[serde(rename = "type")]
    #[param(rename = "type", schema_with = params::codes_list::<ProductType>)]
    pub product_type: Option<String>,
    /// The order of the list (relevance by default with a search text, else
    /// best sellers); another value answers 400.
    #[param(value_type = Option<SortOrder>)]
    pub sort: Option<String>,
    /// From 1 (default 1).
    #[param(schema_with = params::page_schema)]
    pub page: Option<String>,
    /// 10, 20, 30 or 50 (default 20).
    #[param(schema_with = params::limit_schema)]
    pub limit: Option<String>,
}

fn home_per_order_limit() -> utoipa::openapi::schema::Object {
    params::whole_number(1, 100)
}

#[utoipa::path(context_path = "/prod-api", tag = "products", operation_id = "home_query_games",
    params(QueryGamesParams, LangParam),
    responses(
        (status = 200, description = "A page of products with facet counts", body = Envelope<ProductPageDto>),
        (status = 400, description = "A filter is malformed", body = Envelope<FieldErrorsDto>),
    ))]
#[get("/api/home/queryGames")]
pub async fn query_games(
    state: web::Data<GatewayState>,
    query: web::Query<QueryGamesParams>,
) -> ApiResult<ProductPageDto> {
    let query = query.into_inner();
    let mut errors = FieldErrors::default();
    let request = pb::ProductQuery {
        per_order_limit: params::number(&mut errors, "perOrderLimit", query.per_order_limit.as_deref()),
        page: params::number(&mut errors, "page", query.page.as_deref()),
        limit: params::number(&mut errors, "limit", query.limit.as_deref()),
        text: query.text.unwrap_or_default(),
        genres: params::list(query.genre.as_deref()),
        languages: params::list(query.language.as_deref()),
        platforms: params::list(query.platform.as_deref()),
        regions: params::list(query.region.as_deref()),
        types: params::list(query.product_type.as_deref()),
        stock: params::list(query.stock.as_deref()),
        price_min: query.price_min.unwrap_or_default(),
        price_max: query.price_max.unwrap_or_default(),
        currency: query.currency.unwrap_or_default(),
        sort: params::code::<SortOrder>(&mut errors, "sort", query.sort.as_deref()),
    };
    errors.finish()?;
    let page = state.clients.catalog().query_products(request).await?.into_inner();
    Ok(Reply::ok(ProductPageDto::try_from(page)?))
}
