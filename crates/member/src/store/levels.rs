//! `levels`: the membership level table.

use diesel::prelude::*;
use keyshop_core::db::DbConnection;

use super::schema::{levels, members};
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

/// Writes the level table staff saved (checked, lowest threshold first; `id`
/// 0 for a new level), moves every member to the level their total now
/// reaches, and removes the levels left out. Call inside a write transaction.
pub fn replace(conn: &mut DbConnection, table: &[Level]) -> QueryResult<()> {
    let mut kept: Vec<(i64, i64)> = Vec::with_capacity(table.len());
    for level in table {
        let values = (
            levels::name.eq(&level.name),
            levels::threshold_usd_cents.eq(level.threshold_usd_cents),
            levels::discount_percent.eq(level.discount_percent),
            levels::points_per_usd.eq(level.points_per_usd),
            levels::exchange_rate.eq(level.exchange_rate),
        );
        let id = if level.id > 0 {
            diesel::update(levels::table.find(level.id)).set(values).execute(conn)?;
            level.id
        } else {
            diesel::insert_into(levels::table).values(values).returning(levels::id).get_result(conn)?
        };
        kept.push((id, level.threshold_usd_cents));
    }
    for (index, (id, threshold)) in kept.iter().enumerate() {
        let next = kept.get(index + 1).map(|(_, threshold)| *threshold);
        let reached = members::table.filter(members::total_consumption_usd_cents.ge(*threshold));
        match next {
            Some(next) => diesel::update(reached.filter(members::total_consumption_usd_cents.lt(next)))
                .set(members::level_id.eq(id))
                .execute(conn)?,
            None => diesel::update(reached).set(members::level_id.eq(id)).execute(conn)?,
        };
    }
    let ids: Vec<i64> = kept.iter().map(|(id, _)| *id).collect();
    diesel::delete(levels::table.filter(levels::id.ne_all(&ids))).execute(conn)?;
    Ok(())
}
