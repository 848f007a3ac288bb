//! `GET /api/staff/me`: the signed-in member of staff and what their role may do.

use actix_web::{HttpRequest, get, web};
use keyshop_proto::member::v1 as pb;

use super::StaffDto;
use crate::envelope::{ApiResult, Envelope, Reply};
use crate::routes::LangParam;
use crate::routes::member::authorized;
use crate::state::GatewayState;

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_me", params(LangParam),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The member of staff", body = Envelope<StaffDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
    ))]
#[get("/api/staff/me")]
pub async fn staff_me(state: web::Data<GatewayState>, request: HttpRequest) -> ApiResult<StaffDto> {
    let member = state.clients.staff().authenticate(authorized(&request, pb::Empty {})).await?.into_inner();
    Ok(Reply::ok(StaffDto::from_proto(member)?))
}
