//! `GET /captchaImage`: a new image captcha, single use and expiring.

use actix_web::{HttpRequest, get, web};
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use keyshop_proto::member::v1 as pb;
use serde::Serialize;
use utoipa::ToSchema;

use crate::envelope::{ApiResult, Envelope, Reply, RetryAfterDto};
use crate::state::GatewayState;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CaptchaDto {
    /// Always true: register and forget always ask for it, login after failures.
    pub captcha_enabled: bool,
    /// Sent back with the answer.
    pub uuid: String,
    /// A PNG, base64 without the `data:` prefix.
    pub img: String,
}

#[utoipa::path(context_path = "/prod-api", tag = "members", operation_id = "captcha_image",
    responses(
        (status = 200, description = "A new captcha", body = Envelope<CaptchaDto>),
        (status = 429, description = "Too many captchas from this address", body = Envelope<Option<RetryAfterDto>>),
    ))]
#[get("/captchaImage")]
pub async fn captcha_image(request: HttpRequest, state: web::Data<GatewayState>) -> ApiResult<CaptchaDto> {
    let call = pb::CreateCaptchaRequest { client: Some(super::client(&request, &state)) };
    let captcha = state.clients.member().create_captcha(call).await?.into_inner();
    Ok(Reply::ok(CaptchaDto { captcha_enabled: true, uuid: captcha.uuid, img: STANDARD.encode(captcha.png) }))
}
