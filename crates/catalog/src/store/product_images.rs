//! `product_images`: a product's uploaded images, slot 0 the cover and 1..
//! the screenshots in order, each the stem of its files in the media store.

use diesel::prelude::*;
use keyshop_core::db::DbConnection;

use super::schema::product_images;

/// `(product id, (slot, stem))`, by product and slot; of `ids` when given.
pub fn of(conn: &mut DbConnection, ids: Option<&[i64]>) -> QueryResult<Vec<(i64, (i32, String))>> {
    let mut query = product_images::table
        .order((product_images::product_id, product_images::slot))
        .select((product_images::product_id, (product_images::slot, product_images::stem)))
        .into_boxed();
    if let Some(ids) = ids {
        query = query.filter(product_images::product_id.eq_any(ids.to_vec()));
    }
    query.load(conn)
}

/// The product's images, `(slot, stem)` in slot order.
pub fn list(conn: &mut DbConnection, product_id: i64) -> QueryResult<Vec<(i32, String)>> {
    product_images::table
        .filter(product_images::product_id.eq(product_id))
        .order(product_images::slot)
        .select((product_images::slot, product_images::stem))
        .load(conn)
}

/// Sets the image of `slot` (replacing the one there).
pub fn put(conn: &mut DbConnection, product_id: i64, slot: i32, stem: &str) -> QueryResult<()> {
    diesel::delete(product_images::table.find((product_id, slot))).execute(conn)?;
    diesel::insert_into(product_images::table)
        .values((
            product_images::product_id.eq(product_id),
            product_images::slot.eq(slot),
            product_images::stem.eq(stem),
        ))
        .execute(conn)?;
    Ok(())
}

/// Replaces every screenshot with `stems`, in order (slots 1..).
pub fn set_screenshots(conn: &mut DbConnection, product_id: i64, stems: &[String]) -> QueryResult<()> {
    diesel::delete(
        product_images::table.filter(product_images::product_id.eq(product_id)).filter(product_images::slot.gt(0)),
    )
    .execute(conn)?;
    for (index, stem) in stems.iter().enumerate() {
        let slot = i32::try_from(index + 1).unwrap_or(i32::MAX);
        put(conn, product_id, slot, stem)?;
    }
    Ok(())
}

pub fn remove(conn: &mut DbConnection, product_id: i64, slot: i32) -> QueryResult<usize> {
    diesel::delete(product_images::table.find((product_id, slot))).execute(conn)
}
