//! News: the list, and a news page (its click count rises once per visitor
//! per day).

use keyshop_core::db::DbError;
use keyshop_core::error::AppError;
use keyshop_core::paging::Paging;

use super::{CatalogService, visitor_hash};
use crate::store;
use crate::store::news::NewsEntry;

const DAY_MS: i64 = 86_400_000;

fn language_or_default(language: &str) -> &'static str {
    keyshop_core::i18n::normalize(language).unwrap_or(keyshop_core::i18n::DEFAULT)
}

impl CatalogService {
    #[tracing::instrument(level = "debug", skip(self))]
    pub async fn news(&self, language: &str, page: i64, limit: i64) -> Result<(Vec<NewsEntry>, i64, Paging), AppError> {
        let paging = Paging::parse(page, limit)?;
        let language = language_or_default(language);
        let (offset, size) = (paging.offset() as i64, i64::from(paging.limit));
        let now = self.clock.now_ms();
        let (rows, total) = self
            .db
            .run(move |conn| store::news::page(conn, language, now, offset, size).map_err(DbError::from))
            .await?;
        Ok((rows, total, paging))
    }

    #[tracing::instrument(level = "debug", skip(self, visitor))]
    pub async fn news_item(&self, id: i64, language: &str, visitor: &str) -> Result<NewsEntry, AppError> {
        let not_found = || AppError::not_found("api.error.newsNotFound");
        if id <= 0 {
            return Err(not_found());
        }
        let language = language_or_default(language);
        let now = self.clock.now_ms();
        let visitor = (!visitor.is_empty()).then(|| visitor_hash(visitor));
        self.db
            .write(move |conn| -> Result<Option<NewsEntry>, AppError> {
                if store::news::find(conn, id, language, now)?.is_none() {
                    return Ok(None);
                }
                if let Some(visitor) = &visitor {
                    store::news::record_click(conn, id, visitor, now / DAY_MS)?;
                }
                Ok(store::news::find(conn, id, language, now)?)
            })
            .await?
            .ok_or_else(not_found)
    }
}
