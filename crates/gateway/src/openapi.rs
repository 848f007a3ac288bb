//! The OpenAPI document of `/prod-api`, built from the handlers' annotations;
//! the SPA's API types are generated from it.

use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};

use crate::envelope::{Envelope, FieldErrorsDto};
use crate::routes::{account, chat, forms, games, home, member, news, shop, staff};

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
        member::captcha::captcha_image,
        member::register::register,
        member::login::login,
        member::logout::logout,
        member::get_info::get_info,
        member::session_check::session_check,
        member::save_visit::save_visit,
        member::forget::forget,
        member::verify::verify,
        member::reset_password::reset_password,
        account::profile::get_profile,
        account::profile::update_profile,
        account::countries::list_countries,
        account::change_password::change_password,
        account::login_history::login_history,
        account::addresses::list_addresses,
        account::addresses::create_address,
        account::addresses::update_address,
        account::addresses::delete_address,
        account::addresses::set_default_address,
        account::collect::list_collect,
        account::collect::collect_ids,
        account::collect::add_collect,
        account::collect::remove_collect,
        account::notices::list_notices,
        account::notices::unread_notices,
        account::notices::read_notice,
        account::levels::list_levels,
        account::levels::user_level_info,
        account::tickets::list_tickets,
        account::tickets::open_ticket,
        account::tickets::get_ticket,
        account::tickets::reply_ticket,
        account::tickets::close_ticket,
        forms::submit::sale,
        forms::submit::wholesale,
        forms::submit::affiliate,
        forms::submit::feedback,
        forms::newsletter::subscribe,
        forms::newsletter::confirm,
        forms::newsletter::unsubscribe,
        shop::cart::get_cart,
        shop::cart::set_cart_line,
        shop::cart::merge_cart,
        shop::checkout::checkout,
        shop::orders::list_orders,
        shop::orders::get_order,
        shop::orders::cancel_order,
        shop::orders::confirm_receipt,
        shop::orders::delete_order,
        shop::orders::pay_again,
        shop::orders::resend_email,
        shop::orders::request_refund,
        shop::keys::reveal_keys,
        shop::payment::list_methods,
        shop::payment::get_session,
        shop::payment::cancel_session,
        shop::payment::capture_session,
        shop::payment::sandbox_charge,
        shop::webhook::receive_webhook,
        staff::enroll::staff_enroll_start,
        staff::enroll::staff_enroll_finish,
        staff::sign_in::staff_login,
        staff::sign_in::staff_logout,
        staff::me::staff_me,
        staff::sessions::staff_sessions,
        staff::sessions::staff_revoke_session,
        staff::invitations::staff_invite,
        staff::refunds::staff_refunds,
        staff::refunds::staff_decide_refund,
        staff::audit::staff_audit,
        staff::members::staff_members,
        staff::members::staff_update_member,
        staff::members::staff_reset_member,
        staff::orders::staff_orders,
        staff::orders::staff_order,
        staff::order_actions::staff_cancel_order,
        staff::order_actions::staff_resend_email,
        staff::order_actions::staff_add_note,
        staff::customers::staff_customers,
        staff::customers::staff_customer,
        staff::customers::staff_customer_state,
        staff::customers::staff_customer_points,
        staff::coupons::staff_coupons,
        staff::coupons::staff_create_coupon,
        staff::coupons::staff_update_coupon,
        staff::products::staff_products,
        staff::products::staff_product,
        staff::products::staff_create_product,
        staff::products::staff_update_product,
        staff::products::staff_product_state,
        staff::products::staff_product_image,
        staff::products::staff_remove_product_image,
        staff::settings::staff_settings,
        staff::settings::staff_set_setting,
        staff::notices::staff_send_notice,
        staff::reviews::staff_reviews,
        staff::reviews::staff_moderate_review,
        staff::news::staff_news,
        staff::news::staff_news_item,
        staff::news::staff_create_news,
        staff::news::staff_update_news,
        staff::news::staff_news_cover,
        staff::news::staff_remove_news_cover,
        staff::pages::staff_pages,
        staff::pages::staff_page,
        staff::pages::staff_save_page,
        staff::preview::staff_preview,
        staff::newsletters::staff_newsletters,
        staff::newsletters::staff_newsletter,
        staff::newsletters::staff_create_newsletter,
        staff::newsletters::staff_update_newsletter,
        staff::newsletters::staff_send_newsletter,
        staff::forms::staff_forms,
        staff::forms::staff_form,
        staff::forms::staff_reply_form,
        staff::forms::staff_form_status,
        staff::tickets::staff_tickets,
        staff::tickets::staff_ticket,
        staff::tickets::staff_reply_ticket,
        staff::tickets::staff_close_ticket,
        staff::chat::staff_chat_figures,
        staff::chat::staff_chat_image,
        staff::chat::staff_canned_replies,
        staff::chat::staff_create_canned_reply,
        staff::chat::staff_update_canned_reply,
        staff::chat::staff_delete_canned_reply,
        chat::chat_attach_image,
        chat::chat_image,
        staff::currencies::staff_currencies,
        staff::currencies::staff_set_currency_rate,
        staff::payment_methods::staff_payment_methods,
        staff::payment_methods::staff_save_payment_method,
        staff::levels::staff_levels,
        staff::levels::staff_save_levels,
        staff::dashboard::staff_dashboard,
        staff::stock::staff_stock,
        staff::stock::staff_stock_threshold,
        staff::stock::staff_import_keys,
        staff::stock::staff_keys,
        staff::stock::staff_reveal_key,
    ),
    // SortOrder is a query parameter's schema only, which utoipa does not
    // collect by itself.
    components(schemas(FieldErrorsDto, Envelope<FieldErrorsDto>, keyshop_core::vocab::SortOrder)),
    tags(
        (name = "home", description = "Languages, currencies, site settings, location and footer pages"),
        (name = "products", description = "Lists, search, categories and the product page"),
        (name = "reviews", description = "Reviews and ratings"),
        (name = "news", description = "Store news"),
        (name = "members", description = "Captcha, registration, sign-in, the session check, visits and the forgotten password"),
        (name = "account", description = "The signed-in member's account area: profile, addresses, wishlist, notices, level and tickets"),
        (name = "forms", description = "Sell to us, wholesale, affiliate, feedback and the newsletter"),
        (name = "chat", description = "Live chat's images (the conversation itself is on the WebSocket /prod-api/ws/chat)"),
        (name = "shop", description = "Cart, checkout, orders and their keys, payment sessions and the providers' webhooks"),
        (name = "staff", description = "The staff console: enrollment, sign-in with a second factor, sessions, invitations and the refund queue"),
    ),
    modifiers(&BearerToken, &BadRequests)
)]
pub struct ApiDoc;

/// Member calls send the session token as `Authorization: Bearer <token>`.
struct BearerToken;

impl Modify for BearerToken {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).build()),
        );
    }
}

/// Every operation that takes a parameter or a body can answer 400: a value
/// that does not parse (a path id beyond 64 bits, a query string that is not
/// one) is refused before any rule of the operation runs. Operations that
/// document their own 400 keep its description.
struct BadRequests;

impl Modify for BadRequests {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::{ContentBuilder, Ref, ResponseBuilder};
        let bad_request = ResponseBuilder::new()
            .description("A parameter or the body could not be read (`data.fields` names the field when it can)")
            .content(
                "application/json",
                ContentBuilder::new().schema(Some(Ref::from_schema_name("Envelope_FieldErrorsDto"))).build(),
            )
            .build();
        for item in openapi.paths.paths.values_mut() {
            let operations = [&mut item.get, &mut item.post, &mut item.put, &mut item.delete, &mut item.patch];
            for operation in operations.into_iter().flatten() {
                let takes_input = operation.request_body.is_some()
                    || operation.parameters.as_ref().is_some_and(|parameters| !parameters.is_empty());
                if takes_input {
                    operation.responses.responses.entry("400".to_owned()).or_insert_with(|| bad_request.clone().into());
                }
            }
        }
    }
}

/// The methods the document declares for a path template
/// (`/prod-api/api/addresses/{id}`), upper case, for a 405's `Allow`.
pub fn methods_of(template: &str) -> Vec<&'static str> {
    static METHODS: std::sync::LazyLock<std::collections::HashMap<String, Vec<&'static str>>> =
        std::sync::LazyLock::new(|| {
            ApiDoc::openapi()
                .paths
                .paths
                .iter()
                .map(|(path, item)| {
                    let declared = [
                        ("GET", item.get.is_some()),
                        ("POST", item.post.is_some()),
                        ("PUT", item.put.is_some()),
                        ("DELETE", item.delete.is_some()),
                        ("PATCH", item.patch.is_some()),
                    ];
                    (path.clone(), declared.iter().filter(|(_, on)| *on).map(|(method, _)| *method).collect())
                })
                .collect()
        });
    METHODS.get(&without_patterns(template)).cloned().unwrap_or_default()
}

/// A route's template as the document writes it: `{id:\\d+}` → `{id}`.
fn without_patterns(template: &str) -> String {
    let mut out = String::with_capacity(template.len());
    // Brace depth, and whether the segment's name has ended (at its `:`).
    let (mut depth, mut in_pattern) = (0_usize, false);
    for letter in template.chars() {
        match letter {
            '{' => {
                depth += 1;
                if depth == 1 {
                    out.push(letter);
                }
            }
            '}' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    in_pattern = false;
                    out.push(letter);
                }
            }
            ':' if depth == 1 => in_pattern = true,
            _ if in_pattern => {}
            _ => out.push(letter),
        }
    }
    out
}

/// The document as pretty JSON (for `keyshop openapi`).
pub fn json() -> Result<String, serde_json::Error> {
    ApiDoc::openapi().to_pretty_json()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use super::*;

    /// Every vocabulary the API publishes is a string enum of exactly its codes
    /// (the proto side is held by `keyshop_core::vocab`'s own test).
    #[test]
    fn the_document_publishes_every_vocabulary_as_its_codes() {
        let document: serde_json::Value = serde_json::from_str(&json().unwrap()).unwrap();
        let schemas = &document["components"]["schemas"];
        for (name, codes, _) in keyshop_core::vocab::catalogue() {
            let schema = &schemas[name];
            assert!(!schema.is_null(), "{name} is not in the OpenAPI document");
            assert_eq!(schema["type"], "string", "{name}");
            let listed: Vec<&str> =
                schema["enum"].as_array().unwrap().iter().map(|code| code.as_str().unwrap()).collect();
            assert_eq!(listed, codes, "{name} in the OpenAPI document");
        }
    }

    #[test]
    fn route_patterns_read_as_the_document_writes_them() {
        assert_eq!(without_patterns("/prod-api/api/collect/{productId:\\d+}"), "/prod-api/api/collect/{productId}");
        assert_eq!(without_patterns("/prod-api/api/a/{x}/b/{y:[a-z]{2}}"), "/prod-api/api/a/{x}/b/{y}");
        assert_eq!(without_patterns("/prod-api/api/addresses/{id}"), "/prod-api/api/addresses/{id}");
        assert_eq!(methods_of("/prod-api/api/collect/{productId:(?:[^i/][^/]*|ids[^/]+)}"), ["DELETE"]);
    }

    /// The SPA's API types are generated from `frontend/openapi.json`: it must be
    /// this document (`make openapi` writes it).
    #[test]
    fn the_committed_document_is_the_current_one() {
        let committed =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../frontend/openapi.json")).unwrap();
        let current = json().unwrap();
        assert!(
            committed.trim_end() == current.trim_end(),
            "frontend/openapi.json is stale: run `make openapi` (keyshop openapi > frontend/openapi.json, then npm run gen:api)"
        );
    }
}
