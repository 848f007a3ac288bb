//! `stock`: keys per product by state, kept in step with `product_keys`.

use diesel::prelude::*;
use keyshop_core::db::DbConnection;

use super::keys::on_backend;
use super::schema::stock;

#[derive(Debug, Clone, PartialEq, Eq, Queryable)]
pub struct StockRow {
    pub sku: String,
    pub available: i64,
    pub reserved: i64,
    pub sold: i64,
}

/// The product's counts, its row locked until the transaction ends (on
/// PostgreSQL; SQLite's write transaction is exclusive already). Concurrent
/// changes of one product queue here, so their stock events leave in order.
pub fn lock(conn: &mut DbConnection, sku: &str) -> QueryResult<StockRow> {
    on_backend!(conn, |inner| diesel::insert_into(stock::table)
        .values(stock::sku.eq(sku))
        .on_conflict(stock::sku)
        .do_nothing()
        .execute(inner))?;
    let query = stock::table.find(sku);
    match conn {
        DbConnection::Postgres(inner) => query.for_update().get_result(inner),
        DbConnection::Sqlite(inner) => query.get_result(inner),
    }
}

/// Adds the deltas to the product's counts; the counts after.
pub fn adjust(conn: &mut DbConnection, sku: &str, available: i64, reserved: i64, sold: i64) -> QueryResult<StockRow> {
    diesel::update(stock::table.find(sku))
        .set((
            stock::available.eq(stock::available + available),
            stock::reserved.eq(stock::reserved + reserved),
            stock::sold.eq(stock::sold + sold),
        ))
        .execute(conn)?;
    stock::table.find(sku).get_result(conn)
}

/// The counts of the products asked, or of every product when none is.
pub fn list(conn: &mut DbConnection, skus: &[String]) -> QueryResult<Vec<StockRow>> {
    let mut query = stock::table.order(stock::sku).into_boxed();
    if !skus.is_empty() {
        query = query.filter(stock::sku.eq_any(skus));
    }
    query.load(conn)
}
