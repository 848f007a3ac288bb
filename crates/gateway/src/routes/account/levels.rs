//! `GET /api/levels` (public) and `GET /api/getUserLevelInfo/{id}` (the
//! caller's own id only): membership levels and where the member stands.
//! Money is in US cents.

use actix_web::{HttpRequest, get, web};
use keyshop_proto::member::v1 as pb;
use serde::Serialize;
use utoipa::ToSchema;

use crate::envelope::{ApiResult, Envelope, Reply};
use crate::routes::member::authorized;
use crate::state::GatewayState;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LevelDto {
    pub id: i64,
    pub name: String,
    /// Total consumption from which the level applies, US cents.
    pub threshold_usd: i64,
    pub discount_percent: i32,
    pub points_per_usd: i32,
    /// Points worth one USD.
    pub exchange_rate: i32,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserLevelInfoDto {
    pub level: LevelDto,
    pub discount_percent: i32,
    /// US cents.
    pub total_consumption_usd: i64,
    pub points: i64,
    pub exchange_rate: i32,
    /// Null at the top level.
    pub next_level: Option<LevelDto>,
    /// US cents still to spend for the next level; 0 at the top.
    pub amount_to_next_usd: i64,
}

impl From<pb::Level> for LevelDto {
    fn from(level: pb::Level) -> LevelDto {
        LevelDto {
            id: level.id,
            name: level.name,
            threshold_usd: level.threshold_usd_cents,
            discount_percent: level.discount_percent,
            points_per_usd: level.points_per_usd,
            exchange_rate: level.exchange_rate,
        }
    }
}

#[utoipa::path(context_path = "/prod-api", tag = "account", operation_id = "account_levels",
    responses((status = 200, description = "Every level, by threshold", body = Envelope<Vec<LevelDto>>)))]
#[get("/api/levels")]
pub async fn list_levels(state: web::Data<GatewayState>) -> ApiResult<Vec<LevelDto>> {
    let list = state.clients.member().list_levels(pb::Empty {}).await?.into_inner();
    Ok(Reply::ok(list.levels.into_iter().map(LevelDto::from).collect()))
}

#[utoipa::path(context_path = "/prod-api", tag = "account", operation_id = "account_level_info",
    security(("bearer" = [])), params(("id" = i64, Path, description = "The caller's member id")),
    responses(
        (status = 200, description = "The member's level", body = Envelope<UserLevelInfoDto>),
        (status = 401, description = "Not signed in", body = Envelope<Option<String>>),
        (status = 403, description = "Another member's id", body = Envelope<Option<String>>),
    ))]
#[get("/api/getUserLevelInfo/{id}")]
pub async fn user_level_info(
    state: web::Data<GatewayState>,
    path: web::Path<i64>,
    request: HttpRequest,
) -> ApiResult<UserLevelInfoDto> {
    let call = pb::IdRequest { id: path.into_inner() };
    let info = state.clients.member().get_level_info(authorized(&request, call)).await?.into_inner();
    let level = LevelDto::from(info.level.unwrap_or_default());
    Ok(Reply::ok(UserLevelInfoDto {
        discount_percent: level.discount_percent,
        exchange_rate: level.exchange_rate,
        level,
        total_consumption_usd: info.total_consumption_usd_cents,
        points: info.points,
        next_level: info.next_level.map(LevelDto::from),
        amount_to_next_usd: info.amount_to_next_usd_cents,
    }))
}
