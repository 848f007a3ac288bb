//! `notice_texts`: a notice in other languages than its default one.

use std::collections::HashMap;

use diesel::prelude::*;
use keyshop_core::db::DbConnection;

use super::schema::notice_texts;

/// `(language, title, content)` of notice `notice_id`.
pub fn insert(conn: &mut DbConnection, notice_id: i64, texts: &[(String, String, String)]) -> QueryResult<()> {
    for (language, title, content) in texts {
        diesel::insert_into(notice_texts::table)
            .values((
                notice_texts::notice_id.eq(notice_id),
                notice_texts::language.eq(language),
                notice_texts::title.eq(title),
                notice_texts::content.eq(content),
            ))
            .execute(conn)?;
    }
    Ok(())
}

/// The title and content in `language` of those of `ids` written in it.
pub fn in_language(
    conn: &mut DbConnection,
    ids: &[i64],
    language: &str,
) -> QueryResult<HashMap<i64, (String, String)>> {
    let rows: Vec<(i64, String, String)> = notice_texts::table
        .filter(notice_texts::notice_id.eq_any(ids))
        .filter(notice_texts::language.eq(language))
        .select((notice_texts::notice_id, notice_texts::title, notice_texts::content))
        .load(conn)?;
    Ok(rows.into_iter().map(|(id, title, content)| (id, (title, content))).collect())
}
