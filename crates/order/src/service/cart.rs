//! Carts: a member's, kept on the server under their id, and a visitor's,
//! found by the hash of the cart token only its browser holds. Reading a
//! cart prices it today, in the buyer's currency, and says how many of each
//! product one order may take now.

use std::collections::BTreeMap;

use keyshop_core::error::{AppError, ErrorCode};
use keyshop_core::secret;
use keyshop_proto::catalog::v1 as catalog;
use keyshop_proto::delivery::v1 as delivery;

use super::OrderService;
use crate::domain::cart::{self, Allowance, CartLine};
use crate::store;
use crate::store::carts::CartLineRow;

/// Whose cart.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CartOwner {
    Member(i64),
    /// The cart token's digest.
    Visitor(String),
}

impl CartOwner {
    fn key(&self) -> String {
        match self {
            CartOwner::Member(id) => format!("member:{id}"),
            CartOwner::Visitor(digest) => format!("visitor:{digest}"),
        }
    }
}

#[derive(Debug, Clone)]
pub struct CartViewLine {
    pub card: catalog::ProductCard,
    pub quantity: i64,
    pub most: i64,
    pub unit_price: i64,
    pub line_total: i64,
    pub available: bool,
}

#[derive(Debug, Clone, Default)]
pub struct CartView {
    pub lines: Vec<CartViewLine>,
    pub currency: String,
    pub goods: i64,
    pub count: i64,
    /// Set when the call made a visitor's cart.
    pub cart_token: Option<String>,
}

/// Who asks for a cart: a member's session, or a visitor's cart token.
#[derive(Debug, Clone, Default)]
pub struct CartAsker {
    pub bearer: Option<String>,
    pub cart_token: String,
}

fn snapshot(row: &CartLineRow) -> catalog::ProductCard {
    catalog::ProductCard {
        id: row.product_id,
        sku: row.sku.clone(),
        game_name: row.game_name.clone(),
        game_ext_name: row.game_ext_name.clone(),
        title: row.title.clone(),
        platform: row.platform.clone(),
        price_usd: row.price_usd,
        list_price_usd: row.price_usd,
        stock: "out_of_stock".to_owned(),
        ..catalog::ProductCard::default()
    }
}

impl OrderService {
    /// The owner of the cart `asker` means; `None` for a visitor with no cart yet.
    async fn cart_owner(&self, asker: &CartAsker) -> Result<Option<CartOwner>, AppError> {
        if let Some((member_id, ..)) = self.member(asker.bearer.as_deref()).await? {
            return Ok(Some(CartOwner::Member(member_id)));
        }
        let token = asker.cart_token.trim();
        if token.is_empty() {
            return Ok(None);
        }
        if token.len() > 128 {
            return Err(AppError::field("cartToken", "api.error.validation"));
        }
        Ok(Some(CartOwner::Visitor(secret::digest(token))))
    }

    /// Today's cards and keys in stock of `product_ids`.
    async fn allowances(
        &self,
        product_ids: Vec<i64>,
    ) -> Result<(Vec<catalog::ProductCard>, BTreeMap<String, i64>), AppError> {
        if product_ids.is_empty() {
            return Ok((Vec::new(), BTreeMap::new()));
        }
        let cards = self
            .peers
            .catalog
            .clone()
            .list_product_cards(catalog::ListProductCardsRequest { ids: product_ids })
            .await?
            .into_inner()
            .products;
        let skus = cards.iter().map(|card| card.sku.clone()).collect();
        let stock = self.peers.delivery.clone().get_stock(delivery::StockRequest { skus }).await?.into_inner().stock;
        Ok((cards, stock.into_iter().map(|stock| (stock.sku, stock.available)).collect()))
    }

    async fn view(&self, owner: Option<&CartOwner>, currency: &str) -> Result<CartView, AppError> {
        let rate = self.rate_of(currency).await?;
        let rows = match owner {
            None => Vec::new(),
            Some(owner) => {
                let key = owner.key();
                self.db.run(move |conn| Ok::<_, AppError>(store::carts::of_owner(conn, &key)?)).await?
            }
        };
        let (cards, stock) = self.allowances(rows.iter().map(|row| row.product_id).collect()).await?;
        let mut view = CartView { currency: currency.to_owned(), ..CartView::default() };
        for row in &rows {
            let fresh = cards.iter().find(|card| card.id == row.product_id);
            let available_keys = fresh.and_then(|card| stock.get(&card.sku)).copied().unwrap_or(0);
            let most = Allowance { per_order_limit: 0, available: available_keys }.most();
            let card = fresh.cloned().unwrap_or_else(|| snapshot(row));
            let unit_price = rate.convert(card.price_usd).map_err(AppError::internal)?;
            let available = fresh.is_some() && most > 0;
            let quantity = row.quantity;
            let line_total = unit_price.saturating_mul(quantity);
            if available {
                view.goods = view.goods.saturating_add(line_total);
                view.count = view.count.saturating_add(quantity);
            }
            view.lines.push(CartViewLine { card, quantity, most, unit_price, line_total, available });
        }
        Ok(view)
    }

    pub async fn cart(&self, asker: &CartAsker, currency: &str) -> Result<CartView, AppError> {
        let owner = self.cart_owner(asker).await?;
        self.view(owner.as_ref(), currency).await
    }

    /// Sets `product_id`'s quantity in the cart (0 removes it), within the
    /// per-order limit and the keys in stock.
    pub async fn set_cart_line(
        &self,
        asker: &CartAsker,
        currency: &str,
        product_id: i64,
        quantity: i64,
    ) -> Result<CartView, AppError> {
        if product_id <= 0 {
            return Err(AppError::field("productId", "api.error.validation"));
        }
        if quantity < 0 {
            return Err(AppError::field("quantity", "api.cart.quantityInvalid"));
        }
        let _ = self.rate_of(currency).await?;
        let (owner, cart_token) = match self.cart_owner(asker).await? {
            Some(owner) => (owner, None),
            None if quantity == 0 => return self.view(None, currency).await,
            None => {
                let token = secret::new_token().map_err(AppError::internal)?;
                (CartOwner::Visitor(secret::digest(&token)), Some(token))
            }
        };
        let key = owner.key();
        let now = self.clock.now_ms();
        if quantity == 0 {
            self.db.write(move |conn| Ok::<_, AppError>(store::carts::remove(conn, &key, product_id)?)).await?;
        } else {
            let (cards, stock) = self.allowances(vec![product_id]).await?;
            let card = cards.into_iter().next().ok_or_else(|| AppError::not_found("api.error.notFound"))?;
            let available = stock.get(&card.sku).copied().unwrap_or(0);
            cart::check_quantity(quantity, Allowance { per_order_limit: 0, available })?;
            let row = CartLineRow {
                owner: key,
                product_id,
                quantity,
                sku: card.sku,
                title: card.title,
                platform: card.platform,
                game_name: card.game_name,
                game_ext_name: card.game_ext_name,
                price_usd: card.price_usd,
                added_at: now,
                updated_at: now,
            };
            self.db
                .write(move |conn| -> Result<(), AppError> {
                    let lines = store::carts::of_owner(conn, &row.owner)?;
                    if lines.len() >= cart::MAX_LINES && !lines.iter().any(|line| line.product_id == row.product_id) {
                        return Err(AppError::new(ErrorCode::BusinessRule, "api.cart.full"));
                    }
                    store::carts::upsert(conn, &row)?;
                    Ok(())
                })
                .await?;
        }
        let mut view = self.view(Some(&owner), currency).await?;
        view.cart_token = cart_token;
        Ok(view)
    }

    /// Moves the visitor's cart (its token) into the signed-in member's:
    /// quantities add up within what each product allows now.
    pub async fn merge_cart(&self, asker: &CartAsker, currency: &str) -> Result<CartView, AppError> {
        let Some((member_id, ..)) = self.member(asker.bearer.as_deref()).await? else {
            return Err(AppError::of(ErrorCode::Unauthenticated));
        };
        let member = CartOwner::Member(member_id);
        let token = asker.cart_token.trim();
        if token.is_empty() || token.len() > 128 {
            return self.view(Some(&member), currency).await;
        }
        let (member_key, visitor_key) = (member.key(), CartOwner::Visitor(secret::digest(token)).key());
        let (mine, theirs) = {
            let (member_key, visitor_key) = (member_key.clone(), visitor_key.clone());
            self.db
                .run(move |conn| -> Result<_, AppError> {
                    Ok((store::carts::of_owner(conn, &member_key)?, store::carts::of_owner(conn, &visitor_key)?))
                })
                .await?
        };
        if !theirs.is_empty() {
            let ids = mine.iter().chain(&theirs).map(|row| row.product_id).collect();
            let (cards, stock) = self.allowances(ids).await?;
            let as_lines = |rows: &[CartLineRow]| -> Vec<CartLine> {
                rows.iter().map(|row| CartLine { product_id: row.product_id, quantity: row.quantity }).collect()
            };
            let merged = cart::merge(&as_lines(&mine), &as_lines(&theirs), |product_id| {
                let card = cards.iter().find(|card| card.id == product_id)?;
                Some(Allowance { per_order_limit: 0, available: stock.get(&card.sku).copied().unwrap_or(0) })
            });
            let now = self.clock.now_ms();
            let rows: Vec<CartLineRow> = merged
                .iter()
                .filter_map(|line| {
                    let earlier = mine.iter().chain(&theirs).find(|row| row.product_id == line.product_id)?;
                    Some(CartLineRow {
                        owner: member_key.clone(),
                        quantity: line.quantity,
                        updated_at: now,
                        ..earlier.clone()
                    })
                })
                .collect();
            self.db
                .write(move |conn| -> Result<(), AppError> {
                    store::carts::clear(conn, &member_key)?;
                    store::carts::clear(conn, &visitor_key)?;
                    for row in &rows {
                        store::carts::upsert(conn, row)?;
                    }
                    Ok(())
                })
                .await?;
        }
        self.view(Some(&member), currency).await
    }

    /// Takes what was just ordered out of the buyer's cart.
    pub(super) async fn remove_bought(&self, owner: Option<CartOwner>, product_ids: Vec<i64>) -> Result<(), AppError> {
        let Some(owner) = owner else { return Ok(()) };
        let key = owner.key();
        self.db.write(move |conn| Ok::<_, AppError>(store::carts::remove_products(conn, &key, &product_ids)?)).await?;
        Ok(())
    }

    /// Forgets visitors' carts untouched for `days`.
    pub async fn purge_stale_carts(&self, days: i64) -> Result<usize, AppError> {
        let before = self.clock.now_ms().saturating_sub(days.saturating_mul(86_400_000));
        self.db.write(move |conn| Ok::<_, AppError>(store::carts::purge_stale(conn, before)?)).await
    }
}
