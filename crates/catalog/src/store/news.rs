//! `news`, its texts per language and the per-visitor daily clicks.

use diesel::prelude::*;
use keyshop_core::db::DbConnection;

use super::schema::{news, news_clicks, news_texts};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewsEntry {
    pub id: i64,
    pub title: String,
    pub summary: String,
    pub body: String,
    pub published_at: i64,
    pub clicks: i64,
    pub palette: i32,
}

type TextRow = (i64, String, String, String, String);

/// Picks, for each id, the text in `language`, else en-US.
fn texts_for(conn: &mut DbConnection, ids: &[i64], language: &str) -> QueryResult<Vec<TextRow>> {
    let rows: Vec<TextRow> = news_texts::table
        .filter(news_texts::news_id.eq_any(ids))
        .filter(news_texts::language.eq_any([language, keyshop_core::i18n::DEFAULT]))
        .select((news_texts::news_id, news_texts::language, news_texts::title, news_texts::summary, news_texts::body))
        .load(conn)?;
    let mut chosen: Vec<TextRow> = Vec::new();
    for row in rows {
        match chosen.iter_mut().find(|existing| existing.0 == row.0) {
            Some(existing) if row.1 == language => *existing = row,
            Some(_) => {}
            None => chosen.push(row),
        }
    }
    Ok(chosen)
}

fn assemble(heads: Vec<(i64, i64, i64, i32)>, texts: Vec<TextRow>) -> Vec<NewsEntry> {
    heads
        .into_iter()
        .filter_map(|(id, published_at, clicks, palette)| {
            let (_, _, title, summary, body) = texts.iter().find(|text| text.0 == id)?.clone();
            Some(NewsEntry { id, title, summary, body, published_at, clicks, palette })
        })
        .collect()
}

/// Newest first, published by `now_ms`.
pub fn page(
    conn: &mut DbConnection,
    language: &str,
    now_ms: i64,
    offset: i64,
    limit: i64,
) -> QueryResult<(Vec<NewsEntry>, i64)> {
    let heads: Vec<(i64, i64, i64, i32)> = news::table
        .filter(news::published_at.le(now_ms))
        .order((news::published_at.desc(), news::id.desc()))
        .offset(offset)
        .limit(limit)
        .select((news::id, news::published_at, news::click_count, news::palette))
        .load(conn)?;
    let total = news::table.filter(news::published_at.le(now_ms)).count().get_result(conn)?;
    let ids: Vec<i64> = heads.iter().map(|head| head.0).collect();
    let texts = texts_for(conn, &ids, language)?;
    Ok((assemble(heads, texts), total))
}

pub fn find(conn: &mut DbConnection, id: i64, language: &str, now_ms: i64) -> QueryResult<Option<NewsEntry>> {
    let heads: Vec<(i64, i64, i64, i32)> = news::table
        .filter(news::id.eq(id))
        .filter(news::published_at.le(now_ms))
        .select((news::id, news::published_at, news::click_count, news::palette))
        .load(conn)?;
    let texts = texts_for(conn, &[id], language)?;
    Ok(assemble(heads, texts).pop())
}

pub fn palette(conn: &mut DbConnection, id: i64) -> QueryResult<Option<i32>> {
    news::table.find(id).select(news::palette).get_result(conn).optional()
}

/// Counts a visitor's first click of the day; `false` when already counted.
/// Call inside a write transaction.
pub fn record_click(conn: &mut DbConnection, id: i64, visitor_hash: &str, day: i64) -> QueryResult<bool> {
    let seen: i64 = news_clicks::table
        .filter(news_clicks::news_id.eq(id))
        .filter(news_clicks::visitor_hash.eq(visitor_hash))
        .filter(news_clicks::day.eq(day))
        .count()
        .get_result(conn)?;
    if seen > 0 {
        return Ok(false);
    }
    diesel::insert_into(news_clicks::table)
        .values((news_clicks::news_id.eq(id), news_clicks::visitor_hash.eq(visitor_hash), news_clicks::day.eq(day)))
        .execute(conn)?;
    diesel::update(news::table.find(id)).set(news::click_count.eq(news::click_count + 1)).execute(conn)?;
    Ok(true)
}

/// A news item with its texts: (language, title, summary, body).
pub fn insert(
    conn: &mut DbConnection,
    published_at: i64,
    palette: i32,
    texts: &[(String, String, String, String)],
) -> QueryResult<i64> {
    let id: i64 = diesel::insert_into(news::table)
        .values((news::published_at.eq(published_at), news::palette.eq(palette)))
        .returning(news::id)
        .get_result(conn)?;
    for (language, title, summary, body) in texts {
        diesel::insert_into(news_texts::table)
            .values((
                news_texts::news_id.eq(id),
                news_texts::language.eq(language),
                news_texts::title.eq(title),
                news_texts::summary.eq(summary),
                news_texts::body.eq(body),
            ))
            .execute(conn)?;
    }
    Ok(id)
}

pub fn count(conn: &mut DbConnection) -> QueryResult<i64> {
    news::table.count().get_result(conn)
}
