//! `/api/staff/pages`: the six footer pages in the console, in Markdown per
//! language. The list with the languages each is written in, one language of
//! one (the English text to start from when that language is not written
//! yet), and its edit with the version read (0 for a first text; 409 when it
//! changed since). `{{supportEmail}}` in a body is filled in from the
//! `supportEmail` setting when the shop shows it.

use actix_web::{HttpRequest, get, put, web};
use keyshop_core::identity::Permission;
use keyshop_proto::catalog::v1 as pb;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{acting, staff_with};
use crate::body::JsonBody;
use crate::envelope::{ApiResult, Envelope, FieldErrorsDto, Reply};
use crate::routes::LangParam;
use crate::state::GatewayState;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConsolePageLine {
    pub slug: String,
    /// The English title.
    pub title: String,
    /// The catalogue codes it is written in.
    pub languages: Vec<String>,
    /// Epoch milliseconds of the latest edit in any language.
    pub updated_at: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConsolePageDto {
    pub slug: String,
    pub language: String,
    /// false: not written in this language yet; the English text is given.
    pub exists: bool,
    pub title: String,
    /// Markdown.
    pub body: String,
    /// 0 when not written yet.
    pub version: i64,
    /// Epoch milliseconds.
    pub updated_at: i64,
}

impl From<pb::StaffPage> for ConsolePageDto {
    fn from(page: pb::StaffPage) -> ConsolePageDto {
        ConsolePageDto {
            slug: page.slug,
            language: page.language,
            exists: page.exists,
            title: page.title,
            body: page.body,
            version: page.version,
            updated_at: page.updated_at_ms,
        }
    }
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_pages", params(LangParam),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The six footer pages", body = Envelope<Vec<ConsolePageLine>>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not manage content (api.staff.forbidden)", body = Envelope<Option<String>>),
    ))]
#[get("/api/staff/pages")]
pub async fn staff_pages(state: web::Data<GatewayState>, request: HttpRequest) -> ApiResult<Vec<ConsolePageLine>> {
    let staff = staff_with(&state, &request, Permission::ContentManage).await?;
    let list = acting(staff, state.clients.catalog().staff_list_pages(pb::StaffListPagesRequest {})).await?;
    Ok(Reply::ok(
        list.into_inner()
            .rows
            .into_iter()
            .map(|row| ConsolePageLine {
                slug: row.slug,
                title: row.title,
                languages: row.languages,
                updated_at: row.updated_at_ms,
            })
            .collect(),
    ))
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_page", params(LangParam,
        ("slug" = String, Path, description = "about-us, contact-us, condition, privacy-policy, refund-policy or shipping"),
        ("language" = String, Path, description = "A catalogue code, e.g. ar")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The page in that language", body = Envelope<ConsolePageDto>),
        (status = 400, description = "Not a catalogue language", body = Envelope<FieldErrorsDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not manage content (api.staff.forbidden)", body = Envelope<Option<String>>),
        (status = 404, description = "No such page", body = Envelope<Option<String>>),
    ))]
#[get("/api/staff/pages/{slug}/{language}")]
pub async fn staff_page(
    state: web::Data<GatewayState>,
    path: web::Path<(String, String)>,
    request: HttpRequest,
) -> ApiResult<ConsolePageDto> {
    let staff = staff_with(&state, &request, Permission::ContentManage).await?;
    let (slug, language) = path.into_inner();
    let page =
        acting(staff, state.clients.catalog().staff_get_page(pb::StaffGetPageRequest { slug, language })).await?;
    Ok(Reply::ok(ConsolePageDto::from(page.into_inner())))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ConsolePageBody {
    /// The version read; 0 when the language was not written yet.
    pub version: i64,
    pub title: String,
    /// Markdown.
    pub body: String,
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_save_page", params(LangParam,
        ("slug" = String, Path, description = "One of the six footer pages"),
        ("language" = String, Path, description = "A catalogue code")),
    security(("bearer" = [])),
    request_body = ConsolePageBody,
    responses(
        (status = 200, description = "The page as saved (the shop shows it at once)", body = Envelope<ConsolePageDto>),
        (status = 400, description = "A field is wrong", body = Envelope<FieldErrorsDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not manage content (api.staff.forbidden)", body = Envelope<Option<String>>),
        (status = 404, description = "No such page", body = Envelope<Option<String>>),
        (status = 409, description = "Changed since it was read (api.staff.changed)", body = Envelope<Option<String>>),
    ))]
#[put("/api/staff/pages/{slug}/{language}")]
pub async fn staff_save_page(
    state: web::Data<GatewayState>,
    path: web::Path<(String, String)>,
    body: JsonBody<ConsolePageBody>,
    request: HttpRequest,
) -> ApiResult<ConsolePageDto> {
    let staff = staff_with(&state, &request, Permission::ContentManage).await?;
    let (slug, language) = path.into_inner();
    let body = body.into_inner();
    let call = pb::StaffSavePageRequest { slug, language, version: body.version, title: body.title, body: body.body };
    let saved = acting(staff, state.clients.catalog().staff_save_page(call)).await?.into_inner();
    Ok(Reply::ok(ConsolePageDto::from(saved)))
}
