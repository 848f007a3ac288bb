//! `order_points`: the member's points an order was paid with and what they
//! took off its price; a row only for an order that used points (read with
//! the order, in `orders`).

use diesel::prelude::*;
use keyshop_core::db::DbConnection;
use keyshop_core::ids::OrderNo;

use super::schema::order_points;

/// Records the points of a new order (nothing when it used none).
pub fn insert(conn: &mut DbConnection, order_no: &OrderNo, used: i64, discount: i64) -> QueryResult<()> {
    if used == 0 && discount == 0 {
        return Ok(());
    }
    diesel::insert_into(order_points::table)
        .values((
            order_points::order_no.eq(order_no),
            order_points::points_used.eq(used),
            order_points::points_discount.eq(discount),
        ))
        .execute(conn)?;
    Ok(())
}
