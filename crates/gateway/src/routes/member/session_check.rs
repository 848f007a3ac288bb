//! `POST /api/session/check`: the state of the caller's session, asked by the
//! SPA on every navigation.

use actix_web::{HttpRequest, post, web};
use keyshop_proto::member::v1 as pb;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::authorized;
use crate::body::JsonBody;
use crate::envelope::{ApiResult, Envelope, Reply};
use crate::state::GatewayState;

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SessionCheckBody {
    pub from_url: String,
    pub to_url: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SessionCheckDto {
    /// 0 anonymous, 1 signed in, 2 disabled.
    pub state: i32,
    /// False when a token was sent that is no longer valid.
    pub is_success: bool,
}

#[utoipa::path(context_path = "/prod-api", tag = "members", operation_id = "member_session_check",
    security((), ("bearer" = [])), request_body = SessionCheckBody,
    responses((status = 200, description = "The session's state", body = Envelope<SessionCheckDto>)))]
#[post("/api/session/check")]
pub async fn session_check(
    state: web::Data<GatewayState>,
    body: JsonBody<SessionCheckBody>,
    request: HttpRequest,
) -> ApiResult<SessionCheckDto> {
    let body = body.into_inner();
    let call = pb::CheckSessionRequest { from_url: body.from_url, to_url: body.to_url };
    let session = state.clients.member().check_session(authorized(&request, call)).await?.into_inner();
    Ok(Reply::ok(SessionCheckDto { state: session.state, is_success: session.is_success }))
}
