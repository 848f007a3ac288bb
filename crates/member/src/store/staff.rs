//! `staff`, `staff_enrollments`, `staff_recovery_codes`, `staff_sessions`:
//! the people who run the store, apart from shoppers.

use diesel::prelude::*;
use keyshop_core::db::DbConnection;
use keyshop_core::identity::{Permission, StaffRole};

use super::schema::{staff, staff_enrollments, staff_recovery_codes, staff_sessions};
use crate::domain::staff::StaffState;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = staff)]
pub struct StaffRow {
    pub id: i64,
    pub email: String,
    pub role: StaffRole,
    pub state: StaffState,
    pub password_hash: String,
    pub totp_secret: String,
    pub totp_last_step: i64,
    pub version: i64,
    pub created_at: i64,
}

pub fn find(conn: &mut DbConnection, id: i64) -> QueryResult<Option<StaffRow>> {
    staff::table.find(id).select(StaffRow::as_select()).first(conn).optional()
}

pub fn find_by_email(conn: &mut DbConnection, email: &str) -> QueryResult<Option<StaffRow>> {
    staff::table.filter(staff::email.eq(email)).select(StaffRow::as_select()).first(conn).optional()
}

/// A new account, invited: enrolled through its link.
pub fn insert_invited(conn: &mut DbConnection, email: &str, role: StaffRole, now_ms: i64) -> QueryResult<i64> {
    diesel::insert_into(staff::table)
        .values((
            staff::email.eq(email),
            staff::role.eq(role),
            staff::state.eq(StaffState::Invited),
            staff::created_at.eq(now_ms),
            staff::updated_at.eq(now_ms),
        ))
        .returning(staff::id)
        .get_result(conn)
}

/// Enrolls the account at `version`: password, TOTP secret, active. False
/// when it changed meanwhile.
pub fn enroll(
    conn: &mut DbConnection,
    id: i64,
    version: i64,
    password_hash: &str,
    totp_secret: &str,
    step: i64,
    now_ms: i64,
) -> QueryResult<bool> {
    let changed = diesel::update(staff::table.find(id).filter(staff::version.eq(version)))
        .set((
            staff::password_hash.eq(password_hash),
            staff::totp_secret.eq(totp_secret),
            staff::totp_last_step.eq(step),
            staff::state.eq(StaffState::Active),
            staff::version.eq(version + 1),
            staff::updated_at.eq(now_ms),
        ))
        .execute(conn)?;
    Ok(changed == 1)
}

/// Records `step` as the last TOTP step used, if it is later than the one
/// recorded: false when another sign-in took it first (a replay).
pub fn take_totp_step(conn: &mut DbConnection, id: i64, step: i64) -> QueryResult<bool> {
    let changed = diesel::update(staff::table.find(id).filter(staff::totp_last_step.lt(step)))
        .set(staff::totp_last_step.eq(step))
        .execute(conn)?;
    Ok(changed == 1)
}

/// An account as the owner's list shows it.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = staff)]
pub struct StaffListing {
    pub id: i64,
    pub email: String,
    pub role: StaffRole,
    pub state: StaffState,
    pub version: i64,
    pub created_at: i64,
}

/// Every account, by e-mail.
pub fn list(conn: &mut DbConnection) -> QueryResult<Vec<StaffListing>> {
    staff::table.order(staff::email.asc()).select(StaffListing::as_select()).load(conn)
}

/// The e-mail addresses of the active accounts whose role has `permission`.
pub fn active_with(conn: &mut DbConnection, permission: Permission) -> QueryResult<Vec<String>> {
    let accounts: Vec<(String, StaffRole)> = staff::table
        .filter(staff::state.eq(StaffState::Active))
        .order(staff::email.asc())
        .select((staff::email, staff::role))
        .load(conn)?;
    Ok(accounts.into_iter().filter(|(_, role)| role.may(permission)).map(|(email, _)| email).collect())
}

/// How many active owners there are.
pub fn active_owners(conn: &mut DbConnection) -> QueryResult<i64> {
    staff::table
        .filter(staff::role.eq(StaffRole::Owner))
        .filter(staff::state.eq(StaffState::Active))
        .count()
        .get_result(conn)
}

/// Sets role and state of the account at `version`; false when it changed meanwhile.
pub fn update(
    conn: &mut DbConnection,
    id: i64,
    version: i64,
    role: StaffRole,
    state: StaffState,
    now_ms: i64,
) -> QueryResult<bool> {
    let changed = diesel::update(staff::table.find(id).filter(staff::version.eq(version)))
        .set((
            staff::role.eq(role),
            staff::state.eq(state),
            staff::version.eq(version + 1),
            staff::updated_at.eq(now_ms),
        ))
        .execute(conn)?;
    Ok(changed == 1)
}

/// Forgets the account's password and authenticator (invited again), if it
/// is still at `version`; false when it changed meanwhile.
pub fn reset(conn: &mut DbConnection, id: i64, version: i64, now_ms: i64) -> QueryResult<bool> {
    let changed = diesel::update(staff::table.find(id).filter(staff::version.eq(version)))
        .set((
            staff::password_hash.eq(""),
            staff::totp_secret.eq(""),
            staff::totp_last_step.eq(0),
            staff::state.eq(StaffState::Invited),
            staff::version.eq(version + 1),
            staff::updated_at.eq(now_ms),
        ))
        .execute(conn)?;
    if changed == 1 {
        diesel::delete(staff_recovery_codes::table.filter(staff_recovery_codes::staff_id.eq(id))).execute(conn)?;
    }
    Ok(changed == 1)
}

/// An enrollment link's row.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = staff_enrollments)]
pub struct EnrollmentRow {
    pub staff_id: i64,
    pub totp_secret: String,
    pub expires_at: i64,
    pub used_at: Option<i64>,
}

pub fn insert_enrollment(
    conn: &mut DbConnection,
    token_hash: &str,
    staff_id: i64,
    expires_at: i64,
    now_ms: i64,
) -> QueryResult<()> {
    // A new link replaces the unused ones before it.
    diesel::delete(
        staff_enrollments::table
            .filter(staff_enrollments::staff_id.eq(staff_id))
            .filter(staff_enrollments::used_at.is_null()),
    )
    .execute(conn)?;
    diesel::insert_into(staff_enrollments::table)
        .values((
            staff_enrollments::token_hash.eq(token_hash),
            staff_enrollments::staff_id.eq(staff_id),
            staff_enrollments::expires_at.eq(expires_at),
            staff_enrollments::created_at.eq(now_ms),
        ))
        .execute(conn)?;
    Ok(())
}

pub fn find_enrollment(conn: &mut DbConnection, token_hash: &str) -> QueryResult<Option<EnrollmentRow>> {
    staff_enrollments::table.find(token_hash).select(EnrollmentRow::as_select()).first(conn).optional()
}

/// Keeps the secret offered through the link, the first time it is opened.
pub fn offer_secret(conn: &mut DbConnection, token_hash: &str, secret: &str) -> QueryResult<usize> {
    diesel::update(staff_enrollments::table.find(token_hash).filter(staff_enrollments::totp_secret.eq("")))
        .set(staff_enrollments::totp_secret.eq(secret))
        .execute(conn)
}

/// Marks the link used; false when it already was.
pub fn use_enrollment(conn: &mut DbConnection, token_hash: &str, now_ms: i64) -> QueryResult<bool> {
    let changed =
        diesel::update(staff_enrollments::table.find(token_hash).filter(staff_enrollments::used_at.is_null()))
            .set(staff_enrollments::used_at.eq(now_ms))
            .execute(conn)?;
    Ok(changed == 1)
}

/// Replaces every recovery code of `staff_id` with `hashes`.
pub fn replace_recovery_codes(conn: &mut DbConnection, staff_id: i64, hashes: &[String]) -> QueryResult<()> {
    diesel::delete(staff_recovery_codes::table.filter(staff_recovery_codes::staff_id.eq(staff_id))).execute(conn)?;
    for hash in hashes {
        diesel::insert_into(staff_recovery_codes::table)
            .values((staff_recovery_codes::staff_id.eq(staff_id), staff_recovery_codes::code_hash.eq(hash)))
            .execute(conn)?;
    }
    Ok(())
}

/// Uses the recovery code of `hash`; false when there is no such unused code.
pub fn use_recovery_code(conn: &mut DbConnection, staff_id: i64, hash: &str, now_ms: i64) -> QueryResult<bool> {
    let changed = diesel::update(
        staff_recovery_codes::table.find((staff_id, hash)).filter(staff_recovery_codes::used_at.is_null()),
    )
    .set(staff_recovery_codes::used_at.eq(now_ms))
    .execute(conn)?;
    Ok(changed == 1)
}

pub fn recovery_codes_left(conn: &mut DbConnection, staff_id: i64) -> QueryResult<i64> {
    staff_recovery_codes::table
        .filter(staff_recovery_codes::staff_id.eq(staff_id))
        .filter(staff_recovery_codes::used_at.is_null())
        .count()
        .get_result(conn)
}

/// A session with what the caller needs of its account.
#[derive(Debug, Clone, Queryable)]
pub struct StaffSessionView {
    pub session_id: i64,
    pub staff_id: i64,
    pub last_seen_at: i64,
    pub expires_at: i64,
    pub revoked_at: Option<i64>,
    pub email: String,
    pub role: StaffRole,
    pub state: StaffState,
}

pub struct NewStaffSession<'a> {
    pub staff_id: i64,
    pub token_hash: &'a str,
    pub now_ms: i64,
    pub expires_at: i64,
    pub ip: &'a str,
    pub user_agent: &'a str,
}

pub fn insert_session(conn: &mut DbConnection, session: &NewStaffSession<'_>) -> QueryResult<i64> {
    diesel::insert_into(staff_sessions::table)
        .values((
            staff_sessions::staff_id.eq(session.staff_id),
            staff_sessions::token_hash.eq(session.token_hash),
            staff_sessions::created_at.eq(session.now_ms),
            staff_sessions::last_seen_at.eq(session.now_ms),
            staff_sessions::expires_at.eq(session.expires_at),
            staff_sessions::ip.eq(session.ip),
            staff_sessions::user_agent.eq(session.user_agent),
        ))
        .returning(staff_sessions::id)
        .get_result(conn)
}

pub fn find_session(conn: &mut DbConnection, token_hash: &str) -> QueryResult<Option<StaffSessionView>> {
    staff_sessions::table
        .inner_join(staff::table)
        .filter(staff_sessions::token_hash.eq(token_hash))
        .select((
            staff_sessions::id,
            staff_sessions::staff_id,
            staff_sessions::last_seen_at,
            staff_sessions::expires_at,
            staff_sessions::revoked_at,
            staff::email,
            staff::role,
            staff::state,
        ))
        .first(conn)
        .optional()
}

/// Restarts a session's idle time.
pub fn touch_session(conn: &mut DbConnection, session_id: i64, now_ms: i64) -> QueryResult<usize> {
    diesel::update(staff_sessions::table.find(session_id)).set(staff_sessions::last_seen_at.eq(now_ms)).execute(conn)
}

/// Ends `session_id` if it is `staff_id`'s; how many ended.
pub fn revoke_session(conn: &mut DbConnection, staff_id: i64, session_id: i64, now_ms: i64) -> QueryResult<usize> {
    diesel::update(
        staff_sessions::table
            .find(session_id)
            .filter(staff_sessions::staff_id.eq(staff_id))
            .filter(staff_sessions::revoked_at.is_null()),
    )
    .set(staff_sessions::revoked_at.eq(now_ms))
    .execute(conn)
}

/// Ends every session of `staff_id`.
pub fn revoke_all_sessions(conn: &mut DbConnection, staff_id: i64, now_ms: i64) -> QueryResult<usize> {
    diesel::update(
        staff_sessions::table
            .filter(staff_sessions::staff_id.eq(staff_id))
            .filter(staff_sessions::revoked_at.is_null()),
    )
    .set(staff_sessions::revoked_at.eq(now_ms))
    .execute(conn)
}

/// A session as its owner sees it listed.
#[derive(Debug, Clone, Queryable)]
pub struct SessionListing {
    pub id: i64,
    pub created_at: i64,
    pub last_seen_at: i64,
    pub expires_at: i64,
    pub ip: String,
    pub user_agent: String,
}

/// `staff_id`'s sessions not revoked and not past their end, newest first
/// (the idle rule is applied by the caller).
pub fn open_sessions(conn: &mut DbConnection, staff_id: i64, now_ms: i64) -> QueryResult<Vec<SessionListing>> {
    staff_sessions::table
        .filter(staff_sessions::staff_id.eq(staff_id))
        .filter(staff_sessions::revoked_at.is_null())
        .filter(staff_sessions::expires_at.gt(now_ms))
        .order(staff_sessions::id.desc())
        .select((
            staff_sessions::id,
            staff_sessions::created_at,
            staff_sessions::last_seen_at,
            staff_sessions::expires_at,
            staff_sessions::ip,
            staff_sessions::user_agent,
        ))
        .load(conn)
}
