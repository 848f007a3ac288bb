//! News and the footer pages in the console, written in Markdown per
//! language. Each write checks the version read (409 when someone saved in
//! between) and puts its audit record in the same transaction. A news item
//! shows in the shop once it is published and its time has come, so a later
//! time schedules it; the shop reads the database, so a change shows at once.

use keyshop_core::audit::{self, Actor, AuditAction};
use keyshop_core::db::{DbConnection, DbError};
use keyshop_core::error::{AppError, ErrorCode};
use keyshop_core::events::outbox;
use keyshop_core::identity::Party;
use keyshop_core::paging::Paging;

use super::CatalogService;
use crate::content::FOOTER_PAGES;
use crate::domain::article::{self, NewsDraft, PageDraft};
use crate::images::ImageSlot;
use crate::store;
use crate::store::news::StaffNewsRow;
use crate::store::pages::StaffPageRow;

/// The palettes of the generated news artwork.
const PALETTES: i64 = 8;

/// A page's line in the console's list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageSummary {
    pub slug: String,
    pub languages: Vec<String>,
    pub title: String,
    pub updated_at: i64,
}

fn changed() -> AppError {
    AppError::new(ErrorCode::Conflict, "api.staff.changed")
}

fn news_not_found() -> AppError {
    AppError::not_found("api.error.newsNotFound")
}

fn audited(
    conn: &mut DbConnection,
    actor: &Actor,
    action: AuditAction,
    target: &str,
    summary: &str,
    now_ms: i64,
) -> Result<(), AppError> {
    let record = audit::record(actor, action, target, summary, Party::Catalog, now_ms);
    outbox::enqueue(conn, &record)?;
    Ok(())
}

fn read_news(conn: &mut DbConnection, id: i64) -> Result<StaffNewsRow, AppError> {
    store::news::staff_find(conn, id)?.ok_or_else(news_not_found)
}

impl CatalogService {
    /// Every news item, drafts and scheduled ones too, the latest first.
    #[tracing::instrument(level = "debug", skip(self))]
    pub async fn staff_news(&self, page: i64, limit: i64) -> Result<(Vec<StaffNewsRow>, i64, Paging), AppError> {
        let paging = Paging::parse(page, limit)?;
        let (offset, size) = (paging.offset() as i64, i64::from(paging.limit));
        let (rows, total) =
            self.db.run(move |conn| store::news::staff_page(conn, offset, size).map_err(DbError::from)).await?;
        Ok((rows, total, paging))
    }

    #[tracing::instrument(level = "debug", skip(self))]
    pub async fn staff_news_item(&self, id: i64) -> Result<StaffNewsRow, AppError> {
        self.db.run(move |conn| read_news(conn, id)).await
    }

    /// Creates an item (`id` 0) or rewrites item `id` at `version`.
    #[tracing::instrument(level = "debug", skip(self, raw, actor))]
    pub async fn save_news(
        &self,
        id: i64,
        version: i64,
        raw: NewsDraft,
        actor: Actor,
    ) -> Result<StaffNewsRow, AppError> {
        let draft = article::check_news(raw)?;
        let now = self.clock.now_ms();
        self.db
            .write(move |conn| -> Result<StaffNewsRow, AppError> {
                let id = if id == 0 {
                    store::news::create(conn, &draft, (now / 1000 % PALETTES) as i32, now)?
                } else {
                    read_news(conn, id)?;
                    if !store::news::update(conn, id, version, &draft, now)? {
                        return Err(changed());
                    }
                    id
                };
                let languages: Vec<&str> = draft.texts.iter().map(|text| text.language.as_str()).collect();
                let summary = format!(
                    "{} · {} · {}",
                    draft.texts.first().map(|text| text.title.as_str()).unwrap_or_default(),
                    if draft.published { "published" } else { "draft" },
                    languages.join(" ")
                );
                audited(conn, &actor, AuditAction::NewsSave, &format!("news {id}"), &summary, now)?;
                read_news(conn, id)
            })
            .await
            .inspect(|_| self.wake_outbox())
    }

    /// Sets the cover from an uploaded image (checked and converted first:
    /// nothing is stored for a refused file), or with no data removes it.
    #[tracing::instrument(level = "debug", skip(self, data, actor))]
    pub async fn set_news_cover(
        &self,
        id: i64,
        version: i64,
        data: Vec<u8>,
        actor: Actor,
    ) -> Result<StaffNewsRow, AppError> {
        self.staff_news_item(id).await?;
        let stem = if data.is_empty() { String::new() } else { self.store_image(data, ImageSlot::Screenshot).await? };
        let now = self.clock.now_ms();
        self.db
            .write(move |conn| -> Result<StaffNewsRow, AppError> {
                if !store::news::set_cover(conn, id, version, &stem, now)? {
                    read_news(conn, id)?;
                    return Err(changed());
                }
                let summary = if stem.is_empty() { "cover removed".to_owned() } else { format!("cover {stem}") };
                audited(conn, &actor, AuditAction::NewsSave, &format!("news {id}"), &summary, now)?;
                read_news(conn, id)
            })
            .await
            .inspect(|_| self.wake_outbox())
    }

    /// The six pages with the languages each is written in.
    #[tracing::instrument(level = "debug", skip(self))]
    pub async fn staff_pages(&self) -> Result<Vec<PageSummary>, AppError> {
        let rows = self.db.run(|conn| store::pages::summaries(conn).map_err(DbError::from)).await?;
        Ok(FOOTER_PAGES
            .iter()
            .map(|slug| {
                let own: Vec<_> = rows.iter().filter(|row| row.0 == *slug).collect();
                let english = own.iter().find(|row| row.1 == keyshop_core::i18n::DEFAULT);
                PageSummary {
                    slug: (*slug).to_owned(),
                    languages: own.iter().map(|row| row.1.clone()).collect(),
                    title: english.map(|row| row.2.clone()).unwrap_or_default(),
                    updated_at: own.iter().map(|row| row.3).max().unwrap_or_default(),
                }
            })
            .collect())
    }

    /// One language of a page and whether it is written there; a language
    /// not written yet comes as the English text, at version 0, to start from.
    #[tracing::instrument(level = "debug", skip(self))]
    pub async fn staff_page(&self, slug: &str, language: &str) -> Result<(StaffPageRow, bool), AppError> {
        let draft = article::check_page(PageDraft {
            slug: slug.to_owned(),
            language: language.to_owned(),
            title: "-".to_owned(),
            body: "-".to_owned(),
        })?;
        self.db
            .run(move |conn| -> Result<(StaffPageRow, bool), AppError> {
                if let Some(row) = store::pages::find_exact(conn, &draft.slug, &draft.language)? {
                    return Ok((row, true));
                }
                let english = store::pages::find_exact(conn, &draft.slug, keyshop_core::i18n::DEFAULT)?;
                let mut row = english.ok_or_else(|| AppError::not_found("api.error.pageNotFound"))?;
                row.language = draft.language;
                row.version = 0;
                Ok((row, false))
            })
            .await
    }

    /// Writes one language of a page at the version read (0: a first text).
    #[tracing::instrument(level = "debug", skip(self, title, body, actor))]
    pub async fn save_page(
        &self,
        slug: &str,
        language: &str,
        version: i64,
        title: &str,
        body: &str,
        actor: Actor,
    ) -> Result<StaffPageRow, AppError> {
        let draft = article::check_page(PageDraft {
            slug: slug.to_owned(),
            language: language.to_owned(),
            title: title.to_owned(),
            body: body.to_owned(),
        })?;
        let now = self.clock.now_ms();
        self.db
            .write(move |conn| -> Result<StaffPageRow, AppError> {
                let PageDraft { slug, language, title, body } = &draft;
                if !store::pages::save(conn, slug, language, version, title, body, now)? {
                    return Err(changed());
                }
                let summary = format!("{language}: {title}");
                audited(conn, &actor, AuditAction::PageSave, &format!("page {slug}"), &summary, now)?;
                store::pages::find_exact(conn, slug, language)?
                    .ok_or_else(|| AppError::not_found("api.error.pageNotFound"))
            })
            .await
            .inspect(|_| self.wake_outbox())
    }
}
