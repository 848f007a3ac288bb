//! `POST /api/logout`: revokes the calling session (nothing to do without one).

use actix_web::{HttpRequest, post, web};
use keyshop_proto::member::v1 as pb;

use super::authorized;
use crate::envelope::{ApiResult, Envelope, Reply};
use crate::state::GatewayState;

#[utoipa::path(context_path = "/prod-api", tag = "members", operation_id = "member_logout",
    security((), ("bearer" = [])),
    responses((status = 200, description = "Signed out (msgKey api.member.loggedOut)", body = Envelope<Option<String>>)))]
#[post("/api/logout")]
pub async fn logout(state: web::Data<GatewayState>, request: HttpRequest) -> ApiResult<()> {
    state.clients.member().logout(authorized(&request, pb::Empty {})).await?;
    Ok(Reply::ok(()).with_msg_key("api.member.loggedOut"))
}
