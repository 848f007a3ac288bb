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

/// One language of a page as the console edits it.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = pages)]
pub struct StaffPageRow {
    pub slug: String,
    pub language: String,
    pub title: String,
    pub body: String,
    pub version: i64,
    pub updated_at: i64,
}

/// Every page in every language written: (slug, language, title, updated_at).
pub fn summaries(conn: &mut DbConnection) -> QueryResult<Vec<(String, String, String, i64)>> {
    pages::table
        .order((pages::slug, pages::language))
        .select((pages::slug, pages::language, pages::title, pages::updated_at))
        .load(conn)
}

/// The page in exactly `language`.
pub fn find_exact(conn: &mut DbConnection, slug: &str, language: &str) -> QueryResult<Option<StaffPageRow>> {
    pages::table
        .filter(pages::slug.eq(slug))
        .filter(pages::language.eq(language))
        .select(StaffPageRow::as_select())
        .first(conn)
        .optional()
}

/// Writes one language of a page: a first text when `version` is 0, else a
/// rewrite of the version read. `false` when someone else wrote it first.
pub fn save(
    conn: &mut DbConnection,
    slug: &str,
    language: &str,
    version: i64,
    title: &str,
    body: &str,
    now_ms: i64,
) -> QueryResult<bool> {
    if version == 0 {
        return insert_missing(conn, slug, language, title, body, now_ms);
    }
    let changed = diesel::update(
        pages::table
            .filter(pages::slug.eq(slug))
            .filter(pages::language.eq(language))
            .filter(pages::version.eq(version)),
    )
    .set((pages::title.eq(title), pages::body.eq(body), pages::version.eq(version + 1), pages::updated_at.eq(now_ms)))
    .execute(conn)?;
    Ok(changed == 1)
}
