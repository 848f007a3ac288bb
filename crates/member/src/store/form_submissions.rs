//! `form_submissions`: sell-to-us, wholesale, affiliate and feedback forms, for staff.

use diesel::prelude::*;
use keyshop_core::db::DbConnection;

use super::schema::form_submissions;

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
