//! `GET /api/home/games/{gameName}/{gameExtName}/recommendations`.

use actix_web::{get, web};

use super::ProductPath;
use crate::envelope::{ApiResult, Envelope, Reply};
use crate::routes::LangParam;
use crate::routes::dto::{ProductCardDto, cards};
use crate::state::GatewayState;

#[utoipa::path(context_path = "/prod-api", tag = "products", operation_id = "product_recommendations",
    params(("gameName" = String, Path), ("gameExtName" = String, Path), LangParam),
    responses(
        (status = 200, description = "Up to 8 similar products", body = Envelope<Vec<ProductCardDto>>),
        (status = 404, description = "No such product", body = Envelope<Option<String>>),
    ))]
#[get("/api/home/games/{gameName}/{gameExtName}/recommendations")]
pub async fn list_recommendations(
    state: web::Data<GatewayState>,
    path: web::Path<ProductPath>,
) -> ApiResult<Vec<ProductCardDto>> {
    let list = state.clients.catalog().list_recommendations(path.into_inner().reference()).await?.into_inner();
    Ok(Reply::ok(cards(list)?))
}
