//! `/api/staff/chat/…`: the support desk beside the agent's socket: its
//! figures (who is at the desk, what waits, the median time to a first
//! answer, conversations per day), a shopper's image, and the canned
//! replies agents insert by a shortcut (one per language and shortcut;
//! changes audited).

use actix_web::{HttpRequest, HttpResponse, delete, get, post, put, web};
use keyshop_core::identity::Permission;
use keyshop_proto::member::v1 as pb;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::products::ImageFile;
use super::{acting, staff_with};
use crate::body::JsonBody;
use crate::envelope::{ApiError, ApiResult, Envelope, FieldErrorsDto, Reply};
use crate::routes::LangParam;
use crate::routes::chat::image_response;
use crate::state::GatewayState;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AgentPresenceDto {
    pub staff_id: i64,
    pub email: String,
    /// online or away.
    pub presence: String,
    /// Conversations they have now.
    pub active: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DayCountDto {
    /// yyyy-mm-dd (UTC).
    pub day: String,
    pub count: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatFiguresDto {
    /// Conversations waiting for an agent now.
    pub waiting: i64,
    pub agents: Vec<AgentPresenceDto>,
    /// Median time to the first answer over the last seven days; null when none was answered.
    pub first_response_ms: Option<i64>,
    /// Conversations answered over those seven days.
    pub answered: i64,
    /// Conversations opened per day, the last seven days, oldest first.
    pub per_day: Vec<DayCountDto>,
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_chat_figures", params(LangParam),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The desk now", body = Envelope<ChatFiguresDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role does not answer chat (api.staff.forbidden)", body = Envelope<Option<String>>),
    ))]
#[get("/api/staff/chat/figures")]
pub async fn staff_chat_figures(state: web::Data<GatewayState>, request: HttpRequest) -> ApiResult<ChatFiguresDto> {
    let staff = staff_with(&state, &request, Permission::ChatAnswer).await?;
    let figures = acting(staff, state.clients.chat().staff_chat_figures(pb::Empty {})).await?.into_inner();
    Ok(Reply::ok(ChatFiguresDto {
        waiting: figures.waiting,
        agents: figures
            .agents
            .into_iter()
            .map(|agent| AgentPresenceDto {
                staff_id: agent.staff_id,
                email: agent.email,
                presence: agent.presence,
                active: agent.active,
            })
            .collect(),
        first_response_ms: (figures.answered > 0).then_some(figures.first_response_p50_ms),
        answered: figures.answered,
        per_day: figures.per_day.into_iter().map(|day| DayCountDto { day: day.day, count: day.count }).collect(),
    }))
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_chat_image", params(LangParam,
        ("chatId" = i64, Path, description = "The conversation"),
        ("lineId" = i64, Path, description = "The line with the image")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The image", content_type = "image/*", body = inline(ImageFile)),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role does not answer chat (api.staff.forbidden)", body = Envelope<Option<String>>),
        (status = 404, description = "No image there", body = Envelope<Option<String>>),
    ))]
#[get("/api/staff/chat/{chatId}/images/{lineId}")]
pub async fn staff_chat_image(
    state: web::Data<GatewayState>,
    path: web::Path<(i64, i64)>,
    request: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let staff = staff_with(&state, &request, Permission::ChatAnswer).await?;
    let (chat_id, line_id) = path.into_inner();
    let call = pb::ChatImageRequest { credential: None, chat_id, line_id };
    let image = acting(staff, state.clients.chat().staff_chat_image(call)).await?.into_inner();
    Ok(image_response(image))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CannedReplyDto {
    pub id: i64,
    /// A store language code (en-US, ja…).
    pub language: String,
    /// Typed after a slash in the reply box.
    pub shortcut: String,
    pub body: String,
}

impl From<pb::CannedReply> for CannedReplyDto {
    fn from(reply: pb::CannedReply) -> CannedReplyDto {
        CannedReplyDto { id: reply.id, language: reply.language, shortcut: reply.shortcut, body: reply.body }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CannedReplyBody {
    /// A store language code.
    pub language: String,
    /// Lower-case letters, digits and dashes, up to 32.
    #[schema(max_length = 32)]
    pub shortcut: String,
    /// Up to 4 KB of text.
    #[schema(max_length = 4096)]
    pub body: String,
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_canned_replies", params(LangParam),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Every canned reply, by language then shortcut", body = Envelope<Vec<CannedReplyDto>>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role does not answer chat (api.staff.forbidden)", body = Envelope<Option<String>>),
    ))]
#[get("/api/staff/chat/replies")]
pub async fn staff_canned_replies(
    state: web::Data<GatewayState>,
    request: HttpRequest,
) -> ApiResult<Vec<CannedReplyDto>> {
    let staff = staff_with(&state, &request, Permission::ChatAnswer).await?;
    let replies = acting(staff, state.clients.chat().staff_canned_replies(pb::Empty {})).await?.into_inner();
    Ok(Reply::ok(replies.replies.into_iter().map(CannedReplyDto::from).collect()))
}

async fn save(
    state: &GatewayState,
    request: &HttpRequest,
    id: i64,
    body: CannedReplyBody,
) -> ApiResult<CannedReplyDto> {
    let staff = staff_with(state, request, Permission::ChatAnswer).await?;
    let call = pb::CannedReply { id, language: body.language, shortcut: body.shortcut, body: body.body };
    let saved = acting(staff, state.clients.chat().staff_save_canned_reply(call)).await?.into_inner();
    Ok(Reply::ok(CannedReplyDto::from(saved)))
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_create_canned_reply", params(LangParam),
    security(("bearer" = [])),
    request_body = CannedReplyBody,
    responses(
        (status = 200, description = "The reply, created", body = Envelope<CannedReplyDto>),
        (status = 400, description = "A field is wrong", body = Envelope<FieldErrorsDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role does not answer chat (api.staff.forbidden)", body = Envelope<Option<String>>),
        (status = 409, description = "The language has that shortcut already (api.chat.shortcutTaken)", body = Envelope<Option<String>>),
    ))]
#[post("/api/staff/chat/replies")]
pub async fn staff_create_canned_reply(
    state: web::Data<GatewayState>,
    body: JsonBody<CannedReplyBody>,
    request: HttpRequest,
) -> ApiResult<CannedReplyDto> {
    save(&state, &request, 0, body.into_inner()).await
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_update_canned_reply", params(LangParam,
        ("id" = i64, Path, minimum = 1, description = "The reply's id")),
    security(("bearer" = [])),
    request_body = CannedReplyBody,
    responses(
        (status = 200, description = "The reply, changed", body = Envelope<CannedReplyDto>),
        (status = 400, description = "A field is wrong", body = Envelope<FieldErrorsDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role does not answer chat (api.staff.forbidden)", body = Envelope<Option<String>>),
        (status = 404, description = "No such reply", body = Envelope<Option<String>>),
        (status = 409, description = "The language has that shortcut already (api.chat.shortcutTaken)", body = Envelope<Option<String>>),
    ))]
#[put("/api/staff/chat/replies/{id}")]
pub async fn staff_update_canned_reply(
    state: web::Data<GatewayState>,
    path: web::Path<i64>,
    body: JsonBody<CannedReplyBody>,
    request: HttpRequest,
) -> ApiResult<CannedReplyDto> {
    let id = path.into_inner();
    if id <= 0 {
        return Err(ApiError(keyshop_core::error::AppError::not_found("api.error.notFound")));
    }
    save(&state, &request, id, body.into_inner()).await
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_delete_canned_reply", params(LangParam,
        ("id" = i64, Path, minimum = 1, description = "The reply's id")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Deleted", body = Envelope<Option<String>>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role does not answer chat (api.staff.forbidden)", body = Envelope<Option<String>>),
        (status = 404, description = "No such reply", body = Envelope<Option<String>>),
    ))]
#[delete("/api/staff/chat/replies/{id}")]
pub async fn staff_delete_canned_reply(
    state: web::Data<GatewayState>,
    path: web::Path<i64>,
    request: HttpRequest,
) -> ApiResult<()> {
    let staff = staff_with(&state, &request, Permission::ChatAnswer).await?;
    acting(staff, state.clients.chat().staff_delete_canned_reply(pb::CannedReplyRef { id: path.into_inner() })).await?;
    Ok(Reply::ok(()))
}
