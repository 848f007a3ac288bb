//! Black-box HTTP tests of the storefront calls on the demo catalog: every
//! call, bad filters, unknown slugs, pagination limits, reviews, caching.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::support;

use actix_web::http::StatusCode;
use actix_web::test::{self, TestRequest};
use keyshop_core::i18n::Messages;
use serde_json::{Value, json as body};
use support::{assert_envelope, call, get, json, spawn_seeded_app};

fn product_path(card: &Value) -> String {
    format!("/prod-api/api/home/games/{}/{}", card["gameName"].as_str().unwrap(), card["gameExtName"].as_str().unwrap())
}

fn assert_card(card: &Value) {
    for field in [
        "id",
        "gameName",
        "gameExtName",
        "title",
        "type",
        "platform",
        "region",
        "price",
        "listPrice",
        "discount",
        "stock",
        "cover",
        "rating",
        "releaseDate",
    ] {
        assert!(card.get(field).is_some(), "{field} missing from {card}");
    }
    assert!(card["cover"].as_str().unwrap().starts_with("/prod-api/api/media/cover/"));
    assert!(card["price"].as_i64().unwrap() <= card["listPrice"].as_i64().unwrap());
}

#[actix_web::test]
async fn home_lists_and_navigation() {
    let app = spawn_seeded_app().await;
    let (status, bar) = json(&app.state, get("/prod-api/api/home/navigationBar")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(bar["data"]["platforms"].as_array().unwrap().len(), 11);
    assert_eq!(bar["data"]["types"].as_array().unwrap().len(), 6);
    assert!(bar["data"]["genres"][0]["count"].as_i64().unwrap() > 0);

    for path in ["/prod-api/api/home/hotgames", "/prod-api/api/home/bestSellers", "/prod-api/api/home/latestReleases"] {
        let (status, body) = json(&app.state, get(path)).await;
        assert_eq!(status, StatusCode::OK, "{path}");
        let cards = body["data"].as_array().unwrap();
        assert_eq!(cards.len(), 12, "{path}");
        cards.iter().for_each(assert_card);
        let (_, five) = json(&app.state, get(&format!("{path}?limit=5"))).await;
        assert_eq!(five["data"].as_array().unwrap().len(), 5);
        let (status, bad) = json(&app.state, get(&format!("{path}?limit=lots"))).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert_eq!(bad["data"]["fields"]["limit"], "api.field.notANumber");
        let (status, _) = json(&app.state, get(&format!("{path}?limit=51"))).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
    }
}

#[actix_web::test]
async fn query_games_filters_sorts_and_pages() {
    let app = spawn_seeded_app().await;
    let (status, page) = json(
        &app.state,
        get("/prod-api/api/home/queryGames?platform=steam,xbox&region=global&sort=price_desc&limit=30"),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_envelope(status, &page);
    let data = &page["data"];
    assert_eq!((data["page"].as_i64(), data["limit"].as_i64()), (Some(1), Some(30)));
    let rows = data["rows"].as_array().unwrap();
    assert!(!rows.is_empty());
    for card in rows {
        assert_card(card);
        assert!(["steam", "xbox"].contains(&card["platform"].as_str().unwrap()));
        assert_eq!(card["region"], "global");
    }
    let prices: Vec<i64> = rows.iter().map(|card| card["price"].as_i64().unwrap()).collect();
    assert!(prices.windows(2).all(|pair| pair[0] >= pair[1]));
    assert!(data["facets"]["platform"]["steam"].as_i64().unwrap() > 0);
    assert!(data["facets"]["type"].is_object());

    for limit in [10, 20, 30, 50] {
        let (status, body) = json(&app.state, get(&format!("/prod-api/api/home/queryGames?limit={limit}"))).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(body["data"]["rows"].as_array().unwrap().len(), limit);
    }
    let (_, defaults) = json(&app.state, get("/prod-api/api/home/queryGames")).await;
    assert_eq!((defaults["data"]["page"].as_i64(), defaults["data"]["limit"].as_i64()), (Some(1), Some(20)));

    let (_, cheap) = json(&app.state, get("/prod-api/api/home/queryGames?priceMax=5&currency=EUR&limit=50")).await;
    for card in cheap["data"]["rows"].as_array().unwrap() {
        assert!(card["price"].as_f64().unwrap() * 0.92 <= 500.5, "{card}");
    }
}

#[actix_web::test]
async fn bad_filters_get_400_with_every_field() {
    let app = spawn_seeded_app().await;
    let cases = [
        ("limit=25", "limit", "api.field.limit"),
        ("limit=ten", "limit", "api.field.notANumber"),
        ("page=-1", "page", "api.field.outOfRange"),
        ("page=x", "page", "api.field.notANumber"),
        ("platform=amiga", "platform", "api.field.invalid"),
        ("genre=jazz", "genre", "api.field.invalid"),
        ("region=mars", "region", "api.field.invalid"),
        ("type=book", "type", "api.field.invalid"),
        ("stock=sold", "stock", "api.field.invalid"),
        ("sort=cheapest", "sort", "api.field.invalid"),
        ("priceMin=abc", "priceMin", "api.field.notANumber"),
        ("priceMin=50&priceMax=10", "priceMax", "api.field.priceRange"),
        ("currency=XXX", "currency", "api.field.invalid"),
        ("perOrderLimit=0.5", "perOrderLimit", "api.field.notANumber"),
        ("language=klingon", "language", "api.field.invalid"),
    ];
    for (query, field, key) in cases {
        let (status, body) = json(&app.state, get(&format!("/prod-api/api/home/queryGames?{query}"))).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{query}");
        assert_envelope(status, &body);
        assert_eq!(body["data"]["fields"][field], key, "{query}: {body}");
    }
}

#[actix_web::test]
async fn categories_by_code() {
    let app = spawn_seeded_app().await;
    for (code, kind, field) in [("steam", "platform", "platform"), ("dlc", "type", "type"), ("rpg", "genre", "")] {
        let (status, body) = json(&app.state, get(&format!("/prod-api/api/home/type/{code}?limit=10"))).await;
        assert_eq!(status, StatusCode::OK, "{code}");
        assert_eq!((body["data"]["kind"].as_str(), body["data"]["code"].as_str()), (Some(kind), Some(code)));
        let rows = body["data"]["rows"].as_array().unwrap();
        assert!(!rows.is_empty());
        if !field.is_empty() {
            assert!(rows.iter().all(|card| card[field] == code));
        }
    }
    let (status, body) = json(&app.state, get("/prod-api/api/home/type/unicorns")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body["msgKey"], "api.error.typeNotFound");
    let (status, _) = json(&app.state, get("/prod-api/api/home/type/steam?limit=7")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[actix_web::test]
async fn the_product_page_and_what_hangs_off_it() {
    let app = spawn_seeded_app().await;
    let (_, list) = json(&app.state, get("/prod-api/api/home/queryGames?type=game&region=europe")).await;
    let card = &list["data"]["rows"][0];
    let path = product_path(card);

    let (status, detail) = json(&app.state, get(&path).insert_header(("Accept-Language", "fr-FR,fr;q=0.9"))).await;
    assert_eq!(status, StatusCode::OK);
    let data = &detail["data"];
    assert_card(data);
    assert_eq!(data["contentLanguage"], "fr");
    assert!(data["description"].as_str().unwrap().len() > 100);
    assert!(!data["activationGuide"].as_str().unwrap().is_empty());
    assert!(data["screenshots"][0].as_str().unwrap().starts_with("/prod-api/api/media/screenshot/"));
    assert!(data["countries"].as_array().unwrap().iter().any(|country| country == "DE"));
    for field in ["genres", "languages", "developer", "publisher", "perOrderLimit", "tags", "preorder"] {
        assert!(data.get(field).is_some(), "{field}");
    }

    let (status, recommended) = json(&app.state, get(&format!("{path}/recommendations"))).await;
    assert_eq!(status, StatusCode::OK);
    let recommended = recommended["data"].as_array().unwrap();
    assert!(!recommended.is_empty() && recommended.len() <= 8);

    let (status, rating) = json(&app.state, get(&format!("{path}/rating"))).await;
    assert_eq!(status, StatusCode::OK);
    assert!(rating["data"]["stars"]["5"].is_i64() && rating["data"]["average"].is_f64());

    for missing in ["/prod-api/api/home/games/no-such-game/steam-global", "/prod-api/api/home/games/Bad%20Name/x"] {
        let (status, body) = json(&app.state, get(missing)).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{missing}");
        assert_eq!(body["msgKey"], "api.error.productNotFound");
        let (status, _) = json(&app.state, get(&format!("{missing}/reviews"))).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
    }
}

#[actix_web::test]
async fn reviews_post_once_a_minute_and_never_show_the_email() {
    let app = spawn_seeded_app().await;
    let (_, list) = json(&app.state, get("/prod-api/api/home/queryGames?type=game")).await;
    let path = format!("{}/reviews", product_path(&list["data"]["rows"][0]));
    let review =
        body!({ "fullName": "Ana", "email": "ana@example.com", "content": "<i>Worked</i> in seconds", "stars": 5 });

    let (status, posted) = json(&app.state, TestRequest::post().uri(&path).set_json(&review)).await;
    assert_eq!(status, StatusCode::OK, "{posted}");
    assert_eq!(posted["msgKey"], "api.review.posted");
    let (status, again) = json(&app.state, TestRequest::post().uri(&path).set_json(&review)).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    assert_envelope(status, &again);
    assert_eq!(again["msgKey"], "api.review.interval");
    assert_eq!(again["msg"], Messages::embedded().get("en-US", "api.review.interval").unwrap());

    let response = call(&app.state, get(&format!("{path}?limit=10"))).await;
    let text = String::from_utf8(test::read_body(response).await.to_vec()).unwrap();
    assert!(!text.contains("ana@example.com"), "{text}");
    let page: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(page["data"]["rows"][0]["content"], "<i>Worked</i> in seconds");
    assert!(page["data"]["total"].as_i64().unwrap() >= 1);

    let bad = body!({ "fullName": "", "email": "not-an-email", "content": "", "stars": 0 });
    let (status, body) = json(&app.state, TestRequest::post().uri(&path).set_json(&bad)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let fields = &body["data"]["fields"];
    assert_eq!(
        (fields["fullName"].as_str(), fields["email"].as_str(), fields["content"].as_str(), fields["stars"].as_str()),
        (Some("api.field.required"), Some("api.field.email"), Some("api.field.required"), Some("api.field.stars"))
    );

    let malformed =
        TestRequest::post().uri(&path).insert_header(("content-type", "application/json")).set_payload("{nope");
    let (status, body) = json(&app.state, malformed).await;
    assert_eq!((status, body["msgKey"].as_str()), (StatusCode::BAD_REQUEST, Some("api.error.badRequest")));
    let form = TestRequest::post().uri(&path).insert_header(("content-type", "text/plain")).set_payload("hi");
    let (status, body) = json(&app.state, form).await;
    assert_eq!((status, body["msgKey"].as_str()), (StatusCode::BAD_REQUEST, Some("api.error.unsupportedMediaType")));
    let huge = body!({ "fullName": "A", "email": "a@b.co", "content": "x".repeat(70_000), "stars": 5 });
    let (status, body) = json(&app.state, TestRequest::post().uri(&path).set_json(&huge)).await;
    assert_eq!((status, body["msgKey"].as_str()), (StatusCode::BAD_REQUEST, Some("api.error.payloadTooLarge")));
    // A raw body over the limit (a webhook's): 413, in the envelope too.
    let webhook = TestRequest::post()
        .uri("/prod-api/api/payment/webhook/sandbox")
        .insert_header(("content-type", "application/json"))
        .set_payload(vec![b'x'; 1_000_000]);
    let (status, body) = json(&app.state, webhook).await;
    assert_eq!((status, body["msgKey"].as_str()), (StatusCode::PAYLOAD_TOO_LARGE, Some("api.error.payloadTooLarge")));
    assert_envelope(status, &body);
}

#[actix_web::test]
async fn search_suggestions_news_and_pages() {
    let app = spawn_seeded_app().await;
    let (_, list) = json(&app.state, get("/prod-api/api/home/queryGames?type=game")).await;
    let title = list["data"]["rows"][0]["title"].as_str().unwrap().to_owned();
    let prefix: String = title.chars().take(5).collect();
    let (status, suggestions) =
        json(&app.state, get(&format!("/prod-api/api/home/search/suggest?text={}", prefix.replace(' ', "%20")))).await;
    assert_eq!(status, StatusCode::OK);
    let suggestions = suggestions["data"].as_array().unwrap();
    assert!(!suggestions.is_empty() && suggestions.len() <= 8);
    assert!(suggestions[0]["cover"].as_str().unwrap().ends_with(".svg"));

    let (status, news) = json(&app.state, get("/prod-api/api/home/gamesNews?limit=10")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(news["data"]["total"], 20);
    let id = news["data"]["rows"][0]["id"].as_i64().unwrap();
    let (status, item) = json(&app.state, get(&format!("/prod-api/api/home/gamesNews/{id}"))).await;
    assert_eq!(status, StatusCode::OK);
    assert!(!item["data"]["body"].as_str().unwrap().is_empty());
    for missing in ["/prod-api/api/home/gamesNews/999999", "/prod-api/api/home/gamesNews/abc"] {
        let (status, body) = json(&app.state, get(missing)).await;
        assert_eq!(
            (status, body["msgKey"].as_str()),
            (StatusCode::NOT_FOUND, Some("api.error.newsNotFound")),
            "{missing}"
        );
    }

    let (status, page) = json(&app.state, get("/prod-api/api/home/page/refund-policy?lang=de")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(page["data"]["language"], "de");
    let (status, page) = json(&app.state, get("/prod-api/api/home/page/nothing-here")).await;
    assert_eq!((status, page["msgKey"].as_str()), (StatusCode::NOT_FOUND, Some("api.error.pageNotFound")));
}

#[actix_web::test]
async fn images_and_public_lists_are_cacheable() {
    let app = spawn_seeded_app().await;
    let (_, list) = json(&app.state, get("/prod-api/api/home/hotgames?limit=1")).await;
    let cover = list["data"][0]["cover"].as_str().unwrap().to_owned();
    let response = call(&app.state, get(&cover)).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers().get("content-type").unwrap(), "image/svg+xml");
    assert!(response.headers().get("cache-control").unwrap().to_str().unwrap().contains("max-age=86400"));
    let etag = response.headers().get("etag").unwrap().to_str().unwrap().to_owned();
    let revalidated = call(&app.state, get(&cover).insert_header(("If-None-Match", etag))).await;
    assert_eq!(revalidated.status(), StatusCode::NOT_MODIFIED);
    for missing in [
        "/prod-api/api/media/cover/999999.svg",
        "/prod-api/api/media/cover/abc.svg",
        "/prod-api/api/media/poster/1.svg",
        "/prod-api/api/media/screenshot/1/99.svg",
    ] {
        let (status, _) = json(&app.state, get(missing)).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{missing}");
    }

    let response = call(&app.state, get("/prod-api/api/home/hotgames")).await;
    let headers = response.headers().clone();
    assert_eq!(headers.get("cache-control").unwrap(), "public, max-age=60");
    assert_eq!(headers.get("vary").unwrap(), "Accept-Language");
    let etag = headers.get("etag").unwrap().to_str().unwrap().to_owned();
    let revalidated = call(&app.state, get("/prod-api/api/home/hotgames").insert_header(("If-None-Match", etag))).await;
    assert_eq!(revalidated.status(), StatusCode::NOT_MODIFIED);
    assert!(test::read_body(revalidated).await.is_empty());

    let location = call(&app.state, get("/prod-api/api/home/location")).await;
    assert!(location.headers().get("etag").is_none(), "the location answer is per visitor");
}
