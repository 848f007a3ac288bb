//! The home page lists: `GET /api/home/hotgames`, `/api/home/bestSellers`
//! and `/api/home/latestReleases`, each `?limit=1..50` (default 12).

use actix_web::{get, web};
use keyshop_core::error::FieldErrors;
use keyshop_proto::catalog::v1 as pb;
use serde::Deserialize;
use utoipa::IntoParams;

use crate::envelope::{ApiResult, Envelope, Reply};
use crate::routes::LangParam;
use crate::routes::dto::{ProductCardDto, cards};
use crate::routes::params;
use crate::state::GatewayState;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LimitParam {
    /// How many products, 1–50 (default 12).
    #[param(schema_with = home_list_limit)]
    pub limit: Option<String>,
}

fn home_list_limit() -> utoipa::openapi::schema::Object {
    params::whole_number(1, 50)
}

async fn home_list(state: &GatewayState, list: &str, limit: Option<&str>) -> ApiResult<Vec<ProductCardDto>> {
    let mut errors = FieldErrors::default();
    let limit = params::number(&mut errors, "limit", limit);
    errors.finish()?;
    let request = pb::ListHomeRequest { list: list.to_owned(), limit: i32::try_from(limit).unwrap_or(-1) };
    Ok(Reply::ok(cards(state.clients.catalog().list_home(request).await?.into_inner())?))
}

#[utoipa::path(context_path = "/prod-api", tag = "products", operation_id = "home_hot_games", params(LimitParam, LangParam),
    responses((status = 200, description = "The hottest products", body = Envelope<Vec<ProductCardDto>>)))]
#[get("/api/home/hotgames")]
pub async fn hot_games(
    state: web::Data<GatewayState>,
    query: web::Query<LimitParam>,
) -> ApiResult<Vec<ProductCardDto>> {
    home_list(&state, "hot", query.limit.as_deref()).await
}

#[utoipa::path(context_path = "/prod-api", tag = "products", operation_id = "home_best_sellers", params(LimitParam, LangParam),
    responses((status = 200, description = "The best sellers", body = Envelope<Vec<ProductCardDto>>)))]
#[get("/api/home/bestSellers")]
pub async fn best_sellers(
    state: web::Data<GatewayState>,
    query: web::Query<LimitParam>,
) -> ApiResult<Vec<ProductCardDto>> {
    home_list(&state, "best_sellers", query.limit.as_deref()).await
}

#[utoipa::path(context_path = "/prod-api", tag = "products", operation_id = "home_latest_releases", params(LimitParam, LangParam),
    responses((status = 200, description = "The latest releases", body = Envelope<Vec<ProductCardDto>>)))]
#[get("/api/home/latestReleases")]
pub async fn latest_releases(
    state: web::Data<GatewayState>,
    query: web::Query<LimitParam>,
) -> ApiResult<Vec<ProductCardDto>> {
    home_list(&state, "latest", query.limit.as_deref()).await
}
