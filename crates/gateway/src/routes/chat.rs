//! A shopper's chat images: `POST /api/chat/{chatId}/images` attaches one
//! (PNG, JPEG, WebP or GIF, at most 2 MB; checked by its bytes) as a line of
//! their conversation, `GET /api/chat/{chatId}/images/{lineId}` reads one
//! back. The shopper is the member of the `Authorization` header or the
//! guest of the `X-Chat-Token` header (never the URL); another shopper's
//! conversation is a 404. The live conversation is on the chat socket.

use actix_web::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use actix_web::{HttpRequest, HttpResponse, get, post, web};
use keyshop_proto::member::v1 as pb;
use serde::Serialize;
use utoipa::ToSchema;

use crate::envelope::{ApiError, ApiResult, Envelope, FieldErrorsDto, Reply, RetryAfterDto};
use crate::routes::LangParam;
use crate::routes::member::authorized;
use crate::routes::staff::products::ImageFile;
use crate::state::GatewayState;

/// The largest image read (the member service checks it again, by its bytes).
const MAX_IMAGE_BYTES: usize = 2 * 1024 * 1024;
/// Images are documents of their own: nothing in one may run or load.
const IMAGE_POLICY: &str = "default-src 'none'; sandbox";

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatLineDto {
    pub id: i64,
    pub chat_id: i64,
    /// shopper, agent or system.
    pub author: String,
    pub body: String,
    /// Epoch milliseconds.
    pub created_at: i64,
    /// The image's type (image/png…); empty for text.
    pub image_type: String,
}

impl From<pb::ChatLine> for ChatLineDto {
    fn from(line: pb::ChatLine) -> ChatLineDto {
        ChatLineDto {
            id: line.id,
            chat_id: line.chat_id,
            author: line.author,
            body: line.body,
            created_at: line.created_at_ms,
            image_type: line.image_type,
        }
    }
}

/// The shopper's credential: a guest's chat token from `X-Chat-Token`
/// (a member's session rides in `Authorization`).
fn credential(request: &HttpRequest) -> Option<pb::ChatCredential> {
    let token = request.headers().get("x-chat-token").and_then(|value| value.to_str().ok()).unwrap_or_default();
    Some(pb::ChatCredential { chat_token: token.trim().to_owned() })
}

/// An image as its own document: its sniffed type only, never run, kept
/// by the browser alone.
pub fn image_response(image: pb::Image) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header((CONTENT_TYPE, image.content_type))
        .insert_header((CACHE_CONTROL, "private, max-age=86400"))
        .insert_header(("X-Content-Type-Options", "nosniff"))
        .insert_header(("Content-Security-Policy", IMAGE_POLICY))
        .insert_header(("Content-Disposition", "inline"))
        .body(image.data)
}

#[utoipa::path(context_path = "/prod-api", tag = "chat", operation_id = "chat_attach_image", params(LangParam,
        ("chatId" = i64, Path, description = "The shopper's conversation"),
        ("X-Chat-Token" = Option<String>, Header, description = "A guest's chat token (members send their session as a bearer)")),
    request_body(content = inline(ImageFile), content_type = "application/octet-stream", description = "The image (PNG, JPEG, WebP or GIF, up to 2 MB)"),
    responses(
        (status = 200, description = "The line with the image", body = Envelope<ChatLineDto>),
        (status = 400, description = "Not an image, or too large (api.chat.imageType, api.chat.imageTooLarge); nothing is stored", body = Envelope<FieldErrorsDto>),
        (status = 401, description = "No session and no chat token", body = Envelope<Option<String>>),
        (status = 404, description = "Not the shopper's conversation", body = Envelope<Option<String>>),
        (status = 409, description = "The conversation has ended (api.chat.closed)", body = Envelope<Option<String>>),
        (status = 429, description = "Ten images an hour per conversation (api.chat.tooManyImages)", body = Envelope<RetryAfterDto>),
    ))]
#[post("/api/chat/{chatId}/images")]
pub async fn chat_attach_image(
    state: web::Data<GatewayState>,
    path: web::Path<i64>,
    payload: web::Payload,
    request: HttpRequest,
) -> ApiResult<ChatLineDto> {
    let data =
        crate::body::file(&request, payload, MAX_IMAGE_BYTES, "api.chat.imageTooLarge", "api.chat.imageBroken").await?;
    let call = pb::AttachImageRequest { credential: credential(&request), chat_id: path.into_inner(), data };
    let line = state.clients.chat().attach_image(authorized(&request, call)).await?.into_inner();
    Ok(Reply::ok(ChatLineDto::from(line)))
}

#[utoipa::path(context_path = "/prod-api", tag = "chat", operation_id = "chat_image", params(LangParam,
        ("chatId" = i64, Path, description = "The shopper's conversation"),
        ("lineId" = i64, Path, description = "The line with the image"),
        ("X-Chat-Token" = Option<String>, Header, description = "A guest's chat token (members send their session as a bearer)")),
    responses(
        (status = 200, description = "The image", content_type = "image/*", body = inline(ImageFile)),
        (status = 401, description = "No session and no chat token", body = Envelope<Option<String>>),
        (status = 404, description = "Not the shopper's conversation, or no image there", body = Envelope<Option<String>>),
    ))]
#[get("/api/chat/{chatId}/images/{lineId}")]
pub async fn chat_image(
    state: web::Data<GatewayState>,
    path: web::Path<(i64, i64)>,
    request: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let (chat_id, line_id) = path.into_inner();
    let call = pb::ChatImageRequest { credential: credential(&request), chat_id, line_id };
    let image = state.clients.chat().chat_image(authorized(&request, call)).await?.into_inner();
    Ok(image_response(image))
}
