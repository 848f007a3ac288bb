//! `GET /api/home/navigationBar`: platforms, types, genres and regions with
//! their product counts (names come from the client's catalogue by code).

use actix_web::{get, web};
use keyshop_core::error::AppError;
use keyshop_core::vocab::{Genre, Platform, ProductType, Region, UnknownCode};
use keyshop_proto::catalog::v1 as pb;
use serde::Serialize;
use utoipa::ToSchema;

use crate::envelope::{ApiResult, Envelope, Reply};
use crate::routes::LangParam;
use crate::state::GatewayState;

#[derive(Debug, Serialize, ToSchema)]
pub struct NavItemDto<V> {
    pub code: V,
    pub count: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct NavigationBarDto {
    pub platforms: Vec<NavItemDto<Platform>>,
    pub types: Vec<NavItemDto<ProductType>>,
    pub genres: Vec<NavItemDto<Genre>>,
    pub regions: Vec<NavItemDto<Region>>,
}

/// The counts of one vocabulary, each read by `read` from its message.
fn items<M, V>(
    counts: &[M],
    read: impl Fn(&M) -> Result<(V, i64), UnknownCode>,
) -> Result<Vec<NavItemDto<V>>, AppError> {
    let items = counts.iter().map(|count| read(count).map(|(code, count)| NavItemDto { code, count }));
    Ok(items.collect::<Result<_, _>>()?)
}

#[utoipa::path(context_path = "/prod-api", tag = "products", operation_id = "home_navigation_bar", params(LangParam),
    responses((status = 200, description = "The menu tree with counts", body = Envelope<NavigationBarDto>)))]
#[get("/api/home/navigationBar")]
pub async fn get_navigation_bar(state: web::Data<GatewayState>) -> ApiResult<NavigationBarDto> {
    let bar = state.clients.catalog().get_navigation_bar(pb::GetNavigationBarRequest {}).await?.into_inner();
    Ok(Reply::ok(NavigationBarDto {
        platforms: items(&bar.platforms, |c| Ok((Platform::from_proto(c.platform)?, c.count)))?,
        types: items(&bar.types, |c| Ok((ProductType::from_proto(c.product_type)?, c.count)))?,
        genres: items(&bar.genres, |c| Ok((Genre::from_proto(c.genre)?, c.count)))?,
        regions: items(&bar.regions, |c| Ok((Region::from_proto(c.region)?, c.count)))?,
    }))
}
