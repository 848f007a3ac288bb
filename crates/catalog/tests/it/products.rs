//! The catalog's storefront calls over real gRPC, on the demo catalog, on
//! SQLite and on PostgreSQL.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::support;

use std::time::Duration;

use keyshop_catalog::service::stock::StockOutcome;
use keyshop_catalog::store::MIGRATIONS;
use keyshop_core::db::DbError;
use keyshop_core::error::{AppError, ErrorCode};
use keyshop_core::events::{Event, outbox};
use keyshop_core::vocab::{Platform, Region, StockStatus};
use keyshop_proto::catalog::v1 as pb;
use keyshop_proto::events::v1::StockChanged;
use keyshop_testkit::TestDb;
use keyshop_testkit::backend_test;

fn app_error<T: std::fmt::Debug>(result: Result<T, tonic::Status>) -> AppError {
    AppError::from_status(&result.expect_err("the call fails"))
}

fn query() -> pb::ProductQuery {
    pb::ProductQuery::default()
}

fn reference(card: &pb::ProductCard, language: &str) -> pb::ProductRef {
    pb::ProductRef {
        game_name: card.game_name.clone(),
        game_ext_name: card.game_ext_name.clone(),
        language: language.to_owned(),
        no_view: false,
    }
}

/// Puts one typo in the first word of `title` that is long enough.
fn with_typo(title: &str) -> String {
    title
        .split(' ')
        .map(|word| {
            if word.len() >= 5 && word.chars().all(char::is_alphabetic) {
                let mut letters: Vec<char> = word.chars().collect();
                letters.swap(1, 2);
                letters.into_iter().collect()
            } else {
                word.to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

backend_test!(lists_the_demo_catalog, &MIGRATIONS, |test_db: TestDb| async move {
    let mut catalog = support::start_seeded(test_db).await;
    let bar = catalog.client.get_navigation_bar(pb::GetNavigationBarRequest {}).await.unwrap().into_inner();
    assert_eq!(bar.platforms.len(), 11);
    assert_eq!(bar.types.len(), 6);
    let products: i64 = bar.types.iter().map(|count| count.count).sum();
    assert!(products >= 300, "{products} products");

    for list in ["hot", "best_sellers", "latest"] {
        let request = pb::ListHomeRequest { list: list.into(), limit: 0 };
        let cards = catalog.client.list_home(request).await.unwrap().into_inner().products;
        assert_eq!(cards.len(), 12, "{list}");
    }
    let best = catalog.client.list_home(pb::ListHomeRequest { list: "best_sellers".into(), limit: 50 }).await.unwrap();
    let best = best.into_inner().products;
    assert_eq!(best.len(), 50);
    let latest = catalog.client.list_home(pb::ListHomeRequest { list: "latest".into(), limit: 20 }).await.unwrap();
    let dates: Vec<String> = latest.into_inner().products.iter().map(|card| card.release_date.clone()).collect();
    assert!(dates.windows(2).all(|pair| pair[0] >= pair[1]), "{dates:?}");

    let error = app_error(catalog.client.list_home(pb::ListHomeRequest { list: "worst".into(), limit: 0 }).await);
    assert_eq!(error.code, ErrorCode::Validation);
    let error = app_error(catalog.client.list_home(pb::ListHomeRequest { list: "hot".into(), limit: 51 }).await);
    assert_eq!(error.fields.get("limit").map(String::as_str), Some("api.field.outOfRange"));
});

backend_test!(filters_sorts_and_pages, &MIGRATIONS, |test_db: TestDb| async move {
    let mut catalog = support::start_seeded(test_db).await;
    let steam = pb::ProductQuery { platforms: vec!["steam".into()], sort: "price_asc".into(), limit: 50, ..query() };
    let page = catalog.client.query_products(steam).await.unwrap().into_inner();
    assert!(page.total > 0 && page.rows.iter().all(|card| card.platform == Platform::Steam.to_proto()));
    let prices: Vec<i64> = page.rows.iter().map(|card| card.price_usd).collect();
    assert!(prices.windows(2).all(|pair| pair[0] <= pair[1]), "{prices:?}");
    let facets = page.facets.unwrap();
    let steam =
        facets.platform.iter().find(|count| count.platform == Platform::Steam.to_proto()).map(|count| count.count);
    assert_eq!(steam, Some(page.total), "the platform facet ignores its own filter");
    assert!(facets.platform.len() > 1);

    let euro = pb::ProductQuery {
        price_min: "10".into(),
        price_max: "20".into(),
        currency: "EUR".into(),
        regions: vec!["global".into()],
        limit: 50,
        ..query()
    };
    let page = catalog.client.query_products(euro).await.unwrap().into_inner();
    assert!(page.total > 0);
    for card in &page.rows {
        let euros = card.price_usd as f64 * 0.92 / 100.0;
        assert!((9.99..=20.01).contains(&euros), "{} costs {euros} EUR", card.title);
        assert_eq!(card.region, Region::Global.to_proto());
    }

    let all = catalog.client.query_products(pb::ProductQuery { limit: 10, ..query() }).await.unwrap().into_inner();
    let second = catalog.client.query_products(pb::ProductQuery { limit: 10, page: 2, ..query() }).await.unwrap();
    let second = second.into_inner();
    assert_eq!(all.total, second.total);
    assert_eq!((second.page, second.limit, second.rows.len()), (2, 10, 10));
    assert!(all.rows.iter().all(|card| second.rows.iter().all(|other| other.id != card.id)));

    let bad = pb::ProductQuery {
        platforms: vec!["amiga".into()],
        limit: 25,
        sort: "cheapest".into(),
        price_min: "50".into(),
        price_max: "5".into(),
        ..query()
    };
    let error = app_error(catalog.client.query_products(bad).await);
    assert_eq!(error.code, ErrorCode::Validation);
    for field in ["platform", "limit", "sort", "priceMax"] {
        assert!(error.fields.contains_key(field), "{field}: {:?}", error.fields);
    }
});

backend_test!(search_tolerates_typos_and_suggests, &MIGRATIONS, |test_db: TestDb| async move {
    let mut catalog = support::start_seeded(test_db).await;
    let games = pb::ProductQuery { types: vec!["game".into()], limit: 50, ..query() };
    let page = catalog.client.query_products(games).await.unwrap().into_inner();
    let target = page.rows.iter().find(|card| with_typo(&card.title) != card.title).expect("a title with a long word");
    let typo = with_typo(&target.title);
    let found = catalog.client.query_products(pb::ProductQuery { text: typo.clone(), ..query() }).await.unwrap();
    let found = found.into_inner();
    assert!(found.rows.iter().any(|card| card.title == target.title), "{typo:?} did not find {:?}", target.title);
    assert_eq!(found.rows[0].title, target.title, "{typo:?} ranks {:?} first", found.rows[0].title);

    let prefix: String = target.title.chars().take(4).collect();
    let suggestions =
        catalog.client.suggest_products(pb::SuggestProductsRequest { text: prefix.clone() }).await.unwrap();
    let suggestions = suggestions.into_inner().suggestions;
    assert!(!suggestions.is_empty() && suggestions.len() <= 8, "{prefix:?}: {}", suggestions.len());
    let single = catalog.client.suggest_products(pb::SuggestProductsRequest { text: "a".into() }).await.unwrap();
    assert!(single.into_inner().suggestions.len() <= 8);
});

backend_test!(product_page_in_the_language_asked_with_fallback, &MIGRATIONS, |test_db: TestDb| async move {
    let mut catalog = support::start_seeded(test_db).await;
    let europe = pb::ProductQuery { regions: vec!["europe".into()], types: vec!["game".into()], ..query() };
    let card = catalog.client.query_products(europe).await.unwrap().into_inner().rows.remove(0);

    let german = catalog.client.get_product(reference(&card, "de")).await.unwrap().into_inner();
    assert_eq!(german.content_language, "de");
    assert!(!german.description.is_empty() && !german.activation_guide.is_empty());
    assert!(german.countries.contains(&"DE".to_owned()) && german.countries.contains(&"FR".to_owned()));
    assert!(german.screenshot_count >= 1);
    assert!(german.per_order_limit >= 1);
    assert_eq!(german.card.as_ref().unwrap().id, card.id);

    // Every store language has the demo's texts; another falls back to English.
    let korean = catalog.client.get_product(reference(&card, "ko")).await.unwrap().into_inner();
    assert_eq!(korean.content_language, "ko");
    assert!(korean.description.contains(&card.title), "{}", korean.description);
    let unknown = catalog.client.get_product(reference(&card, "xx")).await.unwrap().into_inner();
    assert_eq!(unknown.content_language, "en-US");

    let missing = pb::ProductRef {
        game_name: "no-such-game".into(),
        game_ext_name: "steam-global".into(),
        language: "en-US".into(),
        no_view: false,
    };
    let error = app_error(catalog.client.get_product(missing).await);
    assert_eq!((error.code, error.msg_key.as_str()), (ErrorCode::NotFound, "api.error.productNotFound"));
    let hostile = pb::ProductRef { game_name: "../etc".into(), game_ext_name: "x".into(), ..Default::default() };
    assert_eq!(app_error(catalog.client.get_product(hostile).await).code, ErrorCode::NotFound);

    let recommended =
        catalog.client.list_recommendations(reference(&card, "en-US")).await.unwrap().into_inner().products;
    assert!(!recommended.is_empty() && recommended.len() <= 8);
    assert!(recommended.iter().all(|other| other.game_name != card.game_name));
});

backend_test!(reviews_are_posted_once_a_minute_and_summarized, &MIGRATIONS, |test_db: TestDb| async move {
    let mut catalog = support::start_seeded(test_db).await;
    let card = catalog.client.query_products(query()).await.unwrap().into_inner().rows.remove(0);
    let product = reference(&card, "en-US");
    let before = catalog.client.get_rating_summary(product.clone()).await.unwrap().into_inner();

    let review = |visitor: &str, stars: i64| pb::PostReviewRequest {
        product: Some(product.clone()),
        full_name: "Ana Tester".into(),
        email: "ana@example.com".into(),
        content: "<b>Key worked</b> instantly".into(),
        stars,
        visitor: visitor.into(),
    };
    catalog.client.post_review(review("203.0.113.7", 5)).await.unwrap();
    let error = app_error(catalog.client.post_review(review("203.0.113.7", 4)).await);
    assert_eq!((error.code, error.msg_key.as_str()), (ErrorCode::RateLimited, "api.review.interval"));
    catalog.client.post_review(review("198.51.100.2", 4)).await.unwrap();

    let page = catalog
        .client
        .list_reviews(pb::ListReviewsRequest { product: Some(product.clone()), page: 1, limit: 10 })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(page.rows[0].content, "<b>Key worked</b> instantly", "stored as typed");
    assert_eq!(page.total, before.count + 2);
    let after = catalog.client.get_rating_summary(product.clone()).await.unwrap().into_inner();
    assert_eq!(after.count, before.count + 2);
    assert_eq!(after.stars[&5], before.stars[&5] + 1);

    let bad = pb::PostReviewRequest {
        full_name: String::new(),
        email: "nope".into(),
        content: " ".into(),
        stars: 9,
        ..review("192.0.2.1", 5)
    };
    let error = app_error(catalog.client.post_review(bad).await);
    assert_eq!(error.code, ErrorCode::Validation);
    assert_eq!(error.fields.len(), 4, "{:?}", error.fields);
    // A refused post does not use up the visitor's minute.
    catalog.client.post_review(review("192.0.2.1", 3)).await.unwrap();

    catalog.client.set_setting(pb::Setting { key: "commentEnabled".into(), value: "false".into() }).await.unwrap();
    let error = app_error(catalog.client.post_review(review("192.0.2.99", 5)).await);
    assert_eq!((error.code, error.msg_key.as_str()), (ErrorCode::BusinessRule, "api.review.disabled"));
});

backend_test!(a_review_patches_the_rating_and_never_rebuilds_the_catalog, &MIGRATIONS, |test_db: TestDb| async move {
    let mut catalog = support::start_seeded(test_db).await;
    let card = catalog.client.query_products(query()).await.unwrap().into_inner().rows.remove(0);
    // The seed's own reload (its event comes back through the bus) first.
    let mut before = catalog.service.snapshot();
    let mut quiet_since = std::time::Instant::now();
    while quiet_since.elapsed() < std::time::Duration::from_millis(1500) {
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        let now = catalog.service.snapshot();
        if !std::sync::Arc::ptr_eq(&now, &before) {
            (before, quiet_since) = (now, std::time::Instant::now());
        }
    }
    let rated = before.by_names(&card.game_name, &card.game_ext_name).unwrap().clone();
    catalog
        .client
        .post_review(pb::PostReviewRequest {
            product: Some(reference(&card, "en-US")),
            full_name: "Ana Tester".into(),
            email: "ana@example.com".into(),
            content: "Worked".into(),
            stars: 1,
            visitor: "2001:db8:5:5::1".into(),
        })
        .await
        .unwrap();
    // Give the review's event time to come back through the bus.
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let after = catalog.service.snapshot();
    let product = after.by_names(&card.game_name, &card.game_ext_name).unwrap();
    assert_eq!((product.rating_sum, product.rating_count), (rated.rating_sum + 1, rated.rating_count + 1));
    assert!(std::sync::Arc::ptr_eq(&before.search, &after.search), "the search index was not rebuilt");
    // The next address in the same /64 waits for the minute.
    let again = pb::PostReviewRequest {
        product: Some(reference(&card, "en-US")),
        full_name: "Ana Tester".into(),
        email: "ana@example.com".into(),
        content: "Again".into(),
        stars: 5,
        visitor: "2001:db8:5:5::2".into(),
    };
    assert_eq!(app_error(catalog.client.post_review(again).await).code, ErrorCode::RateLimited);
});

backend_test!(news_and_pages, &MIGRATIONS, |test_db: TestDb| async move {
    let mut catalog = support::start_seeded(test_db).await;
    let news = catalog
        .client
        .list_news(pb::ListNewsRequest { language: "ja".into(), page: 1, limit: 10 })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(news.total, 20);
    assert_eq!(news.rows.len(), 10);
    assert!(news.rows.iter().all(|item| item.body.is_empty() && !item.title.is_empty()));
    let times: Vec<i64> = news.rows.iter().map(|item| item.published_at_ms).collect();
    assert!(times.windows(2).all(|pair| pair[0] >= pair[1]));

    let id = news.rows[0].id;
    let open = |visitor: &str| pb::GetNewsRequest { id, language: "en-US".into(), visitor: visitor.into() };
    let first = catalog.client.get_news(open("203.0.113.7")).await.unwrap().into_inner();
    assert!(!first.body.is_empty());
    let again = catalog.client.get_news(open("203.0.113.7")).await.unwrap().into_inner();
    assert_eq!(again.clicks, first.clicks, "one click per visitor per day");
    let other = catalog.client.get_news(open("198.51.100.2")).await.unwrap().into_inner();
    assert_eq!(other.clicks, first.clicks + 1);
    let error = app_error(catalog.client.get_news(pb::GetNewsRequest { id: 999_999, ..open("x") }).await);
    assert_eq!(error.msg_key, "api.error.newsNotFound");

    for slug in ["about-us", "contact-us", "condition", "privacy-policy", "refund-policy", "shipping"] {
        let page =
            catalog.client.get_page(pb::GetPageRequest { slug: slug.into(), language: "de".into() }).await.unwrap();
        let page = page.into_inner();
        assert_eq!(page.language, "de", "{slug}");
        assert!(!page.body.is_empty());
        let hungarian = catalog.client.get_page(pb::GetPageRequest { slug: slug.into(), language: "hu".into() }).await;
        assert_eq!(hungarian.unwrap().into_inner().language, "hu", "{slug}");
        let fallback = catalog.client.get_page(pb::GetPageRequest { slug: slug.into(), language: "xx".into() }).await;
        assert_eq!(fallback.unwrap().into_inner().language, "en-US");
    }
    let error =
        app_error(catalog.client.get_page(pb::GetPageRequest { slug: "nope".into(), language: "en-US".into() }).await);
    assert_eq!(error.msg_key, "api.error.pageNotFound");
});

backend_test!(artwork_is_generated, &MIGRATIONS, |test_db: TestDb| async move {
    let mut catalog = support::start_seeded(test_db).await;
    let card = catalog.client.query_products(query()).await.unwrap().into_inner().rows.remove(0);
    let cover = catalog.client.get_image(pb::GetImageRequest { kind: "cover".into(), id: card.id, index: 0 }).await;
    let cover = cover.unwrap().into_inner();
    assert_eq!(cover.content_type, "image/svg+xml");
    assert!(String::from_utf8(cover.data).unwrap().starts_with("<svg"));
    assert!(!cover.etag.is_empty());
    let missing =
        catalog.client.get_image(pb::GetImageRequest { kind: "screenshot".into(), id: card.id, index: 99 }).await;
    assert_eq!(app_error(missing).code, ErrorCode::NotFound);
    let news = catalog.client.get_image(pb::GetImageRequest { kind: "news".into(), id: 1, index: 0 }).await;
    assert!(news.is_ok());
});

backend_test!(stock_events_are_projected_once_and_in_order, &MIGRATIONS, |test_db: TestDb| async move {
    let catalog = support::start_seeded(test_db).await;
    let snapshot = catalog.service.snapshot();
    let product = snapshot.products.iter().find(|product| !product.preorder).unwrap().clone();
    let stock_of =
        |catalog: &support::RunningCatalog| catalog.service.snapshot().by_id(product.id).map(|product| product.stock);
    let empty = Event::new(product.sku.clone(), &StockChanged { sku: product.sku.clone(), available: 0 });
    catalog.bus.publish(&empty).await.unwrap();
    wait_until(|| stock_of(&catalog) == Some(StockStatus::OutOfStock)).await;

    // A redelivery of an older count does not undo a newer one.
    let mut older = Event::new(product.sku.clone(), &StockChanged { sku: product.sku.clone(), available: 40 });
    older.occurred_at_ms = empty.occurred_at_ms - 60_000;
    catalog.bus.publish(&older).await.unwrap();
    let low = Event::new(product.sku.clone(), &StockChanged { sku: product.sku.clone(), available: 3 });
    catalog.bus.publish(&low).await.unwrap();
    wait_until(|| stock_of(&catalog) == Some(StockStatus::Low)).await;
    // The same event again changes nothing.
    catalog.bus.publish(&empty).await.unwrap();
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(stock_of(&catalog), Some(StockStatus::Low));

    // A count that leaves the status as it was is stored but not announced.
    let announced = || {
        catalog
            .service
            .db()
            .run(|conn| outbox::count_of_type(conn, "keyshop.events.v1.ProductsChanged").map_err(DbError::from))
    };
    let before = announced().await.unwrap();
    let outcome = catalog.service.apply_stock_event("count-2", &product.sku, 2, low.occurred_at_ms + 1).await;
    assert_eq!(outcome.unwrap(), StockOutcome::Counted(StockStatus::Low));
    assert_eq!(announced().await.unwrap(), before);
    let outcome = catalog.service.apply_stock_event("count-50", &product.sku, 50, low.occurred_at_ms + 2).await;
    assert_eq!(outcome.unwrap(), StockOutcome::Applied(StockStatus::InStock));
    assert_eq!(announced().await.unwrap(), before + 1);
    wait_until(|| stock_of(&catalog) == Some(StockStatus::InStock)).await;
});

/// Polls until the condition holds. The deadline is generous: a reload of the
/// seeded catalog in a debug build on a loaded two-core machine takes seconds.
async fn wait_until(mut condition: impl FnMut() -> bool) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
    while tokio::time::Instant::now() < deadline {
        if condition() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("condition not reached in 60 s");
}
