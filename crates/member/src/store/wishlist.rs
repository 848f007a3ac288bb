//! `wishlist`: the products a member collected.

use diesel::prelude::*;
use keyshop_core::db::DbConnection;

use super::schema::wishlist;

/// Adds the product; 0 when it was already there.
pub fn add(conn: &mut DbConnection, member_id: i64, product_id: i64, now_ms: i64) -> QueryResult<usize> {
    let present: i64 = wishlist::table
        .filter(wishlist::member_id.eq(member_id))
        .filter(wishlist::product_id.eq(product_id))
        .count()
        .get_result(conn)?;
    if present > 0 {
        return Ok(0);
    }
    diesel::insert_into(wishlist::table)
        .values((wishlist::member_id.eq(member_id), wishlist::product_id.eq(product_id), wishlist::added_at.eq(now_ms)))
        .execute(conn)
}

pub fn remove(conn: &mut DbConnection, member_id: i64, product_id: i64) -> QueryResult<usize> {
    diesel::delete(
        wishlist::table.filter(wishlist::member_id.eq(member_id)).filter(wishlist::product_id.eq(product_id)),
    )
    .execute(conn)
}

/// (product id, added at), newest first, and the total.
pub fn page(conn: &mut DbConnection, member_id: i64, offset: i64, limit: i64) -> QueryResult<(Vec<(i64, i64)>, i64)> {
    let rows = wishlist::table
        .filter(wishlist::member_id.eq(member_id))
        .order((wishlist::added_at.desc(), wishlist::product_id.desc()))
        .offset(offset)
        .limit(limit)
        .select((wishlist::product_id, wishlist::added_at))
        .load(conn)?;
    let total = wishlist::table.filter(wishlist::member_id.eq(member_id)).count().get_result(conn)?;
    Ok((rows, total))
}

pub fn ids(conn: &mut DbConnection, member_id: i64) -> QueryResult<Vec<i64>> {
    wishlist::table.filter(wishlist::member_id.eq(member_id)).select(wishlist::product_id).load(conn)
}

pub fn count(conn: &mut DbConnection, member_id: i64) -> QueryResult<i64> {
    wishlist::table.filter(wishlist::member_id.eq(member_id)).count().get_result(conn)
}
