//! Accounts and sessions: register, login, logout, who is calling, the
//! session check, and disabling an account.

use std::time::Duration;

use keyshop_core::db::{Db, DbError};
use keyshop_core::error::{AppError, ErrorCode, FieldErrors};
use keyshop_core::events::{Event, outbox};
use keyshop_proto::events::v1::MemberRegistered;

use super::{Caller, ClientInfo, MemberService, random_failed};
use crate::domain::account::{self, NewAccount, RegisterForm};
use crate::domain::throttle::{self, LoginGate};
use crate::domain::{level, password, secret, user_agent};
use crate::store::members::{MemberRow, NewMember};
use crate::{mail, store};

/// What the session check answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SessionState {
    /// 0 anonymous, 1 signed in, 2 disabled.
    pub state: i32,
    /// False when a token was sent that is no longer valid.
    pub is_success: bool,
}

/// A new session's token (shown once) and when it expires.
#[derive(Debug, Clone)]
pub struct NewSession {
    pub token: String,
    pub expires_at_ms: i64,
}

/// The member behind an account page: account, standing and level name.
#[derive(Debug, Clone)]
pub struct MemberInfo {
    pub member: MemberRow,
    pub level_name: String,
    /// Points worth one US dollar at checkout, at the member's level.
    pub points_exchange_rate: i32,
}

/// The answer to a wrong password and to an unknown account alike.
const BAD_CREDENTIALS: &str = "api.member.badCredentials";

fn failures_key(kind: &str, value: &str) -> String {
    format!("member:login:fail:{kind}:{}", secret::digest(value))
}

/// Password hashes (argon2id, 19 MiB each) computed at once: one per core.
/// More would only share the cores and the memory, and a burst of logins
/// would take every blocking thread from the database calls.
static HASHING: std::sync::LazyLock<tokio::sync::Semaphore> = std::sync::LazyLock::new(|| {
    tokio::sync::Semaphore::new(std::thread::available_parallelism().map_or(2, std::num::NonZeroUsize::get))
});

/// How long a request waits for a hashing turn before it is asked to come
/// back: well inside the gateway's time-out, so a burst of logins answers
/// 429 instead of queueing into 503s.
const HASHING_WAIT: std::time::Duration = std::time::Duration::from_secs(4);

async fn hashing_turn() -> Result<tokio::sync::SemaphorePermit<'static>, AppError> {
    match tokio::time::timeout(HASHING_WAIT, HASHING.acquire()).await {
        Ok(turn) => turn.map_err(AppError::internal),
        Err(_) => Err(AppError::rate_limited("api.error.tooManyRequests", std::time::Duration::from_secs(2))),
    }
}

/// Counts one argon2 run (`member_password_hashes_total{kind}`): the load
/// logins and resets put on the cores, and proof that refused requests put none.
fn count_hash(kind: &'static str) {
    metrics::counter!("member_password_hashes_total", "kind" => kind).increment(1);
}

/// Hashes a new password on a blocking thread, when a hashing turn is free.
pub(super) async fn hash_password(password: String) -> Result<String, AppError> {
    let _turn = hashing_turn().await?;
    tokio::task::spawn_blocking(move || {
        count_hash("hash");
        password::hash(&password)
    })
    .await
    .map_err(AppError::internal)?
    .map_err(AppError::internal)
}

/// Verifies on a blocking thread (when a hashing turn is free); an unknown
/// account verifies against a decoy so it takes as long as a wrong password.
pub(super) async fn verify_password(password: String, stored: Option<String>) -> Result<bool, AppError> {
    let _turn = hashing_turn().await?;
    tokio::task::spawn_blocking(move || {
        count_hash("verify");
        let known = stored.is_some();
        let stored = stored.unwrap_or_else(|| password::decoy_hash().to_owned());
        password::verify(&password, &stored) && known
    })
    .await
    .map_err(AppError::internal)
}

impl MemberService {
    /// Registers an account. Fields are checked before the captcha is used up.
    /// An address that already has an account gets the same answer, after
    /// the same work (the password is hashed either way), and its owner an
    /// e-mail saying so: nobody learns from here whether an address is
    /// registered. The new member's id, `None` for a taken address.
    pub async fn register(
        &self,
        form: &RegisterForm,
        captcha: (&str, &str),
        client: &ClientInfo,
    ) -> Result<Option<i64>, AppError> {
        let account = NewAccount::parse(form)?;
        self.check_captcha(captcha.0, captcha.1).await?;
        self.throttle(
            &format!("member:register:{}", client.address_bucket()),
            throttle::REGISTER,
            "api.error.tooManyRequests",
        )
        .await?;
        let NewAccount { email, full_name, password, newsletter } = account;
        let password_hash = hash_password(password).await?;
        let language = keyshop_core::i18n::normalize(&client.language).unwrap_or(keyshop_core::i18n::DEFAULT);
        let email_text = email.as_str().to_owned();
        let now = self.clock.now_ms();
        let created = self
            .db
            .write(move |conn| -> Result<Option<i64>, AppError> {
                let levels = store::levels::all(conn)?;
                let start = level::standing(&levels, 0).ok_or_else(|| AppError::internal("no level starts at 0"))?;
                let member = NewMember {
                    email: &email_text,
                    full_name: &full_name,
                    password_hash: &password_hash,
                    newsletter,
                    language,
                    level_id: start.level.id,
                };
                let Some(id) = store::members::insert(conn, &member, now).or_else(taken_on_unique_violation)? else {
                    return Ok(None);
                };
                let event = Event::new(
                    id.to_string(),
                    &MemberRegistered { member_id: id, email: email_text.clone(), language: language.to_owned() },
                );
                outbox::enqueue(conn, &event)?;
                Ok(Some(id))
            })
            .await?;
        let Some(member_id) = created else {
            let composed = mail::already_registered(email.as_str(), language, &self.settings.public_url);
            let mailer = self.mailer.clone();
            tokio::spawn(async move {
                if let Err(error) = mailer.send(composed.as_email()).await {
                    tracing::warn!(error = %error, "the already-registered e-mail was not sent");
                }
            });
            // The same work as a new account's (a double opt-in: nothing is
            // subscribed until the owner confirms), so the time tells nothing.
            if newsletter && let Err(error) = self.subscribe_newsletter(email.as_str(), client, false).await {
                tracing::warn!(error = %error.detail, "newsletter opt-in not started");
            }
            return Ok(None);
        };
        self.wake_outbox();
        if newsletter && let Err(error) = self.subscribe_newsletter(email.as_str(), client, false).await {
            tracing::warn!(member_id, error = %error.detail, "newsletter opt-in not started");
        }
        Ok(Some(member_id))
    }

    /// Signs in. Throttled per account and per address: the captcha after 3
    /// failures, 429 after many. The same answer for an unknown account and a
    /// wrong password.
    pub async fn login(
        &self,
        account: &str,
        password: &str,
        captcha: (&str, &str),
        client: &ClientInfo,
    ) -> Result<NewSession, AppError> {
        let mut errors = FieldErrors::default();
        let account = account::normalize_account(account);
        if account.is_empty() {
            errors.add("account", "api.field.required");
        }
        if password.is_empty() {
            errors.add("password", "api.field.required");
        }
        errors.finish()?;

        let (account_key, ip_key) = (failures_key("account", &account), failures_key("ip", &client.address_bucket()));
        // Counted atomically before the password is checked (a failure unless
        // it turns out otherwise), so concurrent guesses each see the ones
        // before them; the gate reads the attempts before this one.
        let on_account = self.throttle.hit(&account_key, throttle::LOGIN_WINDOW).await;
        let on_ip = self.throttle.hit(&ip_key, throttle::LOGIN_WINDOW).await;
        let before = |(count, left): (u64, Duration)| (count.saturating_sub(1), left);
        let captcha_needed = match throttle::login_gate(before(on_account), before(on_ip)) {
            LoginGate::Locked { retry_after } => {
                return Err(AppError::rate_limited("api.member.loginLocked", retry_after));
            }
            LoginGate::Open { captcha } => captcha,
        };
        let attempt = self.attempt_login(&account, password, captcha_needed.then_some(captcha), client).await;
        match &attempt {
            // A wrong password (or unknown account) stays counted.
            Err(error) if error.msg_key == BAD_CREDENTIALS => {}
            Ok(_) => {
                self.throttle.reset(&account_key).await;
                self.throttle.release(&ip_key).await;
            }
            // No password was judged (captcha, busy, disabled, a failure of ours).
            Err(_) => {
                self.throttle.release(&account_key).await;
                self.throttle.release(&ip_key).await;
            }
        }
        attempt
    }

    /// The login past the gate: the captcha when asked for, the password,
    /// then a new session.
    async fn attempt_login(
        &self,
        account: &str,
        password: &str,
        captcha: Option<(&str, &str)>,
        client: &ClientInfo,
    ) -> Result<NewSession, AppError> {
        if let Some((uuid, code)) = captcha {
            self.check_captcha(uuid, code).await?;
        }
        let lookup = account.to_owned();
        let now = self.clock.now_ms();
        let member =
            self.db.run(move |conn| store::members::find_by_email(conn, &lookup).map_err(DbError::from)).await?;
        let matches =
            verify_password(password.to_owned(), member.as_ref().map(|member| member.password_hash.clone())).await?;
        let parsed_client = user_agent::parse(&client.user_agent);
        let ip = client.ip.clone();

        let Some(member) = member.filter(|_| matches) else {
            if let Some(member_id) = self.member_id_of(account).await? {
                self.db
                    .run(move |conn| {
                        store::login_history::insert(conn, member_id, &ip, &parsed_client, false, now)
                            .map_err(DbError::from)
                    })
                    .await?;
            }
            return Err(AppError::new(ErrorCode::Unauthenticated, BAD_CREDENTIALS));
        };

        if member.disabled {
            let member_id = member.id;
            self.db
                .run(move |conn| {
                    store::login_history::insert(conn, member_id, &ip, &parsed_client, false, now)
                        .map_err(DbError::from)
                })
                .await?;
            return Err(AppError::new(ErrorCode::Forbidden, "api.member.disabled"));
        }

        let token = secret::new_token().map_err(random_failed)?;
        let token_hash = secret::digest(&token);
        let expires_at_ms = now + self.settings.session_ttl.as_millis() as i64;
        let member_id = member.id;
        self.db
            .write(move |conn| -> Result<(), AppError> {
                store::sessions::insert(conn, member_id, &token_hash, now, expires_at_ms)?;
                store::login_history::insert(conn, member_id, &ip, &parsed_client, true, now)?;
                Ok(())
            })
            .await?;
        Ok(NewSession { token, expires_at_ms })
    }

    async fn member_id_of(&self, email: &str) -> Result<Option<i64>, AppError> {
        let email = email.to_owned();
        let member =
            self.db.run(move |conn| store::members::find_by_email(conn, &email).map_err(DbError::from)).await?;
        Ok(member.map(|member| member.id))
    }

    /// Revokes the session of `token`; nothing to do without one.
    pub async fn logout(&self, token: Option<&str>) -> Result<(), AppError> {
        if let Some(session) = self.find_session(token).await? {
            let now = self.clock.now_ms();
            self.db
                .run(move |conn| store::sessions::revoke(conn, session.session_id, now).map_err(DbError::from))
                .await?;
        }
        Ok(())
    }

    /// The caller's account with its level name.
    pub async fn info(&self, caller: &Caller) -> Result<MemberInfo, AppError> {
        let member_id = caller.member_id;
        let (member, levels) = self
            .db
            .run(move |conn| -> Result<_, DbError> {
                Ok((store::members::find(conn, member_id)?, store::levels::all(conn)?))
            })
            .await?;
        let member = member.ok_or_else(|| AppError::of(ErrorCode::Unauthenticated))?;
        let level = levels.iter().find(|level| level.id == member.level_id);
        let level_name = level.map(|level| level.name.clone()).unwrap_or_default();
        let points_exchange_rate = level.map_or(0, |level| level.exchange_rate);
        Ok(MemberInfo { member, level_name, points_exchange_rate })
    }

    /// The state of the session of `token`; never fails for a bad token.
    pub async fn check_session(&self, token: Option<&str>) -> Result<SessionState, AppError> {
        if token.is_none_or(str::is_empty) {
            return Ok(SessionState { state: 0, is_success: true });
        }
        let Some(session) = self.find_session(token).await? else {
            return Ok(SessionState { state: 0, is_success: false });
        };
        if session.disabled {
            return Ok(SessionState { state: 2, is_success: false });
        }
        if session.revoked_at.is_some() || session.expires_at <= self.clock.now_ms() {
            return Ok(SessionState { state: 0, is_success: false });
        }
        Ok(SessionState { state: 1, is_success: true })
    }

    /// Disables (revoking every session) or re-enables the account of `email`.
    pub async fn set_disabled(&self, email: &str, disabled: bool) -> Result<(), AppError> {
        set_member_disabled(&self.db, email, disabled, self.clock.now_ms()).await
    }

    /// Deletes sessions that ended more than `keep` ago.
    pub async fn purge_sessions(&self, keep: Duration) -> Result<usize, AppError> {
        let before = self.clock.now_ms() - keep.as_millis() as i64;
        Ok(self.db.run(move |conn| store::sessions::purge(conn, before).map_err(DbError::from)).await?)
    }
}

/// Two registrations of one e-mail at once: the unique index refuses the
/// second, which is "taken" (no new member), not an internal error.
fn taken_on_unique_violation(error: diesel::result::Error) -> Result<Option<i64>, AppError> {
    match error {
        diesel::result::Error::DatabaseError(diesel::result::DatabaseErrorKind::UniqueViolation, _) => Ok(None),
        other => Err(AppError::from(other)),
    }
}

/// Disables (revoking every session) or re-enables the account of `email`,
/// on the member database directly (also used by `keyshop admin member`).
pub async fn set_member_disabled(db: &Db, email: &str, disabled: bool, now: i64) -> Result<(), AppError> {
    let email = account::normalize_account(email);
    db.write(move |conn| -> Result<(), AppError> {
        let member =
            store::members::find_by_email(conn, &email)?.ok_or_else(|| AppError::not_found("api.member.notFound"))?;
        store::members::set_disabled(conn, member.id, disabled, now)?;
        if disabled {
            store::sessions::revoke_all(conn, member.id, None, now)?;
        }
        Ok(())
    })
    .await
}
