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
}

pub fn insert(
    conn: &mut DbConnection,
    product_id: i64,
    review: &NewReview,
    visitor_hash: &str,
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
            reviews::created_at.eq(now_ms),
        ))
        .returning(reviews::id)
        .get_result(conn)
}

/// Newest first; never the e-mail.
pub fn page(
    conn: &mut DbConnection,
    product_id: i64,
    offset: i64,
    limit: i64,
) -> QueryResult<(Vec<PublicReview>, i64)> {
    let rows = reviews::table
        .filter(reviews::product_id.eq(product_id))
        .order((reviews::created_at.desc(), reviews::id.desc()))
        .offset(offset)
        .limit(limit)
        .select(PublicReview::as_select())
        .load(conn)?;
    let total = reviews::table.filter(reviews::product_id.eq(product_id)).count().get_result(conn)?;
    Ok((rows, total))
}

/// (stars, count) for a product.
pub fn star_counts(conn: &mut DbConnection, product_id: i64) -> QueryResult<Vec<(i32, i64)>> {
    reviews::table
        .filter(reviews::product_id.eq(product_id))
        .group_by(reviews::stars)
        .select((reviews::stars, diesel::dsl::count_star()))
        .load(conn)
}
