//! Forgot password: a 6-digit code by e-mail (15 minutes, 5 tries), a reset
//! token for the right code, and the new password, which ends every session.

use std::time::Duration;

use keyshop_core::db::DbError;
use keyshop_core::error::{AppError, ErrorCode, FieldErrors};

use super::{ClientInfo, MemberService, random_failed};
use crate::domain::{account, password, secret, throttle};
use crate::{mail, store};
use keyshop_core::fields as text;

pub const CODE_TTL: Duration = Duration::from_secs(15 * 60);
pub const RESET_TTL: Duration = Duration::from_secs(15 * 60);
pub const MAX_CODE_ATTEMPTS: i32 = 5;

fn code_digest(member_id: i64, code: &str) -> String {
    secret::digest(&format!("{member_id}:{code}"))
}

/// What a code try came to.
enum CodeOutcome {
    Granted,
    Invalid,
    Exhausted,
}

fn code_invalid() -> AppError {
    AppError::field("code", "api.member.codeInvalid")
}

/// Sends a reset code to `email` when it belongs to an enabled account.
async fn send_reset_code(
    db: &keyshop_core::db::Db,
    clock: &keyshop_core::clock::SharedClock,
    mailer: &keyshop_core::mail::Mailer,
    email: &str,
    language: &str,
) -> Result<(), AppError> {
    let lookup = email.to_owned();
    let member = db.run(move |conn| store::members::find_by_email(conn, &lookup).map_err(DbError::from)).await?;
    let Some(member) = member.filter(|member| !member.disabled) else { return Ok(()) };
    let code = secret::new_code().map_err(random_failed)?;
    let hash = code_digest(member.id, &code);
    let now = clock.now_ms();
    let expires = now + CODE_TTL.as_millis() as i64;
    let member_id = member.id;
    db.write(move |conn| store::password_resets::insert(conn, member_id, &hash, expires, now).map_err(DbError::from))
        .await?;
    let language = if language.is_empty() { member.language.as_str() } else { language };
    let composed = mail::reset_code(email, language, &code);
    mailer.send(composed.as_email()).await.map_err(AppError::unavailable)
}

impl MemberService {
    /// Sends a code when the e-mail has an account (in the background);
    /// answers the same, at once, either way.
    pub async fn forgot_password(
        &self,
        email: &str,
        captcha: (&str, &str),
        client: &ClientInfo,
    ) -> Result<(), AppError> {
        let mut errors = FieldErrors::default();
        let email = text::email(&mut errors, "email", email, "api.member.emailInvalid");
        errors.finish()?;
        let email = email.ok_or_else(|| AppError::field("email", "api.member.emailInvalid"))?.as_str().to_owned();
        self.check_captcha(captcha.0, captcha.1).await?;
        self.throttle(
            &format!("member:forgot:ip:{}", client.address_bucket()),
            throttle::FORGOT_PER_IP,
            "api.error.tooManyRequests",
        )
        .await?;
        self.throttle(
            &format!("member:forgot:email:{}", secret::digest(&email)),
            throttle::FORGOT_PER_EMAIL,
            "api.error.tooManyRequests",
        )
        .await?;
        // The answer leaves now, the same for every address: whether it has
        // an account, and the e-mail, are settled behind it, so neither the
        // message nor the time tells (DESIGN: no account enumeration).
        let language = client.language.clone();
        let (db, clock, mailer) = (self.db.clone(), self.clock.clone(), self.mailer.clone());
        tokio::spawn(async move {
            if let Err(error) = send_reset_code(&db, &clock, &mailer, &email, &language).await {
                tracing::warn!(error = %error.detail, "reset code not sent");
            }
        });
        Ok(())
    }

    /// Trades the right code for a reset token (shown once).
    pub async fn verify_reset_code(&self, email: &str, code: &str) -> Result<String, AppError> {
        let code = code.trim().to_owned();
        if code.is_empty() {
            return Err(AppError::field("code", "api.member.codeRequired"));
        }
        let mut errors = FieldErrors::default();
        let email = text::email(&mut errors, "email", email, "api.member.emailInvalid");
        errors.finish()?;
        let email = email.ok_or_else(|| AppError::field("email", "api.member.emailInvalid"))?.as_str().to_owned();
        let token = secret::new_token().map_err(random_failed)?;
        let token_hash = secret::digest(&token);
        let now = self.clock.now_ms();
        // The transaction commits whatever the outcome, so a wrong try is counted.
        let outcome = self
            .db
            .write(move |conn| -> Result<CodeOutcome, AppError> {
                let Some(member) = store::members::find_by_email(conn, &email)? else {
                    return Ok(CodeOutcome::Invalid);
                };
                let Some(reset) = store::password_resets::latest_open(conn, member.id)? else {
                    return Ok(CodeOutcome::Invalid);
                };
                if reset.code_expires_at <= now {
                    return Ok(CodeOutcome::Invalid);
                }
                // The try is taken before the code is compared.
                if !store::password_resets::take_attempt(conn, reset.id, MAX_CODE_ATTEMPTS)? {
                    return Ok(CodeOutcome::Exhausted);
                }
                if !secret::constant_time_eq(&reset.code_hash, &code_digest(member.id, &code)) {
                    let exhausted = reset.attempts + 1 >= MAX_CODE_ATTEMPTS;
                    return Ok(if exhausted { CodeOutcome::Exhausted } else { CodeOutcome::Invalid });
                }
                store::password_resets::grant_reset(conn, reset.id, &token_hash, now + RESET_TTL.as_millis() as i64)?;
                Ok(CodeOutcome::Granted)
            })
            .await?;
        match outcome {
            CodeOutcome::Granted => {}
            CodeOutcome::Invalid => return Err(code_invalid()),
            CodeOutcome::Exhausted => return Err(AppError::new(ErrorCode::RateLimited, "api.member.codeAttempts")),
        }
        Ok(token)
    }

    /// Sets the new password of a reset token, once, and ends every session.
    /// Throttled per address; the token is looked up before any hashing, so
    /// bogus tokens cost a read, never an argon2 run.
    pub async fn reset_password(
        &self,
        reset_token: &str,
        new_password: &str,
        confirm: &str,
        client: &ClientInfo,
    ) -> Result<(), AppError> {
        let mut errors = FieldErrors::default();
        password::check_new(&mut errors, new_password, confirm);
        errors.finish()?;
        self.throttle(
            &format!("member:reset:ip:{}", client.address_bucket()),
            throttle::RESET,
            "api.error.tooManyRequests",
        )
        .await?;
        let expired = || AppError::new(ErrorCode::BusinessRule, "api.member.resetExpired");
        if !secret::is_token_shaped(reset_token.trim()) {
            return Err(expired());
        }
        let token_hash = secret::digest(reset_token.trim());
        let now = self.clock.now_ms();
        let usable = move |reset: &store::password_resets::ResetRow| {
            reset.used_at.is_none() && reset.reset_expires_at.is_some_and(|expires| expires > now)
        };
        let lookup = token_hash.clone();
        let reset = self
            .db
            .run(move |conn| store::password_resets::find_by_reset_token(conn, &lookup).map_err(DbError::from))
            .await?;
        if !reset.as_ref().is_some_and(usable) {
            return Err(expired());
        }
        let hash = super::auth::hash_password(new_password.to_owned()).await?;
        self.db
            .write(move |conn| -> Result<(), AppError> {
                let reset = store::password_resets::find_by_reset_token(conn, &token_hash)?.ok_or_else(expired)?;
                if !usable(&reset) || store::password_resets::mark_used(conn, reset.id, now)? == 0 {
                    return Err(expired());
                }
                store::members::set_password_hash(conn, reset.member_id, &hash, now)?;
                store::sessions::revoke_all(conn, reset.member_id, None, now)?;
                Ok(())
            })
            .await
    }

    /// For tests and tools: the member id of an account e-mail.
    pub async fn member_id_by_email(&self, email: &str) -> Result<Option<i64>, AppError> {
        let email = account::normalize_account(email);
        let member =
            self.db.run(move |conn| store::members::find_by_email(conn, &email).map_err(DbError::from)).await?;
        Ok(member.map(|member| member.id))
    }
}
