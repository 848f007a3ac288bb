//! `GET /api/home/games/{gameName}/{gameExtName}`: the product page.

use actix_web::{get, web};
use keyshop_core::error::AppError;
use keyshop_core::vocab::{Genre, Language};
use keyshop_proto::catalog::v1 as pb;
use serde::Serialize;
use utoipa::ToSchema;

use super::ProductPath;
use crate::envelope::{ApiResult, Envelope, Reply};
use crate::routes::LangParam;
use crate::routes::dto::{ProductCardDto, media_file_url};
use crate::state::GatewayState;

#[derive(Debug, Serialize, ToSchema)]
pub struct RequirementSetDto {
    pub os: String,
    pub cpu: String,
    pub memory: String,
    pub graphics: String,
    pub storage: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RequirementsDto {
    pub minimum: RequirementSetDto,
    pub recommended: RequirementSetDto,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductDetailDto {
    #[serde(flatten)]
    pub card: ProductCardDto,
    pub genres: Vec<Genre>,
    /// Languages the product itself supports.
    pub languages: Vec<Language>,
    pub developer: String,
    pub publisher: String,
    pub per_order_limit: i32,
    pub preorder: bool,
    /// Plain text; paragraphs separated by a blank line.
    pub description: String,
    /// Plain text; one step per line.
    pub activation_guide: String,
    /// The language of the texts (the request's, or en-US).
    pub content_language: String,
    pub screenshots: Vec<String>,
    pub requirements: Option<RequirementsDto>,
    pub tags: Vec<String>,
    /// ISO 3166-1 alpha-2 codes where the key activates; empty means worldwide.
    pub countries: Vec<String>,
}

fn requirement_set(set: Option<pb::RequirementSet>) -> RequirementSetDto {
    let set = set.unwrap_or_default();
    RequirementSetDto { os: set.os, cpu: set.cpu, memory: set.memory, graphics: set.graphics, storage: set.storage }
}

impl TryFrom<pb::ProductDetail> for ProductDetailDto {
    type Error = AppError;

    fn try_from(detail: pb::ProductDetail) -> Result<ProductDetailDto, AppError> {
        let card = ProductCardDto::try_from(detail.card.unwrap_or_default())?;
        let screenshots = if detail.screenshot_images.is_empty() {
            (1..=detail.screenshot_count)
                .map(|index| format!("/prod-api/api/media/screenshot/{}/{index}.svg", card.id))
                .collect()
        } else {
            detail.screenshot_images.iter().map(|stem| media_file_url(stem, 1280)).collect()
        };
        Ok(ProductDetailDto {
            card,
            genres: detail.genres.into_iter().map(Genre::from_proto).collect::<Result<_, _>>()?,
            languages: detail.languages.into_iter().map(Language::from_proto).collect::<Result<_, _>>()?,
            developer: detail.developer,
            publisher: detail.publisher,
            per_order_limit: detail.per_order_limit,
            preorder: detail.preorder,
            description: detail.description,
            activation_guide: detail.activation_guide,
            content_language: detail.content_language,
            screenshots,
            requirements: detail.requirements.map(|requirements| RequirementsDto {
                minimum: requirement_set(requirements.minimum),
                recommended: requirement_set(requirements.recommended),
            }),
            tags: detail.tags,
            countries: detail.countries,
        })
    }
}

#[utoipa::path(context_path = "/prod-api", tag = "products", operation_id = "product_detail",
    params(("gameName" = String, Path), ("gameExtName" = String, Path), LangParam),
    responses(
        (status = 200, description = "The product page", body = Envelope<ProductDetailDto>),
        (status = 404, description = "No such product", body = Envelope<Option<String>>),
    ))]
#[get("/api/home/games/{gameName}/{gameExtName}")]
pub async fn get_product(state: web::Data<GatewayState>, path: web::Path<ProductPath>) -> ApiResult<ProductDetailDto> {
    let detail = state.clients.catalog().get_product(path.into_inner().reference()).await?.into_inner();
    Ok(Reply::ok(ProductDetailDto::try_from(detail)?))
}
