use diesel::prelude::*;
use keyshop_core::db::DbConnection;

use super::schema::languages;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = languages)]
pub struct LanguageRow {
    pub code: String,
    pub native_name: String,
    pub direction: String,
}

impl From<LanguageRow> for crate::domain::language::Language {
    fn from(row: LanguageRow) -> Self {
        crate::domain::language::Language { code: row.code, native_name: row.native_name, direction: row.direction }
    }
}

/// Enabled languages in menu order.
pub fn list_enabled(conn: &mut DbConnection) -> QueryResult<Vec<LanguageRow>> {
    languages::table
        .filter(languages::enabled.eq(true))
        .order(languages::position.asc())
        .select(LanguageRow::as_select())
        .load(conn)
}
