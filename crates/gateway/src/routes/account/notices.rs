//! `/api/notices[/unread|/{id}/read]`: notices to the member and to everyone,
//! read and unread.

use actix_web::{HttpRequest, get, post, web};
use keyshop_proto::member::v1 as pb;
use serde::Serialize;
use utoipa::ToSchema;

use crate::envelope::{ApiResult, Envelope, Reply};
use crate::routes::dto::ListPage;
use crate::routes::member::{PageParams, authorized};
use crate::state::GatewayState;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NoticeDto {
    pub id: i64,
    pub title: String,
    /// Plain text; clients must escape it.
    pub content: String,
    /// Epoch milliseconds.
    pub created_at: i64,
    pub read: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CountDto {
    pub count: i64,
}

#[utoipa::path(context_path = "/prod-api", tag = "account", operation_id = "account_notices",
    security(("bearer" = [])), params(PageParams),
    responses(
        (status = 200, description = "A page of notices, newest first", body = Envelope<ListPage<NoticeDto>>),
        (status = 401, description = "Not signed in", body = Envelope<Option<String>>),
    ))]
#[get("/api/notices")]
pub async fn list_notices(
    state: web::Data<GatewayState>,
    query: web::Query<PageParams>,
    request: HttpRequest,
) -> ApiResult<ListPage<NoticeDto>> {
    let page = state.clients.member().list_notices(authorized(&request, query.request()?)).await?.into_inner();
    Ok(Reply::ok(ListPage {
        rows: page
            .rows
            .into_iter()
            .map(|notice| NoticeDto {
                id: notice.id,
                title: notice.title,
                content: notice.content,
                created_at: notice.created_at_ms,
                read: notice.read,
            })
            .collect(),
        total: page.total,
        page: page.page,
        limit: page.limit,
    }))
}

#[utoipa::path(context_path = "/prod-api", tag = "account", operation_id = "account_notices_unread",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "How many are unread", body = Envelope<CountDto>),
        (status = 401, description = "Not signed in", body = Envelope<Option<String>>),
    ))]
#[get("/api/notices/unread")]
pub async fn unread_notices(state: web::Data<GatewayState>, request: HttpRequest) -> ApiResult<CountDto> {
    let count = state.clients.member().count_unread_notices(authorized(&request, pb::Empty {})).await?.into_inner();
    Ok(Reply::ok(CountDto { count: count.count }))
}

#[utoipa::path(context_path = "/prod-api", tag = "account", operation_id = "account_notice_read",
    security(("bearer" = [])), params(("id" = i64, Path)),
    responses(
        (status = 200, description = "Marked read (msgKey api.notice.read)", body = Envelope<Option<String>>),
        (status = 401, description = "Not signed in", body = Envelope<Option<String>>),
        (status = 404, description = "No such notice for this member", body = Envelope<Option<String>>),
    ))]
#[post("/api/notices/{id}/read")]
pub async fn read_notice(state: web::Data<GatewayState>, path: web::Path<i64>, request: HttpRequest) -> ApiResult<()> {
    let call = pb::IdRequest { id: path.into_inner() };
    state.clients.member().mark_notice_read(authorized(&request, call)).await?;
    Ok(Reply::ok(()).with_msg_key("api.notice.read"))
}
