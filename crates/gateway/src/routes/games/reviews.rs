//! `GET /api/home/games/{gameName}/{gameExtName}/reviews`: newest first; the
//! reviewer's e-mail is never shown.

use actix_web::{get, web};
use keyshop_core::error::FieldErrors;
use keyshop_proto::catalog::v1 as pb;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::ProductPath;
use crate::envelope::{ApiResult, Envelope, Reply};
use crate::routes::LangParam;
use crate::routes::dto::{ListPage, timestamp};
use crate::routes::params;
use crate::state::GatewayState;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PageParams {
    #[param(schema_with = params::page_schema)]
    pub page: Option<String>,
    #[param(schema_with = params::limit_schema)]
    pub limit: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewDto {
    pub id: i64,
    pub full_name: String,
    /// Plain text as written; clients must escape it.
    pub content: String,
    pub stars: i32,
    pub created_at: String,
    /// The reviewer's e-mail bought the product.
    pub verified: bool,
    /// The store's answer, plain text; absent for none.
    pub staff_reply: Option<String>,
}

#[utoipa::path(context_path = "/prod-api", tag = "reviews", operation_id = "product_reviews",
    params(("gameName" = String, Path), ("gameExtName" = String, Path), PageParams, LangParam),
    responses(
        (status = 200, description = "A page of reviews", body = Envelope<ListPage<ReviewDto>>),
        (status = 404, description = "No such product", body = Envelope<Option<String>>),
    ))]
#[get("/api/home/games/{gameName}/{gameExtName}/reviews")]
pub async fn list_reviews(
    state: web::Data<GatewayState>,
    path: web::Path<ProductPath>,
    query: web::Query<PageParams>,
) -> ApiResult<ListPage<ReviewDto>> {
    let mut errors = FieldErrors::default();
    let request = pb::ListReviewsRequest {
        product: Some(path.into_inner().reference()),
        page: params::number(&mut errors, "page", query.page.as_deref()),
        limit: params::number(&mut errors, "limit", query.limit.as_deref()),
    };
    errors.finish()?;
    let page = state.clients.catalog().list_reviews(request).await?.into_inner();
    Ok(Reply::ok(ListPage {
        rows: page
            .rows
            .into_iter()
            .map(|review| ReviewDto {
                id: review.id,
                full_name: review.full_name,
                content: review.content,
                stars: review.stars,
                created_at: timestamp(review.created_at_ms),
                verified: review.verified,
                staff_reply: (!review.staff_reply.is_empty()).then_some(review.staff_reply),
            })
            .collect(),
        total: page.total,
        page: page.page,
        limit: page.limit,
    }))
}
