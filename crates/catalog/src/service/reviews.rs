//! Reviews: the list, the rating summary, and posting (one per visitor per
//! minute, only while comments are on).

use std::time::Duration;

use keyshop_core::db::DbError;
use keyshop_core::error::{AppError, ErrorCode};
use keyshop_core::events::{Event, outbox};
use keyshop_core::paging::Paging;
use keyshop_core::throttle::address_bucket;
use keyshop_proto::events::v1::ProductsChanged;

use super::products::check_names;
use super::{CatalogService, visitor_hash};
use crate::domain::review::{INTERVAL_SECONDS, NewReview, RatingSummary, ReviewForm};
use crate::events::REVIEW_REASON;
use crate::store;
use crate::store::reviews::PublicReview;

/// The site setting that switches comments on and off.
pub const COMMENTS_SETTING: &str = "commentEnabled";

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
                let id = store::reviews::insert(conn, product_id, &review, &visitor, now)?;
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
