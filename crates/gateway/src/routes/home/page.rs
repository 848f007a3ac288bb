//! `GET /api/home/page/{slug}`: a footer page (about-us, contact-us,
//! condition, privacy-policy, refund-policy, shipping) in the request's
//! language, else English.

use actix_web::{get, web};
use keyshop_proto::catalog::v1 as pb;
use serde::Serialize;
use utoipa::ToSchema;

use crate::context;
use crate::envelope::{ApiResult, Envelope, Reply};
use crate::routes::LangParam;
use crate::state::GatewayState;

#[derive(Debug, Serialize, ToSchema)]
pub struct PageDto {
    pub slug: String,
    pub title: String,
    /// Markdown as written.
    pub body: String,
    /// The body as sanitised HTML, ready to show.
    pub html: String,
    /// The language of the text.
    pub language: String,
}

#[utoipa::path(context_path = "/prod-api", tag = "home", operation_id = "home_page",
    params(("slug" = String, Path), LangParam),
    responses(
        (status = 200, description = "The page", body = Envelope<PageDto>),
        (status = 404, description = "No such page", body = Envelope<Option<String>>),
    ))]
#[get("/api/home/page/{slug}")]
pub async fn get_page(state: web::Data<GatewayState>, slug: web::Path<String>) -> ApiResult<PageDto> {
    let call = pb::GetPageRequest { slug: slug.into_inner(), language: context::language().to_owned() };
    let page = state.clients.catalog().get_page(call).await?.into_inner();
    Ok(Reply::ok(PageDto {
        slug: page.slug,
        title: page.title,
        body: page.body,
        html: page.body_html,
        language: page.language,
    }))
}
