//! The member, account and form calls through the gateway: bad input gets
//! 400 with field errors, account calls need a session, and one member never
//! reaches another's records whatever ids it sends.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::support;

use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use serde_json::{Value, json};
use support::{CAPTCHA, TestApp, assert_envelope, get, json as call_json, spawn_app, spawn_seeded_app};

const PASSWORD: &str = "secret-12";

fn post(path: &str, body: Value) -> TestRequest {
    TestRequest::post().uri(path).set_json(body)
}

/// A request with a label for assertion messages (a `TestRequest` cannot
/// show its method and path).
struct Call {
    what: String,
    request: TestRequest,
}

fn call(method: &str, path: &str, body: Option<Value>) -> Call {
    let request = match method {
        "GET" => TestRequest::get(),
        "POST" => TestRequest::post(),
        "PUT" => TestRequest::put(),
        "DELETE" => TestRequest::delete(),
        other => panic!("method {other}"),
    }
    .uri(path);
    let request = match body {
        Some(body) => request.set_json(body),
        None => request,
    };
    Call { what: format!("{method} {path}"), request }
}

impl Call {
    fn token(self, token: &str) -> Call {
        Call { what: self.what, request: with_token(self.request, token) }
    }
}

fn with_token(request: TestRequest, token: &str) -> TestRequest {
    request.insert_header(("authorization", format!("Bearer {token}")))
}

async fn sign_up(app: &TestApp, email: &str) -> String {
    let (status, body) = call_json(
        &app.state,
        post(
            "/prod-api/api/register",
            json!({"email": email, "fullName": "Test", "password": PASSWORD, "confirmPassword": PASSWORD,
                   "agreeTerms": true, "newsletter": false, "code": CAPTCHA, "uuid": "x"}),
        ),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) =
        call_json(&app.state, post("/prod-api/api/login", json!({"account": email, "password": PASSWORD}))).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["data"]["token"].as_str().unwrap().to_owned()
}

#[actix_web::test]
async fn register_login_and_the_session_check() {
    let app = spawn_app().await;
    let (status, captcha) = call_json(&app.state, get("/prod-api/captchaImage")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(captcha["data"]["img"].as_str().unwrap().starts_with("iVBOR"), "a base64 PNG");
    assert_eq!(captcha["data"]["captchaEnabled"], true);

    let token = sign_up(&app, "ann@example.com").await;
    let (status, info) = call_json(&app.state, with_token(get("/prod-api/api/getInfo"), &token)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(info["data"]["email"], "ann@example.com");
    assert_eq!(info["data"]["levelName"], "Bronze");
    let check = |token: Option<&str>| {
        let request = post("/prod-api/api/session/check", json!({"fromUrl": "/", "toUrl": "/my-account"}));
        match token {
            Some(token) => with_token(request, token),
            None => request,
        }
    };
    let (_, signed_in) = call_json(&app.state, check(Some(&token))).await;
    assert_eq!(signed_in["data"], json!({"state": 1, "is_success": true}));
    let (status, _) = call_json(&app.state, with_token(post("/prod-api/api/logout", json!({})), &token)).await;
    assert_eq!(status, StatusCode::OK);
    let (_, revoked) = call_json(&app.state, check(Some(&token))).await;
    assert_eq!(revoked["data"], json!({"state": 0, "is_success": false}));
    let (_, anonymous) = call_json(&app.state, check(None)).await;
    assert_eq!(anonymous["data"], json!({"state": 0, "is_success": true}));

    app.member.set_disabled("ann@example.com", true).await.unwrap();
    let (status, disabled) =
        call_json(&app.state, post("/prod-api/api/login", json!({"account": "ann@example.com", "password": PASSWORD})))
            .await;
    assert_eq!((status, disabled["msgKey"].as_str()), (StatusCode::FORBIDDEN, Some("api.member.disabled")));
}

#[actix_web::test]
async fn bad_input_gets_400_with_field_errors_and_never_a_500() {
    let app = spawn_app().await;
    let token = sign_up(&app, "ann@example.com").await;
    let cases: Vec<(Call, &[&str])> = vec![
        (call("POST", "/prod-api/api/register", Some(json!({}))), &["email", "fullName", "password", "agreeTerms"]),
        (
            call(
                "POST",
                "/prod-api/api/register",
                Some(json!({"email": "x", "password": "1", "confirmPassword": "2"})),
            ),
            &["email", "password", "confirmPassword"],
        ),
        (call("POST", "/prod-api/api/login", Some(json!({}))), &["account", "password"]),
        (call("POST", "/prod-api/api/forget", Some(json!({"email": "nope"}))), &["email"]),
        (call("POST", "/prod-api/api/verify", Some(json!({"email": "ann@example.com"}))), &["code"]),
        (
            call("POST", "/prod-api/api/resetPassword", Some(json!({"resetToken": "x", "password": "1"}))),
            &["password", "confirmPassword"],
        ),
        (call("POST", "/prod-api/api/saveVisit", Some(json!({}))), &["toUrl"]),
        (
            call(
                "PUT",
                "/prod-api/api/profile",
                Some(json!({"fullName": "", "country": "DE", "phone": "12", "zip": "x"})),
            )
            .token(&token),
            &["fullName", "phone", "zip"],
        ),
        (
            call("PUT", "/prod-api/api/profile", Some(json!({"fullName": "A", "country": "XX"}))).token(&token),
            &["country"],
        ),
        (
            call(
                "POST",
                "/prod-api/api/changePassword",
                Some(json!({"oldPassword": "wrong-one", "password": "new-pass-1", "confirmPassword": "new-pass-1"})),
            )
            .token(&token),
            &["oldPassword"],
        ),
        (call("POST", "/prod-api/api/changePassword", Some(json!({}))).token(&token), &["oldPassword", "password"]),
        (
            call("POST", "/prod-api/api/addresses", Some(json!({}))).token(&token),
            &["firstName", "lastName", "phone", "address", "city", "zip", "country"],
        ),
        (
            call("POST", "/prod-api/api/tickets", Some(json!({"subject": "x".repeat(500)}))).token(&token),
            &["subject", "message"],
        ),
        (call("POST", "/prod-api/api/tickets/1/messages", Some(json!({}))).token(&token), &["body"]),
        (
            call("POST", "/prod-api/api/forms/sale", Some(json!({"email": "a@b.co", "confirmEmail": "c@b.co"}))),
            &["name", "confirmEmail", "region", "description"],
        ),
        (
            call("POST", "/prod-api/api/forms/wholesale", Some(json!({}))),
            &["company", "contactName", "email", "products", "quantities"],
        ),
        (call("POST", "/prod-api/api/forms/affiliate", Some(json!({"email": "bad"}))), &["name", "email", "website"]),
        (call("POST", "/prod-api/api/forms/feedback", Some(json!({}))), &["name", "email", "message"]),
        (call("POST", "/prod-api/api/newsletter/subscribe", Some(json!({"email": "bad"}))), &["email"]),
        (call("GET", "/prod-api/api/loginHistory?page=x&limit=7", None).token(&token), &["page"]),
        (call("GET", "/prod-api/api/collect?limit=7", None).token(&token), &["limit"]),
    ];
    for (Call { what, request }, fields) in cases {
        let (status, body) = call_json(&app.state, request).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{what}: {body}");
        assert_envelope(status, &body);
        for field in fields {
            assert!(body["data"]["fields"][field].is_string(), "{what}: no error for {field}: {body}");
        }
    }
    // Shapes the JSON decoder refuses: 400 too.
    for request in [
        with_token(post("/prod-api/api/collect", json!({"productId": "three"})), &token),
        with_token(TestRequest::put().uri("/prod-api/api/addresses/abc").set_json(json!({})), &token),
        with_token(TestRequest::delete().uri("/prod-api/api/collect/abc"), &token),
        with_token(get("/prod-api/api/getUserLevelInfo/me"), &token),
        TestRequest::post()
            .uri("/prod-api/api/login")
            .insert_header(("content-type", "application/json"))
            .set_payload("{"),
    ] {
        let (status, body) = call_json(&app.state, request).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    }
    // Nothing was written by the refused calls.
    let (_, addresses) = call_json(&app.state, with_token(get("/prod-api/api/addresses"), &token)).await;
    assert_eq!(addresses["data"], json!([]));
    let (_, tickets) = call_json(&app.state, with_token(get("/prod-api/api/tickets"), &token)).await;
    assert_eq!(tickets["data"]["total"], 0);
}

#[actix_web::test]
async fn account_calls_need_a_live_session() {
    let app = spawn_app().await;
    let calls = || {
        vec![
            call("GET", "/prod-api/api/getInfo", None),
            call("GET", "/prod-api/api/profile", None),
            call("PUT", "/prod-api/api/profile", Some(json!({"fullName": "X"}))),
            call("POST", "/prod-api/api/changePassword", Some(json!({}))),
            call("GET", "/prod-api/api/loginHistory", None),
            call("GET", "/prod-api/api/addresses", None),
            call("POST", "/prod-api/api/addresses", Some(json!({}))),
            call("DELETE", "/prod-api/api/addresses/1", None),
            call("GET", "/prod-api/api/collect", None),
            call("GET", "/prod-api/api/collect/ids", None),
            call("POST", "/prod-api/api/collect", Some(json!({"productId": 1}))),
            call("GET", "/prod-api/api/notices", None),
            call("GET", "/prod-api/api/notices/unread", None),
            call("GET", "/prod-api/api/getUserLevelInfo/1", None),
            call("GET", "/prod-api/api/tickets", None),
            call("POST", "/prod-api/api/tickets", Some(json!({}))),
            call("GET", "/prod-api/api/tickets/1", None),
        ]
    };
    for token in [None, Some("not-a-token"), Some(&*"a".repeat(64))] {
        for request in calls() {
            let Call { what, request } = match token {
                Some(token) => request.token(token),
                None => request,
            };
            let (status, body) = call_json(&app.state, request).await;
            assert_eq!(status, StatusCode::UNAUTHORIZED, "{what}: {body}");
            assert_eq!(body["msg"], "You need to log in first", "{what}");
        }
    }
}

#[actix_web::test]
async fn another_members_ids_change_nothing_and_reveal_nothing() {
    let app = spawn_seeded_app().await;
    let ann = sign_up(&app, "ann@example.com").await;
    let bob = sign_up(&app, "bob@example.com").await;
    let (_, best) = call_json(&app.state, get("/prod-api/api/home/bestSellers?limit=1")).await;
    let product_id = best["data"][0]["id"].as_i64().unwrap();
    let (status, _) =
        call_json(&app.state, with_token(post("/prod-api/api/collect", json!({"productId": product_id})), &ann)).await;
    assert_eq!(status, StatusCode::OK);
    let address = json!({"firstName": "Ann", "lastName": "Lee", "phone": "+4930901820", "address": "Street 1",
                         "city": "Berlin", "province": "Berlin", "zip": "10115", "country": "DE"});
    let (_, created) = call_json(&app.state, with_token(post("/prod-api/api/addresses", address.clone()), &ann)).await;
    let address_id = created["data"]["id"].as_i64().unwrap();
    let (_, opened) = call_json(
        &app.state,
        with_token(post("/prod-api/api/tickets", json!({"subject": "Key", "message": "Broken"})), &ann),
    )
    .await;
    let ticket_id = opened["data"]["id"].as_i64().unwrap();
    let (_, info) = call_json(&app.state, with_token(get("/prod-api/api/getInfo"), &ann)).await;
    let ann_id = info["data"]["id"].as_i64().unwrap();
    let notice = app
        .member
        .send_notice(keyshop_core::ids::MemberId::new(ann_id), "For Ann", "Private", Vec::new(), None)
        .await
        .unwrap();

    let attempts = vec![
        (call("PUT", &format!("/prod-api/api/addresses/{address_id}"), Some(address)), StatusCode::NOT_FOUND),
        (call("DELETE", &format!("/prod-api/api/addresses/{address_id}"), None), StatusCode::NOT_FOUND),
        (
            call("POST", &format!("/prod-api/api/addresses/{address_id}/default"), Some(json!({}))),
            StatusCode::NOT_FOUND,
        ),
        (call("GET", &format!("/prod-api/api/tickets/{ticket_id}"), None), StatusCode::NOT_FOUND),
        (
            call("POST", &format!("/prod-api/api/tickets/{ticket_id}/messages"), Some(json!({"body": "Bob here"}))),
            StatusCode::NOT_FOUND,
        ),
        (call("POST", &format!("/prod-api/api/tickets/{ticket_id}/close"), Some(json!({}))), StatusCode::NOT_FOUND),
        (call("POST", &format!("/prod-api/api/notices/{notice}/read"), Some(json!({}))), StatusCode::NOT_FOUND),
        (call("GET", &format!("/prod-api/api/getUserLevelInfo/{ann_id}"), None), StatusCode::FORBIDDEN),
        // The wishlist is keyed by product: Bob removing it touches only his own list.
        (call("DELETE", &format!("/prod-api/api/collect/{product_id}"), None), StatusCode::OK),
    ];
    for (request, expected) in attempts {
        let Call { what, request } = request.token(&bob);
        let (status, body) = call_json(&app.state, request).await;
        assert_eq!(status, expected, "{what}: {body}");
        assert!(!body.to_string().contains("Street 1") && !body.to_string().contains("Broken"), "{what} leaks: {body}");
    }
    // Bob's own views show nothing of Ann's.
    let (_, bob_ids) = call_json(&app.state, with_token(get("/prod-api/api/collect/ids"), &bob)).await;
    assert_eq!(bob_ids["data"], json!([]));
    let (_, bob_list) = call_json(&app.state, with_token(get("/prod-api/api/collect"), &bob)).await;
    assert_eq!(bob_list["data"]["total"], 0);
    for path in ["/prod-api/api/addresses", "/prod-api/api/tickets", "/prod-api/api/notices", "/prod-api/api/profile"] {
        let (_, body) = call_json(&app.state, with_token(get(path), &bob)).await;
        let text = body.to_string();
        assert!(!text.contains("Street 1") && !text.contains("Broken") && !text.contains("Private"), "{path}: {text}");
        assert!(!text.contains("ann@example.com"), "{path}: {text}");
    }
    let (_, history) = call_json(&app.state, with_token(get("/prod-api/api/loginHistory"), &bob)).await;
    assert_eq!(history["data"]["total"], 1);
    // Ann's records are as she left them.
    let (_, addresses) = call_json(&app.state, with_token(get("/prod-api/api/addresses"), &ann)).await;
    assert_eq!(addresses["data"][0]["address"], "Street 1");
    let (_, thread) = call_json(&app.state, with_token(get(&format!("/prod-api/api/tickets/{ticket_id}")), &ann)).await;
    assert_eq!(thread["data"]["ticket"]["status"], "open");
    assert_eq!(thread["data"]["messages"].as_array().unwrap().len(), 1);
    let (_, unread) = call_json(&app.state, with_token(get("/prod-api/api/notices/unread"), &ann)).await;
    assert_eq!(unread["data"]["count"], 1);
    let (_, ann_ids) = call_json(&app.state, with_token(get("/prod-api/api/collect/ids"), &ann)).await;
    assert_eq!(ann_ids["data"], json!([product_id]));
}

#[actix_web::test]
async fn a_locked_login_says_when_to_retry() {
    let app = spawn_app().await;
    sign_up(&app, "ann@example.com").await;
    let mut last = (StatusCode::OK, Value::Null, None);
    for _ in 0..11 {
        let request = post(
            "/prod-api/api/login",
            json!({"account": "ann@example.com", "password": "wrong-pass", "code": CAPTCHA, "uuid": "x"}),
        );
        let response = support::call(&app.state, request).await;
        let status = response.status();
        let retry = response.headers().get("retry-after").map(|value| value.to_str().unwrap().to_owned());
        let body: Value = serde_json::from_slice(&actix_web::test::read_body(response).await).unwrap();
        last = (status, body, retry);
    }
    let (status, body, retry) = last;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert_eq!(body["msgKey"], "api.member.loginLocked");
    let seconds = body["data"]["retryAfter"].as_u64().unwrap();
    assert!(seconds > 0 && seconds <= 900);
    assert_eq!(retry, Some(seconds.to_string()));
    assert!(body["msg"].as_str().unwrap().contains(&seconds.to_string()), "{body}");
}
