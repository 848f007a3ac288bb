//! Black-box HTTP tests of the gateway in front of a real catalog service
//! (SQLite, real gRPC on loopback).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::support;

use actix_web::http::StatusCode;
use actix_web::test::{self, TestRequest};
use keyshop_core::i18n::Messages;
use support::{INSIDE, assert_envelope, call, call_from, get, json, json_from, spawn_app, spawn_app_without_services};

#[actix_web::test]
async fn languages_come_in_the_envelope() {
    let app = spawn_app().await;
    let (status, body) = json(&app.state, get("/prod-api/api/home/language")).await;
    assert_eq!(status, StatusCode::OK);
    assert_envelope(status, &body);
    assert_eq!(body["msgKey"], "api.ok");
    let languages = body["data"].as_array().unwrap();
    assert_eq!(languages.len(), 18);
    let arabic = languages.iter().find(|language| language["code"] == "ar").unwrap();
    assert_eq!(arabic["dir"], "rtl");
    assert_eq!(arabic["name"], "العربية");
}

#[actix_web::test]
async fn rates_are_decimal_units_per_usd() {
    let app = spawn_app().await;
    let (status, body) = json(&app.state, get("/prod-api/api/home/rate")).await;
    assert_eq!(status, StatusCode::OK);
    let currencies = body["data"].as_array().unwrap();
    assert!(currencies.len() >= 16);
    let usd = &currencies[0];
    assert_eq!(
        (usd["code"].as_str(), usd["symbol"].as_str(), usd["rate"].as_f64()),
        (Some("USD"), Some("$"), Some(1.0))
    );
    let eur = currencies.iter().find(|currency| currency["code"] == "EUR").unwrap();
    assert_eq!(eur["rate"].as_f64(), Some(0.92));
    assert_eq!(eur["name"], "Euro");
}

#[actix_web::test]
async fn site_settings_one_and_all() {
    let app = spawn_app().await;
    let (status, body) = json(&app.state, get("/prod-api/api/home/config")).await;
    assert_eq!(status, StatusCode::OK);
    for key in ["siteName", "siteTitle", "siteKeywords", "siteDescription", "supportEmail", "commentEnabled"] {
        assert!(body["data"][key].is_string(), "{key} missing: {body}");
    }
    let (status, body) = json(&app.state, get("/prod-api/api/home/config/configKey/supportEmail")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["data"], "support@keyshop.example");
}

#[actix_web::test]
async fn an_unknown_config_key_is_a_404_envelope() {
    let app = spawn_app().await;
    let (status, body) = json(&app.state, get("/prod-api/api/home/config/configKey/noSuchSetting")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_envelope(status, &body);
    assert_eq!(body["msgKey"], "api.error.configKeyNotFound");
    assert_eq!(body["msg"], Messages::embedded().get("en-US", "api.error.configKeyNotFound").unwrap());
    assert!(body["data"].is_null());
}

#[actix_web::test]
async fn a_malformed_config_key_is_a_400_with_its_field() {
    let app = spawn_app().await;
    let long = "k".repeat(65);
    for path in [
        "/prod-api/api/home/config/configKey/bad%20key".to_owned(),
        format!("/prod-api/api/home/config/configKey/{long}"),
    ] {
        let (status, body) = json(&app.state, get(&path)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{path}");
        assert_envelope(status, &body);
        assert_eq!(body["msgKey"], "api.error.validation");
        assert_eq!(body["data"]["fields"]["key"], "api.field.invalid");
    }
}

#[actix_web::test]
async fn location_follows_accept_language() {
    let app = spawn_app().await;
    let request = get("/prod-api/api/home/location").insert_header(("Accept-Language", "de-AT,de;q=0.9,en;q=0.5"));
    let (status, body) = json(&app.state, request).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["data"]["language"], "de");
    assert_eq!(body["data"]["currency"], "EUR");
    assert_eq!(body["data"]["country"], "AT");
    assert_eq!(body["data"]["source"], "accept-language");

    let (_, body) = json(&app.state, get("/prod-api/api/home/location")).await;
    assert_eq!(body["data"]["language"], "en-US");
    assert_eq!(body["data"]["currency"], "USD");
    assert!(body["data"]["country"].is_null());
}

#[actix_web::test]
async fn msg_is_in_the_language_of_the_lang_parameter_else_accept_language() {
    let app = spawn_app().await;
    let messages = Messages::embedded();
    let key = "api.error.configKeyNotFound";
    let cases = [
        ("/prod-api/api/home/config/configKey/none?lang=ja", Some("de"), "ja"),
        ("/prod-api/api/home/config/configKey/none?lang=zz", Some("fr-FR,fr;q=0.9"), "fr"),
        ("/prod-api/api/home/config/configKey/none", Some("zh-TW"), "zh-TW"),
        ("/prod-api/api/home/config/configKey/none", None, "en-US"),
    ];
    for (path, accept_language, language) in cases {
        let mut request = get(path);
        if let Some(header) = accept_language {
            request = request.insert_header(("Accept-Language", header));
        }
        let (_, body) = json(&app.state, request).await;
        assert_eq!(body["msg"], messages.get(language, key).unwrap(), "{path} {accept_language:?}");
        assert_eq!(body["msgKey"], key);
    }
    // Really translated, not the English fallback.
    let english = messages.get("en-US", key).unwrap();
    for language in keyshop_core::i18n::SUPPORTED.into_iter().filter(|language| *language != "en-US") {
        let (_, body) =
            json(&app.state, get(&format!("/prod-api/api/home/config/configKey/none?lang={language}"))).await;
        assert_ne!(body["msg"], english, "{language} answers in English");
    }
}

#[actix_web::test]
async fn unknown_api_calls_get_a_404_envelope_and_other_methods_a_405() {
    let app = spawn_app().await;
    for request in [get("/prod-api/api/nothing"), get("/prod-api"), get("/prod-api/api/staff/nothing")] {
        let (status, body) = json(&app.state, request).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert_envelope(status, &body);
        assert_eq!(body["msgKey"], "api.error.routeNotFound");
    }
    let trace = TestRequest::default().method(actix_web::http::Method::TRACE).uri("/prod-api/api/payment/methods");
    // `DELETE /api/collect/{productId}` does not take `ids` for an id.
    let delete_ids = TestRequest::delete().uri("/prod-api/api/collect/ids");
    // The console's routes are a scope of their own (routes/mod.rs).
    let console = TestRequest::post().uri("/prod-api/api/staff/currencies");
    for request in [TestRequest::post().uri("/prod-api/api/home/rate"), trace, delete_ids, console] {
        let response = call(&app.state, request).await;
        let allow = response.headers().get("allow").map(|value| value.to_str().unwrap().to_owned());
        assert_eq!(allow.as_deref(), Some("GET"), "the methods it takes");
        let status = response.status();
        let body: serde_json::Value = serde_json::from_slice(&test::read_body(response).await).unwrap();
        assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
        assert_envelope(status, &body);
        assert_eq!(body["msgKey"], "api.error.methodNotAllowed");
    }
}

#[actix_web::test]
async fn a_service_that_is_down_gives_503_without_details() {
    let (state, _data, _spa) = spawn_app_without_services();
    let (status, body) = json(&state, get("/prod-api/api/home/rate")).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert_envelope(status, &body);
    assert_eq!(body["msgKey"], "api.error.unavailable");
    assert!(!body.to_string().contains("127.0.0.1"), "{body}");

    let (status, body) = json_from(&state, get("/readyz"), INSIDE).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(body["checks"]["catalog"], "not serving");
    let (status, _) = json(&state, get("/healthz")).await;
    assert_eq!(status, StatusCode::OK);
}

fn cache_control(headers: &actix_web::http::header::HeaderMap) -> Option<String> {
    headers.get("cache-control").map(|value| value.to_str().unwrap().to_owned())
}

#[actix_web::test]
async fn private_answers_are_never_stored_public_lists_may_be() {
    let app = spawn_app().await;
    let private = call(&app.state, get("/prod-api/api/getInfo").insert_header(("authorization", "Bearer nope"))).await;
    assert_eq!(cache_control(private.headers()).as_deref(), Some("no-store"));
    let login = call(
        &app.state,
        TestRequest::post().uri("/prod-api/api/login").set_json(serde_json::json!({"account": "", "password": ""})),
    )
    .await;
    assert_eq!(cache_control(login.headers()).as_deref(), Some("no-store"));
    let public = call(&app.state, get("/prod-api/api/home/rate")).await;
    assert_ne!(cache_control(public.headers()).as_deref(), Some("no-store"), "a public list may be cached");
}

#[actix_web::test]
async fn probes_and_metrics() {
    let app = spawn_app().await;
    let (status, body) = json(&app.state, get("/healthz")).await;
    assert_eq!((status, body["status"].as_str()), (StatusCode::OK, Some("ok")));
    let (status, body) = json_from(&app.state, get("/readyz"), INSIDE).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["checks"]["catalog"], "serving");
    // Not for visitors: neither straight in nor through the ingress.
    for path in ["/readyz", "/metrics"] {
        assert_eq!(call(&app.state, get(path)).await.status(), StatusCode::NOT_FOUND, "{path}");
        let forwarded = get(path).insert_header(("x-forwarded-for", "203.0.113.9"));
        let through_ingress = call_from(&app.state, forwarded, "10.0.0.5:40000").await;
        assert_eq!(through_ingress.status(), StatusCode::NOT_FOUND, "{path}");
    }

    json(&app.state, get("/prod-api/api/home/rate")).await;
    let response = call_from(&app.state, get("/metrics"), INSIDE).await;
    assert_eq!(response.status(), StatusCode::OK);
    let text = String::from_utf8(test::read_body(response).await.to_vec()).unwrap();
    assert!(
        text.contains(r#"http_requests_total{method="GET",route="/prod-api/api/home/rate",status="200"}"#),
        "{text}"
    );
    assert!(text.contains("http_request_duration_seconds_bucket"), "{text}");
}

#[actix_web::test]
async fn every_response_carries_the_security_headers_and_a_request_id() {
    let app = spawn_app().await;
    for path in ["/prod-api/api/home/rate", "/", "/prod-api/nothing", "/static/js/missing.js"] {
        let response = call(&app.state, get(path)).await;
        let headers = response.headers();
        let csp = headers.get("content-security-policy").unwrap().to_str().unwrap();
        assert!(csp.contains("default-src 'self'") && csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
        assert_eq!(headers.get("x-content-type-options").unwrap(), "nosniff");
        assert_eq!(headers.get("referrer-policy").unwrap(), "strict-origin-when-cross-origin");
        let request_id = headers.get("x-request-id").unwrap().to_str().unwrap();
        assert!(request_id.len() >= 16, "{path}: {request_id}");
    }
    let response = call(&app.state, get("/healthz").insert_header(("X-Request-Id", "trace-me-123"))).await;
    assert_eq!(response.headers().get("x-request-id").unwrap(), "trace-me-123");
    let response = call(&app.state, get("/healthz").insert_header(("X-Request-Id", "<script>"))).await;
    assert_ne!(response.headers().get("x-request-id").unwrap(), "<script>");
}

#[actix_web::test]
async fn the_openapi_document_lists_every_call() {
    let app = spawn_app().await;
    let (status, body) = json(&app.state, get("/prod-api/openapi.json")).await;
    assert_eq!(status, StatusCode::OK);
    for path in [
        "/prod-api/api/home/language",
        "/prod-api/api/home/rate",
        "/prod-api/api/home/config",
        "/prod-api/api/home/config/configKey/{key}",
        "/prod-api/api/home/location",
    ] {
        assert!(body["paths"][path]["get"].is_object(), "{path} missing");
    }
    assert_eq!(body["info"]["title"], "keyshop API");
}

#[actix_web::test]
async fn the_spa_is_served_with_history_fallback() {
    let app = spawn_app().await;
    for path in ["/", "/games", "/some/deep/route", "/404"] {
        let response = call(&app.state, get(path)).await;
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        assert_eq!(response.headers().get("cache-control").unwrap(), "no-cache", "{path}");
        let body = test::read_body(response).await;
        assert!(String::from_utf8_lossy(&body).contains("id=root"), "{path}");
    }
    let response = call(&app.state, get("/static/js/main.abc123.js")).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers().get("cache-control").unwrap(), "public, max-age=31536000, immutable");

    for missing in ["/static/js/nope.js", "/logo.png", "/games/cover.svg"] {
        let response = call(&app.state, get(missing)).await;
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{missing}");
    }
    let response = call(&app.state, get("/../Cargo.toml")).await;
    assert_ne!(response.status(), StatusCode::OK);
}

#[actix_web::test]
async fn every_documented_call_is_routed() {
    let app = spawn_app().await;
    let (_, document) = json(&app.state, get("/prod-api/openapi.json")).await;
    let paths = document["paths"].as_object().unwrap();
    assert!(paths.len() >= 50, "{} paths", paths.len());
    for (path, operations) in paths {
        let concrete = path
            .replace("{gameName}", "no-such-game")
            .replace("{gameExtName}", "steam-global")
            .replace("{key}", "siteTitle")
            .replace("{code}", "steam")
            .replace("{slug}", "about-us")
            .replace("{id}", "1")
            .replace("{productId}", "1");
        for method in operations.as_object().unwrap().keys() {
            let request = match method.as_str() {
                "get" => get(&concrete),
                "post" => TestRequest::post().uri(&concrete).set_json(serde_json::json!({})),
                "put" => TestRequest::put().uri(&concrete).set_json(serde_json::json!({})),
                "delete" => TestRequest::delete().uri(&concrete),
                other => panic!("unexpected method {other} on {path}"),
            };
            let (_, body) = json(&app.state, request).await;
            for unrouted in ["api.error.routeNotFound", "api.error.methodNotAllowed"] {
                assert_ne!(body["msgKey"], unrouted, "{method} {path} is documented but not routed");
            }
        }
    }
}

#[actix_web::test]
async fn public_lists_are_reused_for_at_most_the_cache_ttl() {
    let app = spawn_app().await;
    let euro = |body: &serde_json::Value| {
        body["data"].as_array().unwrap().iter().find(|currency| currency["code"] == "EUR").unwrap()["rate"].as_f64()
    };
    let (_, before) = json(&app.state, get("/prod-api/api/home/rate")).await;
    assert_eq!(euro(&before), Some(0.92));
    app.catalog.set_currency_rate("EUR", 950_000).await.unwrap();
    let (_, reused) = json(&app.state, get("/prod-api/api/home/rate")).await;
    assert_eq!(euro(&reused), Some(0.92), "answered from the micro-cache within its TTL");
    let (_, other_language) = json(&app.state, get("/prod-api/api/home/rate?lang=de")).await;
    assert_eq!(euro(&other_language), Some(0.95), "the language is part of the key");
    app.clock.advance(std::time::Duration::from_millis(1001));
    let (_, fresh) = json(&app.state, get("/prod-api/api/home/rate")).await;
    assert_eq!(euro(&fresh), Some(0.95), "never older than the TTL");
}
