//! Generated artwork for products and news.

use keyshop_core::db::DbError;
use keyshop_core::error::AppError;
use sha2::{Digest, Sha256};

use super::CatalogService;
use crate::domain::art;
use crate::store;

pub struct Image {
    pub content_type: &'static str,
    pub data: Vec<u8>,
    pub etag: String,
}

fn image(svg: String) -> Image {
    let digest = Sha256::digest(svg.as_bytes());
    let etag = digest.iter().take(12).map(|byte| format!("{byte:02x}")).collect();
    Image { content_type: "image/svg+xml", data: svg.into_bytes(), etag }
}

impl CatalogService {
    /// `kind` is cover, screenshot (numbered from 1) or news.
    #[tracing::instrument(level = "debug", skip(self))]
    pub async fn image(&self, kind: &str, id: i64, index: i32) -> Result<Image, AppError> {
        let not_found = || AppError::not_found("api.error.notFound");
        match kind {
            "cover" | "screenshot" => {
                let snapshot = self.snapshot();
                let product = snapshot.by_id(id).ok_or_else(not_found)?;
                let palette = product.palette as u64;
                if kind == "cover" {
                    return Ok(image(art::cover_svg(&product.title, palette)));
                }
                if index < 1 || index > product.screenshot_count {
                    return Err(not_found());
                }
                Ok(image(art::screenshot_svg(&product.title, palette, index as u32)))
            }
            "news" => {
                let palette = self.db.run(move |conn| store::news::palette(conn, id).map_err(DbError::from)).await?;
                let palette = palette.ok_or_else(not_found)?;
                Ok(image(art::news_svg(id, palette as u64)))
            }
            _ => Err(not_found()),
        }
    }
}
