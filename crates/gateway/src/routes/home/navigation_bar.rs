//! `GET /api/home/navigationBar`: platforms, types, genres and regions with
//! their product counts (names come from the client's catalogue by code).

use actix_web::{get, web};
use keyshop_proto::catalog::v1 as pb;
use serde::Serialize;
use utoipa::ToSchema;

use crate::envelope::{ApiResult, Envelope, Reply};
use crate::routes::LangParam;
use crate::state::GatewayState;

#[derive(Debug, Serialize, ToSchema)]
pub struct NavItemDto {
    pub code: String,
    pub count: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct NavigationBarDto {
    pub platforms: Vec<NavItemDto>,
    pub types: Vec<NavItemDto>,
    pub genres: Vec<NavItemDto>,
    pub regions: Vec<NavItemDto>,
}

fn items(counts: Vec<pb::NavCount>) -> Vec<NavItemDto> {
    counts.into_iter().map(|count| NavItemDto { code: count.code, count: count.count }).collect()
}

#[utoipa::path(context_path = "/prod-api", tag = "products", operation_id = "home_navigation_bar", params(LangParam),
    responses((status = 200, description = "The menu tree with counts", body = Envelope<NavigationBarDto>)))]
#[get("/api/home/navigationBar")]
pub async fn get_navigation_bar(state: web::Data<GatewayState>) -> ApiResult<NavigationBarDto> {
    let bar = state.clients.catalog().get_navigation_bar(pb::GetNavigationBarRequest {}).await?.into_inner();
    Ok(Reply::ok(NavigationBarDto {
        platforms: items(bar.platforms),
        types: items(bar.types),
        genres: items(bar.genres),
        regions: items(bar.regions),
    }))
}
