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

use crate::support::{self, CAPTCHA, TestApp, json as call_json, spawn_app};

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
