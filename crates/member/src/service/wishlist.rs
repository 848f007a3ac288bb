//! The caller's wishlist; product data comes from the catalog over gRPC.

use keyshop_core::db::DbError;
use keyshop_core::error::{AppError, ErrorCode};
use keyshop_core::paging::Paging;
use keyshop_proto::catalog::v1::{ListProductCardsRequest, ProductCard};

use super::{Caller, MemberService, page_window};
use crate::store;

/// At most this many products in a wishlist.
pub const MAX_ITEMS: i64 = 200;

/// A wishlist entry with the product as the catalog has it now (`None` when
/// the product left the catalog).
#[derive(Debug, Clone)]
pub struct WishlistItem {
    pub product_id: i64,
    pub added_at_ms: i64,
    pub card: Option<ProductCard>,
}

impl MemberService {
    async fn cards(&self, ids: Vec<i64>) -> Result<Vec<ProductCard>, AppError> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let answer = self.catalog.clone().list_product_cards(ListProductCardsRequest { ids, skus: Vec::new() }).await;
        Ok(answer.map_err(|status| AppError::from_status(&status))?.into_inner().products)
    }

    pub async fn add_to_wishlist(&self, caller: &Caller, product_id: i64) -> Result<(), AppError> {
        if product_id <= 0 || self.cards(vec![product_id]).await?.is_empty() {
            return Err(AppError::not_found("api.error.productNotFound"));
        }
        let member_id = caller.member_id;
        let now = self.clock.now_ms();
        self.db
            .write(move |conn| -> Result<(), AppError> {
                if store::wishlist::count(conn, member_id)? >= MAX_ITEMS {
                    return Err(AppError::new(ErrorCode::BusinessRule, "api.collect.limit"));
                }
                store::wishlist::add(conn, member_id, product_id, now)?;
                Ok(())
            })
            .await
    }

    /// Removes a product; removing one that is not there is fine.
    pub async fn remove_from_wishlist(&self, caller: &Caller, product_id: i64) -> Result<(), AppError> {
        let member_id = caller.member_id;
        self.db.write(move |conn| store::wishlist::remove(conn, member_id, product_id).map_err(DbError::from)).await?;
        Ok(())
    }

    pub async fn wishlist(
        &self,
        caller: &Caller,
        page: i64,
        limit: i64,
    ) -> Result<(Vec<WishlistItem>, i64, Paging), AppError> {
        let (paging, offset, size) = page_window(page, limit)?;
        let member_id = caller.member_id;
        let (rows, total) = self
            .db
            .run(move |conn| store::wishlist::page(conn, member_id, offset, size).map_err(DbError::from))
            .await?;
        let cards = self.cards(rows.iter().map(|(id, _)| *id).collect()).await?;
        let items = rows
            .into_iter()
            .map(|(product_id, added_at_ms)| WishlistItem {
                product_id,
                added_at_ms,
                card: cards.iter().find(|card| card.id == product_id).cloned(),
            })
            .collect();
        Ok((items, total, paging))
    }

    pub async fn wishlist_ids(&self, caller: &Caller) -> Result<Vec<i64>, AppError> {
        let member_id = caller.member_id;
        Ok(self.db.run(move |conn| store::wishlist::ids(conn, member_id).map_err(DbError::from)).await?)
    }
}
