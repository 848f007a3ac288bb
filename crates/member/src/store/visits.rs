//! `visits`: pages seen, with the member when signed in.

use diesel::prelude::*;
use keyshop_core::db::DbConnection;

use super::schema::visits;

pub struct NewVisit<'a> {
    pub member_id: Option<i64>,
    pub member_name: &'a str,
    pub to_url: &'a str,
    pub from_url: &'a str,
    pub external: bool,
    pub ip: &'a str,
    pub user_agent: &'a str,
}

pub fn insert(conn: &mut DbConnection, visit: &NewVisit<'_>, now_ms: i64) -> QueryResult<usize> {
    diesel::insert_into(visits::table)
        .values((
            visits::member_id.eq(visit.member_id),
            visits::member_name.eq(visit.member_name),
            visits::to_url.eq(visit.to_url),
            visits::from_url.eq(visit.from_url),
            visits::external.eq(visit.external),
            visits::ip.eq(visit.ip),
            visits::user_agent.eq(visit.user_agent),
            visits::at.eq(now_ms),
        ))
        .execute(conn)
}

/// A recorded visit, as staff see it.
#[derive(Debug, Clone, Queryable)]
pub struct VisitRow {
    pub to_url: String,
    pub from_url: String,
    pub external: bool,
    pub member_id: Option<i64>,
    pub member_name: String,
}

/// The latest visits, newest first.
pub fn latest(conn: &mut DbConnection, limit: i64) -> QueryResult<Vec<VisitRow>> {
    visits::table
        .order(visits::id.desc())
        .limit(limit)
        .select((visits::to_url, visits::from_url, visits::external, visits::member_id, visits::member_name))
        .load(conn)
}
