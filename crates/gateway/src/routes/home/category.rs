//! `GET /api/home/type/{code}`: the products of one type, platform or genre.

use actix_web::{get, web};
use keyshop_core::error::FieldErrors;
use keyshop_core::vocab::SortOrder;
use keyshop_proto::catalog::v1 as pb;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::envelope::{ApiResult, Envelope, FieldErrorsDto, Reply};
use crate::routes::LangParam;
use crate::routes::dto::ProductPageDto;
use crate::routes::params;
use crate::state::GatewayState;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CategoryParams {
    /// Same sorts as queryGames.
    #[param(value_type = Option<SortOrder>)]
    pub sort: Option<String>,
    #[param(schema_with = params::page_schema)]
    pub page: Option<String>,
    #[param(schema_with = params::limit_schema)]
    pub limit: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CategoryDto {
    /// type, platform or genre
    pub kind: String,
    pub code: String,
    #[serde(flatten)]
    pub page: ProductPageDto,
}

#[utoipa::path(context_path = "/prod-api", tag = "products", operation_id = "home_type",
    params(("code" = String, Path, description = "A type, platform or genre code"), CategoryParams, LangParam),
    responses(
        (status = 200, description = "A page of the category's products", body = Envelope<CategoryDto>),
        (status = 400, description = "Bad paging or sort", body = Envelope<FieldErrorsDto>),
        (status = 404, description = "No such category", body = Envelope<Option<String>>),
    ))]
#[get("/api/home/type/{code}")]
pub async fn list_category(
    state: web::Data<GatewayState>,
    code: web::Path<String>,
    query: web::Query<CategoryParams>,
) -> ApiResult<CategoryDto> {
    let mut errors = FieldErrors::default();
    let request = pb::ListCategoryRequest {
        code: code.into_inner(),
        sort: params::code::<SortOrder>(&mut errors, "sort", query.sort.as_deref()),
        page: params::number(&mut errors, "page", query.page.as_deref()),
        limit: params::number(&mut errors, "limit", query.limit.as_deref()),
    };
    errors.finish()?;
    let category = state.clients.catalog().list_category(request).await?.into_inner();
    Ok(Reply::ok(CategoryDto {
        kind: category.kind,
        code: category.code,
        page: ProductPageDto::try_from(category.page.unwrap_or_default())?,
    }))
}
