//! `/api/staff/forms`: the forms inbox. The sale, wholesale, affiliate and
//! feedback forms shoppers sent, newest first (of one kind or status); a
//! reply e-mailed to the sender (`POST …/reply`, the form is then replied);
//! closing a form or opening it again (`PUT`), each with the version read.

use std::collections::BTreeMap;

use actix_web::{HttpRequest, get, post, put, web};
use keyshop_core::error::FieldErrors;
use keyshop_core::identity::Permission;
use keyshop_proto::member::v1 as pb;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::{acting, staff_with};
use crate::body::JsonBody;
use crate::envelope::{ApiResult, Envelope, FieldErrorsDto, Reply};
use crate::routes::dto::ListPage;
use crate::routes::{LangParam, params};
use crate::state::GatewayState;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FormReplyDto {
    pub staff_email: String,
    /// Plain text; clients must escape it.
    pub body: String,
    /// Epoch milliseconds.
    pub created_at: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FormSubmissionDto {
    pub id: i64,
    /// sale, wholesale, affiliate or feedback.
    pub kind: String,
    pub email: String,
    /// The form's fields by name, as sent (plain text; clients must escape it).
    pub fields: BTreeMap<String, String>,
    /// The sender's language: replies go out in it.
    pub language: String,
    /// Epoch milliseconds.
    pub created_at: i64,
    /// new, replied or closed.
    pub status: String,
    pub version: i64,
    pub updated_at: i64,
    /// Oldest first.
    pub replies: Vec<FormReplyDto>,
}

impl From<pb::FormSubmission> for FormSubmissionDto {
    fn from(form: pb::FormSubmission) -> FormSubmissionDto {
        FormSubmissionDto {
            id: form.id,
            kind: form.kind,
            email: form.email,
            fields: form.fields.into_iter().collect(),
            language: form.language,
            created_at: form.created_at_ms,
            status: form.status,
            version: form.version,
            updated_at: form.updated_at_ms,
            replies: form
                .replies
                .into_iter()
                .map(|reply| FormReplyDto {
                    staff_email: reply.staff_email,
                    body: reply.body,
                    created_at: reply.created_at_ms,
                })
                .collect(),
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct FormSearchParams {
    /// sale, wholesale, affiliate or feedback; absent: all.
    pub kind: Option<String>,
    /// new, replied or closed; absent: any.
    pub status: Option<String>,
    /// From 1 (default 1).
    #[param(schema_with = params::page_schema)]
    pub page: Option<String>,
    /// 10, 20, 30 or 50 (default 20).
    #[param(schema_with = params::limit_schema)]
    pub limit: Option<String>,
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_forms", params(LangParam, FormSearchParams),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Forms, newest first", body = Envelope<ListPage<FormSubmissionDto>>),
        (status = 400, description = "A filter is wrong", body = Envelope<FieldErrorsDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not answer forms (api.staff.forbidden)", body = Envelope<Option<String>>),
    ))]
#[get("/api/staff/forms")]
pub async fn staff_forms(
    state: web::Data<GatewayState>,
    query: web::Query<FormSearchParams>,
    request: HttpRequest,
) -> ApiResult<ListPage<FormSubmissionDto>> {
    let staff = staff_with(&state, &request, Permission::FormsAnswer).await?;
    let mut errors = FieldErrors::default();
    let query = query.into_inner();
    let call = pb::ListFormsRequest {
        kind: query.kind.unwrap_or_default(),
        status: query.status.unwrap_or_default(),
        page: params::number(&mut errors, "page", query.page.as_deref()),
        limit: params::number(&mut errors, "limit", query.limit.as_deref()),
    };
    errors.finish()?;
    let page = acting(staff, state.clients.member().staff_list_forms(call)).await?.into_inner();
    Ok(Reply::ok(ListPage {
        rows: page.rows.into_iter().map(FormSubmissionDto::from).collect(),
        total: page.total,
        page: page.page,
        limit: page.limit,
    }))
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_form", params(LangParam,
        ("id" = i64, Path, description = "The form's number")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The form with its replies", body = Envelope<FormSubmissionDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not answer forms (api.staff.forbidden)", body = Envelope<Option<String>>),
        (status = 404, description = "No such form", body = Envelope<Option<String>>),
    ))]
#[get("/api/staff/forms/{id}")]
pub async fn staff_form(
    state: web::Data<GatewayState>,
    path: web::Path<i64>,
    request: HttpRequest,
) -> ApiResult<FormSubmissionDto> {
    let staff = staff_with(&state, &request, Permission::FormsAnswer).await?;
    let form = acting(staff, state.clients.member().staff_get_form(pb::IdRequest { id: path.into_inner() })).await?;
    Ok(Reply::ok(FormSubmissionDto::from(form.into_inner())))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FormReplyBody {
    /// The version read.
    pub version: i64,
    /// Plain text, up to 4,000 characters.
    pub body: String,
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_reply_form", params(LangParam,
        ("id" = i64, Path, description = "The form's number")),
    security(("bearer" = [])),
    request_body = FormReplyBody,
    responses(
        (status = 200, description = "The form, replied, with the reply sent", body = Envelope<FormSubmissionDto>),
        (status = 400, description = "The reply is empty or too long", body = Envelope<FieldErrorsDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not answer forms (api.staff.forbidden)", body = Envelope<Option<String>>),
        (status = 404, description = "No such form", body = Envelope<Option<String>>),
        (status = 409, description = "Changed since it was read (api.staff.changed)", body = Envelope<Option<String>>),
    ))]
#[post("/api/staff/forms/{id}/reply")]
pub async fn staff_reply_form(
    state: web::Data<GatewayState>,
    path: web::Path<i64>,
    body: JsonBody<FormReplyBody>,
    request: HttpRequest,
) -> ApiResult<FormSubmissionDto> {
    let staff = staff_with(&state, &request, Permission::FormsAnswer).await?;
    let body = body.into_inner();
    let call = pb::ReplyFormRequest { id: path.into_inner(), version: body.version, body: body.body };
    let form = acting(staff, state.clients.member().staff_reply_form(call)).await?.into_inner();
    Ok(Reply::ok(FormSubmissionDto::from(form)))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FormStatusBody {
    /// The version read.
    pub version: i64,
    /// closed, or new to open it again.
    pub status: String,
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_form_status", params(LangParam,
        ("id" = i64, Path, description = "The form's number")),
    security(("bearer" = [])),
    request_body = FormStatusBody,
    responses(
        (status = 200, description = "The form in its new status", body = Envelope<FormSubmissionDto>),
        (status = 400, description = "Not a status", body = Envelope<FieldErrorsDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not answer forms (api.staff.forbidden)", body = Envelope<Option<String>>),
        (status = 404, description = "No such form", body = Envelope<Option<String>>),
        (status = 409, description = "Changed since it was read (api.staff.changed)", body = Envelope<Option<String>>),
    ))]
#[put("/api/staff/forms/{id}")]
pub async fn staff_form_status(
    state: web::Data<GatewayState>,
    path: web::Path<i64>,
    body: JsonBody<FormStatusBody>,
    request: HttpRequest,
) -> ApiResult<FormSubmissionDto> {
    let staff = staff_with(&state, &request, Permission::FormsAnswer).await?;
    let body = body.into_inner();
    let call = pb::SetFormStatusRequest { id: path.into_inner(), version: body.version, status: body.status };
    let form = acting(staff, state.clients.member().staff_set_form_status(call)).await?.into_inner();
    Ok(Reply::ok(FormSubmissionDto::from(form)))
}
