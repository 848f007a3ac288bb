//! `login_history`: every sign-in attempt on an existing account.

use diesel::prelude::*;
use keyshop_core::db::DbConnection;

use super::schema::login_history;
use crate::domain::user_agent::Client;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = login_history)]
pub struct LoginRow {
    pub id: i64,
    pub at: i64,
    pub ip: String,
    pub os: String,
    pub device: String,
    pub browser: String,
    pub success: bool,
}

pub fn insert(
    conn: &mut DbConnection,
    member_id: i64,
    ip: &str,
    client: &Client,
    success: bool,
    now_ms: i64,
) -> QueryResult<usize> {
    diesel::insert_into(login_history::table)
        .values((
            login_history::member_id.eq(member_id),
            login_history::at.eq(now_ms),
            login_history::ip.eq(ip),
            login_history::os.eq(&client.os),
            login_history::device.eq(&client.device),
            login_history::browser.eq(&client.browser),
            login_history::success.eq(success),
        ))
        .execute(conn)
}

/// The member's attempts, newest first.
pub fn page(conn: &mut DbConnection, member_id: i64, offset: i64, limit: i64) -> QueryResult<(Vec<LoginRow>, i64)> {
    let rows = login_history::table
        .filter(login_history::member_id.eq(member_id))
        .order((login_history::at.desc(), login_history::id.desc()))
        .offset(offset)
        .limit(limit)
        .select(LoginRow::as_select())
        .load(conn)?;
    let total = login_history::table.filter(login_history::member_id.eq(member_id)).count().get_result(conn)?;
    Ok((rows, total))
}
