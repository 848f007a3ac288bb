//! `/api/collect[/ids|/{productId}]`: the member's wishlist, with product
//! cards from the catalog. Visitors get 401 'You need to log in first'.

use actix_web::{HttpRequest, delete, get, post, web};
use keyshop_core::error::AppError;
use keyshop_proto::member::v1 as pb;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::body::JsonBody;
use crate::envelope::{ApiResult, Envelope, FieldErrorsDto, Reply};
use crate::routes::dto::{ListPage, ProductCardDto};
use crate::routes::member::{PageParams, authorized};
use crate::state::GatewayState;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CollectItemDto {
    pub product_id: i64,
    /// Epoch milliseconds.
    pub added_at: i64,
    /// Absent when the product is no longer sold.
    pub product: Option<ProductCardDto>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct CollectBody {
    pub product_id: i64,
}

#[utoipa::path(context_path = "/prod-api", tag = "account", operation_id = "account_wishlist",
    security(("bearer" = [])), params(PageParams),
    responses(
        (status = 200, description = "A page of the wishlist, newest first", body = Envelope<ListPage<CollectItemDto>>),
        (status = 401, description = "Not signed in", body = Envelope<Option<String>>),
    ))]
#[get("/api/collect")]
pub async fn list_collect(
    state: web::Data<GatewayState>,
    query: web::Query<PageParams>,
    request: HttpRequest,
) -> ApiResult<ListPage<CollectItemDto>> {
    let page = state.clients.member().list_wishlist(authorized(&request, query.request()?)).await?.into_inner();
    Ok(Reply::ok(ListPage {
        rows: page
            .rows
            .into_iter()
            .map(|item| {
                Ok(CollectItemDto {
                    product_id: item.product_id,
                    added_at: item.added_at_ms,
                    product: item.card.map(ProductCardDto::try_from).transpose()?,
                })
            })
            .collect::<Result<_, AppError>>()?,
        total: page.total,
        page: page.page,
        limit: page.limit,
    }))
}

#[utoipa::path(context_path = "/prod-api", tag = "account", operation_id = "account_wishlist_ids",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Every product id on the wishlist", body = Envelope<Vec<i64>>),
        (status = 401, description = "Not signed in", body = Envelope<Option<String>>),
    ))]
#[get("/api/collect/ids")]
pub async fn collect_ids(state: web::Data<GatewayState>, request: HttpRequest) -> ApiResult<Vec<i64>> {
    let list = state.clients.member().list_wishlist_ids(authorized(&request, pb::Empty {})).await?.into_inner();
    Ok(Reply::ok(list.ids))
}

#[utoipa::path(context_path = "/prod-api", tag = "account", operation_id = "account_wishlist_add",
    security(("bearer" = [])), request_body = CollectBody,
    responses(
        (status = 200, description = "Added (msgKey api.collect.added); adding twice is fine", body = Envelope<Option<String>>),
        (status = 400, description = "productId is missing", body = Envelope<FieldErrorsDto>),
        (status = 401, description = "Not signed in", body = Envelope<Option<String>>),
        (status = 404, description = "No such product", body = Envelope<Option<String>>),
    ))]
#[post("/api/collect")]
pub async fn add_collect(
    state: web::Data<GatewayState>,
    body: JsonBody<CollectBody>,
    request: HttpRequest,
) -> ApiResult<()> {
    let call = pb::IdRequest { id: body.product_id };
    state.clients.member().add_to_wishlist(authorized(&request, call)).await?;
    Ok(Reply::ok(()).with_msg_key("api.collect.added"))
}

#[utoipa::path(context_path = "/prod-api", tag = "account", operation_id = "account_wishlist_remove",
    security(("bearer" = [])), params(("productId" = i64, Path)),
    responses(
        (status = 200, description = "Removed (msgKey api.collect.removed)", body = Envelope<Option<String>>),
        (status = 401, description = "Not signed in", body = Envelope<Option<String>>),
    ))]
// Any segment but `ids`: `DELETE /api/collect/ids` is a method that path
// does not take (405), not a product id that does not parse (400).
#[delete("/api/collect/{productId:(?:[^i/][^/]*|i(?:[^d/][^/]*)?|id(?:[^s/][^/]*)?|ids[^/]+)}")]
pub async fn remove_collect(
    state: web::Data<GatewayState>,
    path: web::Path<i64>,
    request: HttpRequest,
) -> ApiResult<()> {
    let call = pb::IdRequest { id: path.into_inner() };
    state.clients.member().remove_from_wishlist(authorized(&request, call)).await?;
    Ok(Reply::ok(()).with_msg_key("api.collect.removed"))
}
