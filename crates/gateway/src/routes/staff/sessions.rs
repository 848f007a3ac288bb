//! `GET /api/staff/sessions` and `DELETE /api/staff/sessions/{id}`: the
//! signed-in member of staff's own live sessions, each revocable.

use actix_web::{HttpRequest, delete, get, web};
use keyshop_proto::member::v1 as pb;
use serde::Serialize;
use utoipa::ToSchema;

use crate::envelope::{ApiResult, Envelope, Reply};
use crate::routes::LangParam;
use crate::routes::member::authorized;
use crate::state::GatewayState;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffSessionInfoDto {
    pub id: i64,
    /// Epoch milliseconds.
    pub created_at: i64,
    pub last_seen_at: i64,
    pub expires_at: i64,
    pub ip: String,
    pub browser: String,
    pub os: String,
    /// The session of this request.
    pub current: bool,
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_sessions", params(LangParam),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The live sessions, newest first", body = Envelope<Vec<StaffSessionInfoDto>>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
    ))]
#[get("/api/staff/sessions")]
pub async fn staff_sessions(
    state: web::Data<GatewayState>,
    request: HttpRequest,
) -> ApiResult<Vec<StaffSessionInfoDto>> {
    let list = state.clients.staff().list_sessions(authorized(&request, pb::Empty {})).await?.into_inner();
    Ok(Reply::ok(
        list.sessions
            .into_iter()
            .map(|session| StaffSessionInfoDto {
                id: session.id,
                created_at: session.created_at_ms,
                last_seen_at: session.last_seen_at_ms,
                expires_at: session.expires_at_ms,
                ip: session.ip,
                browser: session.browser,
                os: session.os,
                current: session.current,
            })
            .collect(),
    ))
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_revoke_session", params(LangParam,
        ("id" = i64, Path, minimum = 1, description = "The session's id")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Ended (msgKey api.staff.sessionEnded)", body = Envelope<Option<String>>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 404, description = "No such session of the caller's", body = Envelope<Option<String>>),
    ))]
#[delete("/api/staff/sessions/{id}")]
pub async fn staff_revoke_session(
    state: web::Data<GatewayState>,
    path: web::Path<i64>,
    request: HttpRequest,
) -> ApiResult<()> {
    let call = authorized(&request, pb::IdRequest { id: path.into_inner() });
    state.clients.staff().revoke_session(call).await?;
    Ok(Reply::ok(()).with_msg_key("api.staff.sessionEnded"))
}
