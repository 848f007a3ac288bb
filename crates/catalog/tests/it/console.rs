//! Products from the console over real gRPC, as a manager: a draft nobody
//! sees, published and found at once (in Japanese too), edited with the
//! version read, its cover uploaded and served, bad uploads refused with
//! nothing stored, archived out of the shop. On SQLite and on PostgreSQL.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::support;

use image::ImageEncoder;
use keyshop_catalog::store::MIGRATIONS;
use keyshop_core::error::{AppError, ErrorCode};
use keyshop_core::vocab::{Genre, Platform, ProductState, ProductType, Region};
use keyshop_proto::catalog::v1 as pb;
use keyshop_testkit::TestDb;
use keyshop_testkit::backend_test;

fn app_error<T: std::fmt::Debug>(result: Result<T, tonic::Status>) -> AppError {
    AppError::from_status(&result.expect_err("the call fails"))
}

fn texts(language: &str, title: &str, description: &str) -> pb::ProductLanguageTexts {
    pb::ProductLanguageTexts {
        language: language.to_owned(),
        title: title.to_owned(),
        description: description.to_owned(),
        activation_guide: String::new(),
    }
}

fn fields(sku: &str, game_name: &str) -> pb::ProductFields {
    pb::ProductFields {
        sku: sku.to_owned(),
        game_name: game_name.to_owned(),
        game_ext_name: "steam-global".to_owned(),
        product_type: ProductType::Game.to_proto(),
        platform: Platform::Steam.to_proto(),
        region: Region::Global.to_proto(),
        developer: "Nova Works".to_owned(),
        publisher: "Nova Works".to_owned(),
        release_date: "2026-02-28".to_owned(),
        price_usd: 1999,
        list_price_usd: 2999,
        per_order_limit: 5,
        preorder: false,
        genres: vec![Genre::Adventure.to_proto()],
        languages: vec![],
        requirements: None,
        texts: vec![
            texts("en-US", "Star Voyager", "Sail between the stars."),
            texts("ja", "星の旅人", "星々の間を旅する。"),
        ],
    }
}

fn png(width: u32, height: u32) -> Vec<u8> {
    let picture = image::RgbImage::from_fn(width, height, |x, y| image::Rgb([(x % 200) as u8, (y % 200) as u8, 120]));
    let mut data = Vec::new();
    image::codecs::png::PngEncoder::new(&mut data)
        .write_image(picture.as_raw(), width, height, image::ExtendedColorType::Rgb8)
        .unwrap();
    data
}

fn files_in(dir: &std::path::Path) -> usize {
    std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|entry| if entry.path().is_dir() { files_in(&entry.path()) } else { 1 })
                .sum()
        })
        .unwrap_or(0)
}

fn search(text: &str) -> pb::ProductQuery {
    pb::ProductQuery { text: text.to_owned(), ..pb::ProductQuery::default() }
}

backend_test!(
    a_product_is_written_published_edited_and_archived_in_the_console,
    &MIGRATIONS,
    |test_db: TestDb| async move {
        let mut catalog = support::start(test_db).await;
        let client = &mut catalog.client;

        // A draft: saved, not listed, not found.
        let save =
            pb::StaffSaveProductRequest { id: 0, version: 0, fields: Some(fields("STAR-STEAM", "star-voyager")) };
        let draft = client.staff_save_product(save).await.unwrap().into_inner();
        assert_eq!(draft.state, ProductState::Draft.to_proto());
        assert_eq!(draft.missing_languages.len(), 16, "{:?}", draft.missing_languages);
        assert!(!draft.missing_languages.contains(&"ja".to_owned()));
        assert_eq!(client.query_products(search("voyager")).await.unwrap().into_inner().total, 0);

        // The same SKU twice, and a bad product: every field named.
        let twin =
            pb::StaffSaveProductRequest { id: 0, version: 0, fields: Some(fields("STAR-STEAM", "star-voyager")) };
        let error = app_error(client.staff_save_product(twin).await);
        assert_eq!(
            (error.code, error.fields.get("sku").map(String::as_str)),
            (ErrorCode::Validation, Some("api.staff.skuTaken"))
        );
        assert_eq!(error.fields.get("gameExtName").map(String::as_str), Some("api.staff.namesTaken"));
        let bad = pb::ProductFields { price_usd: -1, texts: vec![texts("ja", "星", "")], ..fields("X Y", "Bad Name") };
        let error = app_error(
            client.staff_save_product(pb::StaffSaveProductRequest { id: 0, version: 0, fields: Some(bad) }).await,
        );
        for field in ["sku", "gameName", "priceUsd", "texts"] {
            assert!(error.fields.contains_key(field), "{field}: {:?}", error.fields);
        }

        // Published: listed, searched in English and in Japanese, suggested.
        let publish = pb::StaffSetProductStateRequest {
            id: draft.id,
            version: draft.version,
            state: ProductState::Published.to_proto(),
        };
        let published = client.staff_set_product_state(publish).await.unwrap().into_inner();
        assert_eq!(published.version, draft.version + 1);
        for text in ["voyager", "星の旅人", "旅人"] {
            let page = client.query_products(search(text)).await.unwrap().into_inner();
            assert_eq!(page.total, 1, "{text}");
            assert_eq!(page.rows[0].titles.get("ja").map(String::as_str), Some("星の旅人"));
        }
        let suggested =
            client.suggest_products(pb::SuggestProductsRequest { text: "星の".into() }).await.unwrap().into_inner();
        assert_eq!(suggested.suggestions.len(), 1);
        let reference = pb::ProductRef {
            game_name: "star-voyager".into(),
            game_ext_name: "steam-global".into(),
            language: "ja".into(),
            no_view: true,
        };
        let detail = client.get_product(reference.clone()).await.unwrap().into_inner();
        assert_eq!((detail.description.as_str(), detail.content_language.as_str()), ("星々の間を旅する。", "ja"));

        // An edit with a stale version is refused; with the current one, the
        // new price is in the list at once.
        let mut cheaper = fields("STAR-STEAM", "star-voyager");
        cheaper.price_usd = 999;
        let stale = pb::StaffSaveProductRequest { id: draft.id, version: draft.version, fields: Some(cheaper.clone()) };
        assert_eq!(app_error(client.staff_save_product(stale).await).code, ErrorCode::Conflict);
        let edit = pb::StaffSaveProductRequest { id: draft.id, version: published.version, fields: Some(cheaper) };
        let edited = client.staff_save_product(edit).await.unwrap().into_inner();
        let page = client.query_products(search("voyager")).await.unwrap().into_inner();
        assert_eq!(page.rows[0].price_usd, 999);

        // A cover: converted to WebP in the shown sizes, served, on the card.
        let upload = pb::StaffUploadImageRequest {
            id: draft.id,
            version: edited.version,
            slot: "cover".into(),
            data: png(1200, 600),
        };
        let with_cover = client.staff_upload_image(upload).await.unwrap().into_inner();
        assert_eq!(with_cover.cover_image.len(), 24);
        let stored = files_in(catalog.media_dir.path());
        assert_eq!(stored, 2, "two sizes of the cover");
        let page = client.query_products(search("voyager")).await.unwrap().into_inner();
        assert_eq!(page.rows[0].cover_image, with_cover.cover_image);
        let name = format!("{}-640.webp", with_cover.cover_image);
        let file = client.get_media_file(pb::GetMediaFileRequest { name }).await.unwrap().into_inner();
        assert_eq!(file.content_type, "image/webp");
        assert_eq!(image::load_from_memory(&file.data).unwrap().width(), 640);
        let missing = pb::GetMediaFileRequest { name: "../../etc/passwd".into() };
        assert_eq!(app_error(client.get_media_file(missing).await).code, ErrorCode::NotFound);

        // Bad uploads: refused by content and by size, nothing stored, nothing changed.
        let mut bomb = png(1, 1);
        bomb[16..20].copy_from_slice(&30_000u32.to_be_bytes());
        bomb[20..24].copy_from_slice(&30_000u32.to_be_bytes());
        let checksum = crc32(&bomb[12..29]);
        bomb[29..33].copy_from_slice(&checksum.to_be_bytes());
        for (data, reason) in [
            (b"<?php echo 'hi'; ?>".to_vec(), "api.staff.imageType"),
            (bomb, "api.staff.imagePixels"),
            (vec![0x89; keyshop_catalog::images::MAX_UPLOAD_BYTES + 1], "api.staff.imageTooLarge"),
        ] {
            let upload = pb::StaffUploadImageRequest {
                id: draft.id,
                version: with_cover.version,
                slot: "screenshot".into(),
                data,
            };
            let error = app_error(client.staff_upload_image(upload).await);
            assert_eq!(
                (error.code, error.fields.get("file").map(String::as_str)),
                (ErrorCode::Validation, Some(reason))
            );
        }
        assert_eq!(files_in(catalog.media_dir.path()), stored);
        let unchanged =
            client.staff_get_product(pb::StaffGetProductRequest { id: draft.id }).await.unwrap().into_inner();
        assert_eq!((unchanged.version, unchanged.screenshot_images.len()), (with_cover.version, 0));

        // The console's list finds it in every state; archived, the shop does not.
        let listed = pb::StaffListProductsRequest { text: "Voyager".into(), ..Default::default() };
        let rows = client.staff_list_products(listed).await.unwrap().into_inner();
        assert_eq!((rows.total, rows.rows[0].languages_done), (1, 2));
        let archive = pb::StaffSetProductStateRequest {
            id: draft.id,
            version: unchanged.version,
            state: ProductState::Archived.to_proto(),
        };
        client.staff_set_product_state(archive).await.unwrap();
        assert_eq!(client.query_products(search("voyager")).await.unwrap().into_inner().total, 0);
        assert_eq!(app_error(client.get_product(reference).await).code, ErrorCode::NotFound);
    }
);

/// The CRC of a PNG chunk (type and data).
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = 0xffff_ffffu32;
    for byte in bytes {
        crc ^= u32::from(*byte);
        for _ in 0..8 {
            crc = if crc & 1 == 1 { (crc >> 1) ^ 0xedb8_8320 } else { crc >> 1 };
        }
    }
    !crc
}

backend_test!(
    reviews_are_marked_verified_hidden_answered_and_kept_to_buyers,
    &MIGRATIONS,
    |test_db: TestDb| async move {
        let mut catalog = support::start(test_db).await;
        let save = pb::StaffSaveProductRequest { id: 0, version: 0, fields: Some(fields("MOON-KEY", "moon-key")) };
        let draft = catalog.client.staff_save_product(save).await.unwrap().into_inner();
        let publish = pb::StaffSetProductStateRequest {
            id: draft.id,
            version: draft.version,
            state: ProductState::Published.to_proto(),
        };
        catalog.client.staff_set_product_state(publish).await.unwrap();
        let product = pb::ProductRef {
            game_name: "moon-key".into(),
            game_ext_name: "steam-global".into(),
            language: "en-US".into(),
            no_view: true,
        };
        let review = |email: &str, visitor: &str, stars: i64| pb::PostReviewRequest {
            product: Some(product.clone()),
            full_name: "Rin".into(),
            email: email.into(),
            content: "Worked at once".into(),
            stars,
            visitor: visitor.into(),
        };
        catalog.client.post_review(review("stranger@example.com", "203.0.113.1", 1)).await.unwrap();

        // A paid order of the product by that e-mail (in another case): its next review is verified.
        let paid = keyshop_proto::events::v1::OrderPaid {
            order_no: "KS1".into(),
            email: "Buyer@Example.com".into(),
            lines: vec![keyshop_proto::events::v1::PaidLine { sku: "MOON-KEY".into(), ..Default::default() }],
            ..Default::default()
        };
        catalog.bus.publish(&keyshop_core::events::Event::new("KS1", &paid)).await.unwrap();
        let listed = |catalog: &mut support::RunningCatalog| {
            let mut client = catalog.client.clone();
            let request = pb::ListReviewsRequest { product: Some(product.clone()), page: 1, limit: 10 };
            async move { client.list_reviews(request).await.unwrap().into_inner() }
        };
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
        loop {
            let visitor = format!("198.51.100.{}", deadline.elapsed().as_millis() % 200);
            catalog.client.post_review(review("buyer@example.com", &visitor, 5)).await.unwrap();
            if listed(&mut catalog).await.rows[0].verified {
                break;
            }
            assert!(std::time::Instant::now() < deadline, "the purchase was never projected");
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        assert!(!listed(&mut catalog).await.rows.iter().any(|row| row.verified && row.stars == 1));

        // Only buyers, now: a stranger is refused, with the field named.
        let only = pb::Setting { key: "reviewsBuyersOnly".into(), value: "true".into() };
        catalog.client.set_setting(only).await.unwrap();
        let refused = app_error(catalog.client.post_review(review("other@example.com", "192.0.2.50", 4)).await);
        assert_eq!(refused.fields.get("email").map(String::as_str), Some("api.review.buyersOnly"));

        // The stranger's one star, hidden: out of the list and the rating; a reply shown.
        let staff =
            catalog.client.staff_list_reviews(pb::StaffListReviewsRequest::default()).await.unwrap().into_inner();
        let stranger = staff.rows.iter().find(|row| row.stars == 1).unwrap().clone();
        assert_eq!(
            (stranger.email.as_str(), stranger.product_title.as_str()),
            ("stranger@example.com", "Star Voyager")
        );
        let before = catalog.client.get_rating_summary(product.clone()).await.unwrap().into_inner();
        let hide = pb::StaffModerateReviewRequest {
            id: stranger.id,
            version: stranger.version,
            hidden: true,
            reply: String::new(),
        };
        catalog.client.staff_moderate_review(hide.clone()).await.unwrap();
        assert_eq!(app_error(catalog.client.staff_moderate_review(hide).await).code, ErrorCode::Conflict);
        let after = catalog.client.get_rating_summary(product.clone()).await.unwrap().into_inner();
        assert_eq!(after.count, before.count - 1);
        assert!(listed(&mut catalog).await.rows.iter().all(|row| row.id != stranger.id));
        let verified = staff.rows.iter().find(|row| row.verified).unwrap();
        let answer = pb::StaffModerateReviewRequest {
            id: verified.id,
            version: verified.version,
            hidden: false,
            reply: "Thank you, Rin!".into(),
        };
        catalog.client.staff_moderate_review(answer).await.unwrap();
        let shown = listed(&mut catalog).await;
        assert!(shown.rows.iter().any(|row| row.staff_reply == "Thank you, Rin!"));
    }
);

backend_test!(pages_name_the_support_address_of_the_setting, &MIGRATIONS, |test_db: TestDb| async move {
    let mut catalog = support::start(test_db).await;
    let contact = || pb::GetPageRequest { slug: "contact-us".into(), language: "de".into() };
    let page = catalog.client.get_page(contact()).await.unwrap().into_inner();
    assert!(page.body.contains("support@keyshop.example") && !page.body.contains("{{"), "{}", page.body);
    let address = pb::Setting { key: "supportEmail".into(), value: "help@shop.example".into() };
    catalog.client.set_setting(address).await.unwrap();
    let page = catalog.client.get_page(contact()).await.unwrap().into_inner();
    assert!(page.body.contains("help@shop.example") && !page.body.contains("support@keyshop.example"));
});
