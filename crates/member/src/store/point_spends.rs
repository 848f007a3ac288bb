//! `point_spends`: the points each order was paid with (one row per order),
//! and when they were given back. The balance moves only with a row: the
//! spend is a guarded decrement (never below zero, however many checkouts of
//! the member run at once), the return an increment made once, by the update
//! that marks the row.

use diesel::prelude::*;
use keyshop_core::db::DbConnection;

use super::schema::{members, point_spends};

/// What a spend did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Spend {
    /// Taken now.
    Spent,
    /// The order had already taken these points (a retried call).
    Already { points: i64 },
    /// The order is another member's.
    Foreign,
    /// The balance is smaller than the points.
    Short,
}

/// Takes `points` (> 0) from the member for `order_no`, once per order.
/// Run in a write transaction: [`Spend::Short`] leaves nothing written.
pub fn spend(conn: &mut DbConnection, order_no: &str, member_id: i64, points: i64, now_ms: i64) -> QueryResult<Spend> {
    let known = point_spends::table
        .find(order_no)
        .select((point_spends::member_id, point_spends::points))
        .first::<(i64, i64)>(conn)
        .optional()?;
    if let Some((owner, points)) = known {
        return Ok(if owner == member_id { Spend::Already { points } } else { Spend::Foreign });
    }
    // One guarded update: of two checkouts at once, the second sees the first's balance.
    let taken = diesel::update(members::table.find(member_id).filter(members::points.ge(points)))
        .set((members::points.eq(members::points - points), members::updated_at.eq(now_ms)))
        .execute(conn)?;
    if taken == 0 {
        return Ok(Spend::Short);
    }
    diesel::insert_into(point_spends::table)
        .values((
            point_spends::order_no.eq(order_no),
            point_spends::member_id.eq(member_id),
            point_spends::points.eq(points),
            point_spends::spent_at.eq(now_ms),
        ))
        .execute(conn)?;
    Ok(Spend::Spent)
}

/// Gives the order's points back to its member, once: `(member, points)`
/// when this call did, `None` when the order took none or they are back.
pub fn give_back(conn: &mut DbConnection, order_no: &str, now_ms: i64) -> QueryResult<Option<(i64, i64)>> {
    let marked = diesel::update(point_spends::table.find(order_no).filter(point_spends::returned_at.is_null()))
        .set(point_spends::returned_at.eq(now_ms))
        .execute(conn)?;
    if marked == 0 {
        return Ok(None);
    }
    let (member_id, points) = point_spends::table
        .find(order_no)
        .select((point_spends::member_id, point_spends::points))
        .first::<(i64, i64)>(conn)?;
    diesel::update(members::table.find(member_id))
        .set((members::points.eq(members::points + points), members::updated_at.eq(now_ms)))
        .execute(conn)?;
    Ok(Some((member_id, points)))
}

/// Takes the points of an order given back (cancelled, then paid after
/// all) again, as far as the balance goes: `(member, points taken)`, `None`
/// when nothing was given back.
pub fn take_again(conn: &mut DbConnection, order_no: &str, now_ms: i64) -> QueryResult<Option<(i64, i64)>> {
    let marked = diesel::update(point_spends::table.find(order_no).filter(point_spends::returned_at.is_not_null()))
        .set(point_spends::returned_at.eq(None::<i64>))
        .execute(conn)?;
    if marked == 0 {
        return Ok(None);
    }
    let (member_id, points) = point_spends::table
        .find(order_no)
        .select((point_spends::member_id, point_spends::points))
        .first::<(i64, i64)>(conn)?;
    let taken = super::members::take_points_at_most(conn, member_id, points, now_ms)?;
    Ok(Some((member_id, taken)))
}
