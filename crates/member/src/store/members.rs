//! `members`: accounts, profiles and standing.

use diesel::prelude::*;
use keyshop_core::db::{DbConnection, like_escaped};

use super::schema::members;
use crate::domain::profile::ProfileForm;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = members)]
pub struct MemberRow {
    pub id: i64,
    pub email: String,
    pub full_name: String,
    pub password_hash: String,
    pub country: String,
    pub phone: String,
    pub zip: String,
    pub address: String,
    pub discord: String,
    pub telegram: String,
    pub whatsapp: String,
    pub newsletter: bool,
    pub language: String,
    pub disabled: bool,
    pub total_consumption_usd_cents: i64,
    pub points: i64,
    pub level_id: i64,
    pub created_at: i64,
    /// Of what staff change (disabled, points): the 409 check.
    pub staff_version: i64,
}

pub struct NewMember<'a> {
    pub email: &'a str,
    pub full_name: &'a str,
    pub password_hash: &'a str,
    pub newsletter: bool,
    pub language: &'a str,
    pub level_id: i64,
}

/// Inserts an account; `None` when the e-mail is taken.
pub fn insert(conn: &mut DbConnection, member: &NewMember<'_>, now_ms: i64) -> QueryResult<Option<i64>> {
    let taken: i64 = members::table.filter(members::email.eq(member.email)).count().get_result(conn)?;
    if taken > 0 {
        return Ok(None);
    }
    diesel::insert_into(members::table)
        .values((
            members::email.eq(member.email),
            members::full_name.eq(member.full_name),
            members::password_hash.eq(member.password_hash),
            members::newsletter.eq(member.newsletter),
            members::language.eq(member.language),
            members::level_id.eq(member.level_id),
            members::created_at.eq(now_ms),
            members::updated_at.eq(now_ms),
        ))
        .returning(members::id)
        .get_result(conn)
        .map(Some)
}

pub fn find(conn: &mut DbConnection, id: i64) -> QueryResult<Option<MemberRow>> {
    members::table.find(id).select(MemberRow::as_select()).get_result(conn).optional()
}

pub fn find_by_email(conn: &mut DbConnection, email: &str) -> QueryResult<Option<MemberRow>> {
    members::table.filter(members::email.eq(email)).select(MemberRow::as_select()).get_result(conn).optional()
}

pub fn update_profile(conn: &mut DbConnection, id: i64, profile: &ProfileForm, now_ms: i64) -> QueryResult<usize> {
    diesel::update(members::table.find(id))
        .set((
            members::full_name.eq(&profile.full_name),
            members::country.eq(&profile.country),
            members::phone.eq(&profile.phone),
            members::zip.eq(&profile.zip),
            members::address.eq(&profile.address),
            members::discord.eq(&profile.discord),
            members::telegram.eq(&profile.telegram),
            members::whatsapp.eq(&profile.whatsapp),
            members::newsletter.eq(profile.newsletter),
            members::updated_at.eq(now_ms),
        ))
        .execute(conn)
}

pub fn set_password_hash(conn: &mut DbConnection, id: i64, hash: &str, now_ms: i64) -> QueryResult<usize> {
    diesel::update(members::table.find(id))
        .set((members::password_hash.eq(hash), members::updated_at.eq(now_ms)))
        .execute(conn)
}

pub fn set_disabled(conn: &mut DbConnection, id: i64, disabled: bool, now_ms: i64) -> QueryResult<usize> {
    diesel::update(members::table.find(id))
        .set((members::disabled.eq(disabled), members::updated_at.eq(now_ms)))
        .execute(conn)
}

/// Sets the member's consumption, points and level.
/// Adds a paid order's consumption and points in one guarded update (two
/// orders of the same member applied at once both count); the new total.
pub fn add_consumption(
    conn: &mut DbConnection,
    id: i64,
    usd_cents: i64,
    points: i64,
    now_ms: i64,
) -> QueryResult<Option<i64>> {
    let moved = diesel::update(members::table.find(id))
        .set((
            members::total_consumption_usd_cents.eq(members::total_consumption_usd_cents + usd_cents),
            members::points.eq(members::points + points),
            members::updated_at.eq(now_ms),
        ))
        .execute(conn)?;
    if moved == 0 {
        return Ok(None);
    }
    members::table.find(id).select(members::total_consumption_usd_cents).get_result(conn).map(Some)
}

pub fn set_level(conn: &mut DbConnection, id: i64, level_id: i64) -> QueryResult<usize> {
    diesel::update(members::table.find(id)).set(members::level_id.eq(level_id)).execute(conn)
}

/// Every member id (for notices to all, counted without loading rows).
pub fn count(conn: &mut DbConnection) -> QueryResult<i64> {
    members::table.count().get_result(conn)
}

/// The members whose e-mail or name holds `text` (every member when empty),
/// newest first, and how many there are.
pub fn search(conn: &mut DbConnection, text: &str, offset: i64, limit: i64) -> QueryResult<(Vec<MemberRow>, i64)> {
    let pattern = format!("%{}%", like_escaped(text));
    let matching = || {
        let mut query = members::table.into_boxed();
        if !text.is_empty() {
            query = query.filter(
                members::email
                    .like(pattern.clone())
                    .escape('\\')
                    .or(members::full_name.like(pattern.clone()).escape('\\')),
            );
        }
        query
    };
    let rows = matching()
        .order((members::created_at.desc(), members::id.desc()))
        .offset(offset)
        .limit(limit)
        .select(MemberRow::as_select())
        .load(conn)?;
    let total = matching().count().get_result(conn)?;
    Ok((rows, total))
}

/// Disables or enables the account if staff changed nothing since
/// `version`; whether it did.
pub fn set_disabled_at_version(
    conn: &mut DbConnection,
    id: i64,
    disabled: bool,
    version: i64,
    now_ms: i64,
) -> QueryResult<bool> {
    let changed = diesel::update(members::table.find(id).filter(members::staff_version.eq(version)))
        .set((members::disabled.eq(disabled), members::staff_version.eq(version + 1), members::updated_at.eq(now_ms)))
        .execute(conn)?;
    Ok(changed > 0)
}

/// Adds `delta` points (negative: takes them back) if staff changed nothing
/// since `version` and the balance stays at or above zero; whether it did.
pub fn adjust_points(conn: &mut DbConnection, id: i64, delta: i64, version: i64, now_ms: i64) -> QueryResult<bool> {
    let changed = diesel::update(
        members::table.find(id).filter(members::staff_version.eq(version)).filter((members::points + delta).ge(0)),
    )
    .set((
        members::points.eq(members::points + delta),
        members::staff_version.eq(version + 1),
        members::updated_at.eq(now_ms),
    ))
    .execute(conn)?;
    Ok(changed > 0)
}

/// Takes up to `points` from the member, never below zero (a compare and
/// set, repeated if the balance moved meanwhile); how many it took.
pub fn take_points_at_most(conn: &mut DbConnection, id: i64, points: i64, now_ms: i64) -> QueryResult<i64> {
    loop {
        let Some(balance) = members::table.find(id).select(members::points).first::<i64>(conn).optional()? else {
            return Ok(0);
        };
        let taken = points.min(balance).max(0);
        if taken == 0 {
            return Ok(0);
        }
        let moved = diesel::update(members::table.find(id).filter(members::points.eq(balance)))
            .set((members::points.eq(balance - taken), members::updated_at.eq(now_ms)))
            .execute(conn)?;
        if moved == 1 {
            return Ok(taken);
        }
    }
}

/// The e-mail of each member of `ids` still there, by id.
pub fn emails_of(conn: &mut DbConnection, ids: &[i64]) -> QueryResult<std::collections::BTreeMap<i64, String>> {
    let rows: Vec<(i64, String)> =
        members::table.filter(members::id.eq_any(ids)).select((members::id, members::email)).load(conn)?;
    Ok(rows.into_iter().collect())
}
