//! `form_submissions`: sell-to-us, wholesale, affiliate and feedback forms, for staff.

use diesel::prelude::*;
use keyshop_core::db::DbConnection;

use super::schema::{form_replies, form_submissions};

pub fn insert(
    conn: &mut DbConnection,
    kind: &str,
    email: &str,
    fields_json: &str,
    ip: &str,
    language: &str,
    now_ms: i64,
) -> QueryResult<i64> {
    diesel::insert_into(form_submissions::table)
        .values((
            form_submissions::kind.eq(kind),
            form_submissions::email.eq(email),
            form_submissions::fields.eq(fields_json),
            form_submissions::ip.eq(ip),
            form_submissions::language.eq(language),
            form_submissions::created_at.eq(now_ms),
            form_submissions::updated_at.eq(now_ms),
        ))
        .returning(form_submissions::id)
        .get_result(conn)
}

/// (kind, email, fields JSON), newest first.
pub fn latest(conn: &mut DbConnection, limit: i64) -> QueryResult<Vec<(String, String, String)>> {
    form_submissions::table
        .order(form_submissions::id.desc())
        .limit(limit)
        .select((form_submissions::kind, form_submissions::email, form_submissions::fields))
        .load(conn)
}

keyshop_core::code_enum! {
    /// Where a submission is in the inbox.
    pub enum FormStatus {
        New = "new",
        Replied = "replied",
        Closed = "closed",
    }
}

/// A submission as the inbox shows it (never its sender's address).
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = form_submissions)]
pub struct FormRow {
    pub id: i64,
    pub kind: String,
    pub email: String,
    /// The form's fields as a JSON object.
    pub fields: String,
    pub language: String,
    pub created_at: i64,
    pub status: FormStatus,
    pub version: i64,
    pub updated_at: i64,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = form_replies)]
pub struct ReplyRow {
    pub id: i64,
    pub submission_id: i64,
    pub staff_email: String,
    pub body: String,
    pub created_at: i64,
}

/// Newest first, of one kind and status when given.
pub fn page(
    conn: &mut DbConnection,
    kind: Option<&str>,
    status: Option<FormStatus>,
    offset: i64,
    limit: i64,
) -> QueryResult<(Vec<FormRow>, i64)> {
    let filtered = || {
        let mut query = form_submissions::table.into_boxed();
        if let Some(kind) = kind {
            query = query.filter(form_submissions::kind.eq(kind));
        }
        if let Some(status) = status {
            query = query.filter(form_submissions::status.eq(status));
        }
        query
    };
    let rows = filtered()
        .order(form_submissions::id.desc())
        .offset(offset)
        .limit(limit)
        .select(FormRow::as_select())
        .load(conn)?;
    let total = filtered().count().get_result(conn)?;
    Ok((rows, total))
}

pub fn find(conn: &mut DbConnection, id: i64) -> QueryResult<Option<FormRow>> {
    form_submissions::table.find(id).select(FormRow::as_select()).first(conn).optional()
}

/// The replies to `ids`, oldest first.
pub fn replies(conn: &mut DbConnection, ids: &[i64]) -> QueryResult<Vec<ReplyRow>> {
    form_replies::table
        .filter(form_replies::submission_id.eq_any(ids))
        .order(form_replies::id.asc())
        .select(ReplyRow::as_select())
        .load(conn)
}

/// Moves submission `id` at `version` to `status`; `false` when it changed.
pub fn set_status(
    conn: &mut DbConnection,
    id: i64,
    version: i64,
    status: FormStatus,
    now_ms: i64,
) -> QueryResult<bool> {
    let changed = diesel::update(
        form_submissions::table.filter(form_submissions::id.eq(id)).filter(form_submissions::version.eq(version)),
    )
    .set((
        form_submissions::status.eq(status),
        form_submissions::version.eq(version + 1),
        form_submissions::updated_at.eq(now_ms),
    ))
    .execute(conn)?;
    Ok(changed == 1)
}

/// Keeps a reply staff sent.
pub fn add_reply(conn: &mut DbConnection, id: i64, staff_email: &str, body: &str, now_ms: i64) -> QueryResult<usize> {
    diesel::insert_into(form_replies::table)
        .values((
            form_replies::submission_id.eq(id),
            form_replies::staff_email.eq(staff_email),
            form_replies::body.eq(body),
            form_replies::created_at.eq(now_ms),
        ))
        .execute(conn)
}
