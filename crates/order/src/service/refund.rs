//! Refunds: the buyer asks with a reason (a support ticket for a member,
//! an e-mail to support for everyone); staff approve (the payment is
//! refunded through its provider) or reject; the buyer hears the decision
//! by e-mail.

use keyshop_core::error::{AppError, ErrorCode, FieldErrors};
use keyshop_core::i18n::Messages;
use keyshop_core::mail::{self, Block};
use keyshop_proto::member::v1 as member;
use keyshop_proto::payment::v1 as payment;

use super::{Asker, OrderService, OrderView};
use crate::domain::state::{OrderEvent, OrderState};

/// The longest reason kept.
pub const MAX_REASON_CHARS: usize = 1000;

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

/// Minor units as `12.34 EUR`.
fn amount(minor: i64, currency: &str) -> String {
    format!("{}.{:02} {currency}", minor / 100, (minor % 100).abs())
}

impl OrderService {
    /// The buyer asks for their money back.
    pub async fn request_refund(&self, order_no: String, asker: &Asker, reason: &str) -> Result<OrderView, AppError> {
        let reason = check_reason(reason)?;
        let (view, actor) = self.authorize(order_no.clone(), asker).await?;
        let state = OrderState::parse(&view.order.state).ok_or_else(|| AppError::internal("order state"))?;
        if state.next(OrderEvent::RequestRefund).is_err()
            || !self.step(order_no.clone(), OrderEvent::RequestRefund, "refund requested").await?
        {
            return Err(AppError::new(ErrorCode::Conflict, "api.order.stateChanged"));
        }
        let messages = Messages::embedded();
        let args = [("orderNo", order_no.as_str())];
        if actor.starts_with("member:")
            && let Some(bearer) = asker.bearer.as_deref()
        {
            let mut call = tonic::Request::new(member::OpenTicketRequest {
                subject: messages.text(&view.order.language, "email.refund.ticketSubject", &args),
                message: reason.clone(),
                order_no: order_no.clone(),
                client: Some(member::Client { language: view.order.language.clone(), ..member::Client::default() }),
            });
            if let Ok(value) = format!("Bearer {bearer}").parse() {
                call.metadata_mut().insert("authorization", value);
            }
            if let Err(status) = self.peers.member.clone().open_ticket(call).await {
                tracing::warn!(%order_no, error = %status.message(), "refund ticket not opened");
            }
        }
        let total = amount(view.order.real_amount, &view.order.currency);
        let staff = mail::compose(
            &self.settings.support_email,
            mail::language("en-US"),
            messages.text("en-US", "email.refund.staffSubject", &args),
            &[
                Block::Text(messages.text(
                    "en-US",
                    "email.refund.staffBody",
                    &[("orderNo", order_no.as_str()), ("email", view.order.email.as_str()), ("amount", &total)],
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
    pub async fn decide_refund(&self, order_no: String, approve: bool, note: &str) -> Result<OrderView, AppError> {
        let view = self.load(order_no.clone()).await?.ok_or_else(|| AppError::not_found("api.error.notFound"))?;
        if view.order.state != OrderState::RefundRequested.as_str() {
            return Err(AppError::new(ErrorCode::Conflict, "api.order.stateChanged"));
        }
        let event = if approve {
            self.peers.payment.clone().refund_payment(payment::RefundRequest { order_no: order_no.clone() }).await?;
            OrderEvent::ApproveRefund
        } else {
            OrderEvent::RejectRefund
        };
        let note = if note.trim().is_empty() {
            if approve { "refund approved" } else { "refund rejected" }
        } else {
            note.trim()
        };
        let note: String = note.chars().take(200).collect();
        if !self.step(order_no.clone(), event, note).await? {
            return Err(AppError::new(ErrorCode::Conflict, "api.order.stateChanged"));
        }
        let language = mail::language(&view.order.language);
        let key = if approve { "email.refund.approved" } else { "email.refund.rejected" };
        let messages = Messages::embedded();
        let args = [("orderNo", order_no.as_str())];
        let buyer = mail::compose(
            &view.order.email,
            language,
            messages.text(language, "email.refund.decisionSubject", &args),
            &[Block::Text(messages.text(language, key, &args))],
        );
        self.send_in_background(buyer);
        self.load(order_no).await?.ok_or_else(|| AppError::not_found("api.error.notFound"))
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
        assert_eq!(amount(1234, "EUR"), "12.34 EUR");
        assert_eq!(amount(5, "USD"), "0.05 USD");
    }
}
