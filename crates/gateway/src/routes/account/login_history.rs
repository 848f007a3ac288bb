//! `GET /api/loginHistory`: the member's sign-ins, newest first.

use actix_web::{HttpRequest, get, web};
use keyshop_proto::member::v1 as pb;
use serde::Serialize;
use utoipa::ToSchema;

use crate::envelope::{ApiResult, Envelope, Reply};
use crate::routes::dto::ListPage;
use crate::routes::member::{PageParams, authorized};
use crate::state::GatewayState;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginHistoryDto {
    pub id: i64,
    /// Epoch milliseconds.
    pub at: i64,
    pub ip: String,
    pub os: String,
    pub device: String,
    pub browser: String,
    pub success: bool,
}

impl From<pb::LoginRecord> for LoginHistoryDto {
    fn from(record: pb::LoginRecord) -> LoginHistoryDto {
        LoginHistoryDto {
            id: record.id,
            at: record.at_ms,
            ip: record.ip,
            os: record.os,
            device: record.device,
            browser: record.browser,
            success: record.success,
        }
    }
}

#[utoipa::path(context_path = "/prod-api", tag = "account", operation_id = "account_login_history",
    security(("bearer" = [])), params(PageParams),
    responses(
        (status = 200, description = "A page of sign-ins", body = Envelope<ListPage<LoginHistoryDto>>),
        (status = 400, description = "page or limit is wrong", body = Envelope<crate::envelope::FieldErrorsDto>),
        (status = 401, description = "Not signed in", body = Envelope<Option<String>>),
    ))]
#[get("/api/loginHistory")]
pub async fn login_history(
    state: web::Data<GatewayState>,
    query: web::Query<PageParams>,
    request: HttpRequest,
) -> ApiResult<ListPage<LoginHistoryDto>> {
    let page = state.clients.member().list_login_history(authorized(&request, query.request()?)).await?.into_inner();
    Ok(Reply::ok(ListPage {
        rows: page.rows.into_iter().map(LoginHistoryDto::from).collect(),
        total: page.total,
        page: page.page,
        limit: page.limit,
    }))
}
