//! `GET /api/getInfo`: the signed-in member.

use actix_web::{HttpRequest, get, web};
use keyshop_proto::member::v1 as pb;
use serde::Serialize;
use utoipa::ToSchema;

use super::authorized;
use crate::envelope::{ApiResult, Envelope, Reply};
use crate::state::GatewayState;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MemberInfoDto {
    pub id: i64,
    pub email: String,
    pub full_name: String,
    /// ISO 3166 alpha-2, "" when unset.
    pub country: String,
    pub newsletter: bool,
    pub level_name: String,
    pub points: i64,
    /// Points worth one US dollar at checkout, at the member's level.
    pub points_exchange_rate: i32,
    /// Epoch milliseconds.
    pub created_at: i64,
}

#[utoipa::path(context_path = "/prod-api", tag = "members", operation_id = "member_info",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The member", body = Envelope<MemberInfoDto>),
        (status = 401, description = "Not signed in", body = Envelope<Option<String>>),
        (status = 403, description = "The account is disabled", body = Envelope<Option<String>>),
    ))]
#[get("/api/getInfo")]
pub async fn get_info(state: web::Data<GatewayState>, request: HttpRequest) -> ApiResult<MemberInfoDto> {
    let info = state.clients.member().get_info(authorized(&request, pb::Empty {})).await?.into_inner();
    Ok(Reply::ok(MemberInfoDto {
        id: info.id,
        email: info.email,
        full_name: info.full_name,
        country: info.country,
        newsletter: info.newsletter,
        level_name: info.level_name,
        points: info.points,
        points_exchange_rate: info.points_exchange_rate,
        created_at: info.created_at_ms,
    }))
}
