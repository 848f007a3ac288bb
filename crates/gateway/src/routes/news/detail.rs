//! `GET /api/home/gamesNews/{id}`: one news item; its click count rises once
//! per visitor per day.

use actix_web::{HttpRequest, get, web};
use keyshop_proto::catalog::v1 as pb;

use super::NewsDto;
use crate::context;
use crate::envelope::{ApiResult, Envelope, Reply};
use crate::routes::LangParam;
use crate::state::GatewayState;

#[utoipa::path(context_path = "/prod-api", tag = "news", operation_id = "news_detail",
    params(("id" = i64, Path), LangParam),
    responses(
        (status = 200, description = "The news item", body = Envelope<NewsDto>),
        (status = 404, description = "No such news", body = Envelope<Option<String>>),
    ))]
#[get("/api/home/gamesNews/{id}")]
pub async fn get_news(
    state: web::Data<GatewayState>,
    id: web::Path<String>,
    request: HttpRequest,
) -> ApiResult<NewsDto> {
    // A malformed id names no news item: 404 like an unknown one.
    let id = id.parse::<i64>().unwrap_or(0);
    let visitor = state.client_ip(&request);
    let call = pb::GetNewsRequest { id, language: context::language().to_owned(), visitor };
    let item = state.clients.catalog().get_news(call).await?.into_inner();
    Ok(Reply::ok(NewsDto::from(item)))
}
