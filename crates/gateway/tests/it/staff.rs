//! The staff console's calls through the gateway: enrollment from the link
//! (the test computes the TOTP codes from the shown secret), sign-in with
//! both factors, sessions; every staff route without a session, with a
//! member's token, or for a role without the permission is refused.

use std::time::Duration;

use actix_web::http::{Method, StatusCode};
use actix_web::test::TestRequest;
use keyshop_core::clock::Clock;
use keyshop_core::identity::StaffRole;
use keyshop_member::domain::staff::totp_code;
use serde_json::{Value, json};

use crate::support::{self, CAPTCHA, TestApp, call, json as call_json, spawn_app, spawn_seeded_app};

const PASSWORD: &str = "a long staff password";

fn post(path: &str, body: Value) -> TestRequest {
    TestRequest::post().uri(path).set_json(body)
}

fn with_token(request: TestRequest, token: &str) -> TestRequest {
    request.insert_header(("authorization", format!("Bearer {token}")))
}

/// The code the authenticator shows `steps` 30-second steps from the store's now.
fn code(app: &TestApp, secret: &str, steps: u64) -> String {
    let now = u64::try_from(app.clock.now_ms() / 1000).unwrap();
    totp_code(secret, now + steps * 30).unwrap()
}

/// The token of an enrollment link for `email` in `role`.
async fn invitation(app: &TestApp, email: &str, role: StaffRole) -> String {
    let invitation = keyshop_member::service::staff::invite(
        app.member.db(),
        "https://shop.example",
        email,
        role,
        app.clock.now_ms(),
        &keyshop_core::audit::Actor::Cli,
    )
    .await
    .unwrap();
    invitation.link.split_once("#token=").unwrap().1.to_owned()
}

/// Enrolls `email` in `role` through the link: `(TOTP secret, recovery codes)`.
async fn enroll(app: &TestApp, email: &str, role: StaffRole) -> (String, Vec<String>) {
    let token = invitation(app, email, role).await;
    let (status, start) =
        call_json(&app.state, post("/prod-api/api/staff/enroll/start", json!({"token": token}))).await;
    assert_eq!(status, StatusCode::OK, "{start}");
    assert_eq!(start["data"]["email"], email);
    assert_eq!(start["data"]["role"], role.as_str());
    let secret = start["data"]["totpSecret"].as_str().unwrap().to_owned();
    assert!(start["data"]["otpauthUrl"].as_str().unwrap().contains(&secret));
    let finish =
        json!({"token": token, "password": PASSWORD, "confirmPassword": PASSWORD, "code": code(app, &secret, 0)});
    let (status, done) = call_json(&app.state, post("/prod-api/api/staff/enroll/finish", finish.clone())).await;
    assert_eq!(status, StatusCode::OK, "{done}");
    let codes: Vec<String> = done["data"]["recoveryCodes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|code| code.as_str().unwrap().to_owned())
        .collect();
    assert_eq!(codes.len(), 10);
    // The link works once.
    let (status, _) = call_json(&app.state, post("/prod-api/api/staff/enroll/finish", finish)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    (secret, codes)
}

/// Signs `email` in with the code `steps` steps ahead (each code works once).
async fn sign_in(app: &TestApp, email: &str, secret: &str, steps: u64) -> (StatusCode, Value) {
    let body = json!({"email": email, "password": PASSWORD, "code": code(app, secret, steps)});
    call_json(&app.state, post("/prod-api/api/staff/login", body)).await
}

async fn staff_token(app: &TestApp, email: &str, role: StaffRole) -> String {
    let (secret, _) = enroll(app, email, role).await;
    let (status, session) = sign_in(app, email, &secret, 1).await;
    assert_eq!(status, StatusCode::OK, "{session}");
    session["data"]["token"].as_str().unwrap().to_owned()
}

async fn member_token(app: &TestApp, email: &str) -> String {
    let password = "secret-12";
    let register = json!({"email": email, "fullName": "Shopper", "password": password, "confirmPassword": password,
        "agreeTerms": true, "newsletter": false, "code": CAPTCHA, "uuid": "x"});
    let (status, body) = call_json(&app.state, post("/prod-api/api/register", register)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, body) =
        call_json(&app.state, post("/prod-api/api/login", json!({"account": email, "password": password}))).await;
    body["data"]["token"].as_str().unwrap().to_owned()
}

#[actix_web::test]
async fn an_owner_enrolls_from_the_link_and_signs_in_with_both_factors() {
    let app = spawn_app().await;
    let email = "owner@shop.example";
    let token = invitation(&app, email, StaffRole::Owner).await;
    let (status, start) =
        call_json(&app.state, post("/prod-api/api/staff/enroll/start", json!({"token": token}))).await;
    assert_eq!(status, StatusCode::OK, "{start}");
    let secret = start["data"]["totpSecret"].as_str().unwrap().to_owned();
    // Opened again: the same secret.
    let (_, again) = call_json(&app.state, post("/prod-api/api/staff/enroll/start", json!({"token": token}))).await;
    assert_eq!(again["data"]["totpSecret"], secret.as_str());
    // A short password, a wrong code: field errors, nothing enrolled.
    let short = json!({"token": token, "password": "short", "confirmPassword": "short", "code": "000000"});
    let (status, refused) = call_json(&app.state, post("/prod-api/api/staff/enroll/finish", short)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(refused["data"]["fields"]["password"], "api.staff.passwordLength");
    let wrong = json!({"token": token, "password": PASSWORD, "confirmPassword": PASSWORD, "code": "000000"});
    let (status, refused) = call_json(&app.state, post("/prod-api/api/staff/enroll/finish", wrong)).await;
    assert_eq!((status, &refused["data"]["fields"]["code"]), (StatusCode::BAD_REQUEST, &json!("api.staff.codeWrong")));
    let good =
        json!({"token": token, "password": PASSWORD, "confirmPassword": PASSWORD, "code": code(&app, &secret, 0)});
    let (status, done) = call_json(&app.state, post("/prod-api/api/staff/enroll/finish", good)).await;
    assert_eq!(status, StatusCode::OK, "{done}");
    let recovery: Vec<String> = done["data"]["recoveryCodes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|code| code.as_str().unwrap().to_owned())
        .collect();

    // The code used to enroll is spent; the next one signs in, once.
    let (status, _) = sign_in(&app, email, &secret, 0).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "a used code is never accepted again");
    let (status, session) = sign_in(&app, email, &secret, 1).await;
    assert_eq!(status, StatusCode::OK, "{session}");
    assert_eq!(session["data"]["staff"]["role"], "owner");
    assert!(session["data"]["staff"]["permissions"].as_array().unwrap().contains(&json!("refunds.decide")));
    let token = session["data"]["token"].as_str().unwrap().to_owned();
    let (status, replayed) = sign_in(&app, email, &secret, 1).await;
    assert_eq!((status, replayed["msgKey"].as_str()), (StatusCode::UNAUTHORIZED, Some("api.staff.badCredentials")));
    // A wrong password with a good code is the same 401.
    let body = json!({"email": email, "password": "not the password", "code": code(&app, &secret, 2)});
    let (status, _) = call_json(&app.state, post("/prod-api/api/staff/login", body)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);

    // A recovery code signs in once, in place of the authenticator.
    let body = json!({"email": email, "password": PASSWORD, "code": recovery[0].to_lowercase()});
    let (status, by_recovery) = call_json(&app.state, post("/prod-api/api/staff/login", body.clone())).await;
    assert_eq!(status, StatusCode::OK, "{by_recovery}");
    assert_eq!(by_recovery["data"]["recoveryCodesLeft"], 9);
    let (status, _) = call_json(&app.state, post("/prod-api/api/staff/login", body)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);

    // Two sessions, each listed; one ended from the other.
    let (status, me) = call_json(&app.state, with_token(support::get("/prod-api/api/staff/me"), &token)).await;
    assert_eq!((status, &me["data"]["email"]), (StatusCode::OK, &json!(email)));
    let (_, sessions) = call_json(&app.state, with_token(support::get("/prod-api/api/staff/sessions"), &token)).await;
    let sessions = sessions["data"].as_array().unwrap().clone();
    assert_eq!(sessions.len(), 2, "{sessions:?}");
    let other = sessions.iter().find(|session| session["current"] == false).unwrap()["id"].as_i64().unwrap();
    let revoke = TestRequest::delete().uri(&format!("/prod-api/api/staff/sessions/{other}"));
    let (status, _) = call_json(&app.state, with_token(revoke, &token)).await;
    assert_eq!(status, StatusCode::OK);
    let other_token = by_recovery["data"]["token"].as_str().unwrap();
    let (status, _) = call_json(&app.state, with_token(support::get("/prod-api/api/staff/me"), other_token)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "a revoked session ends at once");

    // Idle for half an hour: the session ends.
    app.clock.advance(Duration::from_secs(31 * 60));
    let (status, _) = call_json(&app.state, with_token(support::get("/prod-api/api/staff/me"), &token)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "idle too long");
}

#[actix_web::test]
async fn guesses_at_a_staff_sign_in_are_throttled_even_all_at_once() {
    let app = spawn_app().await;
    let email = "finance@shop.example";
    let (secret, _) = enroll(&app, email, StaffRole::Finance).await;
    let body = json!({"email": email, "password": "wrong password!", "code": "123456"});
    let guesses = (0..12).map(|_| call_json(&app.state, post("/prod-api/api/staff/login", body.clone())));
    let statuses: Vec<StatusCode> =
        futures::future::join_all(guesses).await.into_iter().map(|(status, _)| status).collect();
    let judged = statuses.iter().filter(|status| **status == StatusCode::UNAUTHORIZED).count();
    let throttled = statuses.iter().filter(|status| **status == StatusCode::TOO_MANY_REQUESTS).count();
    assert_eq!((judged, throttled), (5, 7), "{statuses:?}");
    // Even the right password and code wait now.
    let (status, _) = sign_in(&app, email, &secret, 1).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
}

#[actix_web::test]
async fn every_staff_route_refuses_no_session_a_members_token_and_a_role_without_the_permission() {
    let app = spawn_app().await;
    let support_token = staff_token(&app, "support@shop.example", StaffRole::Support).await;
    let manager_token = staff_token(&app, "manager@shop.example", StaffRole::Manager).await;
    let finance_token = staff_token(&app, "finance@shop.example", StaffRole::Finance).await;
    let member = member_token(&app, "shopper@example.com").await;
    // (method, path, body, the roles below lacking its permission)
    let routes: Vec<(Method, &str, Value, Option<&str>)> = vec![
        (Method::GET, "/prod-api/api/staff/me", Value::Null, None),
        (Method::GET, "/prod-api/api/staff/sessions", Value::Null, None),
        (Method::DELETE, "/prod-api/api/staff/sessions/1", Value::Null, None),
        (Method::POST, "/prod-api/api/staff/logout", json!({}), None),
        (
            Method::POST,
            "/prod-api/api/staff/invitations",
            json!({"email": "new@shop.example", "role": "support"}),
            Some(&support_token),
        ),
        (Method::GET, "/prod-api/api/staff/refunds", Value::Null, Some(&manager_token)),
        (Method::GET, "/prod-api/api/staff/audit", Value::Null, Some(&manager_token)),
        (Method::GET, "/prod-api/api/staff/members", Value::Null, Some(&support_token)),
        (Method::GET, "/prod-api/api/staff/orders?email=x", Value::Null, Some(&manager_token)),
        (Method::GET, "/prod-api/api/staff/orders/KS1", Value::Null, Some(&manager_token)),
        (Method::PUT, "/prod-api/api/staff/members/1", json!({"version": 1, "disabled": true}), Some(&manager_token)),
        (Method::POST, "/prod-api/api/staff/members/1/reset", json!({"version": 1}), Some(&support_token)),
        (Method::GET, "/prod-api/api/staff/dashboard", Value::Null, None),
        (Method::GET, "/prod-api/api/staff/stock/KS-1/keys", Value::Null, Some(&support_token)),
        (Method::POST, "/prod-api/api/staff/keys/1/reveal", json!({"reason": "check"}), Some(&manager_token)),
        (Method::GET, "/prod-api/api/staff/coupons", Value::Null, Some(&support_token)),
        (
            Method::POST,
            "/prod-api/api/staff/coupons",
            json!({"code": "NEW1", "kind": "percent", "amount": 5}),
            Some(&manager_token),
        ),
        (
            Method::PUT,
            "/prod-api/api/staff/coupons/NEW1",
            json!({"kind": "percent", "amount": 5, "version": 0}),
            Some(&support_token),
        ),
        (Method::GET, "/prod-api/api/staff/settings", Value::Null, Some(&support_token)),
        (Method::GET, "/prod-api/api/staff/reviews", Value::Null, Some(&support_token)),
        (
            Method::PUT,
            "/prod-api/api/staff/reviews/1",
            json!({"version": 1, "hidden": true, "reply": ""}),
            Some(&support_token),
        ),
        (Method::POST, "/prod-api/api/staff/notices", json!({"title": "t", "content": "c"}), Some(&support_token)),
        (Method::GET, "/prod-api/api/staff/news", Value::Null, Some(&support_token)),
        (Method::GET, "/prod-api/api/staff/news/1", Value::Null, Some(&support_token)),
        (Method::POST, "/prod-api/api/staff/news", news_body(0), Some(&support_token)),
        (Method::PUT, "/prod-api/api/staff/news/1", news_body(1), Some(&support_token)),
        (Method::POST, "/prod-api/api/staff/news/1/cover?version=1", json!({}), Some(&support_token)),
        (Method::DELETE, "/prod-api/api/staff/news/1/cover?version=1", Value::Null, Some(&support_token)),
        (Method::GET, "/prod-api/api/staff/pages", Value::Null, Some(&support_token)),
        (Method::GET, "/prod-api/api/staff/pages/shipping/ar", Value::Null, Some(&support_token)),
        (
            Method::PUT,
            "/prod-api/api/staff/pages/shipping/ar",
            json!({"version": 0, "title": "t", "body": "b"}),
            Some(&support_token),
        ),
        (Method::POST, "/prod-api/api/staff/preview", json!({"markdown": "**x**"}), Some(&support_token)),
        (Method::GET, "/prod-api/api/staff/newsletters", Value::Null, Some(&support_token)),
        (Method::GET, "/prod-api/api/staff/newsletters/1", Value::Null, Some(&support_token)),
        (Method::POST, "/prod-api/api/staff/newsletters", json!({"texts": []}), Some(&support_token)),
        (Method::PUT, "/prod-api/api/staff/newsletters/1", json!({"version": 1, "texts": []}), Some(&support_token)),
        (Method::POST, "/prod-api/api/staff/newsletters/1/send", json!({"version": 1}), Some(&support_token)),
        (Method::GET, "/prod-api/api/staff/forms", Value::Null, Some(&finance_token)),
        (Method::GET, "/prod-api/api/staff/currencies", Value::Null, Some(&support_token)),
        (Method::GET, "/prod-api/api/staff/payment-methods", Value::Null, Some(&manager_token)),
        (Method::GET, "/prod-api/api/staff/levels", Value::Null, Some(&support_token)),
        (Method::PUT, "/prod-api/api/staff/levels", json!({"version": "x", "levels": []}), Some(&support_token)),
        (
            Method::PUT,
            "/prod-api/api/staff/payment-methods/paypal",
            json!({"version": 1, "enabled": false, "currencies": ["USD"], "feeBasisPoints": 0, "feeFixedUsd": 0}),
            Some(&support_token),
        ),
        (Method::PUT, "/prod-api/api/staff/currencies/EUR", json!({"rate": "0.9"}), Some(&support_token)),
        (Method::GET, "/prod-api/api/staff/forms/1", Value::Null, Some(&finance_token)),
        (Method::GET, "/prod-api/api/staff/tickets", Value::Null, Some(&manager_token)),
        (Method::GET, "/prod-api/api/staff/tickets/1", Value::Null, Some(&finance_token)),
        (Method::POST, "/prod-api/api/staff/tickets/1/reply", json!({"body": "x"}), Some(&manager_token)),
        (Method::POST, "/prod-api/api/staff/tickets/1/close", json!({}), Some(&finance_token)),
        (Method::GET, "/prod-api/api/staff/chat/figures", Value::Null, Some(&manager_token)),
        (Method::GET, "/prod-api/api/staff/chat/1/images/1", Value::Null, Some(&finance_token)),
        (Method::GET, "/prod-api/api/staff/chat/replies", Value::Null, Some(&manager_token)),
        (
            Method::POST,
            "/prod-api/api/staff/chat/replies",
            json!({"language": "en-US", "shortcut": "hi", "body": "Hi"}),
            Some(&finance_token),
        ),
        (
            Method::PUT,
            "/prod-api/api/staff/chat/replies/1",
            json!({"language": "en-US", "shortcut": "hi", "body": "Hi"}),
            Some(&manager_token),
        ),
        (Method::DELETE, "/prod-api/api/staff/chat/replies/1", Value::Null, Some(&finance_token)),
        (Method::POST, "/prod-api/api/staff/forms/1/reply", json!({"version": 1, "body": "x"}), Some(&finance_token)),
        (Method::PUT, "/prod-api/api/staff/forms/1", json!({"version": 1, "status": "closed"}), Some(&finance_token)),
        (Method::PUT, "/prod-api/api/staff/settings/heroTitle.ar", json!({"value": "x"}), Some(&support_token)),
        (Method::GET, "/prod-api/api/staff/products", Value::Null, Some(&support_token)),
        (Method::GET, "/prod-api/api/staff/products/1", Value::Null, Some(&support_token)),
        (Method::POST, "/prod-api/api/staff/products", product_fields("KS-NEW", "new-game"), Some(&support_token)),
        (
            Method::PUT,
            "/prod-api/api/staff/products/1",
            json!({"version": 1, "fields": product_fields("KS-NEW", "new-game")}),
            Some(&support_token),
        ),
        (
            Method::POST,
            "/prod-api/api/staff/products/1/state",
            json!({"version": 1, "state": "published"}),
            Some(&support_token),
        ),
        (Method::POST, "/prod-api/api/staff/products/1/images/cover?version=1", json!({}), Some(&support_token)),
        (Method::DELETE, "/prod-api/api/staff/products/1/images/cover?version=1", Value::Null, Some(&support_token)),
        (Method::GET, "/prod-api/api/staff/customers", Value::Null, Some(&manager_token)),
        (Method::GET, "/prod-api/api/staff/customers/1", Value::Null, Some(&manager_token)),
        (Method::PUT, "/prod-api/api/staff/customers/1", json!({"disabled": true, "version": 0}), Some(&support_token)),
        (
            Method::POST,
            "/prod-api/api/staff/customers/1/points",
            json!({"delta": 5, "reason": "x", "version": 0}),
            Some(&support_token),
        ),
        (Method::POST, "/prod-api/api/staff/orders/KS1/cancel", json!({}), Some(&manager_token)),
        (Method::POST, "/prod-api/api/staff/orders/KS1/resend", json!({}), Some(&manager_token)),
        (Method::POST, "/prod-api/api/staff/orders/KS1/notes", json!({"note": "called"}), Some(&manager_token)),
        (Method::GET, "/prod-api/api/staff/stock", Value::Null, Some(&support_token)),
        (
            Method::PUT,
            "/prod-api/api/staff/stock/KS-1/threshold",
            json!({"threshold": 3, "version": 0}),
            Some(&support_token),
        ),
        (
            Method::POST,
            "/prod-api/api/staff/stock/KS-1/keys",
            json!({"text": "AAAA-BBBB", "format": "txt"}),
            Some(&support_token),
        ),
        (
            Method::POST,
            "/prod-api/api/staff/refunds/KS1/decision",
            json!({"approve": true, "note": ""}),
            Some(&support_token),
        ),
    ];
    for (method, path, body, lacking) in routes {
        let request = || {
            let request = TestRequest::default().method(method.clone()).uri(path);
            if body.is_null() { request } else { request.set_json(body.clone()) }
        };
        let (status, answer) = call_json(&app.state, request()).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{method} {path} without a session: {answer}");
        let (status, answer) = call_json(&app.state, with_token(request(), &member)).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{method} {path} with a member's token: {answer}");
        if let Some(token) = lacking {
            let (status, answer) = call_json(&app.state, with_token(request(), token)).await;
            assert_eq!(status, StatusCode::FORBIDDEN, "{method} {path} for a role without it: {answer}");
            assert_eq!(answer["msgKey"], "api.staff.forbidden");
        }
    }
    // The staff session is not a member's either.
    let (status, _) = call_json(&app.state, with_token(support::get("/prod-api/api/getInfo"), &support_token)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

#[actix_web::test]
async fn an_owner_invites_and_the_refund_queue_is_empty_to_start_with() {
    let app = spawn_app().await;
    let owner = staff_token(&app, "owner@shop.example", StaffRole::Owner).await;
    let invite = post("/prod-api/api/staff/invitations", json!({"email": "Fin@Shop.example", "role": "finance"}));
    let (status, invited) = call_json(&app.state, with_token(invite, &owner)).await;
    assert_eq!(status, StatusCode::OK, "{invited}");
    assert!(invited["data"]["link"].as_str().unwrap().starts_with("https://shop.example/staff/enroll#token="));
    let bad = post("/prod-api/api/staff/invitations", json!({"email": "not an e-mail", "role": "finance"}));
    let (status, refused) = call_json(&app.state, with_token(bad, &owner)).await;
    assert_eq!((status, &refused["data"]["fields"]["email"]), (StatusCode::BAD_REQUEST, &json!("api.field.email")));
    let enrolled = post("/prod-api/api/staff/invitations", json!({"email": "owner@shop.example", "role": "support"}));
    let (status, _) = call_json(&app.state, with_token(enrolled, &owner)).await;
    assert_eq!(status, StatusCode::CONFLICT, "an enrolled account is not invited again");
    let (status, queue) = call_json(&app.state, with_token(support::get("/prod-api/api/staff/refunds"), &owner)).await;
    assert_eq!(status, StatusCode::OK, "{queue}");
    assert_eq!(queue["data"]["total"], 0);
    let decide = post("/prod-api/api/staff/refunds/KS1/decision", json!({"approve": true}));
    let (status, _) = call_json(&app.state, with_token(decide, &owner)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // The audit log: the bootstrap invitation, the enrollment, the sign-in and
    // the owner's invitation, newest first, searchable.
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    let audit = loop {
        let (status, audit) =
            call_json(&app.state, with_token(support::get("/prod-api/api/staff/audit?limit=50"), &owner)).await;
        assert_eq!(status, StatusCode::OK, "{audit}");
        if audit["data"]["total"] == 4 {
            break audit;
        }
        assert!(std::time::Instant::now() < deadline, "the audit log did not fill: {audit}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    let actions: Vec<&str> =
        audit["data"]["rows"].as_array().unwrap().iter().map(|row| row["action"].as_str().unwrap()).collect();
    assert_eq!(actions, ["staff.invite", "staff.sign_in", "staff.enroll", "staff.invite"]);
    let newest = &audit["data"]["rows"][0];
    assert_eq!(
        (newest["staffEmail"].as_str(), newest["target"].as_str()),
        (Some("owner@shop.example"), Some("fin@shop.example"))
    );
    assert_eq!((newest["role"].as_str(), newest["summary"].as_str()), (Some("owner"), Some("finance")));
    assert_eq!(audit["data"]["rows"][3]["staffId"], "cli", "the first owner came from the CLI");
    let search = with_token(support::get("/prod-api/api/staff/audit?text=fin%40shop"), &owner);
    let (_, found) = call_json(&app.state, search).await;
    assert_eq!(found["data"]["total"], 1, "{found}");
}

#[actix_web::test]
async fn an_owner_changes_roles_disables_and_resets_staff_with_the_version_they_read() {
    let app = spawn_app().await;
    let owner = staff_token(&app, "owner@shop.example", StaffRole::Owner).await;
    let support = staff_token(&app, "help@shop.example", StaffRole::Support).await;
    let (status, list) = call_json(&app.state, with_token(support::get("/prod-api/api/staff/members"), &owner)).await;
    assert_eq!(status, StatusCode::OK, "{list}");
    let accounts = list["data"].as_array().unwrap().clone();
    let find = |email: &str| accounts.iter().find(|account| account["email"] == email).unwrap().clone();
    let (me, help) = (find("owner@shop.example"), find("help@shop.example"));
    assert_eq!((help["role"].as_str(), help["state"].as_str()), (Some("support"), Some("active")));
    let put =
        |id: &Value, body: Value| TestRequest::put().uri(&format!("/prod-api/api/staff/members/{id}")).set_json(body);

    // Not one's own account; not with a version read before a change.
    let (status, own) =
        call_json(&app.state, with_token(put(&me["id"], json!({"version": me["version"], "role": "support"})), &owner))
            .await;
    assert_eq!((status, own["msgKey"].as_str()), (StatusCode::CONFLICT, Some("api.staff.notYourself")));
    let (status, changed) = call_json(
        &app.state,
        with_token(put(&help["id"], json!({"version": help["version"], "role": "finance"})), &owner),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{changed}");
    assert_eq!(changed["data"]["role"], "finance");
    assert_eq!(changed["data"]["createdAt"], help["createdAt"]);
    let (status, stale) = call_json(
        &app.state,
        with_token(put(&help["id"], json!({"version": help["version"], "disabled": true})), &owner),
    )
    .await;
    assert_eq!((status, stale["msgKey"].as_str()), (StatusCode::CONFLICT, Some("api.staff.changed")));

    // Disabled: their session ends at once.
    let version = changed["data"]["version"].clone();
    let (status, disabled) =
        call_json(&app.state, with_token(put(&help["id"], json!({"version": version, "disabled": true})), &owner))
            .await;
    assert_eq!((status, disabled["data"]["state"].as_str()), (StatusCode::OK, Some("disabled")));
    let (status, _) = call_json(&app.state, with_token(support::get("/prod-api/api/staff/me"), &support)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);

    // Reset: invited again with a new link; enabled it stays invited until enrolled.
    let reset = post(
        &format!("/prod-api/api/staff/members/{}/reset", help["id"]),
        json!({"version": disabled["data"]["version"]}),
    );
    let (status, link) = call_json(&app.state, with_token(reset, &owner)).await;
    assert_eq!(status, StatusCode::OK, "{link}");
    assert!(link["data"]["link"].as_str().unwrap().contains("/staff/enroll#token="));
    let (_, list) = call_json(&app.state, with_token(support::get("/prod-api/api/staff/members"), &owner)).await;
    let help = list["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|account| account["email"] == "help@shop.example")
        .unwrap()
        .clone();
    assert_eq!(help["state"], "invited");
}

#[actix_web::test]
async fn a_manager_imports_keys_from_a_file_and_sets_a_products_threshold() {
    let app = spawn_seeded_app().await;
    let manager = staff_token(&app, "manager@shop.example", StaffRole::Manager).await;
    let owner = staff_token(&app, "owner@shop.example", StaffRole::Owner).await;
    let get = |path: &str| with_token(support::get(path), &manager);
    let sku = app.catalog.products_by_ids(&[1]).unwrap()[0].sku.clone();
    let import =
        |body: Value, sku: &str| with_token(post(&format!("/prod-api/api/staff/stock/{sku}/keys"), body), &manager);
    // A file of keys, as CSV: the header skipped, a repeated key and a bad
    // one counted and named by position, never stored.
    let file = "key,note\nCONSOLE-AAAA-0001,first\nCONSOLE-AAAA-0002\nCONSOLE-AAAA-0001\nab\n";
    let (status, report) = call_json(&app.state, import(json!({"text": file, "format": "csv"}), &sku)).await;
    assert_eq!(status, StatusCode::OK, "{report}");
    let report = &report["data"];
    let counts = (report["imported"].as_i64(), report["duplicates"].as_i64(), report["invalid"].as_i64());
    assert_eq!(counts, (Some(2), Some(1), Some(1)), "{report}");
    assert_eq!((&report["invalidLines"], report["available"].as_i64()), (&json!([4]), Some(2)));
    let (status, unknown) =
        call_json(&app.state, import(json!({"text": "ZZZZ-0000", "format": "txt"}), "NO-SUCH-SKU")).await;
    assert_eq!((status, &unknown["data"]["fields"]["sku"]), (StatusCode::BAD_REQUEST, &json!("api.staff.unknownSku")));
    let (status, _) = call_json(&app.state, import(json!({"text": "", "format": "txt"}), &sku)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "no keys");
    let (status, _) = call_json(&app.state, import(json!({"text": "ZZZZ-0000", "format": "xls"}), &sku)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);

    // Two keys are under the default threshold (5): low on the dashboard, with its title.
    let (status, dashboard) = call_json(&app.state, get("/prod-api/api/staff/dashboard?utcOffset=-300")).await;
    assert_eq!(status, StatusCode::OK, "{dashboard}");
    let low = &dashboard["data"]["lowStock"];
    assert_eq!((low[0]["sku"].as_str(), low[0]["available"].as_i64()), (Some(sku.as_str()), Some(2)), "{dashboard}");
    assert!(low[0]["low"] == true && low[0]["title"].is_string(), "{low}");
    assert_eq!(dashboard["data"]["lowStockTotal"], 1);
    let (status, page) = call_json(&app.state, get(&format!("/prod-api/api/staff/stock?sku={sku}"))).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    let row = &page["data"]["rows"][0];
    assert_eq!((row["sku"].as_str(), row["threshold"].as_i64()), (Some(sku.as_str()), Some(5)));
    // The keys, masked; only a sold key is ever shown in full, and only to the owner.
    let (status, keys) =
        call_json(&app.state, get(&format!("/prod-api/api/staff/stock/{sku}/keys?status=available"))).await;
    assert_eq!((status, keys["data"]["total"].as_i64()), (StatusCode::OK, Some(2)), "{keys}");
    let masked = keys["data"]["rows"][0]["masked"].as_str().unwrap().to_owned();
    assert!(masked.starts_with("CONS") && masked.contains('•') && !keys.to_string().contains("AAAA-000"), "{keys}");
    let key_id = keys["data"]["rows"][0]["id"].as_i64().unwrap();
    let reveal = |token: &str| {
        with_token(
            post(&format!("/prod-api/api/staff/keys/{key_id}/reveal"), json!({"reason": "buyer says it fails"})),
            token,
        )
    };
    let (status, refused) = call_json(&app.state, reveal(&manager)).await;
    assert_eq!((status, refused["msgKey"].as_str()), (StatusCode::FORBIDDEN, Some("api.staff.forbidden")));
    let (status, unsold) = call_json(&app.state, reveal(&owner)).await;
    assert_eq!((status, unsold["msgKey"].as_str()), (StatusCode::CONFLICT, Some("api.staff.keyNotSold")));
    let (status, _) = call_json(&app.state, get(&format!("/prod-api/api/staff/stock/{sku}/keys?status=lost"))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, bad) = call_json(&app.state, get("/prod-api/api/staff/stock?low=maybe")).await;
    assert_eq!((status, &bad["data"]["fields"]["low"]), (StatusCode::BAD_REQUEST, &json!("api.field.invalid")));

    // The threshold, with the version read: a stale one is a 409 and changes nothing.
    let threshold = |body: Value| {
        with_token(
            TestRequest::put().uri(&format!("/prod-api/api/staff/stock/{sku}/threshold")).set_json(body),
            &manager,
        )
    };
    let (status, changed) = call_json(&app.state, threshold(json!({"threshold": 1, "version": 0}))).await;
    assert_eq!(status, StatusCode::OK, "{changed}");
    assert_eq!((changed["data"]["threshold"].as_i64(), changed["data"]["version"].as_i64()), (Some(1), Some(1)));
    let (status, stale) = call_json(&app.state, threshold(json!({"threshold": 9, "version": 0}))).await;
    assert_eq!((status, stale["msgKey"].as_str()), (StatusCode::CONFLICT, Some("api.staff.changed")));
    let (status, bad) = call_json(&app.state, threshold(json!({"threshold": -1, "version": 1}))).await;
    assert_eq!(
        (status, &bad["data"]["fields"]["threshold"]),
        (StatusCode::BAD_REQUEST, &json!("api.field.outOfRange"))
    );
    let (_, page) = call_json(&app.state, get(&format!("/prod-api/api/staff/stock?sku={sku}&low=true"))).await;
    assert_eq!((page["data"]["total"].as_i64(), page["data"]["rows"].as_array().map(Vec::len)), (Some(0), Some(0)));
    let (_, page) = call_json(&app.state, get(&format!("/prod-api/api/staff/stock?sku={sku}"))).await;
    assert_eq!((&page["data"]["rows"][0]["threshold"], &page["data"]["rows"][0]["low"]), (&json!(1), &json!(false)));

    // Both writes are in the audit log, with the counts and never a key.
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    loop {
        let (_, audit) =
            call_json(&app.state, with_token(support::get("/prod-api/api/staff/audit?text=manager"), &owner)).await;
        let actions: Vec<String> = audit["data"]["rows"]
            .as_array()
            .unwrap()
            .iter()
            .map(|row| row["action"].as_str().unwrap().to_owned())
            .collect();
        if actions.contains(&"stock.threshold".to_owned()) && actions.contains(&"keys.import".to_owned()) {
            assert!(!audit.to_string().contains("CONSOLE-AAAA"), "{audit}");
            assert!(audit.to_string().contains("threshold 5 → 1"), "{audit}");
            break;
        }
        assert!(std::time::Instant::now() < deadline, "the audit log did not fill: {audit}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[actix_web::test]
async fn staff_find_a_member_adjust_their_points_and_disable_them_with_the_version_read() {
    let app = spawn_app().await;
    let owner = staff_token(&app, "owner@shop.example", StaffRole::Owner).await;
    let support = staff_token(&app, "help@shop.example", StaffRole::Support).await;
    let shopper = member_token(&app, "ann.buyer@example.com").await;
    member_token(&app, "bob@example.com").await;

    let (status, found) =
        call_json(&app.state, with_token(support::get("/prod-api/api/staff/customers?text=ANN.BUYER"), &support)).await;
    assert_eq!(status, StatusCode::OK, "{found}");
    assert_eq!(found["data"]["total"], 1, "{found}");
    let ann = found["data"]["rows"][0].clone();
    assert_eq!((ann["email"].as_str(), ann["points"].as_i64()), (Some("ann.buyer@example.com"), Some(0)));
    assert!(ann.get("passwordHash").is_none() && !found.to_string().contains("argon2"), "never the hash");
    let page = format!("/prod-api/api/staff/customers/{}", ann["id"]);
    let (status, file) = call_json(&app.state, with_token(support::get(&page), &support)).await;
    assert_eq!(status, StatusCode::OK, "{file}");
    assert_eq!(file["data"]["signIns"][0]["success"], true, "{file}");
    assert_eq!(file["data"]["orders"], json!([]), "support reads orders: none yet");

    // Points: with a reason, never below zero, with the version read.
    let points = |body: Value| with_token(post(&format!("{page}/points"), body), &owner);
    let (status, bad) = call_json(&app.state, points(json!({"delta": -5, "reason": "oops", "version": 0}))).await;
    assert_eq!(
        (status, &bad["data"]["fields"]["delta"]),
        (StatusCode::BAD_REQUEST, &json!("api.staff.pointsBelowZero"))
    );
    let (status, bad) = call_json(&app.state, points(json!({"delta": 5, "reason": " ", "version": 0}))).await;
    assert_eq!((status, &bad["data"]["fields"]["reason"]), (StatusCode::BAD_REQUEST, &json!("api.field.required")));
    let (status, given) = call_json(&app.state, points(json!({"delta": 50, "reason": "Late key", "version": 0}))).await;
    assert_eq!(status, StatusCode::OK, "{given}");
    assert_eq!(
        (given["data"]["customer"]["points"].as_i64(), given["data"]["customer"]["version"].as_i64()),
        (Some(50), Some(1))
    );
    assert_eq!(given["data"]["adjustments"][0]["reason"], "Late key");
    assert!(given["data"]["orders"].is_array(), "the owner reads orders");
    let (status, stale) = call_json(&app.state, points(json!({"delta": 5, "reason": "again", "version": 0}))).await;
    assert_eq!((status, stale["msgKey"].as_str()), (StatusCode::CONFLICT, Some("api.staff.changed")));

    // Disabled: the member's session ends; a stale version changes nothing.
    let state = |body: Value| with_token(TestRequest::put().uri(&page).set_json(body), &owner);
    let (status, _) = call_json(&app.state, state(json!({"disabled": true, "version": 0}))).await;
    assert_eq!(status, StatusCode::CONFLICT);
    let (status, _) = call_json(&app.state, with_token(support::get("/prod-api/api/getInfo"), &shopper)).await;
    assert_eq!(status, StatusCode::OK, "still signed in");
    let (status, off) = call_json(&app.state, state(json!({"disabled": true, "version": 1}))).await;
    assert_eq!((status, &off["data"]["customer"]["disabled"]), (StatusCode::OK, &json!(true)), "{off}");
    let (status, out) = call_json(&app.state, with_token(support::get("/prod-api/api/getInfo"), &shopper)).await;
    assert_eq!((status, out["msgKey"].as_str()), (StatusCode::FORBIDDEN, Some("api.member.disabled")), "told why");
    let refused =
        with_token(TestRequest::put().uri(&page).set_json(json!({"disabled": false, "version": 2})), &support);
    assert_eq!(call_json(&app.state, refused).await.0, StatusCode::FORBIDDEN, "support reads members only");

    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    loop {
        let (_, audit) =
            call_json(&app.state, with_token(support::get("/prod-api/api/staff/audit?text=ann.buyer"), &owner)).await;
        let actions: Vec<&str> =
            audit["data"]["rows"].as_array().unwrap().iter().map(|row| row["action"].as_str().unwrap()).collect();
        if actions == ["member.disable", "member.points"] {
            assert!(audit.to_string().contains("+50 points (0 → 50): Late key"), "{audit}");
            break;
        }
        assert!(std::time::Instant::now() < deadline, "the audit log did not fill: {audit}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[actix_web::test]
async fn finance_makes_edits_and_switches_off_coupons_with_the_version_read() {
    let app = spawn_app().await;
    let finance = staff_token(&app, "fin@shop.example", StaffRole::Finance).await;
    let owner = staff_token(&app, "owner@shop.example", StaffRole::Owner).await;
    let create = |body: Value| with_token(post("/prod-api/api/staff/coupons", body), &finance);
    let body = json!({"code": "black-friday", "kind": "fixed", "amount": 500, "fixedAmounts": {"EUR": 450},
        "minGoodsUsd": 2000, "usageLimit": 100, "perBuyerLimit": 1, "productTypes": ["dlc", "game"]});
    let (status, made) = call_json(&app.state, create(body.clone())).await;
    assert_eq!(status, StatusCode::OK, "{made}");
    let made = &made["data"];
    assert_eq!(
        (made["code"].as_str(), made["version"].as_i64(), made["used"].as_i64()),
        (Some("BLACK-FRIDAY"), Some(0), Some(0))
    );
    assert_eq!((&made["fixedAmounts"]["EUR"], &made["productTypes"]), (&json!(450), &json!(["dlc", "game"])));
    let (status, twice) = call_json(&app.state, create(body)).await;
    assert_eq!((status, twice["msgKey"].as_str()), (StatusCode::CONFLICT, Some("api.staff.couponExists")));
    let (status, bad) =
        call_json(&app.state, create(json!({"code": "x", "kind": "percent", "amount": 150, "endsAt": -1}))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}");
    for field in ["code", "amount", "endsAt"] {
        assert!(bad["data"]["fields"][field].is_string(), "{field}: {bad}");
    }
    let (status, _) = call_json(&app.state, create(json!({"kind": "half", "amount": 5}))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "an unknown kind");

    // Switched off with the version read; a stale version is refused.
    let edit = |body: Value| {
        with_token(TestRequest::put().uri("/prod-api/api/staff/coupons/BLACK-FRIDAY").set_json(body), &finance)
    };
    let off = json!({"kind": "fixed", "amount": 500, "disabled": true, "version": 0});
    let (status, saved) = call_json(&app.state, edit(off.clone())).await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!((saved["data"]["disabled"].as_bool(), saved["data"]["version"].as_i64()), (Some(true), Some(1)));
    assert_eq!(saved["data"]["fixedAmounts"], json!({}), "what the edit sent, all of it");
    let (status, stale) = call_json(&app.state, edit(off)).await;
    assert_eq!((status, stale["msgKey"].as_str()), (StatusCode::CONFLICT, Some("api.staff.changed")));
    let (status, _) = call_json(&app.state, edit(json!({"kind": "fixed", "amount": 500}))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "no version");
    let (status, list) =
        call_json(&app.state, with_token(support::get("/prod-api/api/staff/coupons?text=friday"), &finance)).await;
    assert_eq!((status, list["data"]["total"].as_i64()), (StatusCode::OK, Some(1)), "{list}");

    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    loop {
        let (_, audit) =
            call_json(&app.state, with_token(support::get("/prod-api/api/staff/audit?text=BLACK-FRIDAY"), &owner))
                .await;
        let actions: Vec<&str> =
            audit["data"]["rows"].as_array().unwrap().iter().map(|row| row["action"].as_str().unwrap()).collect();
        if actions == ["coupon.update", "coupon.create"] {
            break;
        }
        assert!(std::time::Instant::now() < deadline, "the audit log did not fill: {audit}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// A product as the console writes it, with a Japanese title.
fn product_fields(sku: &str, game_name: &str) -> Value {
    json!({"sku": sku, "gameName": game_name, "gameExtName": "steam-global", "type": "game", "platform": "steam",
        "region": "global", "releaseDate": "2026-03-01", "priceUsd": 1500, "perOrderLimit": 3, "genres": ["rpg"],
        "texts": [{"language": "en-US", "title": "Moon Courier", "description": "Deliver by moonlight."},
                  {"language": "ja", "title": "月の配達人"}]})
}

/// A 4 × 2 PNG.
const PNG: &str = "89504e470d0a1a0a0000000d4948445200000004000000020802000000f0caea340000001049444154789c6338216703470cc81c007a4a0911f19940630000000049454e44ae426082";

fn png() -> Vec<u8> {
    (0..PNG.len()).step_by(2).map(|index| u8::from_str_radix(&PNG[index..index + 2], 16).unwrap()).collect()
}

#[actix_web::test]
async fn a_manager_writes_a_product_uploads_its_cover_and_publishes_it() {
    let app = spawn_app().await;
    let manager = staff_token(&app, "manager@shop.example", StaffRole::Manager).await;
    let (status, created) = call_json(
        &app.state,
        with_token(post("/prod-api/api/staff/products", product_fields("KS-MOON", "moon-courier")), &manager),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{created}");
    assert_eq!((&created["data"]["state"], &created["data"]["cover"]), (&json!("draft"), &Value::Null));
    let id = created["data"]["id"].as_i64().unwrap();
    let version = created["data"]["version"].as_i64().unwrap();

    // Bad uploads: 400 with the reason, nothing changed.
    let upload = |body: Vec<u8>, version: i64| {
        TestRequest::post()
            .uri(&format!("/prod-api/api/staff/products/{id}/images/cover?version={version}"))
            .insert_header(("Content-Type", "application/octet-stream"))
            .set_payload(body)
    };
    let (status, refused) =
        call_json(&app.state, with_token(upload(b"<?php phpinfo(); ?>".to_vec(), version), &manager)).await;
    assert_eq!((status, &refused["data"]["fields"]["file"]), (StatusCode::BAD_REQUEST, &json!("api.staff.imageType")));
    let (status, refused) =
        call_json(&app.state, with_token(upload(vec![0x89; 50 * 1024 * 1024], version), &manager)).await;
    assert_eq!(
        (status, &refused["data"]["fields"]["file"]),
        (StatusCode::BAD_REQUEST, &json!("api.staff.imageTooLarge"))
    );

    // A cover, then published: the shop lists it with its cover and Japanese title.
    let (status, with_cover) = call_json(&app.state, with_token(upload(png(), version), &manager)).await;
    assert_eq!(status, StatusCode::OK, "{with_cover}");
    let cover = with_cover["data"]["cover"].as_str().unwrap().to_owned();
    assert!(cover.starts_with("/prod-api/api/media/file/") && cover.ends_with("-640.webp"), "{cover}");
    let publish = json!({"version": with_cover["data"]["version"], "state": "published"});
    let (status, published) =
        call_json(&app.state, with_token(post(&format!("/prod-api/api/staff/products/{id}/state"), publish), &manager))
            .await;
    assert_eq!((status, &published["data"]["state"]), (StatusCode::OK, &json!("published")), "{published}");
    let (status, found) =
        call_json(&app.state, support::get("/prod-api/api/home/queryGames?text=%E6%9C%88%E3%81%AE")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(found["data"]["rows"][0]["titles"]["ja"], "月の配達人", "{found}");
    assert_eq!(found["data"]["rows"][0]["cover"], cover.as_str());
    let response = call(&app.state, support::get(&cover)).await;
    assert_eq!(response.status(), StatusCode::OK);
    let headers = response.headers();
    assert_eq!(headers.get("content-type").unwrap(), "image/webp");
    assert!(headers.get("cache-control").unwrap().to_str().unwrap().contains("immutable"));
}

#[actix_web::test]
async fn a_manager_writes_the_arabic_hero_and_switches_reviews_off() {
    let app = spawn_app().await;
    let manager = staff_token(&app, "content@shop.example", StaffRole::Manager).await;
    let set = |key: &str, value: &str| {
        with_token(
            TestRequest::put().uri(&format!("/prod-api/api/staff/settings/{key}")).set_json(json!({"value": value})),
            &manager,
        )
    };
    let (status, saved) = call_json(&app.state, set("heroTitle.ar", "مفاتيح الألعاب في ثوانٍ")).await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    let (status, _) = call_json(&app.state, set("heroTitle", "Game keys in seconds")).await;
    assert_eq!(status, StatusCode::OK);
    let (status, refused) = call_json(&app.state, set("commentEnabled", "maybe")).await;
    assert_eq!(
        (status, &refused["data"]["fields"]["value"]),
        (StatusCode::BAD_REQUEST, &json!("api.staff.settingSwitch"))
    );
    let (status, refused) = call_json(&app.state, set("siteName.ar", "x")).await;
    assert_eq!((status, &refused["data"]["fields"]["key"]), (StatusCode::BAD_REQUEST, &json!("api.field.invalid")));
    let (status, _) = call_json(&app.state, set("commentEnabled", "false")).await;
    assert_eq!(status, StatusCode::OK);

    // The shop: each language its own hero, or the default; the switch at once.
    let config =
        |language: &'static str| support::get("/prod-api/api/home/config").insert_header(("Accept-Language", language));
    let (_, arabic) = call_json(&app.state, config("ar")).await;
    assert_eq!(arabic["data"]["heroTitle"], "مفاتيح الألعاب في ثوانٍ");
    assert_eq!(arabic["data"]["commentEnabled"], "false");
    assert!(arabic["data"].get("heroTitle.ar").is_none());
    let (_, german) = call_json(&app.state, config("de")).await;
    assert_eq!(german["data"]["heroTitle"], "Game keys in seconds");
    let (_, stored) = call_json(&app.state, with_token(support::get("/prod-api/api/staff/settings"), &manager)).await;
    assert_eq!(stored["data"]["heroTitle.ar"], "مفاتيح الألعاب في ثوانٍ");
}

#[actix_web::test]
async fn a_notice_to_everyone_reaches_each_member_in_their_language() {
    let app = spawn_app().await;
    let manager = staff_token(&app, "notices@shop.example", StaffRole::Manager).await;
    let member = member_token(&app, "yuki@example.com").await;
    let body = json!({"title": "Spring sale", "content": "Everything 10% off",
        "texts": [{"language": "ja", "title": "春のセール", "content": "全品10%オフ"}]});
    let (status, sent) = call_json(&app.state, with_token(post("/prod-api/api/staff/notices", body), &manager)).await;
    assert_eq!(status, StatusCode::OK, "{sent}");
    let bad = json!({"title": "", "content": "x", "texts": [{"language": "en-US", "title": "a", "content": "b"}]});
    let (status, refused) = call_json(&app.state, with_token(post("/prod-api/api/staff/notices", bad), &manager)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(refused["data"]["fields"]["title"], "api.field.required");
    assert_eq!(refused["data"]["fields"]["texts[0].language"], "api.field.invalid");

    let read = |language: &'static str| {
        with_token(support::get("/prod-api/api/notices").insert_header(("Accept-Language", language)), &member)
    };
    let (_, japanese) = call_json(&app.state, read("ja")).await;
    assert_eq!(japanese["data"]["rows"][0]["title"], "春のセール", "{japanese}");
    let (_, french) = call_json(&app.state, read("fr")).await;
    assert_eq!(french["data"]["rows"][0]["title"], "Spring sale");
    let (_, unread) = call_json(&app.state, with_token(support::get("/prod-api/api/notices/unread"), &member)).await;
    assert_eq!(unread["data"]["count"], 1, "{unread}");
}

fn news_body(version: i64) -> Value {
    json!({"version": version, "author": "Ana", "published": true, "publishedAt": 1_700_000_000_000_i64,
        "texts": [{"language": "en-US", "title": "Spring sale", "body": "Half price."}]})
}

#[actix_web::test]
async fn a_manager_schedules_news_in_markdown_and_no_script_reaches_the_shop() {
    let app = spawn_app().await;
    let manager = staff_token(&app, "writer@shop.example", StaffRole::Manager).await;
    let tomorrow = app.clock.now_ms() + 86_400_000;
    let body = json!({"author": "Ana", "published": true, "publishedAt": tomorrow, "texts": [
        {"language": "en-US", "title": "Spring sale", "body": "## Half price\n\nAll **keys**.\n\n<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[more](javascript:alert(1))"},
        {"language": "ja", "title": "春のセール", "body": "全品**半額**。"},
    ]});
    let (status, created) = call_json(&app.state, with_token(post("/prod-api/api/staff/news", body), &manager)).await;
    assert_eq!(status, StatusCode::OK, "{created}");
    let id = created["data"]["id"].as_i64().unwrap();
    assert_eq!(created["data"]["texts"][0]["summary"], "Half price All keys. more");
    assert_eq!(created["data"]["missingLanguages"].as_array().unwrap().len(), 16);

    // Scheduled for tomorrow: not in the shop yet.
    let news = |path: String, language: &'static str| support::get(&path).insert_header(("Accept-Language", language));
    let (_, list) = call_json(&app.state, news("/prod-api/api/home/gamesNews".into(), "ja")).await;
    assert!(list["data"]["rows"].as_array().unwrap().iter().all(|row| row["id"] != id), "{list}");
    let (status, _) = call_json(&app.state, news(format!("/prod-api/api/home/gamesNews/{id}"), "ja")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // Its time comes: shown in Japanese, rendered, and no script survives.
    app.clock.advance(Duration::from_secs(86_401));
    let (_, list) = call_json(&app.state, news("/prod-api/api/home/gamesNews".into(), "ja")).await;
    assert_eq!(list["data"]["rows"][0]["title"], "春のセール", "{list}");
    let (status, item) = call_json(&app.state, news(format!("/prod-api/api/home/gamesNews/{id}"), "en-US")).await;
    assert_eq!(status, StatusCode::OK, "{item}");
    let html = item["data"]["html"].as_str().unwrap().to_lowercase();
    assert!(html.contains("<h2>half price</h2>") && html.contains("<strong>keys</strong>"), "{html}");
    for forbidden in ["<script", "onerror", "javascript:"] {
        assert!(!html.contains(forbidden), "{forbidden} in {html}");
    }
    assert_eq!(item["data"]["author"], "Ana");
    // A day later the first session has long ended (idle): another member of staff edits.
    let manager = staff_token(&app, "editor@shop.example", StaffRole::Manager).await;

    // An edit with a stale version is refused; a draft leaves the shop.
    let (status, _) = call_json(
        &app.state,
        with_token(TestRequest::put().uri(&format!("/prod-api/api/staff/news/{id}")).set_json(news_body(99)), &manager),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT);
    let mut draft = news_body(created["data"]["version"].as_i64().unwrap());
    draft["published"] = json!(false);
    let (status, saved) = call_json(
        &app.state,
        with_token(TestRequest::put().uri(&format!("/prod-api/api/staff/news/{id}")).set_json(draft), &manager),
    )
    .await;
    assert_eq!((status, &saved["data"]["published"]), (StatusCode::OK, &json!(false)), "{saved}");
    let (status, _) = call_json(&app.state, news(format!("/prod-api/api/home/gamesNews/{id}"), "en-US")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // Bad input: every field named, nothing written.
    let bad = json!({"published": true, "publishedAt": 0, "texts": [{"language": "xx", "title": "", "body": ""}]});
    let (status, refused) = call_json(&app.state, with_token(post("/prod-api/api/staff/news", bad), &manager)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(refused["data"]["fields"]["publishedAt"], "api.field.invalid");
    assert_eq!(refused["data"]["fields"]["texts[0].language"], "api.field.invalid");
    assert_eq!(refused["data"]["fields"]["texts"], "api.staff.englishTitleRequired");
    let (_, all) = call_json(&app.state, with_token(support::get("/prod-api/api/staff/news"), &manager)).await;
    assert_eq!(all["data"]["total"], 1, "{all}");
}

#[actix_web::test]
async fn a_manager_writes_the_arabic_refund_policy_with_the_support_address() {
    let app = spawn_app().await;
    let manager = staff_token(&app, "pages@shop.example", StaffRole::Manager).await;
    let (status, list) = call_json(&app.state, with_token(support::get("/prod-api/api/staff/pages"), &manager)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(list["data"].as_array().unwrap().len(), 6, "{list}");
    let (status, page) =
        call_json(&app.state, with_token(support::get("/prod-api/api/staff/pages/refund-policy/ar"), &manager)).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    let version = page["data"]["version"].as_i64().unwrap();
    let save = |version: i64, body: &str| {
        with_token(
            TestRequest::put()
                .uri("/prod-api/api/staff/pages/refund-policy/ar")
                .set_json(json!({"version": version, "title": "سياسة الاسترداد", "body": body})),
            &manager,
        )
    };
    let (status, saved) =
        call_json(&app.state, save(version, "## المهلة\n\nراسلنا على {{supportEmail}}.\n\n<script>x()</script>")).await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    let (status, _) = call_json(&app.state, save(version, "again")).await;
    assert_eq!(status, StatusCode::CONFLICT, "the version read is stale");
    let (status, refused) = call_json(&app.state, save(saved["data"]["version"].as_i64().unwrap(), " ")).await;
    assert_eq!((status, &refused["data"]["fields"]["body"]), (StatusCode::BAD_REQUEST, &json!("api.field.required")));
    let (status, _) =
        call_json(&app.state, with_token(support::get("/prod-api/api/staff/pages/admin/ar"), &manager)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    let (_, shown) = call_json(
        &app.state,
        support::get("/prod-api/api/home/page/refund-policy").insert_header(("Accept-Language", "ar")),
    )
    .await;
    assert_eq!(shown["data"]["title"], "سياسة الاسترداد");
    let html = shown["data"]["html"].as_str().unwrap();
    assert!(html.contains("<h2>المهلة</h2>") && html.contains("support@keyshop.example"), "{html}");
    assert!(!html.contains("<script"), "{html}");

    let (status, preview) = call_json(
        &app.state,
        with_token(post("/prod-api/api/staff/preview", json!({"markdown": "*hi* <script>x()</script>"})), &manager),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(preview["data"]["html"], "<p><em>hi</em> </p>\n");
}

/// The e-mails to `to` once there are `count` (sent in the background).
async fn mails_to(app: &TestApp, to: &str, count: usize) -> Vec<String> {
    for _ in 0..500 {
        let mails: Vec<String> = keyshop_testkit::outbox_mails(&app.store.outbox())
            .into_iter()
            .filter(|mail| mail.contains(&format!("To: {to}")))
            .collect();
        if mails.len() >= count {
            return mails;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("fewer than {count} e-mails to {to}");
}

#[actix_web::test]
async fn support_answers_a_sale_form_by_e_mail_and_closes_it() {
    let app = spawn_app().await;
    let support = staff_token(&app, "help@shop.example", StaffRole::Support).await;
    let form = json!({"name": "Ann", "email": "seller@example.com", "confirmEmail": "seller@example.com",
        "region": "Europe", "description": "200 Steam keys"});
    let (status, _) =
        call_json(&app.state, post("/prod-api/api/forms/sale", form).insert_header(("Accept-Language", "de"))).await;
    assert_eq!(status, StatusCode::OK);
    // Staff who answer forms are told; finance (who does not) is not asked.
    let told = mails_to(&app, "help@shop.example", 1).await;
    assert!(told[0].contains("seller@example.com") && told[0].contains("/staff/forms?id="), "{}", told[0]);

    let (status, inbox) =
        call_json(&app.state, with_token(support::get("/prod-api/api/staff/forms?kind=sale&status=new"), &support))
            .await;
    assert_eq!(status, StatusCode::OK, "{inbox}");
    let form = &inbox["data"]["rows"][0];
    assert_eq!(
        (form["email"].as_str(), form["fields"]["region"].as_str()),
        (Some("seller@example.com"), Some("Europe"))
    );
    assert_eq!(form["language"], "de");
    let (id, version) = (form["id"].as_i64().unwrap(), form["version"].as_i64().unwrap());
    let (status, refused) =
        call_json(&app.state, with_token(support::get("/prod-api/api/staff/forms?kind=gift&status=lost"), &support))
            .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        (&refused["data"]["fields"]["kind"], &refused["data"]["fields"]["status"]),
        (&json!("api.field.invalid"), &json!("api.field.invalid"))
    );

    // The reply goes to the sender, in German, and stays with the form.
    let reply = |version: i64, body: &str| {
        with_token(
            post(&format!("/prod-api/api/staff/forms/{id}/reply"), json!({"version": version, "body": body})),
            &support,
        )
    };
    let (status, refused) = call_json(&app.state, reply(version, "  ")).await;
    assert_eq!((status, &refused["data"]["fields"]["body"]), (StatusCode::BAD_REQUEST, &json!("api.field.required")));
    let (status, replied) = call_json(&app.state, reply(version, "We buy them at 60% of the list price.")).await;
    assert_eq!(status, StatusCode::OK, "{replied}");
    assert_eq!(replied["data"]["status"], "replied");
    assert_eq!(replied["data"]["replies"][0]["staffEmail"], "help@shop.example");
    let (status, _) = call_json(&app.state, reply(version, "again")).await;
    assert_eq!(status, StatusCode::CONFLICT, "the version read is stale");
    let answer = mails_to(&app, "seller@example.com", 2).await.pop().unwrap();
    assert!(answer.contains("We buy them at 60% of the list price.") && answer.contains("Ann"), "{answer}");

    let close = json!({"version": replied["data"]["version"], "status": "closed"});
    let (status, closed) = call_json(
        &app.state,
        with_token(TestRequest::put().uri(&format!("/prod-api/api/staff/forms/{id}")).set_json(close), &support),
    )
    .await;
    assert_eq!((status, &closed["data"]["status"]), (StatusCode::OK, &json!("closed")), "{closed}");
}

#[actix_web::test]
async fn support_answers_a_ticket_the_member_reads_by_e_mail_and_closes_it() {
    let app = spawn_app().await;
    let support = staff_token(&app, "desk@shop.example", StaffRole::Support).await;
    let ann = member_token(&app, "ann.ticket@example.com").await;
    let opened = json!({"subject": "My key does not work", "message": "Steam says it was used", "orderNo": ""});
    let (status, opened) = call_json(&app.state, with_token(post("/prod-api/api/tickets", opened), &ann)).await;
    assert_eq!(status, StatusCode::OK, "{opened}");
    let id = opened["data"]["id"].as_i64().unwrap();
    // Staff who answer tickets are told, with a link to it in the console.
    let told = mails_to(&app, "desk@shop.example", 1).await;
    assert!(
        told[0].contains("My key does not work") && told[0].contains(&format!("/staff/tickets/{id}")),
        "{}",
        told[0]
    );

    let (status, list) =
        call_json(&app.state, with_token(support::get("/prod-api/api/staff/tickets?status=open"), &support)).await;
    assert_eq!(status, StatusCode::OK, "{list}");
    assert_eq!(list["data"]["rows"][0]["memberEmail"], "ann.ticket@example.com");
    assert_eq!(list["data"]["rows"][0]["status"], "open");
    let (status, bad) =
        call_json(&app.state, with_token(support::get("/prod-api/api/staff/tickets?status=lost"), &support)).await;
    assert_eq!((status, &bad["data"]["fields"]["status"]), (StatusCode::BAD_REQUEST, &json!("api.field.invalid")));

    let reply = |body: &str| {
        with_token(post(&format!("/prod-api/api/staff/tickets/{id}/reply"), json!({"body": body})), &support)
    };
    let (status, refused) = call_json(&app.state, reply(" ")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
    let (status, answered) = call_json(&app.state, reply("We sent you a new key.")).await;
    assert_eq!(status, StatusCode::OK, "{answered}");
    assert_eq!(answered["data"]["ticket"]["status"], "answered");
    assert_eq!(answered["data"]["messages"][1]["author"], "staff");
    let mail = mails_to(&app, "ann.ticket@example.com", 1).await.pop().unwrap();
    assert!(mail.contains("We sent you a new key.") && mail.contains(&format!("/my-support?id={id}")), "{mail}");
    // The member reads it in their thread.
    let (_, thread) =
        call_json(&app.state, with_token(support::get(&format!("/prod-api/api/tickets/{id}")), &ann)).await;
    assert_eq!(thread["data"]["messages"][1]["body"], "We sent you a new key.");

    let close = || with_token(post(&format!("/prod-api/api/staff/tickets/{id}/close"), json!({})), &support);
    let (status, closed) = call_json(&app.state, close()).await;
    assert_eq!((status, &closed["data"]["ticket"]["status"]), (StatusCode::OK, &json!("closed")), "{closed}");
    let (status, _) = call_json(&app.state, close()).await;
    assert_eq!(status, StatusCode::CONFLICT);
    let (status, _) = call_json(&app.state, reply("One more thing")).await;
    assert_eq!(status, StatusCode::CONFLICT, "a closed ticket takes no more messages");
    let (status, _) =
        call_json(&app.state, with_token(support::get("/prod-api/api/staff/tickets/999999"), &support)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[actix_web::test]
async fn a_manager_sets_the_euro_rate_and_the_shop_quotes_it() {
    let app = spawn_app().await;
    let manager = staff_token(&app, "rates@shop.example", StaffRole::Manager).await;
    let set = |code: &str, rate: &str| {
        with_token(
            TestRequest::put().uri(&format!("/prod-api/api/staff/currencies/{code}")).set_json(json!({"rate": rate})),
            &manager,
        )
    };
    let (status, refused) = call_json(&app.state, set("EUR", "-1")).await;
    assert_eq!(
        (status, &refused["data"]["fields"]["rate"]),
        (StatusCode::BAD_REQUEST, &json!("api.staff.rateInvalid"))
    );
    let (status, _) = call_json(&app.state, set("XXX", "1.5")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, saved) = call_json(&app.state, set("EUR", "0.875")).await;
    assert_eq!((status, &saved["data"]["rate"]), (StatusCode::OK, &json!("0.875")), "{saved}");
    let (_, listed) = call_json(&app.state, with_token(support::get("/prod-api/api/staff/currencies"), &manager)).await;
    let euro = listed["data"].as_array().unwrap().iter().find(|currency| currency["code"] == "EUR").unwrap().clone();
    assert_eq!(euro["rate"], "0.875");
    let (_, rates) = call_json(&app.state, support::get("/prod-api/api/home/rate")).await;
    let euro = rates["data"].as_array().unwrap().iter().find(|currency| currency["code"] == "EUR").unwrap().clone();
    assert_eq!(euro["rate"], 0.875, "the shop quotes the new rate at once");
}

#[actix_web::test]
async fn finance_sets_a_euro_fee_and_switches_a_method_off() {
    let app = spawn_app().await;
    let finance = staff_token(&app, "money@shop.example", StaffRole::Finance).await;
    let (status, listed) =
        call_json(&app.state, with_token(support::get("/prod-api/api/staff/payment-methods"), &finance)).await;
    assert_eq!(status, StatusCode::OK, "{listed}");
    let sandbox =
        listed["data"].as_array().unwrap().iter().find(|method| method["code"] == "sandbox-card").unwrap().clone();
    assert_eq!((&sandbox["enabled"], &sandbox["providerReady"]), (&json!(true), &json!(true)));
    let save = |body: Value| {
        with_token(TestRequest::put().uri("/prod-api/api/staff/payment-methods/sandbox-card").set_json(body), &finance)
    };
    let bad = json!({"version": sandbox["version"], "enabled": true, "currencies": ["*"], "feeBasisPoints": 5000,
        "feeFixedUsd": 0, "fees": [{"currency": "EURO", "feeBasisPoints": 100, "feeFixedUsd": 0}]});
    let (status, refused) = call_json(&app.state, save(bad)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(refused["data"]["fields"]["feeBasisPoints"], "api.field.outOfRange");
    assert_eq!(refused["data"]["fields"]["fees[0].currency"], "api.field.invalid");

    let good = json!({"version": sandbox["version"], "enabled": true, "currencies": ["*"], "feeBasisPoints": 0,
        "feeFixedUsd": 0, "fees": [{"currency": "EUR", "feeBasisPoints": 150, "feeFixedUsd": 25}]});
    let (status, saved) = call_json(&app.state, save(good.clone())).await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(saved["data"]["fees"][0]["feeBasisPoints"], 150);
    let (status, _) = call_json(&app.state, save(good)).await;
    assert_eq!(status, StatusCode::CONFLICT, "the version read is stale");
    let payments = app.state.clients.payment();
    let offered = |currency: &'static str| {
        let mut payments = payments.clone();
        async move {
            let request = keyshop_proto::payment::v1::ListMethodsRequest { currency: currency.to_owned() };
            payments.list_methods(request).await.unwrap().into_inner().methods
        }
    };
    let euro = offered("EUR").await;
    let card = euro.iter().find(|method| method.code == "sandbox-card").unwrap();
    assert_eq!((card.fee_basis_points, card.fee_fixed_usd), (150, 25), "the euro fee is offered at once");
    let dollar = offered("USD").await;
    assert_eq!(dollar.iter().find(|method| method.code == "sandbox-card").unwrap().fee_basis_points, 0);

    let off = json!({"version": saved["data"]["version"], "enabled": false, "currencies": ["*"], "feeBasisPoints": 0,
        "feeFixedUsd": 0});
    let (status, _) = call_json(&app.state, save(off)).await;
    assert_eq!(status, StatusCode::OK);
    assert!(offered("USD").await.iter().all(|method| method.code != "sandbox-card"), "switched off");
}

#[actix_web::test]
async fn only_failed_enrollments_and_sign_ins_count_against_an_address() {
    let app = spawn_app().await;
    // Twelve people enrolled and each signed in twice from one office: 24
    // enrollment steps and 24 sign-ins that worked, none of them counted
    // (the limits are 20). Each enrollment also tried its used link again:
    // those 12 failures count.
    for person in 0..12 {
        let email = format!("team{person}@shop.example");
        let (secret, _) = enroll(&app, &email, StaffRole::Support).await;
        for _ in 0..2 {
            let (status, session) = sign_in(&app, &email, &secret, 1).await;
            assert_eq!(status, StatusCode::OK, "{session}");
            // The next sign-in takes the next code.
            app.clock.advance(Duration::from_secs(30));
        }
    }
    // Guesses at enrollment links still add up: 8 more, then refused.
    let mut refused = 0;
    for _ in 0..25 {
        let (status, _) =
            call_json(&app.state, post("/prod-api/api/staff/enroll/start", json!({"token": "0".repeat(64)}))).await;
        if status == StatusCode::TOO_MANY_REQUESTS {
            refused += 1;
        }
    }
    assert_eq!(refused, 17, "12 failures before, 8 guesses, then refused");
}

#[actix_web::test]
async fn a_manager_rewrites_the_levels_and_members_move_with_them() {
    let app = spawn_app().await;
    let manager = staff_token(&app, "loyalty@shop.example", StaffRole::Manager).await;
    let (status, table) = call_json(&app.state, with_token(support::get("/prod-api/api/staff/levels"), &manager)).await;
    assert_eq!(status, StatusCode::OK, "{table}");
    let version = table["data"]["version"].clone();
    let mut levels = table["data"]["levels"].as_array().unwrap().clone();
    assert_eq!(levels[0]["thresholdUsdCents"], 0, "{table}");
    let save = |body: Value| with_token(TestRequest::put().uri("/prod-api/api/staff/levels").set_json(body), &manager);

    // No level from 0: refused, nothing changed.
    let mut bad = levels.clone();
    bad[0]["thresholdUsdCents"] = json!(100);
    bad[0]["discountPercent"] = json!(90);
    let (status, refused) = call_json(&app.state, save(json!({"version": version, "levels": bad}))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(refused["data"]["fields"]["levels"], "api.staff.levelFromZero");
    assert_eq!(refused["data"]["fields"]["levels[0].discountPercent"], "api.field.outOfRange");

    // A new top level, the first one's discount raised.
    levels[0]["discountPercent"] = json!(1);
    levels.push(json!({"name": "Mythic", "thresholdUsdCents": 99_000_000, "discountPercent": 8,
        "pointsPerUsd": 5, "exchangeRate": 50}));
    let (status, saved) = call_json(&app.state, save(json!({"version": version, "levels": levels}))).await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    let names: Vec<&str> =
        saved["data"]["levels"].as_array().unwrap().iter().map(|level| level["name"].as_str().unwrap()).collect();
    assert_eq!(names.last(), Some(&"Mythic"));
    assert_ne!(saved["data"]["version"], version);
    let (status, _) = call_json(&app.state, save(json!({"version": version, "levels": levels}))).await;
    assert_eq!(status, StatusCode::CONFLICT, "the version read is stale");

    // The shop lists the new table; a new member starts on the level from 0.
    let member = member_token(&app, "loyal@example.com").await;
    let (_, listed) = call_json(&app.state, with_token(support::get("/prod-api/api/levels"), &member)).await;
    assert!(listed.to_string().contains("Mythic"), "{listed}");
    let (_, info) = call_json(&app.state, with_token(support::get("/prod-api/api/getInfo"), &member)).await;
    assert_eq!(info["data"]["levelName"], names[0], "{info}");
}
