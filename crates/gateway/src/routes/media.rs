//! `GET /api/media/{kind}/{id}.svg` and `/api/media/screenshot/{id}/{n}.svg`:
//! the catalog's generated artwork, cached by browsers for a day and
//! revalidated by ETag.

use actix_web::http::header::{CACHE_CONTROL, CONTENT_TYPE, ETAG, IF_NONE_MATCH};
use actix_web::{HttpRequest, HttpResponse, get, web};
use keyshop_core::error::AppError;
use keyshop_proto::catalog::v1 as pb;

use crate::envelope::ApiError;
use crate::state::GatewayState;

const MAX_AGE: &str = "public, max-age=86400";
/// SVGs are documents: nothing in them may run or load.
const SVG_POLICY: &str = "default-src 'none'; style-src 'unsafe-inline'";

fn id_of(file: &str) -> Option<i64> {
    file.strip_suffix(".svg")?.parse().ok().filter(|id| *id > 0)
}

async fn image(
    state: &GatewayState,
    request: &HttpRequest,
    kind: &str,
    id: i64,
    index: i32,
) -> Result<HttpResponse, ApiError> {
    let call = pb::GetImageRequest { kind: kind.to_owned(), id, index };
    let image = state.clients.catalog().get_image(call).await?.into_inner();
    let etag = format!("\"{}\"", image.etag);
    let fresh = request
        .headers()
        .get(IF_NONE_MATCH)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|tags| tags.split(',').any(|tag| tag.trim() == etag || tag.trim() == "*"));
    let mut response = if fresh { HttpResponse::NotModified() } else { HttpResponse::Ok() };
    response
        .insert_header((ETAG, etag))
        .insert_header((CACHE_CONTROL, MAX_AGE))
        .insert_header(("Content-Security-Policy", SVG_POLICY));
    if fresh {
        return Ok(response.finish());
    }
    Ok(response.insert_header((CONTENT_TYPE, image.content_type)).body(image.data))
}

fn not_found() -> ApiError {
    ApiError(AppError::not_found("api.error.notFound"))
}

/// Covers (`cover`) and news images (`news`).
#[get("/api/media/{kind}/{file}")]
pub async fn get_media(
    state: web::Data<GatewayState>,
    path: web::Path<(String, String)>,
    request: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let (kind, file) = path.into_inner();
    let id = id_of(&file).ok_or_else(not_found)?;
    if !matches!(kind.as_str(), "cover" | "news") {
        return Err(not_found());
    }
    image(&state, &request, &kind, id, 0).await
}

/// Uploaded images never change (a file is named by its content): a year.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// An uploaded product image, as WebP (`<stem>-<width>.webp`).
#[get("/api/media/file/{name}")]
pub async fn get_media_file(
    state: web::Data<GatewayState>,
    path: web::Path<String>,
    request: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let name = path.into_inner();
    if name.len() > 64 {
        return Err(not_found());
    }
    let etag = format!("\"{}\"", name.trim_end_matches(".webp"));
    let fresh = request
        .headers()
        .get(IF_NONE_MATCH)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|tags| tags.split(',').any(|tag| tag.trim() == etag || tag.trim() == "*"));
    if fresh {
        return Ok(HttpResponse::NotModified()
            .insert_header((ETAG, etag))
            .insert_header((CACHE_CONTROL, IMMUTABLE))
            .finish());
    }
    let image = state.clients.catalog().get_media_file(pb::GetMediaFileRequest { name }).await?.into_inner();
    Ok(HttpResponse::Ok()
        .insert_header((ETAG, etag))
        .insert_header((CACHE_CONTROL, IMMUTABLE))
        .insert_header(("X-Content-Type-Options", "nosniff"))
        .insert_header((CONTENT_TYPE, image.content_type))
        .body(image.data))
}

/// Screenshots, numbered from 1.
#[get("/api/media/screenshot/{id}/{file}")]
pub async fn get_screenshot(
    state: web::Data<GatewayState>,
    path: web::Path<(String, String)>,
    request: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let (id, file) = path.into_inner();
    let id = id.parse::<i64>().ok().filter(|id| *id > 0).ok_or_else(not_found)?;
    let index = id_of(&file).and_then(|index| i32::try_from(index).ok()).ok_or_else(not_found)?;
    image(&state, &request, "screenshot", id, index).await
}

#[cfg(test)]
mod tests {
    use super::id_of;

    #[test]
    fn file_names_give_ids() {
        assert_eq!(id_of("12.svg"), Some(12));
        assert_eq!(id_of("0.svg"), None);
        assert_eq!(id_of("12.png"), None);
        assert_eq!(id_of("x.svg"), None);
    }
}
