//! `stock`: keys per product by state, kept in step with `product_keys`.

use diesel::prelude::*;
use keyshop_core::db::{DbConnection, like_escaped};

use super::schema::stock;
use keyshop_core::on_backend;

#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = stock)]
pub struct StockRow {
    pub sku: String,
    pub available: i64,
    pub reserved: i64,
    pub sold: i64,
}

/// The columns of a [`StockRow`].
const COUNTS: (stock::sku, stock::available, stock::reserved, stock::sold) =
    (stock::sku, stock::available, stock::reserved, stock::sold);

/// A product's counts with its low-stock threshold, as staff see them.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = stock)]
pub struct StaffStockRow {
    pub sku: String,
    pub available: i64,
    pub reserved: i64,
    pub sold: i64,
    pub low_threshold: i64,
    pub threshold_version: i64,
}

/// The product's counts, its row locked until the transaction ends (on
/// PostgreSQL; SQLite's write transaction is exclusive already). Concurrent
/// changes of one product queue here, so their stock events leave in order.
/// A product's row is made on its first use (a second read then).
pub fn lock(conn: &mut DbConnection, sku: &str) -> QueryResult<StockRow> {
    if let Some(row) = locked(conn, sku)? {
        return Ok(row);
    }
    on_backend!(conn, |inner| diesel::insert_into(stock::table)
        .values(stock::sku.eq(sku))
        .on_conflict(stock::sku)
        .do_nothing()
        .execute(inner))?;
    locked(conn, sku)?.ok_or(diesel::result::Error::NotFound)
}

fn locked(conn: &mut DbConnection, sku: &str) -> QueryResult<Option<StockRow>> {
    let query = stock::table.find(sku).select(COUNTS);
    match conn {
        DbConnection::Postgres(inner) => query.for_update().get_result(inner).optional(),
        DbConnection::Sqlite(inner) => query.get_result(inner).optional(),
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
        .returning(COUNTS)
        .get_result(conn)
}

/// The counts of the products asked, or of every product when none is.
pub fn list(conn: &mut DbConnection, skus: &[String]) -> QueryResult<Vec<StockRow>> {
    let mut query = stock::table.order(stock::sku).select(StockRow::as_select()).into_boxed();
    if !skus.is_empty() {
        query = query.filter(stock::sku.eq_any(skus));
    }
    query.load(conn)
}

/// The products whose SKU begins with `sku_prefix` (only those at or under
/// their threshold if `low_only`), by SKU, and how many there are.
pub fn staff_page(
    conn: &mut DbConnection,
    sku_prefix: &str,
    low_only: bool,
    offset: i64,
    limit: i64,
) -> QueryResult<(Vec<StaffStockRow>, i64)> {
    let matching = || {
        let mut query = stock::table.into_boxed();
        if !sku_prefix.is_empty() {
            query = query.filter(stock::sku.like(format!("{}%", like_escaped(sku_prefix))).escape('\\'));
        }
        if low_only {
            query = query.filter(stock::available.le(stock::low_threshold));
        }
        query
    };
    let rows =
        matching().order(stock::sku).offset(offset).limit(limit).select(StaffStockRow::as_select()).load(conn)?;
    let total = matching().count().get_result(conn)?;
    Ok((rows, total))
}

/// The products at or under their threshold, fewest keys first, and how
/// many there are.
pub fn low(conn: &mut DbConnection, limit: i64) -> QueryResult<(Vec<StaffStockRow>, i64)> {
    let low = || stock::table.filter(stock::available.le(stock::low_threshold));
    let rows =
        low().order((stock::available, stock::sku)).limit(limit).select(StaffStockRow::as_select()).load(conn)?;
    let total = low().count().get_result(conn)?;
    Ok((rows, total))
}

/// One product's row.
pub fn find(conn: &mut DbConnection, sku: &str) -> QueryResult<Option<StaffStockRow>> {
    stock::table.find(sku).select(StaffStockRow::as_select()).first(conn).optional()
}

/// Sets the product's threshold if its version is still `version`; whether
/// it did.
pub fn set_threshold(conn: &mut DbConnection, sku: &str, threshold: i64, version: i64) -> QueryResult<bool> {
    let changed = diesel::update(stock::table.find(sku).filter(stock::threshold_version.eq(version)))
        .set((stock::low_threshold.eq(threshold), stock::threshold_version.eq(version + 1)))
        .execute(conn)?;
    Ok(changed > 0)
}
