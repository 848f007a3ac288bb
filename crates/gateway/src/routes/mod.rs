//! Every route of the gateway, one file per endpoint.

pub mod dto;
pub mod games;
pub mod health;
pub mod home;
pub mod media;
pub mod news;
pub mod openapi;
pub mod params;

use actix_web::web;
use serde::Deserialize;
use utoipa::IntoParams;

use crate::envelope;

/// The `lang` parameter every call accepts: the language of `msg`.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LangParam {
    /// A store language code (e.g. `de`, `zh-CN`); else Accept-Language decides.
    pub lang: Option<String>,
}

pub fn configure(config: &mut web::ServiceConfig) {
    config.service(health::healthz).service(health::readyz).service(health::metrics).service(
        web::scope("/prod-api")
            .service(openapi::document)
            .service(home::language::list_languages)
            .service(home::rate::list_rates)
            .service(home::config::get_config)
            .service(home::config_key::get_config_key)
            .service(home::location::suggest_location)
            .service(home::navigation_bar::get_navigation_bar)
            .service(home::lists::hot_games)
            .service(home::lists::best_sellers)
            .service(home::lists::latest_releases)
            .service(home::query_games::query_games)
            .service(home::category::list_category)
            .service(home::suggest::suggest_products)
            .service(home::page::get_page)
            .service(games::detail::get_product)
            .service(games::recommendations::list_recommendations)
            .service(games::reviews::list_reviews)
            .service(games::post_review::post_review)
            .service(games::rating::get_rating)
            .service(news::list::list_news)
            .service(news::detail::get_news)
            .service(media::get_screenshot)
            .service(media::get_media)
            .default_service(web::to(envelope::route_not_found)),
    );
}
