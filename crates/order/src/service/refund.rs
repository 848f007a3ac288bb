//! Refunds: the buyer asks with a reason (a support ticket for a member,
//! an e-mail to support for everyone); staff approve (the payment is
//! refunded through its provider) or reject; the buyer hears the decision
//! by e-mail.

use keyshop_core::error::{AppError, ErrorCode, FieldErrors};
use keyshop_core::i18n::Messages;
use keyshop_core::ids::OrderNo;
use keyshop_core::mail::{self, Block};

use keyshop_core::audit::{self, Actor, AuditAction};
use keyshop_core::db::DbError;
use keyshop_core::identity::Party;
use keyshop_core::paging::Paging;

use super::{Asker, OrderService, not_found};
use crate::domain::order::Order;
use crate::domain::refund;
use crate::domain::state::{Lifecycle, OrderEvent, OrderState};
use crate::store;

/// The longest reason kept.
pub const MAX_REASON_CHARS: usize = 1000;
/// The longest staff note kept in the order's history.
const MAX_NOTE_CHARS: usize = 200;

/// The reason, checked: required, at most [`MAX_REASON_CHARS`].
pub fn check_reason(reason: &str) -> Result<String, AppError> {
    let reason = reason.trim();
    let mut errors = FieldErrors::default();
    if reason.is_empty() {
        errors.add("reason", "api.order.refundReasonRequired");
    } else if reason.chars().count() > MAX_REASON_CHARS {
        errors.add("reason", "api.field.tooLong");
    }
    errors.finish()?;
    Ok(reason.to_owned())
}

/// A refund request waiting for staff, with its deadline.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefundWaiting {
    pub order_no: String,
    pub email: String,
    pub amount: i64,
    pub currency: String,
    pub requested_at_ms: i64,
    pub reason: String,
    pub deadline_ms: i64,
    pub overdue: bool,
}

/// A page of the refund queue.
#[derive(Debug, Clone)]
pub struct RefundQueue {
    pub rows: Vec<RefundWaiting>,
    pub total: i64,
    pub page: i64,
    pub limit: i64,
}

impl OrderService {
    /// The refund requests waiting for a decision, oldest first (staff).
    pub async fn refund_queue(&self, page: i64, limit: i64) -> Result<RefundQueue, AppError> {
        let paging = Paging::parse(page, limit)?;
        let (page, limit) = (i64::from(paging.page), i64::from(paging.limit));
        let offset = (page - 1).saturating_mul(limit);
        let (rows, total) =
            self.db.run(move |conn| store::orders::refunds_waiting(conn, offset, limit).map_err(DbError::from)).await?;
        let now = self.clock.now_ms();
        let rows = rows
            .into_iter()
            .map(|row| {
                let deadline_ms = refund::decision_deadline(row.requested_at);
                RefundWaiting {
                    order_no: row.order_no,
                    email: row.email,
                    amount: row.real_amount,
                    currency: row.currency,
                    requested_at_ms: row.requested_at,
                    reason: row.reason,
                    deadline_ms,
                    overdue: now > deadline_ms,
                }
            })
            .collect();
        Ok(RefundQueue { rows, total, page, limit })
    }

    /// The buyer asks for their money back.
    pub async fn request_refund(&self, order_no: &str, asker: &Asker, reason: &str) -> Result<Order, AppError> {
        let reason = check_reason(reason)?;
        let (order, actor) = self.authorize(order_no, asker).await?;
        if order.state.next(OrderEvent::RequestRefund).is_err()
            || !self.step(&order.order_no, OrderEvent::RequestRefund, &reason).await?
        {
            return Err(AppError::new(ErrorCode::Conflict, "api.order.stateChanged"));
        }
        let messages = Messages::embedded();
        let number = order.order_no.to_string();
        let args = [("orderNo", number.as_str())];
        if actor.starts_with("member:")
            && let Some(bearer) = asker.bearer.as_deref()
        {
            let subject = messages.text(&order.language, "email.refund.ticketSubject", &args);
            let opened =
                self.ports.members.open_ticket(bearer, &order.order_no, subject, reason.clone(), &order.language);
            if let Err(error) = opened.await {
                tracing::warn!(%number, error = %error.detail, "refund ticket not opened");
            }
        }
        let support = self.support_address().await;
        let staff = mail::compose(
            &support,
            mail::language("en-US"),
            messages.text("en-US", "email.refund.staffSubject", &args),
            &[
                Block::Text(messages.text(
                    "en-US",
                    "email.refund.staffBody",
                    &[
                        ("orderNo", number.as_str()),
                        ("email", order.email.as_str()),
                        ("amount", &order.amount().to_string()),
                    ],
                )),
                Block::Code(reason),
            ],
        );
        self.send_in_background(staff);
        self.order_for(order_no, asker).await
    }

    /// Staff decide a refund request: approved, the payment is refunded in
    /// full through its provider, then the order is refunded; rejected, the
    /// order may be completed. The buyer is told by e-mail.
    pub async fn decide_refund(
        &self,
        order_no: &str,
        approve: bool,
        note: &str,
        actor: &Actor,
    ) -> Result<Order, AppError> {
        let order_no = OrderNo::parse(order_no).ok_or_else(not_found)?;
        let order = self.load(&order_no).await?;
        if order.state != OrderState::RefundRequested {
            return Err(AppError::new(ErrorCode::Conflict, "api.order.stateChanged"));
        }
        let event = if approve {
            self.ports.payments.refund(&order_no).await?;
            OrderEvent::ApproveRefund
        } else {
            OrderEvent::RejectRefund
        };
        let note = match note.trim() {
            "" if approve => "refund approved",
            "" => "refund rejected",
            note => note,
        };
        let note: String = note.chars().take(MAX_NOTE_CHARS).collect();
        let action = if approve { AuditAction::RefundApprove } else { AuditAction::RefundDecline };
        let summary = format!("{} → {}: {note}", order.state, if approve { "refunded" } else { "refund_rejected" });
        let summary = format!("{} ({}) {summary}", order.amount(), order.email);
        let record = audit::record(actor, action, order_no.as_str(), &summary, Party::Order, self.clock.now_ms());
        if !self.step_recorded(&order_no, event, note, Some(record)).await? {
            return Err(AppError::new(ErrorCode::Conflict, "api.order.stateChanged"));
        }
        let language = mail::language(&order.language);
        let key = if approve { "email.refund.approved" } else { "email.refund.rejected" };
        let messages = Messages::embedded();
        let number = order_no.to_string();
        let args = [("orderNo", number.as_str())];
        let buyer = mail::compose(
            &order.email,
            language,
            messages.text(language, "email.refund.decisionSubject", &args),
            &[Block::Text(messages.text(language, key, &args))],
        );
        self.send_in_background(buyer);
        self.load(&order_no).await
    }

    /// Where refund requests go: the support address set in the console,
    /// else `KEYSHOP_SUPPORT_EMAIL` (also when the catalog cannot be asked).
    async fn support_address(&self) -> String {
        match self.ports.catalog.support_email().await {
            Ok(Some(address)) if keyshop_core::email::Email::parse(&address).is_some() => address,
            Ok(_) => self.settings.support_email.clone(),
            Err(error) => {
                tracing::warn!(error = %error.detail, "support address setting not read; the configured one is used");
                self.settings.support_email.clone()
            }
        }
    }

    /// Sends a mail without holding up the answer; a failure is logged.
    fn send_in_background(&self, composed: mail::Composed) {
        let mailer = self.mailer.clone();
        tokio::spawn(async move {
            if let Err(error) = mailer.send(composed.as_email()).await {
                tracing::warn!(error = %error, subject = %composed.subject, "refund mail not sent");
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reason_is_required_and_bounded() {
        assert_eq!(check_reason("  The key was already used  ").unwrap(), "The key was already used");
        assert_eq!(check_reason("   ").unwrap_err().fields["reason"], "api.order.refundReasonRequired");
        assert_eq!(check_reason(&"x".repeat(1001)).unwrap_err().fields["reason"], "api.field.tooLong");
    }
}
