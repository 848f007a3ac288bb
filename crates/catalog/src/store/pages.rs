//! `pages`: the footer pages per language.

use diesel::prelude::*;
use keyshop_core::db::DbConnection;

use super::schema::pages;

#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = pages)]
pub struct PageRow {
    pub slug: String,
    pub language: String,
    pub title: String,
    pub body: String,
}

/// The page in `language`, else in en-US.
pub fn find(conn: &mut DbConnection, slug: &str, language: &str) -> QueryResult<Option<PageRow>> {
    let rows: Vec<PageRow> = pages::table
        .filter(pages::slug.eq(slug))
        .filter(pages::language.eq_any([language, keyshop_core::i18n::DEFAULT]))
        .select(PageRow::as_select())
        .load(conn)?;
    let preferred = rows.iter().position(|row| row.language == language).unwrap_or(0);
    Ok(rows.into_iter().nth(preferred))
}

/// Writes the page unless one exists in that language (defaults never
/// overwrite what staff wrote).
pub fn insert_missing(
    conn: &mut DbConnection,
    slug: &str,
    language: &str,
    title: &str,
    body: &str,
    now_ms: i64,
) -> QueryResult<bool> {
    let exists: i64 =
        pages::table.filter(pages::slug.eq(slug)).filter(pages::language.eq(language)).count().get_result(conn)?;
    if exists > 0 {
        return Ok(false);
    }
    diesel::insert_into(pages::table)
        .values((
            pages::slug.eq(slug),
            pages::language.eq(language),
            pages::title.eq(title),
            pages::body.eq(body),
            pages::updated_at.eq(now_ms),
        ))
        .execute(conn)?;
    Ok(true)
}
