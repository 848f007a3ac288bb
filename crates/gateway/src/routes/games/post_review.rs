//! `POST /api/home/games/{gameName}/{gameExtName}/reviews`: one review per
//! visitor per minute (429), none while comments are off (422).

use actix_web::{HttpRequest, post, web};
use keyshop_proto::catalog::v1 as pb;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::ProductPath;
use crate::body::JsonBody;
use crate::envelope::{ApiResult, Envelope, FieldErrorsDto, Reply, RetryAfterDto};
use crate::routes::LangParam;
use crate::state::GatewayState;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PostReviewBody {
    /// Required, at most 60 characters.
    #[serde(default)]
    #[schema(required = true, min_length = 1)]
    pub full_name: String,
    /// Required; kept for staff, never shown.
    #[serde(default)]
    #[schema(required = true, min_length = 1)]
    pub email: String,
    /// Required, at most 2000 characters.
    #[serde(default)]
    #[schema(required = true, min_length = 1)]
    pub content: String,
    /// 1 to 5.
    #[serde(default)]
    #[schema(required = true, minimum = 1, maximum = 5)]
    pub stars: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PostedReviewDto {
    pub id: i64,
}

#[utoipa::path(context_path = "/prod-api", tag = "reviews", operation_id = "product_post_review",
    params(("gameName" = String, Path), ("gameExtName" = String, Path), LangParam),
    request_body = PostReviewBody,
    responses(
        (status = 200, description = "Posted (msgKey api.review.posted)", body = Envelope<PostedReviewDto>),
        (status = 400, description = "A field is missing or wrong", body = Envelope<FieldErrorsDto>),
        (status = 404, description = "No such product", body = Envelope<Option<String>>),
        (status = 422, description = "Comments are switched off", body = Envelope<Option<String>>),
        (status = 429, description = "One review per minute", body = Envelope<Option<RetryAfterDto>>),
    ))]
#[post("/api/home/games/{gameName}/{gameExtName}/reviews")]
pub async fn post_review(
    state: web::Data<GatewayState>,
    path: web::Path<ProductPath>,
    body: JsonBody<PostReviewBody>,
    request: HttpRequest,
) -> ApiResult<PostedReviewDto> {
    let body = body.into_inner();
    let visitor = state.client_ip(&request);
    let call = pb::PostReviewRequest {
        product: Some(path.into_inner().reference()),
        full_name: body.full_name,
        email: body.email,
        content: body.content,
        stars: body.stars,
        visitor,
    };
    let posted = state.clients.catalog().post_review(call).await?.into_inner();
    Ok(Reply::ok(PostedReviewDto { id: posted.id }).with_msg_key("api.review.posted"))
}
