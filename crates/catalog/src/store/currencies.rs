use diesel::prelude::*;
use keyshop_core::db::DbConnection;

use super::schema::currencies;
use crate::domain::currency::Currency;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = currencies)]
pub struct CurrencyRow {
    pub code: String,
    pub symbol: String,
    pub name: String,
    pub rate_micros: i64,
    pub updated_at: i64,
}

impl From<CurrencyRow> for Currency {
    fn from(row: CurrencyRow) -> Currency {
        Currency {
            code: row.code,
            symbol: row.symbol,
            name: row.name,
            rate_micros: row.rate_micros,
            updated_at_ms: row.updated_at,
        }
    }
}

/// Enabled currencies in menu order.
pub fn list_enabled(conn: &mut DbConnection) -> QueryResult<Vec<Currency>> {
    let rows = currencies::table
        .filter(currencies::enabled.eq(true))
        .order(currencies::position.asc())
        .select(CurrencyRow::as_select())
        .load(conn)?;
    Ok(rows.into_iter().map(Currency::from).collect())
}

pub fn find(conn: &mut DbConnection, code: &str) -> QueryResult<Option<Currency>> {
    currencies::table
        .find(code)
        .select(CurrencyRow::as_select())
        .first(conn)
        .optional()
        .map(|row| row.map(Currency::from))
}

pub fn set_rate(conn: &mut DbConnection, code: &str, rate_micros: i64, now_ms: i64) -> QueryResult<usize> {
    diesel::update(currencies::table.find(code))
        .set((currencies::rate_micros.eq(rate_micros), currencies::updated_at.eq(now_ms)))
        .execute(conn)
}
