//! `buyers`: who bought what (a keyed hash of the e-mail, the SKU), projected
//! from the order service's `OrderPaid`, so a review can say "verified
//! purchase" without the catalog asking another service or keeping addresses.

use diesel::prelude::*;
use keyshop_core::db::DbConnection;
use keyshop_core::on_backend;

use super::schema::buyers;

pub fn record(conn: &mut DbConnection, email_hash: &str, skus: &[String]) -> QueryResult<()> {
    for sku in skus {
        // Known buyers of the product stay as they are (the key is the pair).
        on_backend!(conn, |inner| diesel::insert_into(buyers::table)
            .values((buyers::email_hash.eq(email_hash), buyers::sku.eq(sku)))
            .on_conflict_do_nothing()
            .execute(inner))?;
    }
    Ok(())
}

pub fn bought(conn: &mut DbConnection, email_hash: &str, sku: &str) -> QueryResult<bool> {
    let found: i64 =
        buyers::table.filter(buyers::email_hash.eq(email_hash)).filter(buyers::sku.eq(sku)).count().get_result(conn)?;
    Ok(found > 0)
}
