//! `consumptions`: what each paid order added to its member (one row per
//! order), and when a refund took it back.

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

/// Marks the order's consumption refunded: `(amount, points)` it had added,
/// or `None` when it was never counted for this member or already taken back.
pub fn take_back(
    conn: &mut DbConnection,
    order_no: &str,
    member_id: i64,
    now_ms: i64,
) -> QueryResult<Option<(i64, i64)>> {
    let row = consumptions::table
        .filter(consumptions::order_no.eq(order_no))
        .filter(consumptions::member_id.eq(member_id))
        .filter(consumptions::refunded_at.is_null())
        .select((consumptions::amount_usd_cents, consumptions::points))
        .first::<(i64, i64)>(conn)
        .optional()?;
    let Some(added) = row else { return Ok(None) };
    // Only the update that marks it takes it back (two deliveries of the event at once).
    let marked = diesel::update(consumptions::table.find(order_no).filter(consumptions::refunded_at.is_null()))
        .set(consumptions::refunded_at.eq(now_ms))
        .execute(conn)?;
    Ok((marked == 1).then_some(added))
}
