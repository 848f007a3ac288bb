//! The catalog service over real gRPC, on SQLite and on PostgreSQL.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::support;

use std::time::Duration;

use keyshop_catalog::service::{CatalogDeps, CatalogService};
use keyshop_catalog::store::MIGRATIONS;
use keyshop_core::db::{self, DbError};
use keyshop_core::error::{AppError, ErrorCode};
use keyshop_core::events::outbox;
use keyshop_proto::catalog::v1 as pb;
use keyshop_testkit::TestDb;
use keyshop_testkit::backend_test;

fn app_error<T: std::fmt::Debug>(result: Result<T, tonic::Status>) -> AppError {
    AppError::from_status(&result.expect_err("the call fails"))
}

backend_test!(lists_the_eighteen_languages, &MIGRATIONS, |test_db: TestDb| async move {
    let mut catalog = support::start(test_db).await;
    let languages = catalog.client.list_languages(pb::ListLanguagesRequest {}).await.unwrap().into_inner().languages;
    let codes: Vec<&str> = languages.iter().map(|language| language.code.as_str()).collect();
    assert_eq!(codes, keyshop_core::i18n::SUPPORTED);
    let arabic = languages.iter().find(|language| language.code == "ar").unwrap();
    assert_eq!((arabic.native_name.as_str(), arabic.direction.as_str()), ("العربية", "rtl"));
    assert!(languages.iter().filter(|language| language.code != "ar").all(|language| language.direction == "ltr"));
});

backend_test!(seeds_the_sixteen_currencies, &MIGRATIONS, |test_db: TestDb| async move {
    let mut catalog = support::start(test_db).await;
    let currencies =
        catalog.client.list_currencies(pb::ListCurrenciesRequest {}).await.unwrap().into_inner().currencies;
    let codes: Vec<&str> = currencies.iter().map(|currency| currency.code.as_str()).collect();
    for code in
        ["USD", "EUR", "GBP", "JPY", "CNY", "KRW", "RUB", "BRL", "PLN", "TRY", "CZK", "HUF", "RON", "AUD", "CAD", "CHF"]
    {
        assert!(codes.contains(&code), "{code} missing from {codes:?}");
    }
    assert_eq!(currencies[0].code, "USD");
    assert_eq!(currencies[0].rate_micros, 1_000_000);
});

backend_test!(a_rate_change_is_served_at_once_and_announced, &MIGRATIONS, |test_db: TestDb| async move {
    let mut catalog = support::start(test_db).await;
    // Warm the cache first so the change must invalidate it.
    catalog.client.list_currencies(pb::ListCurrenciesRequest {}).await.unwrap();
    let changed = catalog
        .client
        .set_currency_rate(pb::SetCurrencyRateRequest { code: "EUR".into(), rate_micros: 950_000 })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(changed.rate_micros, 950_000);
    let currencies =
        catalog.client.list_currencies(pb::ListCurrenciesRequest {}).await.unwrap().into_inner().currencies;
    assert_eq!(currencies.iter().find(|currency| currency.code == "EUR").unwrap().rate_micros, 950_000);

    // The event went through the outbox and the relay published it.
    let db = catalog.test_db.db.clone();
    let mut pending = 1;
    for _ in 0..100 {
        pending = db.run(|conn| outbox::pending_count(conn).map_err(DbError::from)).await.unwrap();
        if pending == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(pending, 0, "the rate event stayed in the outbox");
});

backend_test!(a_change_made_by_another_process_reaches_the_cache, &MIGRATIONS, |test_db: TestDb| async move {
    let mut catalog = support::start(test_db).await;
    catalog.client.list_currencies(pb::ListCurrenciesRequest {}).await.unwrap();
    // What `keyshop currencies set` does: a second service instance on the
    // same database, without a relay of its own.
    let cli = CatalogService::open(CatalogDeps::offline(catalog.test_db.db.clone())).await.unwrap();
    cli.set_currency_rate("GBP", 810_000).await.unwrap();
    let mut seen = 0;
    for _ in 0..100 {
        let currencies =
            catalog.client.list_currencies(pb::ListCurrenciesRequest {}).await.unwrap().into_inner().currencies;
        seen = currencies.iter().find(|currency| currency.code == "GBP").unwrap().rate_micros;
        if seen == 810_000 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(seen, 810_000, "the running catalog kept serving the stale rate");
});

backend_test!(bad_rate_changes_name_their_fields, &MIGRATIONS, |test_db: TestDb| async move {
    let mut catalog = support::start(test_db).await;
    let error = app_error(
        catalog.client.set_currency_rate(pb::SetCurrencyRateRequest { code: "eu".into(), rate_micros: 0 }).await,
    );
    assert_eq!(error.code, ErrorCode::Validation);
    assert_eq!(error.fields.get("code").map(String::as_str), Some("api.field.invalid"));
    assert_eq!(error.fields.get("rate").map(String::as_str), Some("api.field.outOfRange"));

    let error = app_error(
        catalog
            .client
            .set_currency_rate(pb::SetCurrencyRateRequest { code: "USD".into(), rate_micros: 2_000_000 })
            .await,
    );
    assert_eq!(error.code, ErrorCode::Validation);

    let error = app_error(
        catalog
            .client
            .set_currency_rate(pb::SetCurrencyRateRequest { code: "XYZ".into(), rate_micros: 1_000_000 })
            .await,
    );
    assert_eq!(error.code, ErrorCode::NotFound);

    let db = catalog.test_db.db.clone();
    let pending = db.run(|conn| outbox::pending_count(conn).map_err(DbError::from)).await.unwrap();
    assert_eq!(pending, 0, "a refused change wrote an event");
});

backend_test!(settings_are_read_written_and_refused, &MIGRATIONS, |test_db: TestDb| async move {
    let mut catalog = support::start(test_db).await;
    let title =
        catalog.client.get_setting(pb::GetSettingRequest { key: "siteTitle".into() }).await.unwrap().into_inner();
    assert!(title.value.contains("keyshop"));

    let error = app_error(catalog.client.get_setting(pb::GetSettingRequest { key: "noSuchKey".into() }).await);
    assert_eq!((error.code, error.msg_key.as_str()), (ErrorCode::NotFound, "api.error.configKeyNotFound"));

    let error = app_error(catalog.client.get_setting(pb::GetSettingRequest { key: "bad key!".into() }).await);
    assert_eq!(error.code, ErrorCode::Validation);
    assert_eq!(error.fields.get("key").map(String::as_str), Some("api.field.invalid"));

    catalog
        .client
        .set_setting(pb::Setting { key: "supportEmail".into(), value: "help@example.com".into() })
        .await
        .unwrap();
    let all = catalog
        .client
        .list_public_settings(pb::ListPublicSettingsRequest::default())
        .await
        .unwrap()
        .into_inner()
        .settings;
    let email = all.iter().find(|setting| setting.key == "supportEmail").unwrap();
    assert_eq!(email.value, "help@example.com");
    for key in ["siteName", "siteTitle", "siteKeywords", "siteDescription", "commentEnabled"] {
        assert!(all.iter().any(|setting| setting.key == key), "{key} missing");
    }
});

backend_test!(suggests_a_location_from_the_browser_language, &MIGRATIONS, |test_db: TestDb| async move {
    let mut catalog = support::start(test_db).await;
    let request =
        pb::SuggestLocationRequest { accept_language: "ja-JP,ja;q=0.9".into(), client_ip: "127.0.0.1".into() };
    let location = catalog.client.suggest_location(request).await.unwrap().into_inner();
    assert_eq!((location.language.as_str(), location.currency.as_str()), ("ja", "JPY"));
    assert_eq!(location.source, "accept-language");
    let nothing = pb::SuggestLocationRequest { accept_language: String::new(), client_ip: String::new() };
    let location = catalog.client.suggest_location(nothing).await.unwrap().into_inner();
    assert_eq!(
        (location.language.as_str(), location.currency.as_str(), location.source.as_str()),
        ("en-US", "USD", "default")
    );
});

backend_test!(migrations_go_down_and_up_again, &MIGRATIONS, |test_db: TestDb| async move {
    let db = test_db.db.clone();
    db.run(|conn| db::redo_all(conn, &MIGRATIONS)).await.unwrap();
    let catalog = CatalogService::open(CatalogDeps::offline(db)).await.unwrap();
    assert_eq!(catalog.languages().await.unwrap().len(), 18);
});
