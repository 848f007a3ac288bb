//! Products in the console: list and read them in any state, create and edit
//! them in every language, publish, unpublish and archive them, upload and
//! remove their images. Each write checks the version read (409 when someone
//! saved in between), writes its audit record and a `ProductsChanged` event
//! in the same transaction, and patches the in-memory catalog at once (the
//! other replicas patch theirs from the event).

use keyshop_core::audit::{self, Actor, AuditAction};
use keyshop_core::db::{DbConnection, DbError};
use keyshop_core::error::{AppError, ErrorCode, FieldErrors};
use keyshop_core::events::{Event, outbox};
use keyshop_core::identity::Party;
use keyshop_core::paging::Paging;
use keyshop_core::vocab::{Genre, Language, ProductState};
use keyshop_proto::events::v1::ProductsChanged;

use super::CatalogService;
use super::media::Image;
use crate::domain::draft::{self, LanguageTexts, ProductDraft, RawProduct};
use crate::domain::product::Requirements;
use crate::domain::taxonomy;
use crate::events::EDIT_REASON;
use crate::images::{self, ImageSlot};
use crate::store;
use crate::store::products::ProductRow;

/// The most screenshots a product may have.
pub const MAX_SCREENSHOTS: usize = 8;

/// A product as the console edits it.
#[derive(Debug, Clone)]
pub struct StaffProduct {
    pub row: ProductRow,
    pub genres: Vec<Genre>,
    pub languages: Vec<Language>,
    pub texts: Vec<LanguageTexts>,
    pub cover_image: String,
    pub screenshot_images: Vec<String>,
    pub countries: Vec<String>,
    pub missing_languages: Vec<String>,
}

impl StaffProduct {
    pub fn requirements(&self) -> Option<Requirements> {
        self.row.requirements()
    }
}

/// A line of the console's product list.
#[derive(Debug, Clone)]
pub struct StaffProductLine {
    pub row: ProductRow,
    pub cover_image: String,
    pub languages_done: i64,
}

/// What an image change does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImageChange {
    Cover,
    AddScreenshot,
    RemoveCover,
    /// Position from 1.
    RemoveScreenshot(usize),
}

fn not_found() -> AppError {
    AppError::not_found("api.error.productNotFound")
}

fn changed() -> AppError {
    AppError::new(ErrorCode::Conflict, "api.staff.changed")
}

/// The product with everything the console shows, read in `conn`.
fn read(conn: &mut DbConnection, id: i64) -> Result<StaffProduct, AppError> {
    let row = store::products::find(conn, id)?.ok_or_else(not_found)?;
    let images = store::product_images::list(conn, id)?;
    let mut texts = store::products::all_texts(conn, id)?;
    // A product stored before titles were per language: its English title.
    match texts.first_mut() {
        Some(english) if english.language == keyshop_core::i18n::DEFAULT => {
            if english.title.is_empty() {
                english.title = row.title.clone();
            }
        }
        _ => texts.insert(
            0,
            LanguageTexts {
                language: keyshop_core::i18n::DEFAULT.to_owned(),
                title: row.title.clone(),
                description: String::new(),
                activation_guide: String::new(),
            },
        ),
    }
    Ok(StaffProduct {
        genres: store::products::genres_of(conn, id)?,
        languages: store::products::languages_of(conn, id)?,
        cover_image: images.iter().find(|(slot, _)| *slot == 0).map(|(_, stem)| stem.clone()).unwrap_or_default(),
        screenshot_images: images.into_iter().filter(|(slot, _)| *slot > 0).map(|(_, stem)| stem).collect(),
        countries: taxonomy::countries_of(row.region).iter().map(|country| (*country).to_owned()).collect(),
        missing_languages: draft::missing_languages(&texts),
        texts,
        row,
    })
}

/// The event and the audit record of a change to product `id`.
fn announce(
    conn: &mut DbConnection,
    id: i64,
    actor: &Actor,
    action: AuditAction,
    summary: &str,
    now_ms: i64,
) -> Result<(), AppError> {
    let event = Event::new(id.to_string(), &ProductsChanged { product_ids: vec![id], reason: EDIT_REASON.into() });
    outbox::enqueue(conn, &event)?;
    let record = audit::record(actor, action, &format!("product {id}"), summary, Party::Catalog, now_ms);
    outbox::enqueue(conn, &record)?;
    Ok(())
}

/// Refuses a SKU or a pair of names another product has.
fn check_unique(conn: &mut DbConnection, draft: &ProductDraft, except: i64) -> Result<(), AppError> {
    let (sku, names) = store::products::taken(conn, draft, except)?;
    let mut errors = FieldErrors::default();
    if sku {
        errors.add("sku", "api.staff.skuTaken");
    }
    if names {
        errors.add("gameExtName", "api.staff.namesTaken");
    }
    errors.finish()
}

impl CatalogService {
    /// A page of every product (any state) whose title, SKU or name holds `text`.
    #[tracing::instrument(level = "debug", skip(self))]
    pub async fn staff_products(
        &self,
        text: &str,
        states: Vec<ProductState>,
        page: i64,
        limit: i64,
    ) -> Result<(Vec<StaffProductLine>, i64, Paging), AppError> {
        let paging = Paging::parse(page, limit)?;
        let text = text.trim().to_owned();
        if text.chars().count() > 100 {
            return Err(AppError::field("text", "api.field.tooLong"));
        }
        let (offset, limit) = (paging.offset() as i64, i64::from(paging.limit));
        let (lines, total) = self
            .db
            .run(move |conn| -> Result<_, DbError> {
                let (rows, total) = store::products::staff_search(conn, &text, &states, offset, limit)?;
                let ids: Vec<i64> = rows.iter().map(|row| row.id).collect();
                let done = store::products::titled_languages(conn, &ids)?;
                let mut covers: std::collections::HashMap<i64, String> = store::product_images::of(conn, Some(&ids))?
                    .into_iter()
                    .filter(|(_, (slot, _))| *slot == 0)
                    .map(|(id, (_, stem))| (id, stem))
                    .collect();
                let lines = rows
                    .into_iter()
                    .map(|row| StaffProductLine {
                        cover_image: covers.remove(&row.id).unwrap_or_default(),
                        languages_done: done.get(&row.id).copied().unwrap_or(0),
                        row,
                    })
                    .collect();
                Ok((lines, total))
            })
            .await?;
        Ok((lines, total, paging))
    }

    #[tracing::instrument(level = "debug", skip(self))]
    pub async fn staff_product(&self, id: i64) -> Result<StaffProduct, AppError> {
        self.db.run(move |conn| read(conn, id)).await
    }

    /// Creates a draft (`id` 0) or rewrites product `id` at `version`.
    #[tracing::instrument(level = "debug", skip(self, raw, actor))]
    pub async fn save_product(
        &self,
        id: i64,
        version: i64,
        raw: RawProduct,
        actor: Actor,
    ) -> Result<StaffProduct, AppError> {
        let draft = draft::check(raw)?;
        let now = self.clock().now_ms();
        let palette = i32::try_from(now.rem_euclid(16)).unwrap_or(0);
        let saved = self
            .db
            .write(move |conn| -> Result<StaffProduct, AppError> {
                check_unique(conn, &draft, id)?;
                let (id, action) = if id == 0 {
                    (store::products::create(conn, &draft, palette, now)?, AuditAction::ProductCreate)
                } else {
                    store::products::find(conn, id)?.ok_or_else(not_found)?;
                    if !store::products::update(conn, id, version, &draft, now)? {
                        return Err(changed());
                    }
                    (id, AuditAction::ProductUpdate)
                };
                let summary = format!("{} ({}), {} US cents", draft.title(), draft.sku, draft.price_usd);
                announce(conn, id, &actor, action, &summary, now)?;
                read(conn, id)
            })
            .await?;
        self.after_product_change(saved.row.id).await;
        Ok(saved)
    }

    /// Publishes, unpublishes (back to a draft) or archives product `id` at `version`.
    #[tracing::instrument(level = "debug", skip(self, actor))]
    pub async fn set_product_state(
        &self,
        id: i64,
        version: i64,
        state: ProductState,
        actor: Actor,
    ) -> Result<StaffProduct, AppError> {
        let now = self.clock().now_ms();
        let saved = self
            .db
            .write(move |conn| -> Result<StaffProduct, AppError> {
                let before = store::products::find(conn, id)?.ok_or_else(not_found)?;
                if !store::products::set_state(conn, id, version, state, now)? {
                    return Err(changed());
                }
                let summary = format!("{} → {}", before.state.as_str(), state.as_str());
                announce(conn, id, &actor, AuditAction::ProductState, &summary, now)?;
                read(conn, id)
            })
            .await?;
        self.after_product_change(id).await;
        Ok(saved)
    }

    /// Sets the cover, adds a screenshot (`data`, checked and converted
    /// first: nothing is stored for a refused file), or removes one.
    #[tracing::instrument(level = "debug", skip(self, data, actor))]
    pub async fn change_image(
        &self,
        id: i64,
        version: i64,
        change: ImageChange,
        data: Vec<u8>,
        actor: Actor,
    ) -> Result<StaffProduct, AppError> {
        let stem = match change {
            ImageChange::Cover | ImageChange::AddScreenshot => {
                let slot = if change == ImageChange::Cover { ImageSlot::Cover } else { ImageSlot::Screenshot };
                // The product must exist before anything is stored.
                let current = self.staff_product(id).await?;
                if change == ImageChange::AddScreenshot && current.screenshot_images.len() >= MAX_SCREENSHOTS {
                    return Err(AppError::field("file", "api.staff.tooManyScreenshots"));
                }
                self.store_image(data, slot).await?
            }
            ImageChange::RemoveCover | ImageChange::RemoveScreenshot(_) => String::new(),
        };
        let now = self.clock().now_ms();
        let saved = self
            .db
            .write(move |conn| -> Result<StaffProduct, AppError> {
                let current = read(conn, id)?;
                if !store::products::bump_version(conn, id, version, now)? {
                    return Err(changed());
                }
                let mut screenshots = current.screenshot_images.clone();
                let summary = match change {
                    ImageChange::Cover => {
                        store::product_images::put(conn, id, 0, &stem)?;
                        format!("cover {stem}")
                    }
                    ImageChange::AddScreenshot => {
                        screenshots.push(stem.clone());
                        store::product_images::set_screenshots(conn, id, &screenshots)?;
                        format!("screenshot {} {stem}", screenshots.len())
                    }
                    ImageChange::RemoveCover => {
                        store::product_images::remove(conn, id, 0)?;
                        "cover removed".to_owned()
                    }
                    ImageChange::RemoveScreenshot(position) => {
                        if position == 0 || position > screenshots.len() {
                            return Err(AppError::field("index", "api.field.outOfRange"));
                        }
                        screenshots.remove(position - 1);
                        store::product_images::set_screenshots(conn, id, &screenshots)?;
                        format!("screenshot {position} removed")
                    }
                };
                announce(conn, id, &actor, AuditAction::ProductImage, &summary, now)?;
                read(conn, id)
            })
            .await?;
        self.after_product_change(id).await;
        Ok(saved)
    }

    /// The English titles of products `ids` (any state), by id.
    pub async fn product_titles(&self, ids: Vec<i64>) -> Result<std::collections::HashMap<i64, String>, AppError> {
        Ok(self.db.run(move |conn| store::products::titles_of(conn, &ids).map_err(DbError::from)).await?)
    }

    /// An uploaded image's file (`<stem>-<width>.webp`).
    #[tracing::instrument(level = "debug", skip(self))]
    pub async fn media_file(&self, name: &str) -> Result<Image, AppError> {
        if !images::is_file_name(name) {
            return Err(AppError::not_found("api.error.notFound"));
        }
        let data = self.media.get(name).await?.ok_or_else(|| AppError::not_found("api.error.notFound"))?;
        let etag = name.trim_end_matches(".webp").to_owned();
        Ok(Image { content_type: "image/webp", data, etag })
    }

    /// Takes products `ids` as they are now into the in-memory catalog (a
    /// patch: the search index gets one delete and one add per product).
    pub async fn refresh_products(&self, ids: Vec<i64>) -> Result<(), AppError> {
        let wanted = ids.clone();
        let read = self.db.run(move |conn| store::products::load_summaries_of(conn, &wanted).map_err(DbError::from));
        self.patch(read, |snapshot, current| {
            snapshot.with_products(&ids, current).map(Some).map_err(AppError::internal)
        })
        .await
    }

    async fn after_product_change(&self, id: i64) {
        if let Err(error) = self.refresh_products(vec![id]).await {
            tracing::warn!(error = %error.detail, product_id = id, "patching the catalog failed; reloading it");
            self.request_refresh();
        }
        self.wake_outbox();
    }
}
