//! Staff accounts: invitation (the CLI bootstraps the owner, owners invite
//! the rest), enrollment through a one-time link (password, TOTP, recovery
//! codes), sign-in with both factors, and short revocable sessions.

use keyshop_core::audit::{self, Actor, AuditAction};
use keyshop_core::db::{Db, DbError};
use keyshop_core::email::Email;
use keyshop_core::error::{AppError, ErrorCode, FieldErrors};
use keyshop_core::events::outbox;
use keyshop_core::identity::{Party, StaffClaim, StaffRole};
use keyshop_core::paging::Paging;
use keyshop_core::user_agent;
use keyshop_proto::events::v1::StaffActionRecorded;

use super::auth::{hash_password, verify_password};
use super::{ClientInfo, MemberService, random_failed};
use crate::domain::secret;
use crate::domain::staff::{self as rules, StaffState};
use crate::domain::throttle;
use crate::store;
use crate::store::staff::{NewStaffSession, StaffRow};

/// A sign-in that failed, whatever the reason (no hint which factor).
const BAD_CREDENTIALS: &str = "api.staff.badCredentials";
/// A session's idle time is written at most this often.
const TOUCH_EVERY_MS: i64 = 60_000;

/// A member of staff as a session proves them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StaffIdentity {
    pub id: i64,
    pub email: String,
    pub role: StaffRole,
}

/// An enrollment link: who it enrolls, until when.
#[derive(Debug, Clone)]
pub struct Invitation {
    pub staff_id: i64,
    pub link: String,
    pub expires_at_ms: i64,
}

/// What an enrollment link's page shows.
#[derive(Debug, Clone)]
pub struct EnrollmentOffer {
    pub email: String,
    pub role: StaffRole,
    pub totp_secret: String,
    pub otpauth_url: String,
    pub expires_at_ms: i64,
}

/// A new staff session.
#[derive(Debug, Clone)]
pub struct NewSession {
    pub token: String,
    pub staff: StaffIdentity,
    pub expires_at_ms: i64,
    /// The recovery codes left, when one was used to sign in.
    pub recovery_codes_left: Option<i64>,
}

/// A page of the audit log.
#[derive(Debug, Clone)]
pub struct AuditPage {
    pub rows: Vec<store::staff_audit::AuditRow>,
    pub total: i64,
    pub page: i64,
    pub limit: i64,
}

/// One of a member of staff's live sessions.
#[derive(Debug, Clone)]
pub struct SessionInfo {
    pub id: i64,
    pub created_at_ms: i64,
    pub last_seen_at_ms: i64,
    pub expires_at_ms: i64,
    pub ip: String,
    pub browser: String,
    pub os: String,
    pub current: bool,
}

fn link_invalid() -> AppError {
    AppError::not_found("api.staff.linkInvalid")
}

fn unauthenticated() -> AppError {
    AppError::of(ErrorCode::Unauthenticated)
}

/// Invites `email` as `role` for `actor`: the account (new, or still
/// invited) and a fresh enrollment link under `public_url`, valid 24 hours;
/// the links before it stop working. An enrolled account is refused (409).
/// The audit log's record is written with it. On the member database
/// directly (also `keyshop admin staff add`; its record waits in the outbox
/// for the running store's relay).
pub async fn invite(
    db: &Db,
    public_url: &str,
    email: &str,
    role: StaffRole,
    now: i64,
    actor: &Actor,
) -> Result<Invitation, AppError> {
    let email = Email::parse(email).ok_or_else(|| AppError::field("email", "api.field.email"))?;
    let email = email.as_str().to_ascii_lowercase();
    let token = secret::new_token().map_err(random_failed)?;
    let hash = secret::digest(&token);
    let expires_at = now.saturating_add(i64::try_from(rules::ENROLLMENT_LIFETIME.as_millis()).unwrap_or(i64::MAX));
    let record = audit::record(actor, AuditAction::StaffInvite, &email, role.as_str(), Party::Member, now);
    let staff_id = db
        .write(move |conn| -> Result<i64, AppError> {
            let staff_id = match store::staff::find_by_email(conn, &email)? {
                None => store::staff::insert_invited(conn, &email, role, now)?,
                Some(row) if row.state == StaffState::Invited => row.id,
                Some(_) => return Err(AppError::new(ErrorCode::Conflict, "api.staff.exists")),
            };
            store::staff::insert_enrollment(conn, &hash, staff_id, expires_at, now)?;
            outbox::enqueue(conn, &record)?;
            Ok(staff_id)
        })
        .await?;
    let link = format!("{}/staff/enroll#token={token}", public_url.trim_end_matches('/'));
    Ok(Invitation { staff_id, link, expires_at_ms: expires_at })
}

impl MemberService {
    /// [`invite`] from the console (the owner's call).
    pub async fn invite_staff(&self, email: &str, role: StaffRole, owner: &StaffClaim) -> Result<Invitation, AppError> {
        let actor = Actor::Staff(owner.clone());
        let invitation = invite(&self.db, &self.settings.public_url, email, role, self.clock.now_ms(), &actor).await?;
        self.wake_outbox();
        Ok(invitation)
    }

    /// Every staff account (the owner's list).
    pub async fn list_staff(&self) -> Result<Vec<store::staff::StaffListing>, AppError> {
        Ok(self.db.run(|conn| store::staff::list(conn).map_err(DbError::from)).await?)
    }

    /// Changes the role or the state (disabled or not) of account `id` read
    /// at `version`, for `owner`: 409 when it changed since, when it is the
    /// owner's own, or when no active owner would be left. Disabling ends its
    /// sessions. The audit log's record is written with the change.
    pub async fn update_staff(
        &self,
        owner: &StaffClaim,
        id: i64,
        version: i64,
        role: Option<StaffRole>,
        disabled: Option<bool>,
    ) -> Result<store::staff::StaffListing, AppError> {
        let caller_id = owner.id.parse::<i64>().unwrap_or(0);
        let actor = Actor::Staff(owner.clone());
        let now = self.clock.now_ms();
        let updated = self
            .db
            .write(move |conn| -> Result<store::staff::StaffListing, AppError> {
                let account = store::staff::find(conn, id)?.ok_or_else(|| AppError::not_found("api.error.notFound"))?;
                if account.version != version {
                    return Err(AppError::new(ErrorCode::Conflict, "api.staff.changed"));
                }
                let new_role = role.unwrap_or(account.role);
                let new_state = match (disabled, account.state) {
                    (Some(true), _) => StaffState::Disabled,
                    // Enabled again: back to where it was before being disabled.
                    (Some(false), StaffState::Disabled) if account.password_hash.is_empty() => StaffState::Invited,
                    (Some(false), StaffState::Disabled) => StaffState::Active,
                    (_, state) => state,
                };
                let owners = store::staff::active_owners(conn)?;
                rules::check_change(caller_id, id, (account.role, account.state), (new_role, new_state), owners)
                    .map_err(|refusal| AppError::new(ErrorCode::Conflict, refusal.msg_key()))?;
                if !store::staff::update(conn, id, version, new_role, new_state, now)? {
                    return Err(AppError::new(ErrorCode::Conflict, "api.staff.changed"));
                }
                if new_state == StaffState::Disabled {
                    store::staff::revoke_all_sessions(conn, id, now)?;
                }
                let mut records = Vec::new();
                if new_role != account.role {
                    let summary = format!("{} → {}", account.role, new_role);
                    records.push(audit::record(
                        &actor,
                        AuditAction::StaffRole,
                        &account.email,
                        &summary,
                        Party::Member,
                        now,
                    ));
                }
                if new_state != account.state {
                    let action = if new_state == StaffState::Disabled {
                        AuditAction::StaffDisable
                    } else {
                        AuditAction::StaffEnable
                    };
                    let summary = format!("{} → {}", account.state, new_state);
                    records.push(audit::record(&actor, action, &account.email, &summary, Party::Member, now));
                }
                for record in &records {
                    outbox::enqueue(conn, record)?;
                }
                Ok(store::staff::StaffListing {
                    id,
                    email: account.email,
                    role: new_role,
                    state: new_state,
                    version: version + 1,
                    created_at: account.created_at,
                })
            })
            .await?;
        self.wake_outbox();
        Ok(updated)
    }

    /// Resets account `id` read at `version` (not the owner's own): password
    /// and authenticator forgotten, recovery codes gone, sessions ended, a new
    /// one-time enrollment link (valid 24 hours). 409 when it changed since.
    pub async fn reset_staff(&self, owner: &StaffClaim, id: i64, version: i64) -> Result<Invitation, AppError> {
        if owner.id.parse::<i64>().ok() == Some(id) {
            return Err(AppError::new(ErrorCode::Conflict, "api.staff.notYourself"));
        }
        let actor = Actor::Staff(owner.clone());
        let now = self.clock.now_ms();
        let token = secret::new_token().map_err(random_failed)?;
        let hash = secret::digest(&token);
        let expires_at = now.saturating_add(i64::try_from(rules::ENROLLMENT_LIFETIME.as_millis()).unwrap_or(i64::MAX));
        self.db
            .write(move |conn| -> Result<(), AppError> {
                let account = store::staff::find(conn, id)?.ok_or_else(|| AppError::not_found("api.error.notFound"))?;
                let owners = store::staff::active_owners(conn)?;
                rules::check_change(0, id, (account.role, account.state), (account.role, StaffState::Invited), owners)
                    .map_err(|refusal| AppError::new(ErrorCode::Conflict, refusal.msg_key()))?;
                if !store::staff::reset(conn, id, version, now)? {
                    return Err(AppError::new(ErrorCode::Conflict, "api.staff.changed"));
                }
                store::staff::revoke_all_sessions(conn, id, now)?;
                store::staff::insert_enrollment(conn, &hash, id, expires_at, now)?;
                let record = audit::record(&actor, AuditAction::StaffReset, &account.email, "", Party::Member, now);
                outbox::enqueue(conn, &record)?;
                Ok(())
            })
            .await?;
        self.wake_outbox();
        let link = format!("{}/staff/enroll#token={token}", self.settings.public_url.trim_end_matches('/'));
        Ok(Invitation { staff_id: id, link, expires_at_ms: expires_at })
    }

    /// Keeps a record of the audit log (its event id makes a repeat a no-op).
    pub async fn append_audit(&self, event_id: &str, recorded: &StaffActionRecorded) -> Result<bool, AppError> {
        let role = StaffRole::from_proto(recorded.role).map_or_else(|_| String::new(), |role| role.as_str().to_owned());
        let action = AuditAction::from_proto(recorded.action).map_err(AppError::internal)?;
        let row = store::staff_audit::AuditRow {
            event_id: event_id.to_owned(),
            at: recorded.at_ms,
            staff_id: recorded.staff_id.clone(),
            staff_email: recorded.staff_email.clone(),
            role,
            action: action.as_str().to_owned(),
            target: recorded.target.clone(),
            summary: recorded.summary.clone(),
            ip: recorded.ip.clone(),
            service: recorded.service.clone(),
        };
        Ok(self.db.write(move |conn| store::staff_audit::append(conn, &row).map_err(DbError::from)).await?)
    }

    /// The audit log's records matching `text`, newest first.
    pub async fn audit_log(&self, text: &str, page: i64, limit: i64) -> Result<AuditPage, AppError> {
        let paging = Paging::parse(page, limit)?;
        let (page, limit) = (i64::from(paging.page), i64::from(paging.limit));
        let offset = (page - 1).saturating_mul(limit);
        let text: String = text.trim().chars().take(100).collect();
        let (rows, total) = self
            .db
            .run(move |conn| store::staff_audit::search(conn, &text, offset, limit).map_err(DbError::from))
            .await?;
        Ok(AuditPage { rows, total, page, limit })
    }

    /// The enrollment link of `token`, if it is unused and not expired, with
    /// its account.
    async fn open_link(&self, token: &str) -> Result<(String, store::staff::EnrollmentRow, StaffRow), AppError> {
        if !secret::is_token_shaped(token) {
            return Err(link_invalid());
        }
        let hash = secret::digest(token);
        let now = self.clock.now_ms();
        let lookup = hash.clone();
        let found = self
            .db
            .run(move |conn| -> Result<_, DbError> {
                let Some(link) = store::staff::find_enrollment(conn, &lookup)? else { return Ok(None) };
                Ok(store::staff::find(conn, link.staff_id)?.map(|staff| (link, staff)))
            })
            .await?;
        match found {
            Some((link, staff)) if link.used_at.is_none() && link.expires_at > now => Ok((hash, link, staff)),
            _ => Err(link_invalid()),
        }
    }

    /// What the enrollment page shows: the account, and the TOTP secret to
    /// add (made the first time the link is opened, the same afterwards).
    pub async fn start_enrollment(&self, token: &str, client: &ClientInfo) -> Result<EnrollmentOffer, AppError> {
        let key = format!("staff:enroll:ip:{}", client.address_bucket());
        self.throttle(&key, throttle::STAFF_ENROLLMENT, "api.error.tooManyRequests").await?;
        let (hash, link, staff) = self.open_link(token).await?;
        let mut totp_secret = link.totp_secret;
        if totp_secret.is_empty() {
            let mut bytes = [0_u8; rules::TOTP_SECRET_BYTES];
            getrandom::fill(&mut bytes).map_err(AppError::internal)?;
            let offered = rules::base32(&bytes);
            let (lookup, value) = (hash.clone(), offered.clone());
            self.db.write(move |conn| store::staff::offer_secret(conn, &lookup, &value).map_err(DbError::from)).await?;
            // A second page opened at the same moment may have won: read back.
            let lookup = hash.clone();
            totp_secret = self
                .db
                .run(move |conn| store::staff::find_enrollment(conn, &lookup).map_err(DbError::from))
                .await?
                .map(|link| link.totp_secret)
                .ok_or_else(link_invalid)?;
        }
        // Only guesses count: a link that opened is taken back.
        self.throttle.release(&key).await;
        Ok(EnrollmentOffer {
            otpauth_url: rules::otpauth_url(&staff.email, &totp_secret),
            email: staff.email,
            role: staff.role,
            totp_secret,
            expires_at_ms: link.expires_at,
        })
    }

    /// Sets the password and the TOTP secret (proved by `code`), activates
    /// the account, uses up the link and answers 10 new recovery codes, once.
    pub async fn finish_enrollment(
        &self,
        token: &str,
        password: &str,
        confirm: &str,
        code: &str,
        client: &ClientInfo,
    ) -> Result<Vec<String>, AppError> {
        let key = format!("staff:enroll:ip:{}", client.address_bucket());
        self.throttle(&key, throttle::STAFF_ENROLLMENT, "api.error.tooManyRequests").await?;
        let mut errors = FieldErrors::default();
        rules::check_password(&mut errors, password, confirm);
        if code.trim().is_empty() {
            errors.add("code", "api.field.required");
        }
        errors.finish()?;
        let (hash, link, staff) = self.open_link(token).await?;
        if link.totp_secret.is_empty() {
            return Err(link_invalid());
        }
        let now = self.clock.now_ms();
        let now_secs = u64::try_from(now / 1000).unwrap_or(0);
        let step = rules::check_totp(&link.totp_secret, code, now_secs, 0)
            .ok_or_else(|| AppError::field("code", "api.staff.codeWrong"))?;
        let password_hash = hash_password(password.to_owned()).await?;
        let mut codes = Vec::with_capacity(rules::RECOVERY_CODES);
        for _ in 0..rules::RECOVERY_CODES {
            let mut bytes = [0_u8; rules::RECOVERY_CODE_BYTES];
            getrandom::fill(&mut bytes).map_err(AppError::internal)?;
            codes.push(rules::recovery_code(&bytes));
        }
        let hashes: Vec<String> = codes
            .iter()
            .filter_map(|code| rules::normalize_recovery_code(code))
            .map(|code| secret::digest(&code))
            .collect();
        let (secret_value, step) = (link.totp_secret.clone(), i64::try_from(step).unwrap_or(i64::MAX));
        let enrolled = Actor::Staff(StaffClaim {
            id: staff.id.to_string(),
            email: staff.email.clone(),
            role: staff.role,
            ip: client.ip.clone(),
        });
        let record = audit::record(&enrolled, AuditAction::StaffEnroll, &staff.email, "", Party::Member, now);
        self.db
            .write(move |conn| -> Result<(), AppError> {
                if !store::staff::use_enrollment(conn, &hash, now)? {
                    return Err(link_invalid());
                }
                if !store::staff::enroll(conn, staff.id, staff.version, &password_hash, &secret_value, step, now)? {
                    return Err(AppError::new(ErrorCode::Conflict, "api.error.conflict"));
                }
                store::staff::replace_recovery_codes(conn, staff.id, &hashes)?;
                // A new second factor ends every session made with the old one.
                store::staff::revoke_all_sessions(conn, staff.id, now)?;
                outbox::enqueue(conn, &record)?;
                Ok(())
            })
            .await?;
        self.wake_outbox();
        self.throttle.release(&key).await;
        tracing::info!(staff_id = staff.id, "a member of staff enrolled");
        Ok(codes)
    }

    /// Signs a member of staff in with e-mail, password and a TOTP code (or
    /// an unused recovery code): a new session. Every failure answers the
    /// same 401; attempts are counted per account and per address first, so
    /// concurrent guesses each count, and a success is taken back (only
    /// failures add up).
    pub async fn staff_sign_in(
        &self,
        email: &str,
        password: &str,
        code: &str,
        client: &ClientInfo,
    ) -> Result<NewSession, AppError> {
        let mut errors = FieldErrors::default();
        let email = email.trim().to_ascii_lowercase();
        for (field, value) in [("email", email.as_str()), ("password", password), ("code", code.trim())] {
            if value.is_empty() {
                errors.add(field, "api.field.required");
            }
        }
        errors.finish()?;
        let account_key = format!("staff:signin:email:{}", secret::digest(&email));
        let ip_key = format!("staff:signin:ip:{}", client.address_bucket());
        self.throttle(&account_key, throttle::STAFF_SIGN_IN_PER_ACCOUNT, "api.staff.signInLocked").await?;
        self.throttle(&ip_key, throttle::STAFF_SIGN_IN_PER_IP, "api.staff.signInLocked").await?;
        let session = self.check_factors(&email, password, code, client).await?;
        // Only failures count: a sign-in that worked is taken back.
        self.throttle.reset(&account_key).await;
        self.throttle.release(&ip_key).await;
        Ok(session)
    }

    async fn check_factors(
        &self,
        email: &str,
        password: &str,
        code: &str,
        client: &ClientInfo,
    ) -> Result<NewSession, AppError> {
        let lookup = email.to_owned();
        let account =
            self.db.run(move |conn| store::staff::find_by_email(conn, &lookup).map_err(DbError::from)).await?;
        let stored = account.as_ref().filter(|row| !row.password_hash.is_empty()).map(|row| row.password_hash.clone());
        let matches = verify_password(password.to_owned(), stored).await?;
        let Some(account) = account.filter(|row| matches && row.state == StaffState::Active) else {
            return Err(AppError::new(ErrorCode::Unauthenticated, BAD_CREDENTIALS));
        };
        let now = self.clock.now_ms();
        let now_secs = u64::try_from(now / 1000).unwrap_or(0);
        let last_step = u64::try_from(account.totp_last_step).unwrap_or(0);
        let totp_step = rules::check_totp(&account.totp_secret, code, now_secs, last_step);
        let recovery = rules::normalize_recovery_code(code).map(|code| secret::digest(&code));
        let token = secret::new_token().map_err(random_failed)?;
        let token_hash = secret::digest(&token);
        let expires_at = self.settings.staff_sessions.expires_at(now);
        let (ip, user_agent) = (client.ip.clone(), client.user_agent.clone());
        let staff_id = account.id;
        let signed_in = Actor::Staff(StaffClaim {
            id: account.id.to_string(),
            email: account.email.clone(),
            role: account.role,
            ip: client.ip.clone(),
        });
        let how = if totp_step.is_some() { "authenticator" } else { "recovery code" };
        let record = audit::record(&signed_in, AuditAction::StaffSignIn, &account.email, how, Party::Member, now);
        let recovery_codes_left = self
            .db
            .write(move |conn| -> Result<Option<i64>, AppError> {
                let left = match (totp_step, &recovery) {
                    (Some(step), _) => {
                        let step = i64::try_from(step).unwrap_or(i64::MAX);
                        if !store::staff::take_totp_step(conn, staff_id, step)? {
                            return Err(AppError::new(ErrorCode::Unauthenticated, BAD_CREDENTIALS));
                        }
                        None
                    }
                    (None, Some(hash)) if store::staff::use_recovery_code(conn, staff_id, hash, now)? => {
                        Some(store::staff::recovery_codes_left(conn, staff_id)?)
                    }
                    _ => return Err(AppError::new(ErrorCode::Unauthenticated, BAD_CREDENTIALS)),
                };
                let session = NewStaffSession {
                    staff_id,
                    token_hash: &token_hash,
                    now_ms: now,
                    expires_at,
                    ip: &ip,
                    user_agent: &user_agent,
                };
                store::staff::insert_session(conn, &session)?;
                outbox::enqueue(conn, &record)?;
                Ok(left)
            })
            .await?;
        self.wake_outbox();
        tracing::info!(staff_id, recovery = recovery_codes_left.is_some(), "a member of staff signed in");
        Ok(NewSession {
            token,
            staff: StaffIdentity { id: account.id, email: account.email, role: account.role },
            expires_at_ms: expires_at,
            recovery_codes_left,
        })
    }

    /// The live staff session of `token` (idle time restarted): 401 when
    /// there is none or its account is not active. `(session id, staff)`.
    pub async fn staff_caller(&self, token: Option<&str>) -> Result<(i64, StaffIdentity), AppError> {
        let Some(token) = token.filter(|token| secret::is_token_shaped(token)) else { return Err(unauthenticated()) };
        let hash = secret::digest(token);
        let session = self.db.run(move |conn| store::staff::find_session(conn, &hash).map_err(DbError::from)).await?;
        let now = self.clock.now_ms();
        let session = session
            .filter(|session| session.state == StaffState::Active)
            .filter(|session| {
                self.settings.staff_sessions.alive(
                    session.last_seen_at,
                    session.expires_at,
                    session.revoked_at.is_some(),
                    now,
                )
            })
            .ok_or_else(unauthenticated)?;
        if now - session.last_seen_at >= TOUCH_EVERY_MS {
            let id = session.session_id;
            self.db.write(move |conn| store::staff::touch_session(conn, id, now).map_err(DbError::from)).await?;
        }
        Ok((session.session_id, StaffIdentity { id: session.staff_id, email: session.email, role: session.role }))
    }

    /// Ends the session of `token`.
    pub async fn staff_sign_out(&self, token: Option<&str>) -> Result<(), AppError> {
        let (session_id, staff) = self.staff_caller(token).await?;
        self.revoke_staff_session(staff.id, session_id).await
    }

    /// Ends `session_id` if it belongs to `staff_id` (404 otherwise).
    pub async fn revoke_staff_session(&self, staff_id: i64, session_id: i64) -> Result<(), AppError> {
        let now = self.clock.now_ms();
        let ended = self
            .db
            .write(move |conn| store::staff::revoke_session(conn, staff_id, session_id, now).map_err(DbError::from))
            .await?;
        if ended == 0 { Err(AppError::not_found("api.error.notFound")) } else { Ok(()) }
    }

    /// The live sessions of the caller of `token`, newest first.
    pub async fn staff_sessions(&self, token: Option<&str>) -> Result<Vec<SessionInfo>, AppError> {
        let (current, staff) = self.staff_caller(token).await?;
        let now = self.clock.now_ms();
        let rows =
            self.db.run(move |conn| store::staff::open_sessions(conn, staff.id, now).map_err(DbError::from)).await?;
        let rules = self.settings.staff_sessions;
        Ok(rows
            .into_iter()
            .filter(|row| rules.alive(row.last_seen_at, row.expires_at, false, now))
            .map(|row| {
                let agent = user_agent::parse(&row.user_agent);
                SessionInfo {
                    id: row.id,
                    created_at_ms: row.created_at,
                    last_seen_at_ms: row.last_seen_at,
                    expires_at_ms: row.expires_at,
                    ip: row.ip,
                    browser: agent.browser,
                    os: agent.os,
                    current: row.id == current,
                }
            })
            .collect())
    }
}
