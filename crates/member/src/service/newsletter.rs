//! The newsletter: double opt-in by e-mail, and an unsubscribe link in every mail.

use std::time::Duration;

use keyshop_core::error::{AppError, ErrorCode, FieldErrors};

use super::{ClientInfo, MemberService, random_failed};
use crate::domain::{secret, throttle};
use crate::mail;
use crate::store::newsletter::{self as subs, SubscriptionStatus};
use keyshop_core::fields as text;

/// A confirmation link works this long.
pub const CONFIRM_TTL: Duration = Duration::from_secs(7 * 24 * 3600);

fn link_invalid() -> AppError {
    AppError::new(ErrorCode::BusinessRule, "api.newsletter.linkInvalid")
}

impl MemberService {
    pub(super) fn newsletter_link(&self, page: &str, token: &str) -> String {
        // The token rides in the fragment: browsers never send it to a server.
        format!("{}/newsletter/{page}#token={token}", self.settings.public_url)
    }

    /// Starts the opt-in of `email`: a confirmation mail with its link. An
    /// address already confirmed gets nothing new. `throttled` is false when
    /// the caller already throttled (registration).
    pub async fn subscribe_newsletter(
        &self,
        email: &str,
        client: &ClientInfo,
        throttled: bool,
    ) -> Result<(), AppError> {
        let mut errors = FieldErrors::default();
        let email = text::email(&mut errors, "email", email, "api.field.email");
        errors.finish()?;
        let email = email.ok_or_else(|| AppError::field("email", "api.field.email"))?.as_str().to_owned();
        if throttled {
            self.throttle(
                &format!("member:form:newsletter:{}", client.address_bucket()),
                throttle::FORM,
                "api.form.tooMany",
            )
            .await?;
        }
        let confirm = secret::new_token().map_err(random_failed)?;
        let confirm_hash = secret::digest(&confirm);
        let fresh_unsubscribe = secret::new_token().map_err(random_failed)?;
        let language = keyshop_core::i18n::normalize(&client.language).unwrap_or(keyshop_core::i18n::DEFAULT);
        let now = self.clock.now_ms();
        let expires = now + CONFIRM_TTL.as_millis() as i64;
        let address = email.clone();
        let pending = self
            .db
            .write(move |conn| -> Result<Option<String>, AppError> {
                let existing = subs::find_by_email(conn, &address)?;
                if existing.as_ref().is_some_and(|row| row.status == SubscriptionStatus::Confirmed) {
                    return Ok(None);
                }
                subs::upsert_pending(conn, &address, &confirm_hash, expires, &fresh_unsubscribe, language, now)?;
                Ok(Some(existing.map_or(fresh_unsubscribe, |row| row.unsubscribe_token)))
            })
            .await?;
        if let Some(unsubscribe) = pending {
            let composed = mail::newsletter_confirm(
                &email,
                language,
                &self.newsletter_link("confirm", &confirm),
                &self.newsletter_link("unsubscribe", &unsubscribe),
            );
            self.mailer.send(composed.as_email()).await.map_err(AppError::unavailable)?;
        }
        Ok(())
    }

    pub async fn confirm_newsletter(&self, token: &str) -> Result<(), AppError> {
        let token = token.trim();
        if !secret::is_token_shaped(token) {
            return Err(link_invalid());
        }
        let hash = secret::digest(token);
        let now = self.clock.now_ms();
        self.db
            .write(move |conn| -> Result<(), AppError> {
                let row = subs::find_by_confirm_hash(conn, &hash)?.ok_or_else(link_invalid)?;
                if row.confirm_expires_at.is_none_or(|expires| expires <= now) {
                    return Err(link_invalid());
                }
                subs::set_status(conn, row.id, SubscriptionStatus::Confirmed, now)?;
                Ok(())
            })
            .await
    }

    pub async fn unsubscribe_newsletter(&self, token: &str) -> Result<(), AppError> {
        let token = token.trim().to_owned();
        if !secret::is_token_shaped(&token) {
            return Err(link_invalid());
        }
        let now = self.clock.now_ms();
        self.db
            .write(move |conn| -> Result<(), AppError> {
                let row = subs::find_by_unsubscribe_token(conn, &token)?.ok_or_else(link_invalid)?;
                subs::set_status(conn, row.id, SubscriptionStatus::Unsubscribed, now)?;
                Ok(())
            })
            .await
    }
}
