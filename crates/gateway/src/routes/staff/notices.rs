//! `POST /api/staff/notices`: a notice to every member or to one, in English
//! and in any other language written; each member reads it in theirs, with
//! the unread badge until they open it.

use actix_web::{HttpRequest, post, web};
use keyshop_core::identity::Permission;
use keyshop_proto::member::v1 as pb;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{acting, staff_with};
use crate::body::JsonBody;
use crate::envelope::{ApiResult, Envelope, FieldErrorsDto, Reply};
use crate::routes::LangParam;
use crate::state::GatewayState;

/// The notice in one more language.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NoticeTextBody {
    /// A catalogue code other than en-US.
    pub language: String,
    #[serde(default)]
    pub title: String,
    #[serde(default)]
    pub content: String,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NoticeBody {
    /// The member's number; absent: every member.
    pub member_id: Option<i64>,
    /// The default (English) title, up to 120 characters.
    pub title: String,
    /// The default (English) text, up to 4,000 characters.
    pub content: String,
    /// The same in other languages (a language left empty reads English).
    #[serde(default)]
    pub texts: Vec<NoticeTextBody>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct NoticeSentDto {
    pub id: i64,
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_send_notice", params(LangParam),
    security(("bearer" = [])),
    request_body = NoticeBody,
    responses(
        (status = 200, description = "The notice's number", body = Envelope<NoticeSentDto>),
        (status = 400, description = "A field is wrong", body = Envelope<FieldErrorsDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not manage content (api.staff.forbidden)", body = Envelope<Option<String>>),
        (status = 404, description = "No such member", body = Envelope<Option<String>>),
    ))]
#[post("/api/staff/notices")]
pub async fn staff_send_notice(
    state: web::Data<GatewayState>,
    body: JsonBody<NoticeBody>,
    request: HttpRequest,
) -> ApiResult<NoticeSentDto> {
    let staff = staff_with(&state, &request, Permission::ContentManage).await?;
    let body = body.into_inner();
    let call = pb::SendNoticeRequest {
        member_id: body.member_id,
        title: body.title,
        content: body.content,
        texts: body
            .texts
            .into_iter()
            .map(|text| pb::NoticeText { language: text.language, title: text.title, content: text.content })
            .collect(),
    };
    let sent = acting(staff, state.clients.member().send_notice(call)).await?.into_inner();
    Ok(Reply::ok(NoticeSentDto { id: sent.id }))
}
