//! Every route of the gateway, one file per endpoint.

pub mod account;
pub mod chat;
pub mod dto;
pub mod forms;
pub mod games;
pub mod health;
pub mod home;
pub mod media;
pub mod member;
pub mod news;
pub mod openapi;
pub mod params;
pub mod postal;
pub mod shop;
pub mod staff;
pub mod text;
pub mod ws;

use actix_web::{guard, web};
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
            .service(media::get_media_file)
            .service(media::get_screenshot)
            .service(media::get_media)
            .service(member::captcha::captcha_image)
            .service(member::register::register)
            .service(member::login::login)
            .service(member::logout::logout)
            .service(member::get_info::get_info)
            .service(member::session_check::session_check)
            .service(member::save_visit::save_visit)
            .service(member::forget::forget)
            .service(member::verify::verify)
            .service(member::reset_password::reset_password)
            .service(chat::chat_attach_image)
            .service(chat::chat_image)
            .service(ws::chat::chat_socket)
            .service(ws::staff::staff_socket)
            .service(account::profile::get_profile)
            .service(account::profile::update_profile)
            .service(account::countries::list_countries)
            .service(account::change_password::change_password)
            .service(account::login_history::login_history)
            .service(account::addresses::list_addresses)
            .service(account::addresses::create_address)
            .service(account::addresses::update_address)
            .service(account::addresses::delete_address)
            .service(account::addresses::set_default_address)
            .service(account::collect::collect_ids)
            .service(account::collect::list_collect)
            .service(account::collect::add_collect)
            .service(account::collect::remove_collect)
            .service(account::notices::unread_notices)
            .service(account::notices::list_notices)
            .service(account::notices::read_notice)
            .service(account::levels::list_levels)
            .service(account::levels::user_level_info)
            .service(account::tickets::list_tickets)
            .service(account::tickets::open_ticket)
            .service(account::tickets::get_ticket)
            .service(account::tickets::reply_ticket)
            .service(account::tickets::close_ticket)
            .service(forms::submit::sale)
            .service(forms::submit::wholesale)
            .service(forms::submit::affiliate)
            .service(forms::submit::feedback)
            .service(forms::newsletter::subscribe)
            .service(forms::newsletter::confirm)
            .service(forms::newsletter::unsubscribe)
            .service(shop::cart::get_cart)
            .service(shop::cart::set_cart_line)
            .service(shop::cart::merge_cart)
            .service(shop::checkout::checkout)
            .service(shop::orders::list_orders)
            .service(shop::orders::get_order)
            .service(shop::orders::cancel_order)
            .service(shop::orders::confirm_receipt)
            .service(shop::orders::delete_order)
            .service(shop::orders::pay_again)
            .service(shop::orders::resend_email)
            .service(shop::orders::request_refund)
            .service(shop::keys::reveal_keys)
            .service(shop::payment::list_methods)
            .service(shop::payment::get_session)
            .service(shop::payment::cancel_session)
            .service(shop::payment::capture_session)
            .service(shop::payment::sandbox_charge)
            .service(shop::webhook::receive_webhook)
            // Last: its prefix is empty, and the resource map (the 405's `Allow`) looks no
            // further than the first scope whose prefix matches.
            .service(console())
            .default_service(web::to(envelope::route_not_found)),
    );
}

/// The console's routes behind one test of the path. actix tries a scope's routes in order, a
/// regular expression for each pattern with a parameter: grouped, the shop's requests pass the
/// console's 79 patterns with one prefix comparison.
fn console() -> actix_web::Scope {
    web::scope("")
        .guard(guard::fn_guard(|context| context.head().uri.path().starts_with(CONSOLE_PREFIX)))
        .service(staff::enroll::staff_enroll_start)
        .service(staff::enroll::staff_enroll_finish)
        .service(staff::sign_in::staff_login)
        .service(staff::sign_in::staff_logout)
        .service(staff::me::staff_me)
        .service(staff::sessions::staff_sessions)
        .service(staff::sessions::staff_revoke_session)
        .service(staff::invitations::staff_invite)
        .service(staff::refunds::staff_refunds)
        .service(staff::refunds::staff_decide_refund)
        .service(staff::audit::staff_audit)
        .service(staff::members::staff_members)
        .service(staff::members::staff_update_member)
        .service(staff::members::staff_reset_member)
        .service(staff::orders::staff_orders)
        .service(staff::orders::staff_order)
        .service(staff::order_actions::staff_cancel_order)
        .service(staff::order_actions::staff_resend_email)
        .service(staff::order_actions::staff_add_note)
        .service(staff::customers::staff_customers)
        .service(staff::customers::staff_customer)
        .service(staff::customers::staff_customer_state)
        .service(staff::customers::staff_customer_points)
        .service(staff::coupons::staff_coupons)
        .service(staff::coupons::staff_create_coupon)
        .service(staff::coupons::staff_update_coupon)
        .service(staff::products::staff_products)
        .service(staff::products::staff_product)
        .service(staff::products::staff_create_product)
        .service(staff::products::staff_update_product)
        .service(staff::products::staff_product_state)
        .service(staff::products::staff_product_image)
        .service(staff::products::staff_remove_product_image)
        .service(staff::settings::staff_settings)
        .service(staff::settings::staff_set_setting)
        .service(staff::notices::staff_send_notice)
        .service(staff::reviews::staff_reviews)
        .service(staff::reviews::staff_moderate_review)
        .service(staff::news::staff_news)
        .service(staff::news::staff_news_item)
        .service(staff::news::staff_create_news)
        .service(staff::news::staff_update_news)
        .service(staff::news::staff_news_cover)
        .service(staff::news::staff_remove_news_cover)
        .service(staff::pages::staff_pages)
        .service(staff::pages::staff_page)
        .service(staff::pages::staff_save_page)
        .service(staff::preview::staff_preview)
        .service(staff::newsletters::staff_newsletters)
        .service(staff::newsletters::staff_newsletter)
        .service(staff::newsletters::staff_create_newsletter)
        .service(staff::newsletters::staff_update_newsletter)
        .service(staff::newsletters::staff_send_newsletter)
        .service(staff::forms::staff_forms)
        .service(staff::forms::staff_form)
        .service(staff::forms::staff_reply_form)
        .service(staff::forms::staff_form_status)
        .service(staff::tickets::staff_tickets)
        .service(staff::tickets::staff_ticket)
        .service(staff::tickets::staff_reply_ticket)
        .service(staff::tickets::staff_close_ticket)
        .service(staff::chat::staff_chat_figures)
        .service(staff::chat::staff_chat_image)
        .service(staff::chat::staff_canned_replies)
        .service(staff::chat::staff_create_canned_reply)
        .service(staff::chat::staff_update_canned_reply)
        .service(staff::chat::staff_delete_canned_reply)
        .service(staff::currencies::staff_currencies)
        .service(staff::currencies::staff_set_currency_rate)
        .service(staff::payment_methods::staff_payment_methods)
        .service(staff::payment_methods::staff_save_payment_method)
        .service(staff::levels::staff_levels)
        .service(staff::levels::staff_save_levels)
        .service(staff::dashboard::staff_dashboard)
        .service(staff::stock::staff_stock)
        .service(staff::stock::staff_stock_threshold)
        .service(staff::stock::staff_import_keys)
        .service(staff::stock::staff_keys)
        .service(staff::stock::staff_reveal_key)
        .default_service(web::to(envelope::route_not_found))
}

/// Where the console's routes are (the `/prod-api` scope's path included).
const CONSOLE_PREFIX: &str = "/prod-api/api/staff/";
