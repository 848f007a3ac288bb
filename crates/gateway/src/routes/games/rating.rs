//! `GET /api/home/games/{gameName}/{gameExtName}/rating`: average and count
//! per star.

use std::collections::BTreeMap;

use actix_web::{get, web};
use serde::Serialize;
use utoipa::ToSchema;

use super::ProductPath;
use crate::envelope::{ApiResult, Envelope, Reply};
use crate::routes::LangParam;
use crate::state::GatewayState;

#[derive(Debug, Serialize, ToSchema)]
pub struct RatingSummaryDto {
    pub average: f64,
    pub count: i64,
    /// "1".."5" → count
    pub stars: BTreeMap<String, i64>,
}

#[utoipa::path(context_path = "/prod-api", tag = "reviews", operation_id = "product_rating",
    params(("gameName" = String, Path), ("gameExtName" = String, Path), LangParam),
    responses(
        (status = 200, description = "The rating summary", body = Envelope<RatingSummaryDto>),
        (status = 404, description = "No such product", body = Envelope<Option<String>>),
    ))]
#[get("/api/home/games/{gameName}/{gameExtName}/rating")]
pub async fn get_rating(state: web::Data<GatewayState>, path: web::Path<ProductPath>) -> ApiResult<RatingSummaryDto> {
    let summary = state.clients.catalog().get_rating_summary(path.into_inner().reference()).await?.into_inner();
    Ok(Reply::ok(RatingSummaryDto {
        average: summary.average,
        count: summary.count,
        stars: summary.stars.into_iter().map(|(star, count)| (star.to_string(), count)).collect(),
    }))
}
