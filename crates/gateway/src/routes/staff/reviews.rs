//! `/api/staff/reviews`: review moderation. Every review (of one product or
//! all, hidden or shown), with the reviewer's e-mail and whether it bought
//! the product; hide or show one (its stars leave or rejoin the rating) and
//! write the store's reply, with the version read (409 when it changed).

use actix_web::{HttpRequest, get, put, web};
use keyshop_core::error::FieldErrors;
use keyshop_core::identity::Permission;
use keyshop_proto::catalog::v1 as pb;
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
pub struct ModeratedReviewDto {
    pub id: i64,
    pub product_id: i64,
    pub product_title: String,
    pub full_name: String,
    pub email: String,
    /// Plain text as written; clients must escape it.
    pub content: String,
    pub stars: i32,
    /// Epoch milliseconds.
    pub created_at: i64,
    pub hidden: bool,
    pub staff_reply: String,
    pub verified: bool,
    pub version: i64,
}

impl From<pb::StaffReview> for ModeratedReviewDto {
    fn from(review: pb::StaffReview) -> ModeratedReviewDto {
        ModeratedReviewDto {
            id: review.id,
            product_id: review.product_id,
            product_title: review.product_title,
            full_name: review.full_name,
            email: review.email,
            content: review.content,
            stars: review.stars,
            created_at: review.created_at_ms,
            hidden: review.hidden,
            staff_reply: review.staff_reply,
            verified: review.verified,
            version: review.version,
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ReviewSearchParams {
    /// One product's number; absent: every product.
    pub product_id: Option<String>,
    /// true: the hidden ones, false: the shown ones; absent: both.
    pub hidden: Option<bool>,
    /// From 1 (default 1).
    #[param(schema_with = params::page_schema)]
    pub page: Option<String>,
    /// 10, 20, 30 or 50 (default 20).
    #[param(schema_with = params::limit_schema)]
    pub limit: Option<String>,
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_reviews", params(LangParam, ReviewSearchParams),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Reviews, newest first", body = Envelope<ListPage<ModeratedReviewDto>>),
        (status = 400, description = "A filter is wrong", body = Envelope<FieldErrorsDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not manage content (api.staff.forbidden)", body = Envelope<Option<String>>),
    ))]
#[get("/api/staff/reviews")]
pub async fn staff_reviews(
    state: web::Data<GatewayState>,
    query: web::Query<ReviewSearchParams>,
    request: HttpRequest,
) -> ApiResult<ListPage<ModeratedReviewDto>> {
    let staff = staff_with(&state, &request, Permission::ContentManage).await?;
    let mut errors = FieldErrors::default();
    let call = pb::StaffListReviewsRequest {
        product_id: params::number(&mut errors, "productId", query.product_id.as_deref()),
        hidden: query.hidden,
        page: params::number(&mut errors, "page", query.page.as_deref()),
        limit: params::number(&mut errors, "limit", query.limit.as_deref()),
    };
    errors.finish()?;
    let page = acting(staff, state.clients.catalog().staff_list_reviews(call)).await?.into_inner();
    Ok(Reply::ok(ListPage {
        rows: page.rows.into_iter().map(ModeratedReviewDto::from).collect(),
        total: page.total,
        page: page.page,
        limit: page.limit,
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ModerationBody {
    pub version: i64,
    pub hidden: bool,
    /// The store's answer, up to 2,000 characters; "" for none.
    #[serde(default)]
    pub reply: String,
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_moderate_review", params(LangParam,
        ("id" = i64, Path, description = "The review's number")),
    security(("bearer" = [])),
    request_body = ModerationBody,
    responses(
        (status = 200, description = "The review as moderated", body = Envelope<ModeratedReviewDto>),
        (status = 400, description = "The reply is too long", body = Envelope<FieldErrorsDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not manage content (api.staff.forbidden)", body = Envelope<Option<String>>),
        (status = 404, description = "No such review", body = Envelope<Option<String>>),
        (status = 409, description = "Changed since it was read (api.staff.changed)", body = Envelope<Option<String>>),
    ))]
#[put("/api/staff/reviews/{id}")]
pub async fn staff_moderate_review(
    state: web::Data<GatewayState>,
    path: web::Path<i64>,
    body: JsonBody<ModerationBody>,
    request: HttpRequest,
) -> ApiResult<ModeratedReviewDto> {
    let staff = staff_with(&state, &request, Permission::ContentManage).await?;
    let body = body.into_inner();
    let call = pb::StaffModerateReviewRequest {
        id: path.into_inner(),
        version: body.version,
        hidden: body.hidden,
        reply: body.reply,
    };
    let review = acting(staff, state.clients.catalog().staff_moderate_review(call)).await?.into_inner();
    Ok(Reply::ok(ModeratedReviewDto::from(review)))
}
