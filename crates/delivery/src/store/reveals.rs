//! `reveals`: the audit log of who saw an order's keys.

use diesel::prelude::*;
use keyshop_core::db::DbConnection;

use super::schema::reveals;

#[derive(Debug, Clone, Queryable)]
pub struct RevealRow {
    pub id: i64,
    pub order_no: String,
    pub at: i64,
    pub actor: String,
    pub ip: String,
    pub browser: String,
    pub os: String,
}

pub struct NewReveal<'a> {
    pub order_no: &'a str,
    pub at: i64,
    pub actor: &'a str,
    pub ip: &'a str,
    pub browser: &'a str,
    pub os: &'a str,
}

pub fn insert(conn: &mut DbConnection, reveal: &NewReveal<'_>) -> QueryResult<()> {
    diesel::insert_into(reveals::table)
        .values((
            reveals::order_no.eq(reveal.order_no),
            reveals::at.eq(reveal.at),
            reveals::actor.eq(reveal.actor),
            reveals::ip.eq(reveal.ip),
            reveals::browser.eq(reveal.browser),
            reveals::os.eq(reveal.os),
        ))
        .execute(conn)?;
    Ok(())
}

/// Newest first.
pub fn of_order(conn: &mut DbConnection, order_no: &str) -> QueryResult<Vec<RevealRow>> {
    reveals::table.filter(reveals::order_no.eq(order_no)).order((reveals::at.desc(), reveals::id.desc())).load(conn)
}
