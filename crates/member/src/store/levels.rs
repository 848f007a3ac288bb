//! `levels`: the membership level table.

use diesel::prelude::*;
use keyshop_core::db::DbConnection;

use super::schema::levels;
use crate::domain::level::Level;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = levels)]
struct LevelRow {
    id: i64,
    name: String,
    threshold_usd_cents: i64,
    discount_percent: i32,
    points_per_usd: i32,
    exchange_rate: i32,
}

/// Every level, lowest threshold first.
pub fn all(conn: &mut DbConnection) -> QueryResult<Vec<Level>> {
    let rows = levels::table.order(levels::threshold_usd_cents.asc()).select(LevelRow::as_select()).load(conn)?;
    Ok(rows
        .into_iter()
        .map(|row| Level {
            id: row.id,
            name: row.name,
            threshold_usd_cents: row.threshold_usd_cents,
            discount_percent: row.discount_percent,
            points_per_usd: row.points_per_usd,
            exchange_rate: row.exchange_rate,
        })
        .collect())
}
