//! Accounts, sessions, the captcha gate, the forgotten password and disabled
//! accounts, over real gRPC on SQLite and PostgreSQL.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::support;

use keyshop_core::error::{AppError, ErrorCode};
use keyshop_member::store::MIGRATIONS;
use keyshop_proto::member::v1 as pb;
use keyshop_testkit::TestDb;
use keyshop_testkit::backend_test;
use support::{PASSWORD, captcha, client_from, signed};

fn app_error<T: std::fmt::Debug>(result: Result<T, tonic::Status>) -> AppError {
    AppError::from_status(&result.expect_err("the call fails"))
}

fn register(email: &str, password: &str, confirm: &str) -> pb::RegisterRequest {
    pb::RegisterRequest {
        email: email.to_owned(),
        full_name: "Ann".to_owned(),
        password: password.to_owned(),
        confirm_password: confirm.to_owned(),
        agree_terms: true,
        newsletter: true,
        captcha: captcha(),
        client: client_from("198.51.100.7"),
    }
}

backend_test!(register_login_info_logout, &MIGRATIONS, |test_db: TestDb| async move {
    let mut member = support::start(test_db, false).await;
    member.client.register(register("Ann@Example.com", PASSWORD, PASSWORD)).await.unwrap();
    // A taken address gets the same answer; its owner hears of it by e-mail.
    let taken = member.client.register(register("ann@example.com", "other-pass", "other-pass")).await.unwrap();
    assert_eq!(taken.into_inner().member_id, None);
    // Three e-mails: the first newsletter opt-in, then the owner's notice and
    // (the box was ticked again) another opt-in, as for a new account.
    let mails = member.wait_for_mails(3).await;
    assert!(
        mails.iter().any(|mail| mail.contains("To: ann@example.com") && mail.contains("already has an account")),
        "{mails:?}"
    );

    let token = member.login("ANN@example.com", PASSWORD).await.unwrap();
    assert_eq!(token.len(), 64);
    let info = member.client.get_info(signed(&token, pb::Empty {})).await.unwrap().into_inner();
    assert_eq!((info.email.as_str(), info.level_name.as_str(), info.newsletter), ("ann@example.com", "Bronze", true));
    let state = member.client.check_session(signed(&token, pb::CheckSessionRequest::default())).await.unwrap();
    assert_eq!((state.get_ref().state, state.get_ref().is_success), (1, true));

    member.client.logout(signed(&token, pb::Empty {})).await.unwrap();
    let after = app_error(member.client.get_info(signed(&token, pb::Empty {})).await);
    assert_eq!(after.code, ErrorCode::Unauthenticated);
    let state = member.client.check_session(signed(&token, pb::CheckSessionRequest::default())).await.unwrap();
    assert_eq!((state.get_ref().state, state.get_ref().is_success), (0, false), "a revoked token is not a success");
    let anonymous = member.client.check_session(pb::CheckSessionRequest::default()).await.unwrap();
    assert_eq!((anonymous.get_ref().state, anonymous.get_ref().is_success), (0, true));

    // The token is stored hashed only.
    let stored: Vec<String> = member
        .test_db
        .db
        .run(|conn| {
            use diesel::prelude::*;
            keyshop_member::store::schema::sessions::table
                .select(keyshop_member::store::schema::sessions::token_hash)
                .load::<String>(conn)
                .map_err(keyshop_core::db::DbError::from)
        })
        .await
        .unwrap();
    assert!(!stored.iter().any(|hash| hash == &token));
});

backend_test!(registration_rules_answer_field_errors_and_write_nothing, &MIGRATIONS, |test_db: TestDb| async move {
    let mut member = support::start(test_db, false).await;
    let mut bad = register("not-an-email", "12345", "123456");
    bad.full_name = String::new();
    bad.agree_terms = false;
    let error = app_error(member.client.register(bad).await);
    assert_eq!(error.code, ErrorCode::Validation);
    assert_eq!(error.fields["email"], "api.member.emailInvalid");
    assert_eq!(error.fields["fullName"], "api.field.required");
    assert_eq!(error.fields["password"], "api.member.passwordLength");
    assert_eq!(error.fields["confirmPassword"], "api.member.passwordMismatch");
    assert_eq!(error.fields["agreeTerms"], "api.member.termsRequired");
    let long = app_error(member.client.register(register("b@example.com", &"x".repeat(129), &"x".repeat(129))).await);
    assert_eq!(long.fields["password"], "api.member.passwordLength");
    let mut no_captcha = register("c@example.com", PASSWORD, PASSWORD);
    no_captcha.captcha = None;
    assert_eq!(app_error(member.client.register(no_captcha).await).fields["code"], "api.captcha.required");
    let mut wrong_captcha = register("c@example.com", PASSWORD, PASSWORD);
    wrong_captcha.captcha = Some(pb::CaptchaAnswer { uuid: "nope".into(), code: "abcd".into() });
    assert_eq!(app_error(member.client.register(wrong_captcha).await).fields["code"], "api.captcha.invalid");
    assert_eq!(app_error(member.login("c@example.com", PASSWORD).await).code, ErrorCode::Unauthenticated);
});

backend_test!(failures_bring_the_captcha_then_the_lock, &MIGRATIONS, |test_db: TestDb| async move {
    let mut member = support::start(test_db, false).await;
    member.member("dan@example.com").await;
    let unknown = app_error(member.login("nobody@example.com", PASSWORD).await);
    let wrong = app_error(member.login("dan@example.com", "wrong-password").await);
    assert_eq!((unknown.code, unknown.msg_key.as_str()), (wrong.code, wrong.msg_key.as_str()), "the same answer");
    assert_eq!(wrong.msg_key, "api.member.badCredentials");
    for _ in 0..2 {
        app_error(member.login("dan@example.com", "wrong-password").await);
    }
    // Three failures: even the right password needs the captcha now.
    let gated = app_error(member.login("dan@example.com", PASSWORD).await);
    assert_eq!(gated.fields["code"], "api.captcha.required");
    let with_captcha = member
        .client
        .login(pb::LoginRequest {
            account: "dan@example.com".into(),
            password: PASSWORD.into(),
            captcha: captcha(),
            client: client_from("198.51.100.1"),
        })
        .await;
    assert!(with_captcha.is_ok());
    // Ten failures lock the account, with the retry time.
    let mut last = None;
    for _ in 0..12 {
        let attempt = member
            .client
            .login(pb::LoginRequest {
                account: "dan@example.com".into(),
                password: "wrong-password".into(),
                captcha: captcha(),
                client: client_from("203.0.113.99"),
            })
            .await;
        last = Some(app_error(attempt));
    }
    let locked = last.unwrap();
    assert_eq!((locked.code, locked.msg_key.as_str()), (ErrorCode::RateLimited, "api.member.loginLocked"));
    assert!(locked.retry_after_seconds.is_some_and(|seconds| seconds > 0 && seconds <= 900));
    let history = member.service.member_id_by_email("dan@example.com").await.unwrap();
    assert!(history.is_some());
});

/// Failed logins of `member_id` in the login history: one per password checked.
async fn failed_logins(member: &support::RunningMember, member_id: i64) -> i64 {
    use diesel::prelude::*;
    use keyshop_member::store::schema::login_history as history;
    member
        .test_db
        .db
        .run(move |conn| {
            history::table
                .filter(history::member_id.eq(member_id).and(history::success.eq(false)))
                .count()
                .get_result::<i64>(conn)
                .map_err(keyshop_core::db::DbError::from)
        })
        .await
        .unwrap()
}

fn wrong_login(account: &str, ip: &str) -> pb::LoginRequest {
    pb::LoginRequest {
        account: account.into(),
        password: "wrong-password".into(),
        captcha: captcha(),
        client: client_from(ip),
    }
}

backend_test!(
    sixty_concurrent_guesses_check_at_most_the_allowed_passwords,
    &MIGRATIONS,
    |test_db: TestDb| async move {
        let mut member = support::start(test_db, false).await;
        member.member("gus@example.com").await;
        let member_id = member.service.member_id_by_email("gus@example.com").await.unwrap().unwrap();
        let mut guesses = tokio::task::JoinSet::new();
        for guess in 0..60 {
            let mut client = member.client.clone();
            // Each from an address of its own: only the account's count can stop them.
            let ip = format!("203.0.113.{guess}");
            guesses.spawn(async move {
                AppError::from_status(&client.login(wrong_login("gus@example.com", &ip)).await.unwrap_err())
            });
        }
        let mut answers = std::collections::BTreeMap::<String, i64>::new();
        while let Some(answer) = guesses.join_next().await {
            *answers.entry(answer.unwrap().msg_key).or_default() += 1;
        }
        let checked = failed_logins(&member, member_id).await;
        assert!(checked <= 10, "at most the lock-out's ten guesses are checked, whatever the concurrency: {checked}");
        assert_eq!(answers.get("api.member.badCredentials").copied().unwrap_or(0), checked, "{answers:?}");
        // The rest are refused without a check: locked (or, on a slow machine, asked to come back).
        let refused = answers.get("api.member.loginLocked").copied().unwrap_or(0)
            + answers.get("api.error.tooManyRequests").copied().unwrap_or(0);
        assert_eq!(checked + refused, 60, "{answers:?}");
        assert!(answers.get("api.member.loginLocked").copied().unwrap_or(0) >= 50, "{answers:?}");
    }
);

backend_test!(a_flood_of_cache_entries_leaves_the_lock_out_in_place, &MIGRATIONS, |test_db: TestDb| async move {
    let mut member = support::start(test_db, false).await;
    member.member("hal@example.com").await;
    for _ in 0..10 {
        app_error(member.client.login(wrong_login("hal@example.com", "203.0.113.5")).await);
    }
    let locked = app_error(member.client.login(wrong_login("hal@example.com", "203.0.113.5")).await);
    assert_eq!(locked.msg_key, "api.member.loginLocked");
    // What 12,000 captchas (or catalog pages) put in the cache.
    let cache = member.store.cache.clone();
    for flood in 0..12_000 {
        cache
            .set(&format!("member:captcha:flood-{flood}"), b"abcde".to_vec(), std::time::Duration::from_secs(120))
            .await;
    }
    let still = app_error(member.client.login(wrong_login("hal@example.com", "203.0.113.5")).await);
    assert_eq!(still.msg_key, "api.member.loginLocked", "the flood evicted no counter");
    let right = member
        .client
        .login(pb::LoginRequest { password: PASSWORD.into(), ..wrong_login("hal@example.com", "198.51.100.200") })
        .await;
    assert_eq!(app_error(right).msg_key, "api.member.loginLocked", "locked for the right password too");
});

backend_test!(captchas_are_throttled_per_address_and_ipv6_network, &MIGRATIONS, |test_db: TestDb| async move {
    let mut member = support::start(test_db, false).await;
    let create = |ip: &str| pb::CreateCaptchaRequest { client: client_from(ip) };
    for _ in 0..60 {
        member.client.create_captcha(create("198.51.100.9")).await.unwrap();
    }
    let refused = app_error(member.client.create_captcha(create("198.51.100.9")).await);
    assert_eq!(refused.code, ErrorCode::RateLimited);
    member.client.create_captcha(create("198.51.100.10")).await.expect("another address is not held up");
    for host in 0..60 {
        member.client.create_captcha(create(&format!("2001:db8:7:7::{host:x}"))).await.unwrap();
    }
    let same_network = app_error(member.client.create_captcha(create("2001:db8:7:7:ffff::1")).await);
    assert_eq!(same_network.code, ErrorCode::RateLimited, "one /64 is one address");
});

/// Argon2 runs of `kind` ("hash" or "verify") this process has counted.
fn hashes(kind: &str) -> u64 {
    let rendered = keyshop_core::metrics::handle().render();
    let prefix = format!("member_password_hashes_total{{kind=\"{kind}\"}} ");
    rendered.lines().find_map(|line| line.strip_prefix(&prefix)).map_or(0, |count| count.trim().parse().unwrap())
}

backend_test!(bogus_reset_tokens_run_no_hash_and_resets_are_throttled, &MIGRATIONS, |test_db: TestDb| async move {
    keyshop_core::metrics::handle();
    let mut member = support::start(test_db, false).await;
    let reset = |token: &str, ip: &str| pb::ResetPasswordRequest {
        reset_token: token.to_owned(),
        password: "new-pass-1".into(),
        confirm_password: "new-pass-1".into(),
        client: client_from(ip),
    };
    let before = hashes("hash");
    for attempt in 0..100 {
        let token = format!("{attempt:064x}");
        let error = app_error(member.client.reset_password(reset(&token, &format!("203.0.113.{attempt}"))).await);
        assert_eq!(error.msg_key, "api.member.resetExpired");
    }
    assert_eq!(hashes("hash"), before, "no argon2 run for a token that opens nothing");
    member.member("ivy@example.com").await;
    assert_eq!(hashes("hash"), before + 1, "the counter counts (a registration hashes once)");
    let token = "f".repeat(64);
    for _ in 0..10 {
        app_error(member.client.reset_password(reset(&token, "198.51.100.77")).await);
    }
    let throttled = app_error(member.client.reset_password(reset(&token, "198.51.100.77")).await);
    assert_eq!(throttled.code, ErrorCode::RateLimited);
});

backend_test!(a_forgotten_password_is_reset_with_the_mailed_code, &MIGRATIONS, |test_db: TestDb| async move {
    let mut member = support::start(test_db, false).await;
    let old_session = member.member("eve@example.com").await;
    let forgot = |email: &str| pb::ForgotPasswordRequest {
        email: email.to_owned(),
        captcha: captcha(),
        client: client_from("198.51.100.1"),
    };
    member.client.forgot_password(forgot("nobody@example.com")).await.expect("unknown e-mails get the same answer");
    member.client.forgot_password(forgot("eve@example.com")).await.unwrap();
    // Sent behind the answer.
    let mails = member.wait_for_mails(1).await;
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    assert_eq!(member.mails().len(), 1, "nothing is sent to an unknown address");
    let code = regex::Regex::new(r"\b(\d{6})\b").unwrap().captures(&mails[0]).expect("a 6-digit code")[1].to_owned();

    let verify = |code: &str| pb::VerifyResetCodeRequest { email: "eve@example.com".into(), code: code.to_owned() };
    assert_eq!(app_error(member.client.verify_reset_code(verify("")).await).fields["code"], "api.member.codeRequired");
    let wrong = if code == "000000" { "111111" } else { "000000" };
    assert_eq!(
        app_error(member.client.verify_reset_code(verify(wrong)).await).fields["code"],
        "api.member.codeInvalid"
    );
    let reset_token = member.client.verify_reset_code(verify(&code)).await.unwrap().into_inner().reset_token;

    let reset = |password: &str, confirm: &str| pb::ResetPasswordRequest {
        reset_token: reset_token.clone(),
        password: password.to_owned(),
        confirm_password: confirm.to_owned(),
        client: client_from("198.51.100.1"),
    };
    let mismatch = app_error(member.client.reset_password(reset("new-pass-1", "new-pass-2")).await);
    assert_eq!(mismatch.fields["confirmPassword"], "api.member.passwordMismatch");
    member.client.reset_password(reset("new-pass-1", "new-pass-1")).await.unwrap();
    let reused = app_error(member.client.reset_password(reset("new-pass-3", "new-pass-3")).await);
    assert_eq!(reused.msg_key, "api.member.resetExpired");

    assert_eq!(
        app_error(member.client.get_info(signed(&old_session, pb::Empty {})).await).code,
        ErrorCode::Unauthenticated
    );
    assert!(member.login("eve@example.com", PASSWORD).await.is_err());
    assert!(member.login("eve@example.com", "new-pass-1").await.is_ok());
});

backend_test!(five_wrong_codes_spend_the_code, &MIGRATIONS, |test_db: TestDb| async move {
    let mut member = support::start(test_db, false).await;
    member.member("fay@example.com").await;
    member
        .client
        .forgot_password(pb::ForgotPasswordRequest {
            email: "fay@example.com".into(),
            captcha: captcha(),
            client: client_from("198.51.100.1"),
        })
        .await
        .unwrap();
    let code =
        regex::Regex::new(r"\b(\d{6})\b").unwrap().captures(&member.wait_for_mails(1).await[0]).unwrap()[1].to_owned();
    let wrong = if code == "000000" { "111111" } else { "000000" };
    let verify = |code: &str| pb::VerifyResetCodeRequest { email: "fay@example.com".into(), code: code.to_owned() };
    for attempt in 1..=4 {
        let error = app_error(member.client.verify_reset_code(verify(wrong)).await);
        assert_eq!(
            error.fields.get("code").map(String::as_str),
            Some("api.member.codeInvalid"),
            "try {attempt}: {error:?}"
        );
    }
    let fifth = app_error(member.client.verify_reset_code(verify(wrong)).await);
    assert_eq!(fifth.msg_key, "api.member.codeAttempts", "the fifth wrong try spends the code");
    let spent = app_error(member.client.verify_reset_code(verify(&code)).await);
    assert_eq!((spent.code, spent.msg_key.as_str()), (ErrorCode::RateLimited, "api.member.codeAttempts"));
});

backend_test!(disabling_signs_the_member_out_everywhere, &MIGRATIONS, |test_db: TestDb| async move {
    let mut member = support::start(test_db, false).await;
    let first = member.member("gus@example.com").await;
    let second = member.login("gus@example.com", PASSWORD).await.unwrap();
    member
        .staff
        .set_member_disabled(pb::SetMemberDisabledRequest { email: "gus@example.com".into(), disabled: true })
        .await
        .unwrap();
    for token in [&first, &second] {
        let state = member.client.check_session(signed(token, pb::CheckSessionRequest::default())).await.unwrap();
        assert_eq!((state.get_ref().state, state.get_ref().is_success), (2, false));
        let denied = app_error(member.client.get_info(signed(token, pb::Empty {})).await);
        assert_eq!((denied.code, denied.msg_key.as_str()), (ErrorCode::Forbidden, "api.member.disabled"));
    }
    let refused = app_error(member.login("gus@example.com", PASSWORD).await);
    assert_eq!(refused.msg_key, "api.member.disabled");
    member
        .staff
        .set_member_disabled(pb::SetMemberDisabledRequest { email: "gus@example.com".into(), disabled: false })
        .await
        .unwrap();
    let token = member.login("gus@example.com", PASSWORD).await.unwrap();
    assert!(member.client.get_info(signed(&token, pb::Empty {})).await.is_ok());
    assert!(member.client.get_info(signed(&first, pb::Empty {})).await.is_err(), "old sessions stay revoked");
});

backend_test!(login_history_parses_the_browser, &MIGRATIONS, |test_db: TestDb| async move {
    let mut member = support::start(test_db, false).await;
    let token = member.member("hal@example.com").await;
    let _ = member.login("hal@example.com", "wrong-password").await;
    let page = member
        .client
        .list_login_history(signed(&token, pb::PageRequest { page: 1, limit: 10, ..Default::default() }))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(page.total, 2);
    assert!(!page.rows[0].success, "newest first: the failure");
    assert!(page.rows[1].success);
    assert!(page.rows[1].browser.starts_with("Firefox"), "{}", page.rows[1].browser);
    assert!(page.rows[1].os.contains("Windows"), "{}", page.rows[1].os);
    assert_eq!(page.rows[1].ip, "198.51.100.1");
});

backend_test!(visits_record_the_member_and_an_external_entry, &MIGRATIONS, |test_db: TestDb| async move {
    let mut member = support::start(test_db, false).await;
    let token = member.member("ivy@example.com").await;
    let visit = |to: &str, from: &str| pb::SaveVisitRequest {
        to_url: to.into(),
        from_url: from.into(),
        site_host: "shop.example".into(),
        client: client_from("198.51.100.3"),
    };
    member.client.save_visit(visit("/games", "https://www.google.com/search?q=keys")).await.unwrap();
    member.client.save_visit(signed(&token, visit("/my-account", "https://shop.example/games"))).await.unwrap();
    let missing = app_error(member.client.save_visit(visit("", "/")).await);
    assert_eq!(missing.fields["toUrl"], "api.field.required");
    let visits = member
        .test_db
        .db
        .run(|conn| keyshop_member::store::visits::latest(conn, 10).map_err(keyshop_core::db::DbError::from))
        .await
        .unwrap();
    assert_eq!(visits.len(), 2);
    assert_eq!(
        (visits[0].to_url.as_str(), visits[0].external, visits[0].member_name.as_str()),
        ("/my-account", false, "Test Member")
    );
    assert!(visits[0].member_id.is_some());
    assert_eq!((visits[1].to_url.as_str(), visits[1].external, visits[1].member_id), ("/games", true, None));
});
