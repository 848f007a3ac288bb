//! `GET /api/home/search/suggest?text=`: up to 8 products for the search box.

use std::collections::BTreeMap;

use actix_web::{get, web};
use keyshop_core::error::AppError;
use keyshop_core::vocab::Platform;
use keyshop_proto::catalog::v1 as pb;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::envelope::{ApiResult, Envelope, Reply};
use crate::routes::LangParam;
use crate::routes::dto::cover_url;
use crate::state::GatewayState;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SuggestParams {
    /// What the shopper has typed so far.
    pub text: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SuggestionDto {
    pub title: String,
    pub game_name: String,
    pub game_ext_name: String,
    pub platform: Platform,
    pub cover: String,
    /// The title in other languages than en-US, by catalogue code (only
    /// those written; elsewhere `title`).
    pub titles: BTreeMap<String, String>,
}

#[utoipa::path(context_path = "/prod-api", tag = "products", operation_id = "home_search_suggest",
    params(SuggestParams, LangParam),
    responses((status = 200, description = "At most 8 suggestions, best first", body = Envelope<Vec<SuggestionDto>>)))]
#[get("/api/home/search/suggest")]
pub async fn suggest_products(
    state: web::Data<GatewayState>,
    query: web::Query<SuggestParams>,
) -> ApiResult<Vec<SuggestionDto>> {
    let request = pb::SuggestProductsRequest { text: query.into_inner().text.unwrap_or_default() };
    let suggestions = state.clients.catalog().suggest_products(request).await?.into_inner().suggestions;
    let suggestions = suggestions
        .into_iter()
        .map(|suggestion| {
            Ok(SuggestionDto {
                cover: cover_url(suggestion.id, &suggestion.cover_image),
                titles: suggestion.titles.into_iter().collect(),
                title: suggestion.title,
                game_name: suggestion.game_name,
                game_ext_name: suggestion.game_ext_name,
                platform: Platform::from_proto(suggestion.platform)?,
            })
        })
        .collect::<Result<_, AppError>>()?;
    Ok(Reply::ok(suggestions))
}
