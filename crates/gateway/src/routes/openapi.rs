//! `GET /prod-api/openapi.json`: the API document, generated from the
//! handlers and their types.

use actix_web::{HttpResponse, get};
use utoipa::OpenApi;

use crate::openapi::ApiDoc;

#[get("/openapi.json")]
pub async fn document() -> HttpResponse {
    HttpResponse::Ok().json(ApiDoc::openapi())
}
