//! `product_keys`: the sealed keys and who holds or owns them.

use diesel::prelude::*;
use keyshop_core::db::DbConnection;
use keyshop_core::on_backend;

use super::schema::product_keys;
use crate::domain::reservation::KeyStatus;
use crate::domain::vault::Sealed;

pub struct NewKey {
    pub sku: String,
    pub sealed: Sealed,
    pub fingerprint: Vec<u8>,
    pub note: String,
}

/// A sold or held key as stored.
#[derive(Debug, Queryable)]
pub struct StoredKey {
    pub id: i64,
    pub sku: String,
    pub master_key_id: i32,
    pub nonce: Vec<u8>,
    pub ciphertext: Vec<u8>,
    pub note: String,
    pub line_no: Option<i64>,
}

impl StoredKey {
    pub fn sealed(&self) -> Sealed {
        Sealed { master_key_id: self.master_key_id, nonce: self.nonce.clone(), ciphertext: self.ciphertext.clone() }
    }
}

/// Inserts the keys whose fingerprint is not stored yet; how many went in.
pub fn insert_new(conn: &mut DbConnection, keys: &[NewKey], now_ms: i64) -> QueryResult<usize> {
    let mut inserted = 0;
    for chunk in keys.chunks(500) {
        let rows: Vec<_> = chunk
            .iter()
            .map(|key| {
                (
                    product_keys::sku.eq(&key.sku),
                    product_keys::master_key_id.eq(key.sealed.master_key_id),
                    product_keys::nonce.eq(&key.sealed.nonce),
                    product_keys::ciphertext.eq(&key.sealed.ciphertext),
                    product_keys::fingerprint.eq(&key.fingerprint),
                    product_keys::note.eq(&key.note),
                    product_keys::imported_at.eq(now_ms),
                )
            })
            .collect();
        inserted += on_backend!(conn, |inner| diesel::insert_into(product_keys::table)
            .values(&rows)
            .on_conflict(product_keys::fingerprint)
            .do_nothing()
            .execute(inner))?;
    }
    Ok(inserted)
}

/// Up to `limit` available keys of `sku`, oldest first. On PostgreSQL the
/// rows are locked and rows another checkout holds are skipped.
pub fn pick_available(conn: &mut DbConnection, sku: &str, limit: i64) -> QueryResult<Vec<i64>> {
    let query = product_keys::table
        .filter(product_keys::sku.eq(sku))
        .filter(product_keys::status.eq(KeyStatus::Available))
        .order(product_keys::id)
        .limit(limit)
        .select(product_keys::id);
    match conn {
        DbConnection::Postgres(inner) => query.for_update().skip_locked().load(inner),
        // SQLite: the write transaction (BEGIN IMMEDIATE) already excludes
        // every other writer.
        DbConnection::Sqlite(inner) => query.load(inner),
    }
}

/// Reserves the given keys for an order line, guarded: only keys still
/// available change. The number changed.
pub fn reserve(conn: &mut DbConnection, ids: &[i64], order_no: &str, line_no: i64) -> QueryResult<usize> {
    diesel::update(
        product_keys::table.filter(product_keys::id.eq_any(ids)).filter(product_keys::status.eq(KeyStatus::Available)),
    )
    .set((
        product_keys::status.eq(KeyStatus::Reserved),
        product_keys::order_no.eq(order_no),
        product_keys::line_no.eq(line_no),
    ))
    .execute(conn)
}

/// (sku, keys) the order holds in `status`.
pub fn count_by_sku(conn: &mut DbConnection, order_no: &str, status: KeyStatus) -> QueryResult<Vec<(String, i64)>> {
    product_keys::table
        .filter(product_keys::order_no.eq(order_no))
        .filter(product_keys::status.eq(status))
        .group_by(product_keys::sku)
        .select((product_keys::sku, diesel::dsl::count_star()))
        .order(product_keys::sku)
        .load(conn)
}

/// (line, keys) the order has in any of `statuses`.
pub fn count_by_line(conn: &mut DbConnection, order_no: &str, statuses: &[KeyStatus]) -> QueryResult<Vec<(i64, i64)>> {
    let rows: Vec<(Option<i64>, i64)> = product_keys::table
        .filter(product_keys::order_no.eq(order_no))
        .filter(product_keys::status.eq_any(statuses))
        .group_by(product_keys::line_no)
        .select((product_keys::line_no, diesel::dsl::count_star()))
        .load(conn)?;
    Ok(rows.into_iter().filter_map(|(line, count)| line.map(|line| (line, count))).collect())
}

/// Gives every key the order holds back to stock.
pub fn release_order(conn: &mut DbConnection, order_no: &str) -> QueryResult<usize> {
    diesel::update(
        product_keys::table
            .filter(product_keys::order_no.eq(order_no))
            .filter(product_keys::status.eq(KeyStatus::Reserved)),
    )
    .set((
        product_keys::status.eq(KeyStatus::Available),
        product_keys::order_no.eq(None::<String>),
        product_keys::line_no.eq(None::<i64>),
    ))
    .execute(conn)
}

/// Turns every key the order holds into a sold key of its line; how many
/// were sold of each product, by SKU.
pub fn sell_order(conn: &mut DbConnection, order_no: &str, now_ms: i64) -> QueryResult<Vec<(String, i64)>> {
    let skus: Vec<String> = diesel::update(
        product_keys::table
            .filter(product_keys::order_no.eq(order_no))
            .filter(product_keys::status.eq(KeyStatus::Reserved)),
    )
    .set((product_keys::status.eq(KeyStatus::Sold), product_keys::sold_at.eq(now_ms)))
    .returning(product_keys::sku)
    .get_results(conn)?;
    let mut sold = std::collections::BTreeMap::<String, i64>::new();
    for sku in skus {
        *sold.entry(sku).or_insert(0) += 1;
    }
    Ok(sold.into_iter().collect())
}

/// The keys sold to an order, by line.
pub fn sold_to(conn: &mut DbConnection, order_no: &str) -> QueryResult<Vec<StoredKey>> {
    product_keys::table
        .filter(product_keys::order_no.eq(order_no))
        .filter(product_keys::status.eq(KeyStatus::Sold))
        .order((product_keys::line_no, product_keys::id))
        .select((
            product_keys::id,
            product_keys::sku,
            product_keys::master_key_id,
            product_keys::nonce,
            product_keys::ciphertext,
            product_keys::note,
            product_keys::line_no,
        ))
        .load(conn)
}

/// A key as staff list it: sealed, with where it is.
#[derive(Debug, Clone, Queryable)]
pub struct StaffKeyRow {
    pub id: i64,
    pub sku: String,
    pub master_key_id: i32,
    pub nonce: Vec<u8>,
    pub ciphertext: Vec<u8>,
    pub status: KeyStatus,
    pub order_no: Option<String>,
    pub imported_at: i64,
    pub sold_at: Option<i64>,
}

impl StaffKeyRow {
    pub fn sealed(&self) -> Sealed {
        Sealed { master_key_id: self.master_key_id, nonce: self.nonce.clone(), ciphertext: self.ciphertext.clone() }
    }
}

type StaffKeyColumns = (
    product_keys::id,
    product_keys::sku,
    product_keys::master_key_id,
    product_keys::nonce,
    product_keys::ciphertext,
    product_keys::status,
    product_keys::order_no,
    product_keys::imported_at,
    product_keys::sold_at,
);

const STAFF_KEY_COLUMNS: StaffKeyColumns = (
    product_keys::id,
    product_keys::sku,
    product_keys::master_key_id,
    product_keys::nonce,
    product_keys::ciphertext,
    product_keys::status,
    product_keys::order_no,
    product_keys::imported_at,
    product_keys::sold_at,
);

/// The product's keys (of one status, if given), newest first, and how many.
pub fn staff_page(
    conn: &mut DbConnection,
    sku: &str,
    status: Option<KeyStatus>,
    offset: i64,
    limit: i64,
) -> QueryResult<(Vec<StaffKeyRow>, i64)> {
    let matching = || {
        let mut query = product_keys::table.filter(product_keys::sku.eq(sku.to_owned())).into_boxed();
        if let Some(status) = status {
            query = query.filter(product_keys::status.eq(status));
        }
        query
    };
    let rows =
        matching().order(product_keys::id.desc()).offset(offset).limit(limit).select(STAFF_KEY_COLUMNS).load(conn)?;
    let total = matching().count().get_result(conn)?;
    Ok((rows, total))
}

/// One key as staff see it.
pub fn staff_find(conn: &mut DbConnection, id: i64) -> QueryResult<Option<StaffKeyRow>> {
    product_keys::table.find(id).select(STAFF_KEY_COLUMNS).first(conn).optional()
}
