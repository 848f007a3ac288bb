//! `order_staff_notes`: what staff noted on an order, for staff only (the
//! buyer reads the order's history, never these), append-only.

use diesel::prelude::*;
use keyshop_core::db::DbConnection;

use super::schema::order_staff_notes;

#[derive(Debug, Clone, PartialEq, Eq, Queryable)]
pub struct StaffNote {
    pub staff_email: String,
    pub note: String,
    pub at: i64,
}

pub fn insert(conn: &mut DbConnection, order_no: &str, staff_email: &str, note: &str, at: i64) -> QueryResult<()> {
    diesel::insert_into(order_staff_notes::table)
        .values((
            order_staff_notes::order_no.eq(order_no),
            order_staff_notes::staff_email.eq(staff_email),
            order_staff_notes::note.eq(note),
            order_staff_notes::at.eq(at),
        ))
        .execute(conn)?;
    Ok(())
}

/// The order's notes, oldest first.
pub fn of_order(conn: &mut DbConnection, order_no: &str) -> QueryResult<Vec<StaffNote>> {
    order_staff_notes::table
        .filter(order_staff_notes::order_no.eq(order_no))
        .order((order_staff_notes::at, order_staff_notes::id))
        .select((order_staff_notes::staff_email, order_staff_notes::note, order_staff_notes::at))
        .load(conn)
}
