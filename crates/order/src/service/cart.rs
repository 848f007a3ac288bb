//! Carts: a member's, kept on the server under their id, and a visitor's,
//! found by the hash of the cart token only its browser holds. Reading a
//! cart prices it today, in the buyer's currency, and says how many of each
//! product one order may take now.

use std::collections::BTreeMap;

use keyshop_core::error::{AppError, ErrorCode};
use keyshop_core::ids::{MemberId, ProductId};
use keyshop_core::money::{CurrencyCode, ExchangeRate};
use keyshop_core::secret;
use keyshop_proto::catalog::v1 as catalog;

use super::OrderService;
use crate::domain::cart::{self, Allowance, CartLine};
use crate::ports::ProductOffer;
use crate::store;
use crate::store::carts::CartLineRow;

/// The longest cart token taken.
const MAX_CART_TOKEN: usize = 128;

/// Whose cart.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CartOwner {
    Member(MemberId),
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

#[derive(Debug, Clone)]
pub struct CartView {
    pub lines: Vec<CartViewLine>,
    pub currency: CurrencyCode,
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

/// The card a cart line was added with, for a product the catalog no longer sells.
fn snapshot(row: &CartLineRow) -> catalog::ProductCard {
    catalog::ProductCard {
        id: row.product_id.get(),
        sku: row.sku.clone(),
        game_name: row.game_name.clone(),
        game_ext_name: row.game_ext_name.clone(),
        title: row.title.clone(),
        product_type: row.product_type.to_proto(),
        platform: row.platform.to_proto(),
        region: row.region.to_proto(),
        price_usd: row.price_usd,
        list_price_usd: row.price_usd,
        stock: keyshop_core::vocab::StockStatus::OutOfStock.to_proto(),
        ..catalog::ProductCard::default()
    }
}

/// What one order may take of `offer` with `available` keys in stock.
fn allowance(offer: &ProductOffer, stock: &BTreeMap<String, i64>) -> Allowance {
    Allowance { per_order_limit: offer.per_order_limit, available: stock.get(&offer.sku).copied().unwrap_or(0) }
}

impl OrderService {
    /// The owner of the cart `asker` means; `None` for a visitor with no cart yet.
    async fn cart_owner(&self, asker: &CartAsker) -> Result<Option<CartOwner>, AppError> {
        if let Some(shopper) = self.shopper(asker.bearer.as_deref()).await? {
            return Ok(Some(CartOwner::Member(shopper.member_id)));
        }
        let token = asker.cart_token.trim();
        if token.is_empty() {
            return Ok(None);
        }
        if token.len() > MAX_CART_TOKEN {
            return Err(AppError::field("cartToken", "api.error.validation"));
        }
        Ok(Some(CartOwner::Visitor(secret::digest(token))))
    }

    /// Today's offers and keys in stock of `product_ids`.
    async fn allowances(
        &self,
        product_ids: Vec<ProductId>,
    ) -> Result<(Vec<ProductOffer>, BTreeMap<String, i64>), AppError> {
        if product_ids.is_empty() {
            return Ok((Vec::new(), BTreeMap::new()));
        }
        let offers = self.ports.catalog.offers(product_ids).await?;
        let stock = self.ports.inventory.available(offers.iter().map(|offer| offer.sku.clone()).collect()).await?;
        Ok((offers, stock))
    }

    async fn view(&self, owner: Option<&CartOwner>, currency: CurrencyCode) -> Result<CartView, AppError> {
        let rate = self.rate_of(currency).await?;
        let rows = match owner {
            None => Vec::new(),
            Some(owner) => {
                let key = owner.key();
                self.db.run(move |conn| Ok::<_, AppError>(store::carts::of_owner(conn, &key)?)).await?
            }
        };
        self.priced(&rows, currency, rate, Vec::new(), BTreeMap::new()).await
    }

    /// `rows` priced today at `rate`. `offers` and `stock` are what the
    /// caller already learnt of some of them: only the others are asked for.
    async fn priced(
        &self,
        rows: &[CartLineRow],
        currency: CurrencyCode,
        rate: ExchangeRate,
        mut offers: Vec<ProductOffer>,
        mut stock: BTreeMap<String, i64>,
    ) -> Result<CartView, AppError> {
        let unknown =
            rows.iter().map(|row| row.product_id).filter(|id| !offers.iter().any(|offer| offer.id == *id)).collect();
        let (more_offers, more_stock) = self.allowances(unknown).await?;
        offers.extend(more_offers);
        stock.extend(more_stock);
        let mut view = CartView { lines: Vec::new(), currency, goods: 0, count: 0, cart_token: None };
        for row in rows {
            let fresh = offers.iter().find(|offer| offer.id == row.product_id);
            let most = fresh.map_or(0, |offer| allowance(offer, &stock).most());
            let card = fresh.map_or_else(|| snapshot(row), |offer| offer.card.clone());
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

    pub async fn cart(&self, asker: &CartAsker, currency: CurrencyCode) -> Result<CartView, AppError> {
        let owner = self.cart_owner(asker).await?;
        self.view(owner.as_ref(), currency).await
    }

    /// Sets `product_id`'s quantity in the cart (0 removes it), within the
    /// per-order limit and the keys in stock.
    pub async fn set_cart_line(
        &self,
        asker: &CartAsker,
        currency: CurrencyCode,
        product_id: ProductId,
        quantity: i64,
    ) -> Result<CartView, AppError> {
        if quantity < 0 {
            return Err(AppError::field("quantity", "api.cart.quantityInvalid"));
        }
        let rate = self.rate_of(currency).await?;
        let (owner, cart_token) = match self.cart_owner(asker).await? {
            Some(owner) => (owner, None),
            None if quantity == 0 => return self.priced(&[], currency, rate, Vec::new(), BTreeMap::new()).await,
            None => {
                let token = secret::new_token().map_err(AppError::internal)?;
                (CartOwner::Visitor(secret::digest(&token)), Some(token))
            }
        };
        let key = owner.key();
        let now = self.clock.now_ms();
        // The cart as the write left it, read in the same transaction.
        let (rows, offers, stock) = if quantity == 0 {
            let rows = self
                .db
                .write(move |conn| -> Result<_, AppError> {
                    store::carts::remove(conn, &key, product_id)?;
                    Ok(store::carts::of_owner(conn, &key)?)
                })
                .await?;
            (rows, Vec::new(), BTreeMap::new())
        } else {
            let (offers, stock) = self.cart_allowances.of(&[product_id]).await?;
            let offer = offers.first().cloned().ok_or_else(|| AppError::not_found("api.error.notFound"))?;
            cart::check_quantity(quantity, allowance(&offer, &stock))?;
            let row = CartLineRow {
                owner: key,
                product_id,
                quantity,
                sku: offer.sku,
                title: offer.title,
                platform: offer.platform,
                game_name: offer.game_name,
                game_ext_name: offer.game_ext_name,
                price_usd: offer.price_usd,
                added_at: now,
                updated_at: now,
                product_type: offer.product_type,
                region: offer.region,
            };
            let rows = self
                .db
                .write(move |conn| -> Result<_, AppError> {
                    let mut lines = store::carts::of_owner(conn, &row.owner)?;
                    let earlier = lines.iter().position(|line| line.product_id == row.product_id);
                    if earlier.is_none() && lines.len() >= cart::MAX_LINES {
                        return Err(AppError::new(ErrorCode::BusinessRule, "api.cart.full"));
                    }
                    store::carts::upsert(conn, &row)?;
                    match earlier {
                        // The upsert keeps when the line was first added, and so its place.
                        Some(at) => lines[at] = CartLineRow { added_at: lines[at].added_at, ..row },
                        None => {
                            lines.push(row);
                            lines.sort_by_key(|line| (line.added_at, line.product_id));
                        }
                    }
                    Ok(lines)
                })
                .await?;
            (rows, offers, stock)
        };
        let mut view = self.priced(&rows, currency, rate, offers, stock).await?;
        view.cart_token = cart_token;
        Ok(view)
    }

    /// Moves the visitor's cart (its token) into the signed-in member's:
    /// quantities add up within what each product allows now.
    pub async fn merge_cart(&self, asker: &CartAsker, currency: CurrencyCode) -> Result<CartView, AppError> {
        let shopper =
            self.shopper(asker.bearer.as_deref()).await?.ok_or_else(|| AppError::of(ErrorCode::Unauthenticated))?;
        let member = CartOwner::Member(shopper.member_id);
        let token = asker.cart_token.trim();
        if token.is_empty() || token.len() > MAX_CART_TOKEN {
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
            let (offers, stock) = self.allowances(ids).await?;
            let as_lines = |rows: &[CartLineRow]| -> Vec<CartLine> {
                rows.iter().map(|row| CartLine { product_id: row.product_id, quantity: row.quantity }).collect()
            };
            let merged = cart::merge(&as_lines(&mine), &as_lines(&theirs), |product_id| {
                offers.iter().find(|offer| offer.id == product_id).map(|offer| allowance(offer, &stock))
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
    pub(super) async fn remove_bought(
        &self,
        owner: Option<CartOwner>,
        product_ids: Vec<ProductId>,
    ) -> Result<(), AppError> {
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
