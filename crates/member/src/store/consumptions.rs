//! `consumptions`: what each paid order added to its member (one row per order).

use diesel::prelude::*;
use keyshop_core::db::DbConnection;

use super::schema::consumptions;

/// Records the order; `false` when it was already counted.
pub fn insert(
    conn: &mut DbConnection,
    order_no: &str,
    member_id: i64,
    amount_usd_cents: i64,
    points: i64,
    now_ms: i64,
) -> QueryResult<bool> {
    let known: i64 = consumptions::table.filter(consumptions::order_no.eq(order_no)).count().get_result(conn)?;
    if known > 0 {
        return Ok(false);
    }
    diesel::insert_into(consumptions::table)
        .values((
            consumptions::order_no.eq(order_no),
            consumptions::member_id.eq(member_id),
            consumptions::amount_usd_cents.eq(amount_usd_cents),
            consumptions::points.eq(points),
            consumptions::at.eq(now_ms),
        ))
        .execute(conn)?;
    Ok(true)
}
