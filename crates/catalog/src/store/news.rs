//! `news`, its texts per language and the per-visitor daily clicks. The shop
//! sees an item once it is published and its time has come; the console sees
//! every item.

use diesel::prelude::*;
use keyshop_core::db::DbConnection;

use super::schema::{news, news_clicks, news_texts};
use crate::domain::article::{NewsDraft, NewsText};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewsEntry {
    pub id: i64,
    pub title: String,
    pub summary: String,
    pub body: String,
    pub published_at: i64,
    pub clicks: i64,
    pub palette: i32,
    pub author: String,
    pub cover_image: String,
}

/// An item as the console sees it, with every language written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StaffNewsRow {
    pub id: i64,
    pub author: String,
    pub cover_image: String,
    pub published: bool,
    pub published_at: i64,
    pub clicks: i64,
    pub version: i64,
    pub updated_at: i64,
    /// en-US first.
    pub texts: Vec<NewsText>,
}

type Head = (i64, i64, i64, i32, String, String);
type StaffHead = (i64, String, String, bool, i64, i64, i64, i64);

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

fn assemble(heads: Vec<Head>, texts: Vec<TextRow>) -> Vec<NewsEntry> {
    heads
        .into_iter()
        .filter_map(|(id, published_at, clicks, palette, author, cover_image)| {
            let (_, _, title, summary, body) = texts.iter().find(|text| text.0 == id)?.clone();
            Some(NewsEntry { id, title, summary, body, published_at, clicks, palette, author, cover_image })
        })
        .collect()
}

const HEAD: (news::id, news::published_at, news::click_count, news::palette, news::author, news::cover_image) =
    (news::id, news::published_at, news::click_count, news::palette, news::author, news::cover_image);

/// Newest first, published by `now_ms`.
pub fn page(
    conn: &mut DbConnection,
    language: &str,
    now_ms: i64,
    offset: i64,
    limit: i64,
) -> QueryResult<(Vec<NewsEntry>, i64)> {
    let heads: Vec<Head> = news::table
        .filter(news::published.eq(true))
        .filter(news::published_at.le(now_ms))
        .order((news::published_at.desc(), news::id.desc()))
        .offset(offset)
        .limit(limit)
        .select(HEAD)
        .load(conn)?;
    let total =
        news::table.filter(news::published.eq(true)).filter(news::published_at.le(now_ms)).count().get_result(conn)?;
    let ids: Vec<i64> = heads.iter().map(|head| head.0).collect();
    let texts = texts_for(conn, &ids, language)?;
    Ok((assemble(heads, texts), total))
}

pub fn find(conn: &mut DbConnection, id: i64, language: &str, now_ms: i64) -> QueryResult<Option<NewsEntry>> {
    let heads: Vec<Head> = news::table
        .filter(news::id.eq(id))
        .filter(news::published.eq(true))
        .filter(news::published_at.le(now_ms))
        .select(HEAD)
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

const STAFF_HEAD: (
    news::id,
    news::author,
    news::cover_image,
    news::published,
    news::published_at,
    news::click_count,
    news::version,
    news::updated_at,
) = (
    news::id,
    news::author,
    news::cover_image,
    news::published,
    news::published_at,
    news::click_count,
    news::version,
    news::updated_at,
);

fn staff_rows(conn: &mut DbConnection, heads: Vec<StaffHead>) -> QueryResult<Vec<StaffNewsRow>> {
    let ids: Vec<i64> = heads.iter().map(|head| head.0).collect();
    let texts: Vec<TextRow> = news_texts::table
        .filter(news_texts::news_id.eq_any(&ids))
        .order((news_texts::news_id, news_texts::language))
        .select((news_texts::news_id, news_texts::language, news_texts::title, news_texts::summary, news_texts::body))
        .load(conn)?;
    Ok(heads
        .into_iter()
        .map(|(id, author, cover_image, published, published_at, clicks, version, updated_at)| {
            let mut own: Vec<NewsText> = texts
                .iter()
                .filter(|text| text.0 == id)
                .map(|(_, language, title, summary, body)| NewsText {
                    language: language.clone(),
                    title: title.clone(),
                    summary: summary.clone(),
                    body: body.clone(),
                })
                .collect();
            own.sort_by_key(|text| text.language != keyshop_core::i18n::DEFAULT);
            StaffNewsRow { id, author, cover_image, published, published_at, clicks, version, updated_at, texts: own }
        })
        .collect())
}

/// Every item, the latest publishing time first.
pub fn staff_page(conn: &mut DbConnection, offset: i64, limit: i64) -> QueryResult<(Vec<StaffNewsRow>, i64)> {
    let heads: Vec<StaffHead> = news::table
        .order((news::published_at.desc(), news::id.desc()))
        .offset(offset)
        .limit(limit)
        .select(STAFF_HEAD)
        .load(conn)?;
    let total = news::table.count().get_result(conn)?;
    Ok((staff_rows(conn, heads)?, total))
}

pub fn staff_find(conn: &mut DbConnection, id: i64) -> QueryResult<Option<StaffNewsRow>> {
    let heads: Vec<StaffHead> = news::table.filter(news::id.eq(id)).select(STAFF_HEAD).load(conn)?;
    Ok(staff_rows(conn, heads)?.pop())
}

fn replace_texts(conn: &mut DbConnection, id: i64, texts: &[NewsText]) -> QueryResult<()> {
    diesel::delete(news_texts::table.filter(news_texts::news_id.eq(id))).execute(conn)?;
    for text in texts {
        diesel::insert_into(news_texts::table)
            .values((
                news_texts::news_id.eq(id),
                news_texts::language.eq(&text.language),
                news_texts::title.eq(&text.title),
                news_texts::summary.eq(&text.summary),
                news_texts::body.eq(&text.body),
            ))
            .execute(conn)?;
    }
    Ok(())
}

/// A new item written in the console; its number.
pub fn create(conn: &mut DbConnection, draft: &NewsDraft, palette: i32, now_ms: i64) -> QueryResult<i64> {
    let id: i64 = diesel::insert_into(news::table)
        .values((
            news::published_at.eq(draft.published_at_ms),
            news::palette.eq(palette),
            news::author.eq(&draft.author),
            news::published.eq(draft.published),
            news::updated_at.eq(now_ms),
        ))
        .returning(news::id)
        .get_result(conn)?;
    replace_texts(conn, id, &draft.texts)?;
    Ok(id)
}

/// Rewrites an item if its version is still `version`; `false` otherwise.
pub fn update(conn: &mut DbConnection, id: i64, version: i64, draft: &NewsDraft, now_ms: i64) -> QueryResult<bool> {
    let changed = diesel::update(news::table.filter(news::id.eq(id)).filter(news::version.eq(version)))
        .set((
            news::published_at.eq(draft.published_at_ms),
            news::author.eq(&draft.author),
            news::published.eq(draft.published),
            news::version.eq(version + 1),
            news::updated_at.eq(now_ms),
        ))
        .execute(conn)?;
    if changed == 0 {
        return Ok(false);
    }
    replace_texts(conn, id, &draft.texts)?;
    Ok(true)
}

/// Sets (or with "" removes) the cover if the version is still `version`.
pub fn set_cover(conn: &mut DbConnection, id: i64, version: i64, stem: &str, now_ms: i64) -> QueryResult<bool> {
    let changed = diesel::update(news::table.filter(news::id.eq(id)).filter(news::version.eq(version)))
        .set((news::cover_image.eq(stem), news::version.eq(version + 1), news::updated_at.eq(now_ms)))
        .execute(conn)?;
    Ok(changed == 1)
}
