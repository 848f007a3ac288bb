//! Newsletter issues from the console: written per language (Markdown),
//! then sent once to the subscribers confirmed at that moment, each in their
//! language with their unsubscribe link, through the mailer (the `file://`
//! outbox of the embedded store, or SMTP). Sending goes on in the background
//! ([`MemberService::send_newsletter_batch`]); every copy is claimed before
//! it is handed to the mailer, so a restart resumes with the copies still
//! pending and never sends one twice. The console follows the counts.

use std::time::Duration;

use keyshop_core::audit::{self, Actor, AuditAction};
use keyshop_core::db::{DbConnection, DbError};
use keyshop_core::error::{AppError, ErrorCode};
use keyshop_core::events::outbox;
use keyshop_core::identity::Party;
use keyshop_core::paging::Paging;
use keyshop_core::shutdown::Shutdown;

use super::MemberService;
use crate::domain::newsletter::{self, IssueText};
use crate::mail;
use crate::store::newsletter::SubscriptionStatus;
use crate::store::newsletter_deliveries::{self as deliveries, DeliveryState, Recipient};
use crate::store::newsletter_issues::{self as issues, IssueRow};

/// A claim older than this belongs to a sender that stopped.
pub const CLAIM_TIMEOUT: Duration = Duration::from_secs(10 * 60);
/// Copies sent between looks at the shutdown signal.
const DRAIN_BATCH: i64 = 20;

/// How far an issue has gone out.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Progress {
    pub total: i64,
    pub sent: i64,
    pub failed: i64,
    /// Unsubscribed after the issue started.
    pub skipped: i64,
    /// Claimed by a sender that stopped: maybe sent, never again.
    pub unknown: i64,
    /// Still to go (pending or on their way).
    pub waiting: i64,
}

/// An issue as the console shows it.
#[derive(Debug, Clone)]
pub struct IssueView {
    pub row: IssueRow,
    /// English first.
    pub texts: Vec<IssueText>,
    pub progress: Progress,
}

fn changed() -> AppError {
    AppError::new(ErrorCode::Conflict, "api.staff.changed")
}

fn not_found() -> AppError {
    AppError::not_found("api.newsletter.issueNotFound")
}

fn views(conn: &mut DbConnection, rows: Vec<IssueRow>) -> Result<Vec<IssueView>, AppError> {
    let ids: Vec<i64> = rows.iter().map(|row| row.id).collect();
    let texts = issues::texts_of(conn, &ids)?;
    let counts = deliveries::counts(conn, &ids)?;
    Ok(rows
        .into_iter()
        .map(|row| {
            let mut progress = Progress::default();
            for (_, state, count) in counts.iter().filter(|(issue, _, _)| *issue == row.id) {
                progress.total += count;
                match state {
                    DeliveryState::Sent => progress.sent += count,
                    DeliveryState::Failed => progress.failed += count,
                    DeliveryState::Skipped => progress.skipped += count,
                    DeliveryState::Unknown => progress.unknown += count,
                    DeliveryState::Pending | DeliveryState::Sending => progress.waiting += count,
                }
            }
            let texts = texts.iter().filter(|(issue, _)| *issue == row.id).map(|(_, text)| text.clone()).collect();
            IssueView { row, texts, progress }
        })
        .collect())
}

fn view(conn: &mut DbConnection, id: i64) -> Result<IssueView, AppError> {
    let row = issues::find(conn, id)?.ok_or_else(not_found)?;
    views(conn, vec![row])?.pop().ok_or_else(not_found)
}

impl MemberService {
    /// Every issue, newest first, and how many subscribers are confirmed now.
    pub async fn staff_newsletters(
        &self,
        page: i64,
        limit: i64,
    ) -> Result<(Vec<IssueView>, i64, Paging, i64), AppError> {
        let paging = Paging::parse(page, limit)?;
        let (offset, size) = (paging.offset() as i64, i64::from(paging.limit));
        let (rows, total, audience) = self
            .db
            .run(move |conn| -> Result<_, AppError> {
                let (rows, total) = issues::page(conn, offset, size)?;
                Ok((views(conn, rows)?, total, deliveries::audience(conn)?))
            })
            .await?;
        Ok((rows, total, paging, audience))
    }

    pub async fn staff_newsletter(&self, id: i64) -> Result<IssueView, AppError> {
        self.db.run(move |conn| view(conn, id)).await
    }

    /// Writes a new draft (`id` 0) or rewrites draft `id` at `version`; an
    /// issue that went out cannot change.
    pub async fn save_newsletter(
        &self,
        id: i64,
        version: i64,
        texts: Vec<IssueText>,
        actor: Actor,
    ) -> Result<IssueView, AppError> {
        let texts = newsletter::check_texts(texts)?;
        let now = self.clock.now_ms();
        let saved = self
            .db
            .write(move |conn| -> Result<IssueView, AppError> {
                let id = if id == 0 {
                    let author = match &actor {
                        Actor::Staff(staff) => staff.email.clone(),
                        Actor::Cli => "keyshop admin".to_owned(),
                    };
                    issues::create(conn, &texts, &author, now)?
                } else {
                    issues::find(conn, id)?.ok_or_else(not_found)?;
                    if !issues::update(conn, id, version, &texts, now)? {
                        return Err(changed());
                    }
                    id
                };
                let languages: Vec<&str> = texts.iter().map(|text| text.language.as_str()).collect();
                let subject = texts.first().map(|text| text.subject.as_str()).unwrap_or_default();
                let summary = format!("{subject} ({})", languages.join(" "));
                let record = audit::record(
                    &actor,
                    AuditAction::NewsletterSave,
                    &format!("newsletter {id}"),
                    &summary,
                    Party::Member,
                    now,
                );
                outbox::enqueue(conn, &record)?;
                view(conn, id)
            })
            .await?;
        self.wake_outbox();
        Ok(saved)
    }

    /// Sends draft `id` (at `version`) to every subscriber confirmed now: a
    /// copy each, going out in the background.
    pub async fn start_newsletter(&self, id: i64, version: i64, actor: Actor) -> Result<IssueView, AppError> {
        let now = self.clock.now_ms();
        let started = self
            .db
            .write(move |conn| -> Result<IssueView, AppError> {
                issues::find(conn, id)?.ok_or_else(not_found)?;
                if !issues::start(conn, id, version, now)? {
                    return Err(changed());
                }
                let recipients = deliveries::enqueue_confirmed(conn, id, now)?;
                if recipients == 0 {
                    issues::finish(conn, id, now)?;
                }
                let summary = format!("to {recipients} confirmed subscribers");
                let record = audit::record(
                    &actor,
                    AuditAction::NewsletterSend,
                    &format!("newsletter {id}"),
                    &summary,
                    Party::Member,
                    now,
                );
                outbox::enqueue(conn, &record)?;
                view(conn, id)
            })
            .await?;
        self.wake_outbox();
        self.newsletter_wake.notify_one();
        Ok(started)
    }

    /// Sends up to `max` copies of the issues going out; how many were
    /// handled. A copy is claimed in its own transaction, then mailed, then
    /// marked; claims a stopped sender left become unknown first, and an
    /// issue with nothing left is finished.
    pub async fn send_newsletter_batch(&self, max: i64) -> Result<usize, AppError> {
        let now = self.clock.now_ms();
        let stale = now - CLAIM_TIMEOUT.as_millis() as i64;
        let recipients = self
            .db
            .write(move |conn| -> Result<Vec<Recipient>, AppError> {
                let expired = deliveries::expire_claims(conn, stale, now)?;
                if expired > 0 {
                    tracing::warn!(expired, "newsletter copies claimed by a stopped sender: left unsent");
                }
                for issue in issues::sending(conn)? {
                    if !deliveries::open(conn, issue)? {
                        issues::finish(conn, issue, now)?;
                    }
                }
                Ok(deliveries::pending(conn, max)?)
            })
            .await?;
        let mut handled = 0;
        let mut texts: Vec<(i64, Vec<IssueText>)> = Vec::new();
        for recipient in recipients {
            let (issue, subscription) = (recipient.issue_id, recipient.subscription_id);
            let now = self.clock.now_ms();
            let claimed = self
                .db
                .write(move |conn| -> Result<bool, AppError> {
                    Ok(deliveries::shift(
                        conn,
                        issue,
                        subscription,
                        DeliveryState::Pending,
                        DeliveryState::Sending,
                        now,
                    )?)
                })
                .await?;
            if !claimed {
                continue;
            }
            handled += 1;
            if !texts.iter().any(|(id, _)| *id == issue) {
                let loaded = self.db.run(move |conn| issues::texts_of(conn, &[issue]).map_err(DbError::from)).await?;
                texts.push((issue, loaded.into_iter().map(|(_, text)| text).collect()));
            }
            let written =
                texts.iter().find(|(id, _)| *id == issue).map(|(_, texts)| texts.as_slice()).unwrap_or_default();
            let outcome = match newsletter::text_for(written, &recipient.language) {
                _ if recipient.status != SubscriptionStatus::Confirmed => DeliveryState::Skipped,
                None => DeliveryState::Failed,
                Some(text) => {
                    let unsubscribe = self.newsletter_link("unsubscribe", &recipient.unsubscribe_token);
                    let composed = mail::newsletter_issue(
                        &recipient.email,
                        &recipient.language,
                        &text.subject,
                        &text.body,
                        &unsubscribe,
                    );
                    match self.mailer.send(composed.as_email()).await {
                        Ok(()) => DeliveryState::Sent,
                        Err(error) => {
                            tracing::warn!(subscription, issue, error = %error, "newsletter copy not sent");
                            DeliveryState::Failed
                        }
                    }
                }
            };
            let now = self.clock.now_ms();
            self.db
                .write(move |conn| -> Result<(), AppError> {
                    deliveries::shift(conn, issue, subscription, DeliveryState::Sending, outcome, now)?;
                    if !deliveries::open(conn, issue)? {
                        issues::finish(conn, issue, now)?;
                    }
                    Ok(())
                })
                .await?;
        }
        Ok(handled)
    }

    /// Sends until nothing is pending or `stop` fires (the background
    /// sender's round; a batch under way is finished first).
    pub async fn drain_newsletters(&self, stop: &Shutdown) {
        while !stop.is_triggered() {
            match self.send_newsletter_batch(DRAIN_BATCH).await {
                Ok(0) => break,
                Ok(_) => {}
                Err(error) => {
                    tracing::warn!(error = %error.detail, "newsletter round failed");
                    break;
                }
            }
        }
    }

    /// Waits until an issue is started here (or `period` passes: one started
    /// on another replica).
    pub async fn newsletter_started(&self, period: Duration) {
        let _ = tokio::time::timeout(period, self.newsletter_wake.notified()).await;
    }
}
