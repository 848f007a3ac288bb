//! Sending the delivery e-mails that are due: each leased by one sender,
//! retried with back-off when the mail server, the catalog or the order
//! service fails.

use std::sync::Arc;

use futures::StreamExt;
use keyshop_core::error::AppError;
use keyshop_core::mail::Mailer;

use super::{DeliveryService, MAIL_LEASE_MS, MailParts, QueuedMail};
use crate::mail::{self, GuidedLine};
use crate::ports::{ActivationGuides, OrderLinks};
use crate::store;
use crate::store::deliveries::DeliveryState;

/// E-mails picked per batch.
const SEND_BATCH: i64 = 200;
/// E-mails being written or sent at once (the mail server's connections).
pub const SENDING_AT_ONCE: usize = 16;
/// The longest wait between two attempts.
const MAX_BACKOFF_MS: i64 = 3_600_000;

/// The wait after the `attempts`-th failure: 2 s, 4 s, 8 s … at most an hour.
pub fn backoff_ms(attempts: i64) -> i64 {
    let exponent = u32::try_from(attempts.clamp(1, 22)).unwrap_or(22);
    (1000_i64 << exponent).min(MAX_BACKOFF_MS)
}

/// Sends delivery e-mails.
pub struct Dispatcher {
    pub service: Arc<DeliveryService>,
    pub mailer: Arc<Mailer>,
    pub guides: Arc<dyn ActivationGuides>,
    pub links: Arc<dyn OrderLinks>,
}

impl Dispatcher {
    /// Sends every e-mail due at `now`, [`SENDING_AT_ONCE`] at a time, batch
    /// after batch until none is left; how many went out.
    pub async fn send_due(&self, now: i64) -> Result<usize, AppError> {
        self.send_overdue(now, now).await
    }

    /// Sends at `now` every e-mail that was due by `due_by`, as
    /// [`Dispatcher::send_due`] does.
    pub async fn send_overdue(&self, due_by: i64, now: i64) -> Result<usize, AppError> {
        let mut sent = 0;
        loop {
            let due = self
                .service
                .db()
                .run(move |conn| {
                    Ok::<_, AppError>(store::deliveries::due(conn, DeliveryState::Queued, due_by, SEND_BATCH)?)
                })
                .await?;
            let full = i64::try_from(due.len()).unwrap_or(i64::MAX) >= SEND_BATCH;
            let outcomes: Vec<Result<bool, AppError>> = futures::stream::iter(due)
                .map(|order_no| self.send_one(order_no, now))
                .buffer_unordered(SENDING_AT_ONCE)
                .collect()
                .await;
            let mut progressed = false;
            for outcome in outcomes {
                let went = outcome?;
                sent += usize::from(went);
                progressed |= went;
            }
            // Stop when the queue is drained, or when a whole batch failed
            // (the mail server is down: back-off takes over).
            if !full || !progressed {
                return Ok(sent);
            }
        }
    }

    /// Leases and sends one e-mail; whether it went out (false when another
    /// sender holds it, or it is not due, or sending failed and was
    /// rescheduled).
    pub async fn send_one(&self, order_no: String, now: i64) -> Result<bool, AppError> {
        let leased = self.service.lease_mail(order_no.clone(), now, MAIL_LEASE_MS).await;
        let parts = match leased {
            Ok(None) => return Ok(false),
            Ok(Some(parts)) => Ok(parts),
            Err(error) => Err(error),
        };
        self.send_leased(order_no, parts).await
    }

    /// Sends an e-mail this process queued: leased already, or leased now.
    pub async fn send_queued(&self, mail: QueuedMail, now: i64) -> Result<bool, AppError> {
        match mail.leased {
            Some(parts) => self.send_leased(mail.order_no, Ok(parts)).await,
            None => self.send_one(mail.order_no, now).await,
        }
    }

    /// Sends the leased e-mail of `order_no` (or records why its lease
    /// brought nothing to send) and marks it sent, or due again later.
    async fn send_leased(&self, order_no: String, parts: Result<MailParts, AppError>) -> Result<bool, AppError> {
        let sent = match parts {
            Ok(parts) => self.send(&parts).await,
            Err(error) => Err(error),
        };
        let now = self.service.clock().now_ms();
        match sent {
            Ok(()) => {
                let order = order_no.clone();
                self.service
                    .db()
                    .write_one(move |conn| Ok::<_, AppError>(store::deliveries::mark_sent(conn, &order, now)?))
                    .await?;
                tracing::info!(%order_no, "delivery e-mail sent");
                Ok(true)
            }
            Err(error) => {
                tracing::warn!(%order_no, error = %error.detail, "delivery e-mail failed; retrying later");
                let detail = error.detail.chars().take(500).collect::<String>();
                self.service
                    .db()
                    .write(move |conn| -> Result<usize, AppError> {
                        let attempts = store::deliveries::find(conn, &order_no)?.map_or(1, |row| row.attempts);
                        Ok(store::deliveries::mark_failed(conn, &order_no, &detail, now + backoff_ms(attempts), now)?)
                    })
                    .await?;
                Ok(false)
            }
        }
    }

    async fn send(&self, parts: &MailParts) -> Result<(), AppError> {
        let mut guided = Vec::with_capacity(parts.lines.len());
        for line in &parts.lines {
            let activation_guide = if line.game_name.is_empty() {
                String::new()
            } else {
                // A product taken off the catalog still gets its keys.
                let language = &parts.delivery.language;
                self.guides.activation_guide(&line.game_name, &line.game_ext_name, language).await?.unwrap_or_default()
            };
            guided.push(GuidedLine {
                line_no: line.line_no,
                title: &line.title,
                platform: &line.platform,
                activation_guide,
            });
        }
        // Asked for last, so a failure before it wastes no link.
        let order_link = self.links.mail_link(&parts.delivery.order_no).await?;
        let composed = mail::keys_delivered(parts, &guided, &order_link);
        self.mailer.send(composed.as_email()).await.map_err(|error| AppError::unavailable(format!("mail: {error}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn back_off_doubles_up_to_an_hour() {
        assert_eq!(backoff_ms(1), 2_000);
        assert_eq!(backoff_ms(2), 4_000);
        assert_eq!(backoff_ms(5), 32_000);
        assert_eq!(backoff_ms(12), MAX_BACKOFF_MS);
        assert_eq!(backoff_ms(i64::MAX), MAX_BACKOFF_MS);
        assert_eq!(backoff_ms(0), 2_000);
    }
}
