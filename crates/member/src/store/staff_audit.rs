//! `staff_audit`: the audit log, append-only (nothing here updates or
//! deletes a row).

use diesel::prelude::*;
use keyshop_core::db::DbConnection;

use super::schema::staff_audit;

/// One record as kept and listed.
#[derive(Debug, Clone, Queryable, Insertable)]
#[diesel(table_name = staff_audit)]
pub struct AuditRow {
    pub event_id: String,
    pub at: i64,
    pub staff_id: String,
    pub staff_email: String,
    pub role: String,
    pub action: String,
    pub target: String,
    pub summary: String,
    pub ip: String,
    pub service: String,
}

/// Keeps `row`; `false` when its event was kept already.
pub fn append(conn: &mut DbConnection, row: &AuditRow) -> QueryResult<bool> {
    let known: i64 = staff_audit::table.filter(staff_audit::event_id.eq(&row.event_id)).count().get_result(conn)?;
    if known > 0 {
        return Ok(false);
    }
    diesel::insert_into(staff_audit::table).values(row.clone()).execute(conn)?;
    Ok(true)
}

/// The records whose member of staff, action, target or summary contains
/// `text` (all when empty), newest first, and how many there are.
pub fn search(conn: &mut DbConnection, text: &str, offset: i64, limit: i64) -> QueryResult<(Vec<AuditRow>, i64)> {
    let pattern = format!("%{}%", text.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_"));
    let matching = || {
        let mut query = staff_audit::table.into_boxed();
        if !text.is_empty() {
            query = query.filter(
                staff_audit::staff_email
                    .like(pattern.clone())
                    .escape('\\')
                    .or(staff_audit::action.like(pattern.clone()).escape('\\'))
                    .or(staff_audit::target.like(pattern.clone()).escape('\\'))
                    .or(staff_audit::summary.like(pattern.clone()).escape('\\')),
            );
        }
        query
    };
    let rows = matching()
        .order((staff_audit::at.desc(), staff_audit::id.desc()))
        .offset(offset)
        .limit(limit)
        .select((
            staff_audit::event_id,
            staff_audit::at,
            staff_audit::staff_id,
            staff_audit::staff_email,
            staff_audit::role,
            staff_audit::action,
            staff_audit::target,
            staff_audit::summary,
            staff_audit::ip,
            staff_audit::service,
        ))
        .load(conn)?;
    let total = matching().count().get_result(conn)?;
    Ok((rows, total))
}
