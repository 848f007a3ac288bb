//! `newsletter_issues` and their texts per language.

use diesel::prelude::*;
use keyshop_core::db::DbConnection;

use super::schema::{newsletter_issue_texts as texts, newsletter_issues as issues};
use crate::domain::newsletter::IssueText;

keyshop_core::code_enum! {
    /// Where an issue is: written, going out, or gone to everyone.
    pub enum IssueStatus {
        Draft = "draft",
        Sending = "sending",
        Sent = "sent",
    }
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = issues)]
pub struct IssueRow {
    pub id: i64,
    pub status: IssueStatus,
    pub created_by: String,
    pub created_at: i64,
    pub updated_at: i64,
    pub started_at: Option<i64>,
    pub finished_at: Option<i64>,
    pub version: i64,
}

/// The texts of `ids`, English first within each issue.
pub fn texts_of(conn: &mut DbConnection, ids: &[i64]) -> QueryResult<Vec<(i64, IssueText)>> {
    let rows: Vec<(i64, String, String, String)> = texts::table
        .filter(texts::issue_id.eq_any(ids))
        .order((texts::issue_id, texts::language))
        .select((texts::issue_id, texts::language, texts::subject, texts::body))
        .load(conn)?;
    let mut texts: Vec<(i64, IssueText)> =
        rows.into_iter().map(|(id, language, subject, body)| (id, IssueText { language, subject, body })).collect();
    texts.sort_by_key(|(id, text)| (*id, text.language != keyshop_core::i18n::DEFAULT));
    Ok(texts)
}

/// Newest first.
pub fn page(conn: &mut DbConnection, offset: i64, limit: i64) -> QueryResult<(Vec<IssueRow>, i64)> {
    let rows =
        issues::table.order(issues::id.desc()).offset(offset).limit(limit).select(IssueRow::as_select()).load(conn)?;
    let total = issues::table.count().get_result(conn)?;
    Ok((rows, total))
}

pub fn find(conn: &mut DbConnection, id: i64) -> QueryResult<Option<IssueRow>> {
    issues::table.find(id).select(IssueRow::as_select()).first(conn).optional()
}

fn replace_texts(conn: &mut DbConnection, id: i64, written: &[IssueText]) -> QueryResult<()> {
    diesel::delete(texts::table.filter(texts::issue_id.eq(id))).execute(conn)?;
    for text in written {
        diesel::insert_into(texts::table)
            .values((
                texts::issue_id.eq(id),
                texts::language.eq(&text.language),
                texts::subject.eq(&text.subject),
                texts::body.eq(&text.body),
            ))
            .execute(conn)?;
    }
    Ok(())
}

/// A new draft; its number.
pub fn create(conn: &mut DbConnection, written: &[IssueText], created_by: &str, now_ms: i64) -> QueryResult<i64> {
    let id: i64 = diesel::insert_into(issues::table)
        .values((
            issues::status.eq(IssueStatus::Draft),
            issues::created_by.eq(created_by),
            issues::created_at.eq(now_ms),
            issues::updated_at.eq(now_ms),
        ))
        .returning(issues::id)
        .get_result(conn)?;
    replace_texts(conn, id, written)?;
    Ok(id)
}

/// Rewrites a draft still at `version`; `false` when it changed or left the
/// drafts.
pub fn update(conn: &mut DbConnection, id: i64, version: i64, written: &[IssueText], now_ms: i64) -> QueryResult<bool> {
    let changed = diesel::update(
        issues::table
            .filter(issues::id.eq(id))
            .filter(issues::version.eq(version))
            .filter(issues::status.eq(IssueStatus::Draft)),
    )
    .set((issues::version.eq(version + 1), issues::updated_at.eq(now_ms)))
    .execute(conn)?;
    if changed == 0 {
        return Ok(false);
    }
    replace_texts(conn, id, written)?;
    Ok(true)
}

/// Moves a draft at `version` to sending; `false` when it changed or was
/// already sent.
pub fn start(conn: &mut DbConnection, id: i64, version: i64, now_ms: i64) -> QueryResult<bool> {
    let changed = diesel::update(
        issues::table
            .filter(issues::id.eq(id))
            .filter(issues::version.eq(version))
            .filter(issues::status.eq(IssueStatus::Draft)),
    )
    .set((
        issues::status.eq(IssueStatus::Sending),
        issues::started_at.eq(now_ms),
        issues::version.eq(version + 1),
        issues::updated_at.eq(now_ms),
    ))
    .execute(conn)?;
    Ok(changed == 1)
}

/// The issues going out.
pub fn sending(conn: &mut DbConnection) -> QueryResult<Vec<i64>> {
    issues::table.filter(issues::status.eq(IssueStatus::Sending)).select(issues::id).load(conn)
}

pub fn finish(conn: &mut DbConnection, id: i64, now_ms: i64) -> QueryResult<usize> {
    diesel::update(issues::table.filter(issues::id.eq(id)).filter(issues::status.eq(IssueStatus::Sending)))
        .set((issues::status.eq(IssueStatus::Sent), issues::finished_at.eq(now_ms), issues::updated_at.eq(now_ms)))
        .execute(conn)
}
