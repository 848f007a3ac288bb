//! `cart_lines`: what a member or a visitor put in their cart, one row per
//! product, with the card as it was when added.

use diesel::prelude::*;
use keyshop_core::db::DbConnection;
use keyshop_core::ids::ProductId;
use keyshop_core::vocab::{Platform, ProductType, Region};

use super::schema::cart_lines;

#[derive(Debug, Clone, PartialEq, Eq, Insertable, Queryable)]
#[diesel(table_name = cart_lines)]
pub struct CartLineRow {
    pub owner: String,
    pub product_id: ProductId,
    pub quantity: i64,
    pub sku: String,
    pub title: String,
    pub platform: Platform,
    pub game_name: String,
    pub game_ext_name: String,
    pub price_usd: i64,
    pub added_at: i64,
    pub updated_at: i64,
    pub product_type: ProductType,
    pub region: Region,
}

/// The owner's lines, in the order they were added.
pub fn of_owner(conn: &mut DbConnection, owner: &str) -> QueryResult<Vec<CartLineRow>> {
    cart_lines::table
        .filter(cart_lines::owner.eq(owner))
        .order((cart_lines::added_at, cart_lines::product_id))
        .load(conn)
}

/// Sets a line (inserted or its quantity and snapshot replaced); the time it
/// was first added is kept.
pub fn upsert(conn: &mut DbConnection, line: &CartLineRow) -> QueryResult<()> {
    let changes = (
        cart_lines::quantity.eq(line.quantity),
        cart_lines::sku.eq(&line.sku),
        cart_lines::title.eq(&line.title),
        cart_lines::platform.eq(line.platform),
        cart_lines::product_type.eq(line.product_type),
        cart_lines::region.eq(line.region),
        cart_lines::game_name.eq(&line.game_name),
        cart_lines::game_ext_name.eq(&line.game_ext_name),
        cart_lines::price_usd.eq(line.price_usd),
        cart_lines::updated_at.eq(line.updated_at),
    );
    match conn {
        DbConnection::Sqlite(inner) => diesel::insert_into(cart_lines::table)
            .values(line)
            .on_conflict((cart_lines::owner, cart_lines::product_id))
            .do_update()
            .set(changes)
            .execute(inner)?,
        DbConnection::Postgres(inner) => diesel::insert_into(cart_lines::table)
            .values(line)
            .on_conflict((cart_lines::owner, cart_lines::product_id))
            .do_update()
            .set(changes)
            .execute(inner)?,
    };
    Ok(())
}

pub fn remove(conn: &mut DbConnection, owner: &str, product_id: ProductId) -> QueryResult<usize> {
    diesel::delete(cart_lines::table.find((owner, product_id))).execute(conn)
}

/// Empties the owner's cart.
pub fn clear(conn: &mut DbConnection, owner: &str) -> QueryResult<usize> {
    diesel::delete(cart_lines::table.filter(cart_lines::owner.eq(owner))).execute(conn)
}

/// Removes the listed products from the owner's cart (bought).
pub fn remove_products(conn: &mut DbConnection, owner: &str, product_ids: &[ProductId]) -> QueryResult<usize> {
    diesel::delete(
        cart_lines::table.filter(cart_lines::owner.eq(owner)).filter(cart_lines::product_id.eq_any(product_ids)),
    )
    .execute(conn)
}

/// Forgets visitors' carts untouched since `before_ms`.
pub fn purge_stale(conn: &mut DbConnection, before_ms: i64) -> QueryResult<usize> {
    diesel::delete(
        cart_lines::table.filter(cart_lines::owner.like("visitor:%")).filter(cart_lines::updated_at.lt(before_ms)),
    )
    .execute(conn)
}
