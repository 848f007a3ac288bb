//! `points_adjustments`: points staff gave or took back, with the reason
//! and who, append-only.

use diesel::prelude::*;
use keyshop_core::db::DbConnection;

use super::schema::points_adjustments;

#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = points_adjustments)]
pub struct PointsAdjustment {
    pub delta: i64,
    pub reason: String,
    pub staff_email: String,
    pub at: i64,
}

pub fn insert(conn: &mut DbConnection, member_id: i64, adjustment: &PointsAdjustment) -> QueryResult<()> {
    diesel::insert_into(points_adjustments::table)
        .values((
            points_adjustments::member_id.eq(member_id),
            points_adjustments::delta.eq(adjustment.delta),
            points_adjustments::reason.eq(&adjustment.reason),
            points_adjustments::staff_email.eq(&adjustment.staff_email),
            points_adjustments::at.eq(adjustment.at),
        ))
        .execute(conn)?;
    Ok(())
}

/// The member's latest adjustments, newest first.
pub fn latest(conn: &mut DbConnection, member_id: i64, limit: i64) -> QueryResult<Vec<PointsAdjustment>> {
    points_adjustments::table
        .filter(points_adjustments::member_id.eq(member_id))
        .order((points_adjustments::at.desc(), points_adjustments::id.desc()))
        .limit(limit)
        .select(PointsAdjustment::as_select())
        .load(conn)
}
