//! `refunds`: the refund of a paid session, at most one (the key is the
//! session), so a repeated approval refunds once.

use diesel::prelude::*;
use keyshop_core::db::DbConnection;

use super::schema::refunds;

#[derive(Debug, Clone, PartialEq, Eq, Queryable, Insertable)]
#[diesel(table_name = refunds)]
pub struct RefundRow {
    pub session_id: String,
    pub order_no: String,
    pub provider: String,
    pub amount: i64,
    pub currency: String,
    pub provider_ref: String,
    pub created_at: i64,
}

pub fn find(conn: &mut DbConnection, session_id: &str) -> QueryResult<Option<RefundRow>> {
    refunds::table.find(session_id).get_result(conn).optional()
}

pub fn insert(conn: &mut DbConnection, refund: &RefundRow) -> QueryResult<()> {
    diesel::insert_into(refunds::table).values(refund).execute(conn)?;
    Ok(())
}
