//! The public forms: throttled per address, stored for staff, confirmed by e-mail.
//! Feedback answers to its own switch (the catalog's `feedbackEnabled` setting)
//! and goes through once a minute per address.

use keyshop_core::db::DbError;
use keyshop_core::error::{AppError, ErrorCode};
use keyshop_proto::catalog::v1::GetSettingRequest;

use super::{ClientInfo, MemberService};
use crate::domain::forms::{FormKind, Submission};
use crate::domain::throttle;
use crate::{mail, store};

/// The catalog setting that switches the feedback form on and off.
pub const FEEDBACK_SETTING: &str = "feedbackEnabled";

impl MemberService {
    /// Stores a validated form and mails the sender a confirmation (a mail
    /// that fails is logged; the submission stands).
    pub async fn submit_form(
        &self,
        submission: Result<Submission, AppError>,
        client: &ClientInfo,
    ) -> Result<i64, AppError> {
        let submission = submission?;
        let kind = submission.kind.as_str();
        let limit = if submission.kind == FormKind::Feedback {
            if !self.feedback_enabled().await? {
                return Err(AppError::new(ErrorCode::BusinessRule, "api.form.feedbackClosed"));
            }
            throttle::FEEDBACK
        } else {
            throttle::FORM
        };
        self.throttle(&format!("member:form:{kind}:{}", client.address_bucket()), limit, "api.form.tooMany").await?;
        let fields = serde_json::to_string(&submission.fields).map_err(AppError::internal)?;
        let email = submission.email.as_str().to_owned();
        let (ip, language) = (client.ip.clone(), client.language.clone());
        let now = self.clock.now_ms();
        let id = self
            .db
            .write(move |conn| {
                store::form_submissions::insert(conn, kind, &email, &fields, &ip, &language, now).map_err(DbError::from)
            })
            .await?;
        let composed = mail::form_received(submission.email.as_str(), &client.language, &submission.name, kind);
        self.send_in_background(composed);
        self.announce_form(id, kind, submission.email.as_str()).await;
        Ok(id)
    }

    /// The feedback switch: on unless the setting says `false`.
    async fn feedback_enabled(&self) -> Result<bool, AppError> {
        let answer = self.catalog.clone().get_setting(GetSettingRequest { key: FEEDBACK_SETTING.to_owned() }).await;
        match answer {
            Ok(setting) => Ok(setting.into_inner().value != "false"),
            Err(status) if status.code() == tonic::Code::NotFound => Ok(true),
            Err(status) => Err(AppError::from_status(&status)),
        }
    }

    /// Sends a mail without holding up the answer; a failure is logged.
    pub(super) fn send_in_background(&self, composed: mail::Composed) {
        let mailer = self.mailer.clone();
        tokio::spawn(async move {
            if let Err(error) = mailer.send(composed.as_email()).await {
                tracing::warn!(error = %error, subject = %composed.subject, "confirmation mail not sent");
            }
        });
    }
}
