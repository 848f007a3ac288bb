//! `/api/staff/newsletters`: newsletter issues. The list (with how many
//! subscribers are confirmed now), one issue with how far it went out, a
//! draft written (`POST`) or rewritten (`PUT` with the version read) per
//! language in Markdown, and sending it (`POST …/send`): a copy to each
//! subscriber confirmed then, going out in the background while the console
//! follows the counts.

use actix_web::{HttpRequest, get, post, put, web};
use keyshop_core::error::FieldErrors;
use keyshop_core::identity::Permission;
use keyshop_proto::member::v1 as pb;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::{acting, staff_with};
use crate::body::JsonBody;
use crate::envelope::{ApiResult, Envelope, FieldErrorsDto, Reply};
use crate::routes::{LangParam, params};
use crate::state::GatewayState;

/// An issue's text in one language.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NewsletterTextDto {
    /// Catalogue code.
    pub language: String,
    pub subject: String,
    /// Markdown.
    pub body: String,
}

/// How far an issue went out.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewsletterProgressDto {
    pub total: i64,
    pub sent: i64,
    pub failed: i64,
    /// Unsubscribed after the issue started.
    pub skipped: i64,
    /// Claimed by a sender that stopped: maybe sent, never sent again.
    pub unknown: i64,
    /// Still to go.
    pub waiting: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewsletterDto {
    pub id: i64,
    /// draft, sending or sent.
    pub status: String,
    pub created_by: String,
    /// Epoch milliseconds.
    pub created_at: i64,
    pub updated_at: i64,
    /// Absent until sent.
    pub started_at: Option<i64>,
    pub finished_at: Option<i64>,
    pub version: i64,
    /// en-US first.
    pub texts: Vec<NewsletterTextDto>,
    pub progress: NewsletterProgressDto,
}

fn some(ms: i64) -> Option<i64> {
    (ms > 0).then_some(ms)
}

impl From<pb::Newsletter> for NewsletterDto {
    fn from(issue: pb::Newsletter) -> NewsletterDto {
        let progress = issue.progress.unwrap_or_default();
        NewsletterDto {
            id: issue.id,
            status: issue.status,
            created_by: issue.created_by,
            created_at: issue.created_at_ms,
            updated_at: issue.updated_at_ms,
            started_at: some(issue.started_at_ms),
            finished_at: some(issue.finished_at_ms),
            version: issue.version,
            texts: issue
                .texts
                .into_iter()
                .map(|text| NewsletterTextDto { language: text.language, subject: text.subject, body: text.body })
                .collect(),
            progress: NewsletterProgressDto {
                total: progress.total,
                sent: progress.sent,
                failed: progress.failed,
                skipped: progress.skipped,
                unknown: progress.unknown,
                waiting: progress.waiting,
            },
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewsletterPageDto {
    pub rows: Vec<NewsletterDto>,
    pub total: i64,
    pub page: i32,
    pub limit: i32,
    /// Subscribers confirmed now: who a draft would go to.
    pub audience: i64,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct NewsletterListParams {
    /// From 1 (default 1).
    #[param(schema_with = params::page_schema)]
    pub page: Option<String>,
    /// 10, 20, 30 or 50 (default 20).
    #[param(schema_with = params::limit_schema)]
    pub limit: Option<String>,
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_newsletters", params(LangParam, NewsletterListParams),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Every issue, newest first", body = Envelope<NewsletterPageDto>),
        (status = 400, description = "A bad page or limit", body = Envelope<FieldErrorsDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not manage content (api.staff.forbidden)", body = Envelope<Option<String>>),
    ))]
#[get("/api/staff/newsletters")]
pub async fn staff_newsletters(
    state: web::Data<GatewayState>,
    query: web::Query<NewsletterListParams>,
    request: HttpRequest,
) -> ApiResult<NewsletterPageDto> {
    let staff = staff_with(&state, &request, Permission::ContentManage).await?;
    let mut errors = FieldErrors::default();
    let call = pb::PageRequest {
        page: params::number(&mut errors, "page", query.page.as_deref()),
        limit: params::number(&mut errors, "limit", query.limit.as_deref()),
        language: String::new(),
    };
    errors.finish()?;
    let page = acting(staff, state.clients.member().staff_list_newsletters(call)).await?.into_inner();
    Ok(Reply::ok(NewsletterPageDto {
        rows: page.rows.into_iter().map(NewsletterDto::from).collect(),
        total: page.total,
        page: page.page,
        limit: page.limit,
        audience: page.audience,
    }))
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_newsletter", params(LangParam,
        ("id" = i64, Path, description = "The issue's number")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The issue and how far it went out", body = Envelope<NewsletterDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not manage content (api.staff.forbidden)", body = Envelope<Option<String>>),
        (status = 404, description = "No such issue", body = Envelope<Option<String>>),
    ))]
#[get("/api/staff/newsletters/{id}")]
pub async fn staff_newsletter(
    state: web::Data<GatewayState>,
    path: web::Path<i64>,
    request: HttpRequest,
) -> ApiResult<NewsletterDto> {
    let staff = staff_with(&state, &request, Permission::ContentManage).await?;
    let call = pb::IdRequest { id: path.into_inner() };
    let issue = acting(staff, state.clients.member().staff_get_newsletter(call)).await?.into_inner();
    Ok(Reply::ok(NewsletterDto::from(issue)))
}

/// A draft's texts, with the version read (0 for a new one).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NewsletterBody {
    #[serde(default)]
    pub version: i64,
    pub texts: Vec<NewsletterTextDto>,
}

impl NewsletterBody {
    fn into_proto(self, id: i64) -> pb::SaveNewsletterRequest {
        pb::SaveNewsletterRequest {
            id,
            version: self.version,
            texts: self
                .texts
                .into_iter()
                .map(|text| pb::NewsletterText { language: text.language, subject: text.subject, body: text.body })
                .collect(),
        }
    }
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_create_newsletter", params(LangParam),
    security(("bearer" = [])),
    request_body = NewsletterBody,
    responses(
        (status = 200, description = "The new draft", body = Envelope<NewsletterDto>),
        (status = 400, description = "A field is wrong", body = Envelope<FieldErrorsDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not manage content (api.staff.forbidden)", body = Envelope<Option<String>>),
    ))]
#[post("/api/staff/newsletters")]
pub async fn staff_create_newsletter(
    state: web::Data<GatewayState>,
    body: JsonBody<NewsletterBody>,
    request: HttpRequest,
) -> ApiResult<NewsletterDto> {
    let staff = staff_with(&state, &request, Permission::ContentManage).await?;
    let call = body.into_inner().into_proto(0);
    let saved = acting(staff, state.clients.member().staff_save_newsletter(call)).await?.into_inner();
    Ok(Reply::ok(NewsletterDto::from(saved)))
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_update_newsletter", params(LangParam,
        ("id" = i64, Path, description = "The issue's number")),
    security(("bearer" = [])),
    request_body = NewsletterBody,
    responses(
        (status = 200, description = "The draft as saved", body = Envelope<NewsletterDto>),
        (status = 400, description = "A field is wrong", body = Envelope<FieldErrorsDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not manage content (api.staff.forbidden)", body = Envelope<Option<String>>),
        (status = 404, description = "No such issue", body = Envelope<Option<String>>),
        (status = 409, description = "Changed since it was read, or already sent (api.staff.changed)", body = Envelope<Option<String>>),
    ))]
#[put("/api/staff/newsletters/{id}")]
pub async fn staff_update_newsletter(
    state: web::Data<GatewayState>,
    path: web::Path<i64>,
    body: JsonBody<NewsletterBody>,
    request: HttpRequest,
) -> ApiResult<NewsletterDto> {
    let staff = staff_with(&state, &request, Permission::ContentManage).await?;
    let id = path.into_inner();
    if id <= 0 {
        return Err(keyshop_core::error::AppError::not_found("api.newsletter.issueNotFound").into());
    }
    let call = body.into_inner().into_proto(id);
    let saved = acting(staff, state.clients.member().staff_save_newsletter(call)).await?.into_inner();
    Ok(Reply::ok(NewsletterDto::from(saved)))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NewsletterSendBody {
    /// The version read.
    pub version: i64,
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_send_newsletter", params(LangParam,
        ("id" = i64, Path, description = "The issue's number")),
    security(("bearer" = [])),
    request_body = NewsletterSendBody,
    responses(
        (status = 200, description = "The issue, going out", body = Envelope<NewsletterDto>),
        (status = 400, description = "A field is wrong", body = Envelope<FieldErrorsDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not manage content (api.staff.forbidden)", body = Envelope<Option<String>>),
        (status = 404, description = "No such issue", body = Envelope<Option<String>>),
        (status = 409, description = "Changed since it was read, or already sent (api.staff.changed)", body = Envelope<Option<String>>),
    ))]
#[post("/api/staff/newsletters/{id}/send")]
pub async fn staff_send_newsletter(
    state: web::Data<GatewayState>,
    path: web::Path<i64>,
    body: JsonBody<NewsletterSendBody>,
    request: HttpRequest,
) -> ApiResult<NewsletterDto> {
    let staff = staff_with(&state, &request, Permission::ContentManage).await?;
    let call = pb::SendNewsletterRequest { id: path.into_inner(), version: body.into_inner().version };
    let sent = acting(staff, state.clients.member().staff_send_newsletter(call)).await?.into_inner();
    Ok(Reply::ok(NewsletterDto::from(sent)))
}
