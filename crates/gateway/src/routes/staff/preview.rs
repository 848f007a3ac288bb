//! `/api/staff/preview`: Markdown as the shop (or a newsletter) will show
//! it, through the same renderer and sanitiser, for the console's preview.

use actix_web::{HttpRequest, post, web};
use keyshop_core::error::AppError;
use keyshop_core::identity::Permission;
use keyshop_core::markdown;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::staff_with;
use crate::body::JsonBody;
use crate::envelope::{ApiResult, Envelope, FieldErrorsDto, Reply};
use crate::routes::LangParam;
use crate::state::GatewayState;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PreviewBody {
    /// Up to 20,000 characters.
    pub markdown: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PreviewDto {
    /// Sanitised HTML.
    pub html: String,
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_preview", params(LangParam),
    security(("bearer" = [])),
    request_body = PreviewBody,
    responses(
        (status = 200, description = "The sanitised HTML", body = Envelope<PreviewDto>),
        (status = 400, description = "Too long", body = Envelope<FieldErrorsDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not manage content (api.staff.forbidden)", body = Envelope<Option<String>>),
    ))]
#[post("/api/staff/preview")]
pub async fn staff_preview(
    state: web::Data<GatewayState>,
    body: JsonBody<PreviewBody>,
    request: HttpRequest,
) -> ApiResult<PreviewDto> {
    staff_with(&state, &request, Permission::ContentManage).await?;
    let source = body.into_inner().markdown;
    if source.chars().count() > markdown::MAX_CHARS {
        return Err(AppError::field("markdown", "api.field.tooLong").into());
    }
    Ok(Reply::ok(PreviewDto { html: markdown::to_html(&source) }))
}
