//! The footer pages: stored per language, falling back to en-US; the
//! defaults shipped with the store are written at start when missing. A
//! page names the support address as `{{supportEmail}}`, filled in from the
//! one `supportEmail` setting when served (the footer and forms read it too).

use keyshop_core::db::DbError;
use keyshop_core::error::AppError;

use super::CatalogService;
use crate::content;
use crate::domain::product::is_slug;
use crate::domain::setting;

/// Where a page names the support address.
const SUPPORT_PLACEHOLDER: &str = "{{supportEmail}}";
/// The address when the setting is missing.
const DEFAULT_SUPPORT_EMAIL: &str = "support@keyshop.example";
use crate::store;
use crate::store::pages::PageRow;

impl CatalogService {
    #[tracing::instrument(level = "debug", skip(self))]
    pub async fn page(&self, slug: &str, language: &str) -> Result<PageRow, AppError> {
        let not_found = || AppError::not_found("api.error.pageNotFound");
        if !is_slug(slug) {
            return Err(not_found());
        }
        let slug = slug.to_owned();
        let language = keyshop_core::i18n::normalize(language).unwrap_or(keyshop_core::i18n::DEFAULT);
        let mut page = self
            .db
            .run(move |conn| store::pages::find(conn, &slug, language).map_err(DbError::from))
            .await?
            .ok_or_else(not_found)?;
        if page.body.contains(SUPPORT_PLACEHOLDER) {
            let settings = self.public_settings().await?;
            let support = settings
                .iter()
                .find(|(key, _)| key == setting::SUPPORT_EMAIL)
                .map_or(DEFAULT_SUPPORT_EMAIL, |(_, value)| value.as_str());
            page.body = page.body.replace(SUPPORT_PLACEHOLDER, support);
        }
        Ok(page)
    }

    /// Writes the shipped footer pages that are missing (never overwrites).
    pub(super) async fn ensure_default_pages(&self) -> Result<usize, AppError> {
        let pages = content::default_pages().map_err(AppError::internal)?;
        let now = self.clock.now_ms();
        let written = self
            .db
            .write(move |conn| -> Result<usize, AppError> {
                let mut written = 0;
                for page in &pages {
                    if store::pages::insert_missing(conn, &page.slug, &page.language, &page.title, &page.body, now)? {
                        written += 1;
                    }
                }
                Ok(written)
            })
            .await?;
        if written > 0 {
            tracing::info!(written, "default footer pages written");
        }
        Ok(written)
    }
}
