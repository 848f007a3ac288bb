//! The SPA's files and their build-time brotli and gzip twins: which one a
//! request gets, with what headers, and that the history fallback keeps working.

use std::path::Path;

use actix_web::http::StatusCode;
use actix_web::http::header::{self, HeaderMap};
use actix_web::test::{self, TestRequest};

use crate::support::{call, get, spawn_app_without_services};

const SCRIPT: &str = "/static/js/app.0123456789.js";

/// A build's output: a script and `index.html`, each with a brotli and a gzip twin (their
/// bytes are markers: the gateway never looks inside), and a script without twins.
fn write_build(spa: &Path) {
    let script = spa.join(SCRIPT.trim_start_matches('/'));
    std::fs::write(&script, "console.log('identity')").unwrap();
    std::fs::write(script.with_extension("js.br"), "brotli bytes").unwrap();
    std::fs::write(script.with_extension("js.gz"), "gzip bytes").unwrap();
    std::fs::write(spa.join("index.html.br"), "brotli index").unwrap();
    std::fs::write(spa.join("index.html.gz"), "gzip index").unwrap();
    std::fs::write(spa.join("static/js/plain.0123456789.js"), "console.log('plain')").unwrap();
}

fn encoding(headers: &HeaderMap) -> Option<&str> {
    headers.get(header::CONTENT_ENCODING).map(|value| value.to_str().unwrap())
}

fn content_type(headers: &HeaderMap) -> &str {
    headers.get(header::CONTENT_TYPE).unwrap().to_str().unwrap()
}

fn varies_by_encoding(headers: &HeaderMap) -> bool {
    headers.get_all(header::VARY).any(|value| value.to_str().unwrap().eq_ignore_ascii_case("accept-encoding"))
}

async fn fetch(
    state: &actix_web::web::Data<keyshop_gateway::GatewayState>,
    request: TestRequest,
) -> (StatusCode, HeaderMap, String) {
    let response = call(state, request).await;
    let status = response.status();
    let headers = response.headers().clone();
    let body = String::from_utf8(test::read_body(response).await.to_vec()).unwrap();
    (status, headers, body)
}

#[actix_web::test]
async fn a_script_comes_as_the_twin_the_browser_accepts_best() {
    let (state, _data, spa) = spawn_app_without_services();
    write_build(spa.path());
    let cases = [
        ("gzip, deflate, br, zstd", Some("br"), "brotli bytes"),
        ("gzip", Some("gzip"), "gzip bytes"),
        ("br;q=0.5, gzip;q=0.9", Some("gzip"), "gzip bytes"),
        ("br;q=0, gzip", Some("gzip"), "gzip bytes"),
        ("identity", None, "console.log('identity')"),
        ("identity, br;q=0.5", None, "console.log('identity')"),
    ];
    for (accepted, expected_encoding, expected_body) in cases {
        let (status, headers, body) =
            fetch(&state, get(SCRIPT).insert_header((header::ACCEPT_ENCODING, accepted))).await;
        assert_eq!(status, StatusCode::OK, "{accepted}");
        assert_eq!(encoding(&headers), expected_encoding, "{accepted}");
        assert_eq!(body, expected_body, "{accepted}");
        assert!(content_type(&headers).starts_with("text/javascript"), "{accepted}: {headers:?}");
        assert!(varies_by_encoding(&headers), "{accepted}: {headers:?}");
        assert_eq!(headers.get(header::CACHE_CONTROL).unwrap(), "public, max-age=31536000, immutable", "{accepted}");
        assert!(
            headers.get(header::CONTENT_DISPOSITION).is_none_or(|value| value.to_str().unwrap().starts_with("inline"))
        );
    }
}

#[actix_web::test]
async fn without_accept_encoding_a_range_or_a_twin_the_file_comes_as_it_is() {
    let (state, _data, spa) = spawn_app_without_services();
    write_build(spa.path());

    let (status, headers, body) = fetch(&state, get(SCRIPT)).await;
    assert_eq!((status, encoding(&headers), body.as_str()), (StatusCode::OK, None, "console.log('identity')"));
    assert!(varies_by_encoding(&headers), "{headers:?}");

    let ranged = get(SCRIPT).insert_header((header::ACCEPT_ENCODING, "br")).insert_header((header::RANGE, "bytes=0-6"));
    let (status, _, body) = fetch(&state, ranged).await;
    assert_eq!((status, body.as_str()), (StatusCode::PARTIAL_CONTENT, "console"));

    let plain = get("/static/js/plain.0123456789.js").insert_header((header::ACCEPT_ENCODING, "br"));
    let (status, headers, body) = fetch(&state, plain).await;
    assert_eq!((status, encoding(&headers), body.as_str()), (StatusCode::OK, None, "console.log('plain')"));
}

#[actix_web::test]
async fn a_twin_answers_head_and_revalidation_like_the_file() {
    let (state, _data, spa) = spawn_app_without_services();
    write_build(spa.path());
    let brotli = || get(SCRIPT).insert_header((header::ACCEPT_ENCODING, "br"));

    let (_, headers, _) = fetch(&state, brotli()).await;
    let etag = headers.get(header::ETAG).unwrap().clone();
    let (status, headers, body) = fetch(&state, brotli().insert_header((header::IF_NONE_MATCH, etag))).await;
    assert_eq!((status, body.as_str()), (StatusCode::NOT_MODIFIED, ""));
    assert_eq!(headers.get(header::CACHE_CONTROL).unwrap(), "public, max-age=31536000, immutable");

    let head = TestRequest::default().method(actix_web::http::Method::HEAD).uri(SCRIPT);
    let (status, headers, _) = fetch(&state, head.insert_header((header::ACCEPT_ENCODING, "br"))).await;
    assert_eq!((status, encoding(&headers)), (StatusCode::OK, Some("br")));

    let (_, identity_headers, _) = fetch(&state, get(SCRIPT)).await;
    assert_ne!(identity_headers.get(header::ETAG), headers.get(header::ETAG), "each representation its own validator");
}

#[actix_web::test]
async fn index_html_and_the_history_fallback_come_compressed_and_revalidated() {
    let (state, _data, spa) = spawn_app_without_services();
    write_build(spa.path());
    for path in ["/", "/index.html", "/games", "/my-order/detail"] {
        let (status, headers, body) =
            fetch(&state, get(path).insert_header((header::ACCEPT_ENCODING, "gzip, br"))).await;
        assert_eq!((status, encoding(&headers), body.as_str()), (StatusCode::OK, Some("br"), "brotli index"), "{path}");
        assert!(content_type(&headers).starts_with("text/html"), "{path}: {headers:?}");
        assert_eq!(headers.get(header::CACHE_CONTROL).unwrap(), "no-cache", "{path}");
        assert!(varies_by_encoding(&headers), "{path}: {headers:?}");
    }
    let (status, headers, body) = fetch(&state, get("/games")).await;
    assert_eq!((status, encoding(&headers)), (StatusCode::OK, None));
    assert!(body.contains("id=root"), "{body}");

    for missing in ["/static/js/nope.js", "/logo.png"] {
        let (status, _, _) = fetch(&state, get(missing).insert_header((header::ACCEPT_ENCODING, "br"))).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{missing}");
    }
}
