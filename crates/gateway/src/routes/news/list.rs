//! `GET /api/home/gamesNews?page&limit`: newest first, in the request's
//! language where translated.

use actix_web::{get, web};
use keyshop_core::error::FieldErrors;
use keyshop_proto::catalog::v1 as pb;

use super::NewsDto;
use crate::context;
use crate::envelope::{ApiResult, Envelope, Reply};
use crate::routes::LangParam;
use crate::routes::dto::ListPage;
use crate::routes::games::reviews::PageParams;
use crate::routes::params;
use crate::state::GatewayState;

#[utoipa::path(context_path = "/prod-api", tag = "news", operation_id = "news_list", params(PageParams, LangParam),
    responses((status = 200, description = "A page of news", body = Envelope<ListPage<NewsDto>>)))]
#[get("/api/home/gamesNews")]
pub async fn list_news(state: web::Data<GatewayState>, query: web::Query<PageParams>) -> ApiResult<ListPage<NewsDto>> {
    let mut errors = FieldErrors::default();
    let request = pb::ListNewsRequest {
        language: context::language().to_owned(),
        page: params::number(&mut errors, "page", query.page.as_deref()),
        limit: params::number(&mut errors, "limit", query.limit.as_deref()),
    };
    errors.finish()?;
    let page = state.clients.catalog().list_news(request).await?.into_inner();
    Ok(Reply::ok(ListPage {
        rows: page.rows.into_iter().map(NewsDto::from).collect(),
        total: page.total,
        page: page.page,
        limit: page.limit,
    }))
}
