//! The built SPA (`frontend/dist`): its files, each as the build's brotli or
//! gzip twin when the request accepts one (`precompressed`), with history-mode
//! fallback. A path without a file extension that is no file gets
//! `index.html` (the SPA routes it, its own 404 page included); a missing asset
//! (`/static/x.js`, `/logo.png`) gets a real 404.

mod precompressed;

use std::path::Path;
use std::rc::Rc;

use actix_files::Files;
use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{HttpServiceFactory, ServiceRequest, ServiceResponse, fn_service};
use actix_web::http::StatusCode;
use actix_web::http::header::{CACHE_CONTROL, HeaderValue};
use actix_web::middleware::{Next, from_fn};
use actix_web::{HttpResponse, web};

const IMMUTABLE: &str = "public, max-age=31536000, immutable";
const REVALIDATE: &str = "no-cache";

/// The SPA's files under `dir`, served for every path no route took.
pub fn files(dir: &Path) -> impl HttpServiceFactory + use<> {
    let index = dir.join("index.html");
    let files = Files::new("/", dir).index_file("index.html").use_etag(true).use_last_modified(true).default_handler(
        fn_service(move |request: ServiceRequest| {
            let index = index.clone();
            async move {
                let (request, _) = request.into_parts();
                let response = fallback(&request, &index).await;
                Ok(ServiceResponse::new(request, response))
            }
        }),
    );
    let root: Rc<Path> = Rc::from(dir);
    web::scope("")
        .wrap(from_fn(move |request: ServiceRequest, next: Next<BoxBody>| {
            precompressed::serve_twins(Rc::clone(&root), request, next)
        }))
        .service(files)
}

/// Whether the last path segment names a file (`app.js`, `a.b.png`).
pub fn looks_like_asset(path: &str) -> bool {
    path.rsplit('/').next().is_some_and(|segment| segment.contains('.'))
}

async fn fallback(request: &actix_web::HttpRequest, index: &Path) -> HttpResponse {
    if looks_like_asset(request.path()) || !matches!(request.method().as_str(), "GET" | "HEAD") {
        return HttpResponse::NotFound().content_type("text/plain; charset=utf-8").body("Not Found");
    }
    match precompressed::respond(request, index).await {
        Ok(response) => response,
        Err(_) => HttpResponse::NotFound()
            .content_type("text/plain; charset=utf-8")
            .body("The store front end is not built yet: run `make run` (or `npm run build` in frontend/)."),
    }
}

/// Cache policy of SPA files and their 304s: content-hashed assets under
/// `/static/` forever, everything else revalidated (so a new release shows at
/// once). An API answer that did not say otherwise (the public lists do) is
/// `no-store`: profiles, orders, addresses, tokens and errors stay out of
/// every cache.
pub async fn cache_headers(
    request: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let is_api = request.path().starts_with("/prod-api/") || request.path() == "/prod-api";
    let is_static = request.path().starts_with("/static/");
    let mut response = next.call(request).await?;
    if response.headers().contains_key(CACHE_CONTROL) {
        return Ok(response);
    }
    if is_api {
        response.headers_mut().insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    } else if response.status().is_success() || response.status() == StatusCode::NOT_MODIFIED {
        let policy = if is_static { IMMUTABLE } else { REVALIDATE };
        response.headers_mut().insert(CACHE_CONTROL, HeaderValue::from_static(policy));
    }
    Ok(response)
}

#[cfg(test)]
mod tests {
    use super::looks_like_asset;

    #[test]
    fn tells_assets_from_routes() {
        assert!(looks_like_asset("/static/js/main.abc.js"));
        assert!(looks_like_asset("/favicon.ico"));
        assert!(!looks_like_asset("/"));
        assert!(!looks_like_asset("/games"));
        assert!(!looks_like_asset("/my-order/detail"));
    }
}
