//! `/api/staff/news`: news written in the console, in Markdown per language.
//! The list (drafts and scheduled items too), one item with all its
//! languages, a new item (`POST`), an edit (`PUT` with the version read: 409
//! when it changed since), and its cover: the raw image as the body (checked
//! and converted by the catalog, as a product's), or removed.

use actix_web::{HttpRequest, delete, get, post, put, web};
use keyshop_core::error::{AppError, FieldErrors};
use keyshop_core::identity::Permission;
use keyshop_proto::catalog::v1 as pb;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::products::{ImageFile, ImageParams, upload};
use super::{acting, staff_with};
use crate::body::JsonBody;
use crate::envelope::{ApiResult, Envelope, FieldErrorsDto, Reply};
use crate::routes::dto::{ListPage, media_file_url};
use crate::routes::{LangParam, params};
use crate::state::GatewayState;

/// A news item's texts in one language.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ConsoleNewsText {
    /// Catalogue code, e.g. "ja".
    pub language: String,
    pub title: String,
    /// Plain text for the list; "" takes the body's first words.
    #[serde(default)]
    pub summary: String,
    /// Markdown (rendered to sanitised HTML for the shop).
    pub body: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConsoleNewsDto {
    pub id: i64,
    pub author: String,
    /// The uploaded cover's URL; "" when the generated artwork shows.
    pub cover: String,
    /// false: a draft, never shown.
    pub published: bool,
    /// Epoch milliseconds: shown from then on.
    pub published_at: i64,
    pub clicks: i64,
    pub version: i64,
    /// Epoch milliseconds.
    pub updated_at: i64,
    /// en-US first.
    pub texts: Vec<ConsoleNewsText>,
    /// Catalogue codes with nothing written (the shop shows English).
    pub missing_languages: Vec<String>,
}

impl From<pb::StaffNews> for ConsoleNewsDto {
    fn from(news: pb::StaffNews) -> ConsoleNewsDto {
        ConsoleNewsDto {
            id: news.id,
            author: news.author,
            cover: if news.cover_image.is_empty() { String::new() } else { media_file_url(&news.cover_image, 640) },
            published: news.published,
            published_at: news.published_at_ms,
            clicks: news.clicks,
            version: news.version,
            updated_at: news.updated_at_ms,
            texts: news
                .texts
                .into_iter()
                .map(|text| ConsoleNewsText {
                    language: text.language,
                    title: text.title,
                    summary: text.summary,
                    body: text.body,
                })
                .collect(),
            missing_languages: news.missing_languages,
        }
    }
}

/// A new item, or an edit with the version read (ignored for a new one).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ConsoleNewsBody {
    #[serde(default)]
    pub version: i64,
    #[serde(default)]
    pub author: String,
    /// false keeps it a draft.
    pub published: bool,
    /// Epoch milliseconds; a later time schedules it.
    pub published_at: i64,
    pub texts: Vec<ConsoleNewsText>,
}

impl ConsoleNewsBody {
    fn into_proto(self, id: i64) -> pb::StaffSaveNewsRequest {
        pb::StaffSaveNewsRequest {
            id,
            version: self.version,
            author: self.author,
            published: self.published,
            published_at_ms: self.published_at,
            texts: self
                .texts
                .into_iter()
                .map(|text| pb::NewsText {
                    language: text.language,
                    title: text.title,
                    summary: text.summary,
                    body: text.body,
                })
                .collect(),
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct NewsListParams {
    /// From 1 (default 1).
    #[param(schema_with = params::page_schema)]
    pub page: Option<String>,
    /// 10, 20, 30 or 50 (default 20).
    #[param(schema_with = params::limit_schema)]
    pub limit: Option<String>,
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_news", params(LangParam, NewsListParams),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Every news item, the latest publishing time first", body = Envelope<ListPage<ConsoleNewsDto>>),
        (status = 400, description = "A bad page or limit", body = Envelope<FieldErrorsDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not manage content (api.staff.forbidden)", body = Envelope<Option<String>>),
    ))]
#[get("/api/staff/news")]
pub async fn staff_news(
    state: web::Data<GatewayState>,
    query: web::Query<NewsListParams>,
    request: HttpRequest,
) -> ApiResult<ListPage<ConsoleNewsDto>> {
    let staff = staff_with(&state, &request, Permission::ContentManage).await?;
    let mut errors = FieldErrors::default();
    let call = pb::StaffListNewsRequest {
        page: params::number(&mut errors, "page", query.page.as_deref()),
        limit: params::number(&mut errors, "limit", query.limit.as_deref()),
    };
    errors.finish()?;
    let page = acting(staff, state.clients.catalog().staff_list_news(call)).await?.into_inner();
    Ok(Reply::ok(ListPage {
        rows: page.rows.into_iter().map(ConsoleNewsDto::from).collect(),
        total: page.total,
        page: page.page,
        limit: page.limit,
    }))
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_news_item", params(LangParam,
        ("id" = i64, Path, description = "The item's number")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The item with every language written", body = Envelope<ConsoleNewsDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not manage content (api.staff.forbidden)", body = Envelope<Option<String>>),
        (status = 404, description = "No such item", body = Envelope<Option<String>>),
    ))]
#[get("/api/staff/news/{id}")]
pub async fn staff_news_item(
    state: web::Data<GatewayState>,
    path: web::Path<i64>,
    request: HttpRequest,
) -> ApiResult<ConsoleNewsDto> {
    let staff = staff_with(&state, &request, Permission::ContentManage).await?;
    let call = pb::StaffGetNewsRequest { id: path.into_inner() };
    let news = acting(staff, state.clients.catalog().staff_get_news(call)).await?.into_inner();
    Ok(Reply::ok(ConsoleNewsDto::from(news)))
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_create_news", params(LangParam),
    security(("bearer" = [])),
    request_body = ConsoleNewsBody,
    responses(
        (status = 200, description = "The new item", body = Envelope<ConsoleNewsDto>),
        (status = 400, description = "A field is wrong", body = Envelope<FieldErrorsDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not manage content (api.staff.forbidden)", body = Envelope<Option<String>>),
    ))]
#[post("/api/staff/news")]
pub async fn staff_create_news(
    state: web::Data<GatewayState>,
    body: JsonBody<ConsoleNewsBody>,
    request: HttpRequest,
) -> ApiResult<ConsoleNewsDto> {
    let staff = staff_with(&state, &request, Permission::ContentManage).await?;
    let call = body.into_inner().into_proto(0);
    let saved = acting(staff, state.clients.catalog().staff_save_news(call)).await?.into_inner();
    Ok(Reply::ok(ConsoleNewsDto::from(saved)))
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_update_news", params(LangParam,
        ("id" = i64, Path, description = "The item's number")),
    security(("bearer" = [])),
    request_body = ConsoleNewsBody,
    responses(
        (status = 200, description = "The item as saved (the shop shows it at once, or from its time)", body = Envelope<ConsoleNewsDto>),
        (status = 400, description = "A field is wrong", body = Envelope<FieldErrorsDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not manage content (api.staff.forbidden)", body = Envelope<Option<String>>),
        (status = 404, description = "No such item", body = Envelope<Option<String>>),
        (status = 409, description = "Changed since it was read (api.staff.changed)", body = Envelope<Option<String>>),
    ))]
#[put("/api/staff/news/{id}")]
pub async fn staff_update_news(
    state: web::Data<GatewayState>,
    path: web::Path<i64>,
    body: JsonBody<ConsoleNewsBody>,
    request: HttpRequest,
) -> ApiResult<ConsoleNewsDto> {
    let staff = staff_with(&state, &request, Permission::ContentManage).await?;
    let id = path.into_inner();
    if id <= 0 {
        return Err(AppError::not_found("api.error.newsNotFound").into());
    }
    let call = body.into_inner().into_proto(id);
    let saved = acting(staff, state.clients.catalog().staff_save_news(call)).await?.into_inner();
    Ok(Reply::ok(ConsoleNewsDto::from(saved)))
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_news_cover", params(LangParam,
        ("id" = i64, Path, description = "The item's number"), ImageParams),
    security(("bearer" = [])),
    request_body(content = inline(ImageFile), content_type = "application/octet-stream", description = "The image file (PNG, JPEG, WebP or GIF, up to 8 MiB)"),
    responses(
        (status = 200, description = "The item with its new cover", body = Envelope<ConsoleNewsDto>),
        (status = 400, description = "Not an image, too large or too many pixels; nothing is stored", body = Envelope<FieldErrorsDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not manage content (api.staff.forbidden)", body = Envelope<Option<String>>),
        (status = 404, description = "No such item", body = Envelope<Option<String>>),
        (status = 409, description = "Changed since it was read (api.staff.changed)", body = Envelope<Option<String>>),
    ))]
#[post("/api/staff/news/{id}/cover")]
pub async fn staff_news_cover(
    state: web::Data<GatewayState>,
    path: web::Path<i64>,
    query: web::Query<ImageParams>,
    payload: web::Payload,
    request: HttpRequest,
) -> ApiResult<ConsoleNewsDto> {
    let staff = staff_with(&state, &request, Permission::ContentManage).await?;
    let data = upload(&request, payload).await?;
    if data.is_empty() {
        return Err(AppError::field("file", "api.staff.imageType").into());
    }
    let call = pb::StaffSetNewsCoverRequest { id: path.into_inner(), version: query.version, data };
    let saved = acting(staff, state.clients.catalog().staff_set_news_cover(call)).await?.into_inner();
    Ok(Reply::ok(ConsoleNewsDto::from(saved)))
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_remove_news_cover", params(LangParam,
        ("id" = i64, Path, description = "The item's number"), ImageParams),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The item with the generated artwork again", body = Envelope<ConsoleNewsDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not manage content (api.staff.forbidden)", body = Envelope<Option<String>>),
        (status = 404, description = "No such item", body = Envelope<Option<String>>),
        (status = 409, description = "Changed since it was read (api.staff.changed)", body = Envelope<Option<String>>),
    ))]
#[delete("/api/staff/news/{id}/cover")]
pub async fn staff_remove_news_cover(
    state: web::Data<GatewayState>,
    path: web::Path<i64>,
    query: web::Query<ImageParams>,
    request: HttpRequest,
) -> ApiResult<ConsoleNewsDto> {
    let staff = staff_with(&state, &request, Permission::ContentManage).await?;
    let call = pb::StaffSetNewsCoverRequest { id: path.into_inner(), version: query.version, data: Vec::new() };
    let saved = acting(staff, state.clients.catalog().staff_set_news_cover(call)).await?.into_inner();
    Ok(Reply::ok(ConsoleNewsDto::from(saved)))
}
