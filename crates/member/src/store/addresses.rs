//! `addresses`: a member's addresses. Every query is scoped to the member.

use diesel::prelude::*;
use keyshop_core::db::DbConnection;

use super::schema::addresses;
use keyshop_core::postal::PostalAddress;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = addresses)]
pub struct AddressRow {
    pub id: i64,
    pub first_name: String,
    pub last_name: String,
    pub phone: String,
    pub address: String,
    pub city: String,
    pub province: String,
    pub zip: String,
    pub country: String,
    pub is_default: bool,
}

/// The member's addresses, the default first, then oldest first.
pub fn list(conn: &mut DbConnection, member_id: i64) -> QueryResult<Vec<AddressRow>> {
    addresses::table
        .filter(addresses::member_id.eq(member_id))
        .order((addresses::is_default.desc(), addresses::id.asc()))
        .select(AddressRow::as_select())
        .load(conn)
}

pub fn count(conn: &mut DbConnection, member_id: i64) -> QueryResult<i64> {
    addresses::table.filter(addresses::member_id.eq(member_id)).count().get_result(conn)
}

/// The member's address `id`, `None` when it is not theirs.
pub fn find(conn: &mut DbConnection, member_id: i64, id: i64) -> QueryResult<Option<AddressRow>> {
    addresses::table
        .filter(addresses::member_id.eq(member_id))
        .filter(addresses::id.eq(id))
        .select(AddressRow::as_select())
        .first(conn)
        .optional()
}

/// A new address, not the default (see [`set_default`]).
pub fn insert(conn: &mut DbConnection, member_id: i64, form: &PostalAddress, now_ms: i64) -> QueryResult<i64> {
    diesel::insert_into(addresses::table)
        .values((
            addresses::member_id.eq(member_id),
            addresses::first_name.eq(&form.first_name),
            addresses::last_name.eq(&form.last_name),
            addresses::phone.eq(&form.phone),
            addresses::address.eq(&form.address),
            addresses::city.eq(&form.city),
            addresses::province.eq(&form.province),
            addresses::zip.eq(&form.zip),
            addresses::country.eq(&form.country),
            addresses::is_default.eq(false),
            addresses::created_at.eq(now_ms),
            addresses::updated_at.eq(now_ms),
        ))
        .returning(addresses::id)
        .get_result(conn)
}

/// Updates the fields (not the default flag) of the member's address `id`.
pub fn update(
    conn: &mut DbConnection,
    member_id: i64,
    id: i64,
    form: &PostalAddress,
    now_ms: i64,
) -> QueryResult<usize> {
    diesel::update(addresses::table.filter(addresses::member_id.eq(member_id)).filter(addresses::id.eq(id)))
        .set((
            addresses::first_name.eq(&form.first_name),
            addresses::last_name.eq(&form.last_name),
            addresses::phone.eq(&form.phone),
            addresses::address.eq(&form.address),
            addresses::city.eq(&form.city),
            addresses::province.eq(&form.province),
            addresses::zip.eq(&form.zip),
            addresses::country.eq(&form.country),
            addresses::updated_at.eq(now_ms),
        ))
        .execute(conn)
}

/// Makes `id` the member's only default (clear first: one default at a time).
pub fn set_default(conn: &mut DbConnection, member_id: i64, id: i64, now_ms: i64) -> QueryResult<usize> {
    diesel::update(addresses::table.filter(addresses::member_id.eq(member_id)).filter(addresses::is_default.eq(true)))
        .set(addresses::is_default.eq(false))
        .execute(conn)?;
    diesel::update(addresses::table.filter(addresses::member_id.eq(member_id)).filter(addresses::id.eq(id)))
        .set((addresses::is_default.eq(true), addresses::updated_at.eq(now_ms)))
        .execute(conn)
}

pub fn delete(conn: &mut DbConnection, member_id: i64, id: i64) -> QueryResult<usize> {
    diesel::delete(addresses::table.filter(addresses::member_id.eq(member_id)).filter(addresses::id.eq(id)))
        .execute(conn)
}
