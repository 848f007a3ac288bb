//! Generated artwork for products and news, and the uploaded images.

use keyshop_core::db::DbError;
use keyshop_core::error::AppError;
use sha2::{Digest, Sha256};

use super::CatalogService;
use crate::domain::art;
use crate::images::{self, ImageSlot};
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
    /// Checks and converts an uploaded image (off the async threads), then
    /// stores each size not stored yet; its file stem. Nothing is stored for
    /// a refused file.
    pub(super) async fn store_image(&self, data: Vec<u8>, slot: ImageSlot) -> Result<String, AppError> {
        let processed =
            tokio::task::spawn_blocking(move || images::process(&data, slot)).await.map_err(AppError::internal)??;
        for rendition in &processed.renditions {
            let name = rendition.file_name(&processed.stem);
            if !self.media.exists(&name).await? {
                self.media.put(&name, rendition.data.clone()).await?;
            }
        }
        Ok(processed.stem)
    }

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
