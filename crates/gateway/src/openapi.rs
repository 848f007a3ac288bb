//! The OpenAPI document of `/prod-api`, built from the handlers' annotations;
//! the SPA's API types are generated from it.

use utoipa::OpenApi;

use crate::envelope::{Envelope, FieldErrorsDto};
use crate::routes::{games, home, news};

#[derive(OpenApi)]
#[openapi(
    info(title = "keyshop API", description = "The store's HTTP API. Every answer is an envelope {code, msg, msgKey, data}; the HTTP status equals code."),
    paths(
        home::language::list_languages,
        home::rate::list_rates,
        home::config::get_config,
        home::config_key::get_config_key,
        home::location::suggest_location,
        home::page::get_page,
        home::navigation_bar::get_navigation_bar,
        home::lists::hot_games,
        home::lists::best_sellers,
        home::lists::latest_releases,
        home::query_games::query_games,
        home::category::list_category,
        home::suggest::suggest_products,
        games::detail::get_product,
        games::recommendations::list_recommendations,
        games::reviews::list_reviews,
        games::post_review::post_review,
        games::rating::get_rating,
        news::list::list_news,
        news::detail::get_news,
    ),
    components(schemas(FieldErrorsDto, Envelope<FieldErrorsDto>)),
    tags(
        (name = "home", description = "Languages, currencies, site settings, location and footer pages"),
        (name = "products", description = "Lists, search, categories and the product page"),
        (name = "reviews", description = "Reviews and ratings"),
        (name = "news", description = "Store news"),
    )
)]
pub struct ApiDoc;

/// The document as pretty JSON (for `keyshop openapi`).
pub fn json() -> Result<String, serde_json::Error> {
    ApiDoc::openapi().to_pretty_json()
}
