//! Reviews: the list, the rating summary, and posting (one per visitor per
//! minute, only while comments are on).

use std::time::Duration;

use keyshop_core::audit::{self, Actor, AuditAction};
use keyshop_core::db::DbError;
use keyshop_core::error::{AppError, ErrorCode};
use keyshop_core::events::{Event, outbox, processed};
use keyshop_core::identity::Party;
use keyshop_core::paging::Paging;
use keyshop_core::throttle::address_bucket;
use keyshop_proto::events::v1::ProductsChanged;
use sha2::{Digest, Sha256};

use super::products::check_names;
use super::{CatalogService, visitor_hash};
use crate::domain::review::{INTERVAL_SECONDS, NewReview, RatingSummary, ReviewForm};
use crate::events::REVIEW_REASON;
use crate::store;
use crate::store::reviews::{PublicReview, StaffReviewRow};

/// The site setting that switches comments on and off.
pub const COMMENTS_SETTING: &str = "commentEnabled";
/// The site setting that keeps reviews to those who bought the product.
pub const BUYERS_ONLY_SETTING: &str = "reviewsBuyersOnly";
/// The consumer that projects purchases (its processed events).
pub const BUYERS_CONSUMER: &str = "catalog-buyers";
const MAX_REPLY_CHARS: usize = 2000;

/// A keyed hash of a buyer's e-mail (as typed, in any case): purchases are
/// matched without the catalog keeping addresses.
pub fn email_hash(email: &str) -> String {
    let digest = Sha256::digest(format!("keyshop-buyer:{}", email.trim().to_lowercase()).as_bytes());
    digest.iter().take(16).map(|byte| format!("{byte:02x}")).collect()
}

impl CatalogService {
    fn product_id(&self, game_name: &str, game_ext_name: &str) -> Result<i64, AppError> {
        check_names(game_name, game_ext_name)?;
        self.snapshot()
            .by_names(game_name, game_ext_name)
            .map(|product| product.id)
            .ok_or_else(|| AppError::not_found("api.error.productNotFound"))
    }

    #[tracing::instrument(level = "debug", skip(self))]
    pub async fn reviews(
        &self,
        game_name: &str,
        game_ext_name: &str,
        page: i64,
        limit: i64,
    ) -> Result<(Vec<PublicReview>, i64, Paging), AppError> {
        let product_id = self.product_id(game_name, game_ext_name)?;
        let paging = Paging::parse(page, limit)?;
        let (offset, size) = (paging.offset() as i64, i64::from(paging.limit));
        let (rows, total) = self
            .db
            .run(move |conn| store::reviews::page(conn, product_id, offset, size).map_err(DbError::from))
            .await?;
        Ok((rows, total, paging))
    }

    #[tracing::instrument(level = "debug", skip(self))]
    pub async fn rating_summary(&self, game_name: &str, game_ext_name: &str) -> Result<RatingSummary, AppError> {
        let product_id = self.product_id(game_name, game_ext_name)?;
        let counts =
            self.db.run(move |conn| store::reviews::star_counts(conn, product_id).map_err(DbError::from)).await?;
        Ok(RatingSummary::from_counts(&counts))
    }

    async fn comments_enabled(&self) -> Result<bool, AppError> {
        let settings = self.public_settings().await?;
        Ok(settings.iter().find(|(key, _)| key == COMMENTS_SETTING).is_none_or(|(_, value)| value != "false"))
    }

    async fn buyers_only(&self) -> Result<bool, AppError> {
        let settings = self.public_settings().await?;
        Ok(settings.iter().any(|(key, value)| key == BUYERS_ONLY_SETTING && value == "true"))
    }

    /// Records that `email` bought `skus` (an `OrderPaid`), once per event.
    pub async fn record_purchase(&self, event_id: &str, email: &str, skus: Vec<String>) -> Result<bool, AppError> {
        let (event_id, hash) = (event_id.to_owned(), email_hash(email));
        self.db
            .write(move |conn| -> Result<bool, AppError> {
                if !processed::claim(conn, BUYERS_CONSUMER, &event_id)? {
                    return Ok(false);
                }
                store::buyers::record(conn, &hash, &skus)?;
                Ok(true)
            })
            .await
    }

    /// (staff) Reviews of one product or all, hidden or shown or both.
    pub async fn staff_reviews(
        &self,
        product_id: Option<i64>,
        hidden: Option<bool>,
        page: i64,
        limit: i64,
    ) -> Result<(Vec<StaffReviewRow>, i64, Paging), AppError> {
        let paging = Paging::parse(page, limit)?;
        let (offset, size) = (paging.offset() as i64, i64::from(paging.limit));
        let (rows, total) = self
            .db
            .run(move |conn| store::reviews::staff_page(conn, product_id, hidden, offset, size).map_err(DbError::from))
            .await?;
        Ok((rows, total, paging))
    }

    /// (staff) Hides or shows review `id` (its stars leave or rejoin the
    /// product's rating) and sets the store's reply, at `version`.
    pub async fn moderate_review(
        &self,
        id: i64,
        version: i64,
        hidden: bool,
        reply: &str,
        actor: Actor,
    ) -> Result<StaffReviewRow, AppError> {
        let reply = reply.trim().to_owned();
        if reply.chars().count() > MAX_REPLY_CHARS {
            return Err(AppError::field("reply", "api.field.tooLong"));
        }
        let now = self.clock.now_ms();
        let review = self
            .db
            .write(move |conn| -> Result<StaffReviewRow, AppError> {
                let before =
                    store::reviews::find(conn, id)?.ok_or_else(|| AppError::not_found("api.error.notFound"))?;
                if !store::reviews::moderate(conn, id, version, hidden, &reply)? {
                    return Err(AppError::new(ErrorCode::Conflict, "api.staff.changed"));
                }
                if before.hidden != hidden {
                    store::products::move_rating(conn, before.product_id, before.stars, if hidden { -1 } else { 1 })?;
                    let event = Event::new(
                        before.product_id.to_string(),
                        &ProductsChanged { product_ids: vec![before.product_id], reason: REVIEW_REASON.into() },
                    );
                    outbox::enqueue(conn, &event)?;
                }
                let summary = format!(
                    "{} → {}{}",
                    if before.hidden { "hidden" } else { "shown" },
                    if hidden { "hidden" } else { "shown" },
                    if reply != before.staff_reply { ", reply changed" } else { "" }
                );
                let record = audit::record(
                    &actor,
                    AuditAction::ReviewModerate,
                    &format!("review {id}"),
                    &summary,
                    Party::Catalog,
                    now,
                );
                outbox::enqueue(conn, &record)?;
                store::reviews::find(conn, id)?.ok_or_else(|| AppError::not_found("api.error.notFound"))
            })
            .await?;
        self.wake_outbox();
        self.refresh_ratings(vec![review.product_id]).await?;
        Ok(review)
    }

    /// Posts a review. Order of checks: input, the comment switch, the
    /// product, then the one-per-minute rule (a refused post does not use up
    /// the visitor's minute).
    #[tracing::instrument(level = "debug", skip(self, form, visitor_address))]
    pub async fn post_review(
        &self,
        game_name: &str,
        game_ext_name: &str,
        form: &ReviewForm,
        visitor_address: &str,
    ) -> Result<i64, AppError> {
        let review = NewReview::parse(form)?;
        if !self.comments_enabled().await? {
            return Err(AppError::new(ErrorCode::BusinessRule, "api.review.disabled"));
        }
        let product_id = self.product_id(game_name, game_ext_name)?;
        let sku = self.snapshot().by_id(product_id).map(|product| product.sku.clone()).unwrap_or_default();
        let buyer = email_hash(review.email.as_str());
        let verified =
            self.db.run(move |conn| store::buyers::bought(conn, &buyer, &sku).map_err(DbError::from)).await?;
        if !verified && self.buyers_only().await? {
            return Err(AppError::field("email", "api.review.buyersOnly"));
        }
        let visitor = visitor_hash(visitor_address);
        // One per minute per address (an IPv6 address by its /64), counted
        // in the throttle store, which a flood of cached pages cannot evict.
        let interval_key = format!("catalog:review:{}", visitor_hash(&address_bucket(visitor_address)));
        let (count, left) = self.throttle().hit(&interval_key, Duration::from_secs(INTERVAL_SECONDS)).await;
        if count > 1 {
            return Err(AppError::rate_limited("api.review.interval", left));
        }
        let now = self.clock.now_ms();
        let written = self
            .db
            .write(move |conn| -> Result<i64, AppError> {
                let id = store::reviews::insert(conn, product_id, &review, &visitor, verified, now)?;
                store::products::add_rating(conn, product_id, review.stars)?;
                let event = Event::new(
                    product_id.to_string(),
                    &ProductsChanged { product_ids: vec![product_id], reason: REVIEW_REASON.into() },
                );
                outbox::enqueue(conn, &event)?;
                Ok(id)
            })
            .await;
        let id = match written {
            Ok(id) => id,
            Err(error) => {
                // Nothing was posted: give the visitor their minute back.
                self.throttle().reset(&interval_key).await;
                return Err(error);
            }
        };
        self.wake_outbox();
        // The rating, patched in (every replica does the same on the event).
        self.refresh_ratings(vec![product_id]).await?;
        Ok(id)
    }
}
