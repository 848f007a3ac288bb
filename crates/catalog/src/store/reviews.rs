//! `reviews`: what visitors wrote about a product.

use diesel::prelude::*;
use keyshop_core::db::DbConnection;

use super::schema::reviews;
use crate::domain::review::NewReview;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = reviews)]
pub struct PublicReview {
    pub id: i64,
    pub full_name: String,
    pub content: String,
    pub stars: i32,
    pub created_at: i64,
    /// The reviewer's e-mail bought the product.
    pub verified: bool,
    /// The store's answer, shown under it ("" for none).
    pub staff_reply: String,
}

/// A review as staff moderate it (the e-mail too).
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = reviews)]
pub struct StaffReviewRow {
    pub id: i64,
    pub product_id: i64,
    pub full_name: String,
    pub email: String,
    pub content: String,
    pub stars: i32,
    pub created_at: i64,
    pub hidden: bool,
    pub staff_reply: String,
    pub verified: bool,
    pub version: i64,
}

pub fn insert(
    conn: &mut DbConnection,
    product_id: i64,
    review: &NewReview,
    visitor_hash: &str,
    verified: bool,
    now_ms: i64,
) -> QueryResult<i64> {
    diesel::insert_into(reviews::table)
        .values((
            reviews::product_id.eq(product_id),
            reviews::full_name.eq(&review.full_name),
            reviews::email.eq(review.email.as_str()),
            reviews::content.eq(&review.content),
            reviews::stars.eq(review.stars),
            reviews::visitor_hash.eq(visitor_hash),
            reviews::verified.eq(verified),
            reviews::created_at.eq(now_ms),
        ))
        .returning(reviews::id)
        .get_result(conn)
}

/// Newest first, hidden ones left out; never the e-mail.
pub fn page(
    conn: &mut DbConnection,
    product_id: i64,
    offset: i64,
    limit: i64,
) -> QueryResult<(Vec<PublicReview>, i64)> {
    let rows = reviews::table
        .filter(reviews::product_id.eq(product_id))
        .filter(reviews::hidden.eq(false))
        .order((reviews::created_at.desc(), reviews::id.desc()))
        .offset(offset)
        .limit(limit)
        .select(PublicReview::as_select())
        .load(conn)?;
    let total = reviews::table
        .filter(reviews::product_id.eq(product_id))
        .filter(reviews::hidden.eq(false))
        .count()
        .get_result(conn)?;
    Ok((rows, total))
}

/// (stars, count) for a product, hidden reviews left out.
pub fn star_counts(conn: &mut DbConnection, product_id: i64) -> QueryResult<Vec<(i32, i64)>> {
    reviews::table
        .filter(reviews::product_id.eq(product_id))
        .filter(reviews::hidden.eq(false))
        .group_by(reviews::stars)
        .select((reviews::stars, diesel::dsl::count_star()))
        .load(conn)
}

/// The console's page of reviews: of one product or all, hidden or shown or
/// both, newest first.
pub fn staff_page(
    conn: &mut DbConnection,
    product_id: Option<i64>,
    hidden: Option<bool>,
    offset: i64,
    limit: i64,
) -> QueryResult<(Vec<StaffReviewRow>, i64)> {
    let filtered = || {
        let mut query = reviews::table.into_boxed();
        if let Some(product_id) = product_id {
            query = query.filter(reviews::product_id.eq(product_id));
        }
        if let Some(hidden) = hidden {
            query = query.filter(reviews::hidden.eq(hidden));
        }
        query
    };
    let total = filtered().count().get_result(conn)?;
    let rows = filtered()
        .order((reviews::created_at.desc(), reviews::id.desc()))
        .offset(offset)
        .limit(limit)
        .select(StaffReviewRow::as_select())
        .load(conn)?;
    Ok((rows, total))
}

pub fn find(conn: &mut DbConnection, id: i64) -> QueryResult<Option<StaffReviewRow>> {
    reviews::table.find(id).select(StaffReviewRow::as_select()).get_result(conn).optional()
}

/// Hides or shows review `id` and sets the store's reply, if it is still at
/// `version`; `false` when it is not.
pub fn moderate(conn: &mut DbConnection, id: i64, version: i64, hidden: bool, reply: &str) -> QueryResult<bool> {
    let updated = diesel::update(reviews::table.find(id).filter(reviews::version.eq(version)))
        .set((reviews::hidden.eq(hidden), reviews::staff_reply.eq(reply), reviews::version.eq(version + 1)))
        .execute(conn)?;
    Ok(updated > 0)
}
