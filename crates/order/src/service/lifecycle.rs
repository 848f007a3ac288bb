//! An order's life after checkout: cancelled by its buyer or expired unpaid
//! (its keys and coupon go back, and its points, announced with
//! `OrderCancelled`), paid (announced with `OrderPaid`, once),
//! delivered or delayed as the delivery service reports.

use keyshop_core::error::{AppError, ErrorCode};
use keyshop_core::events::{Event, outbox};
use keyshop_core::ids::OrderNo;
use keyshop_core::secret;
use keyshop_core::vocab::PaymentProvider;
use keyshop_proto::events::v1::{OrderCancelled, OrderPaid, OrderRefunded, PaidLine};

use super::{Asker, OrderService, not_found};

/// A payment as the payment service confirmed it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfirmedPayment {
    pub provider: PaymentProvider,
    /// Minor units of `currency`.
    pub amount: i64,
    pub currency: String,
}
use crate::domain::link;
use crate::domain::order::Order;
use crate::domain::state::{Lifecycle, OrderEvent, OrderState, PAID};
use crate::store;

/// Orders expired per pass.
const EXPIRY_BATCH: i64 = 100;

/// The announcement of a paid order. It carries no link to the order: a
/// guest's link holds a token, which never goes on the bus (see
/// [`OrderService::issue_mail_link`]).
fn order_paid(order: &Order, paid_at_ms: i64) -> OrderPaid {
    OrderPaid {
        order_no: order.order_no.to_string(),
        member_id: order.member.map(i64::from),
        email: order.email.clone(),
        amount_usd_cents: order.real_amount_usd,
        currency: order.currency.to_string(),
        paid_at_ms,
        language: order.language.clone(),
        lines: order
            .lines
            .iter()
            .map(|line| PaidLine {
                line_no: line.line_no,
                sku: line.sku.clone(),
                title: line.title.clone(),
                platform: line.platform.to_proto(),
                platform_code: line.platform.to_string(),
                quantity: line.quantity,
                game_name: line.game_name.clone(),
                game_ext_name: line.game_ext_name.clone(),
            })
            .collect(),
        billing_address: order.billing_address.clone().map(Into::into),
    }
}

impl OrderService {
    /// Moves `order_no` by `event` if its state allows it; whether it moved.
    /// The coupon goes back when an unpaid order ends, and its end is
    /// announced when it was paying with points (`OrderCancelled`); a refund
    /// is announced (`OrderRefunded`).
    pub(super) async fn step(
        &self,
        order_no: &OrderNo,
        event: OrderEvent,
        note: impl Into<String>,
    ) -> Result<bool, AppError> {
        self.step_recorded(order_no, event, note, None).await
    }

    /// [`Self::step`], with the audit log's record of the member of staff who
    /// made it written in the same transaction when it moves.
    pub(super) async fn step_recorded(
        &self,
        order_no: &OrderNo,
        event: OrderEvent,
        note: impl Into<String>,
        record: Option<Event>,
    ) -> Result<bool, AppError> {
        let (order_no, note) = (order_no.clone(), note.into());
        let now = self.clock.now_ms();
        let moved = self
            .db
            .write(move |conn| -> Result<bool, AppError> {
                let order = store::orders::head(conn, &order_no)?.ok_or_else(not_found)?;
                let Ok(to) = order.state.next(event) else { return Ok(false) };
                let moved = store::orders::transition(conn, &order_no, order.state, to, &note, now)?;
                if moved
                    && matches!(to, OrderState::Cancelled | OrderState::Expired)
                    && let Some(code) = &order.coupon_code
                {
                    store::coupons::release(conn, code, order_no.as_str())?;
                }
                if moved && matches!(to, OrderState::Cancelled | OrderState::Expired) && order.points_used > 0 {
                    let cancelled = OrderCancelled {
                        order_no: order_no.to_string(),
                        member_id: order.member.map(i64::from),
                        points_used: order.points_used,
                        cancelled_at_ms: now,
                    };
                    outbox::enqueue(conn, &Event::new(order_no.to_string(), &cancelled))?;
                }
                if moved && to == OrderState::Refunded {
                    let refunded = OrderRefunded {
                        order_no: order_no.to_string(),
                        member_id: order.member.map(i64::from),
                        amount_usd_cents: order.real_amount_usd,
                        refunded_at_ms: now,
                    };
                    outbox::enqueue(conn, &Event::new(order_no.to_string(), &refunded))?;
                }
                if moved && let Some(record) = &record {
                    outbox::enqueue(conn, record)?;
                }
                Ok(moved)
            })
            .await?;
        if moved {
            // A refund's or cancel's event (or an audit record) is waiting in the outbox.
            self.waker.wake();
        }
        Ok(moved)
    }

    /// The buyer cancels an unpaid order; its keys go back to stock.
    pub async fn cancel(&self, order_no: &str, asker: &Asker) -> Result<Order, AppError> {
        let order = self.order_for(order_no, asker).await?;
        if order.state.next(OrderEvent::Cancel).is_err() {
            return Err(AppError::new(ErrorCode::Conflict, "api.order.stateChanged"));
        }
        if self.step(&order.order_no, OrderEvent::Cancel, "cancelled by the buyer").await? {
            self.ports.inventory.release(&order.order_no).await?;
        }
        self.order_for(order_no, asker).await
    }

    /// Expires the unpaid orders whose window closed before `now`; how many.
    pub async fn expire_due(&self, now: i64) -> Result<usize, AppError> {
        let due =
            self.db.run(move |conn| Ok::<_, AppError>(store::orders::due_to_expire(conn, now, EXPIRY_BATCH)?)).await?;
        let mut expired = 0;
        for order_no in due {
            if self.step(&order_no, OrderEvent::Expire, "the payment window passed").await? {
                self.ports.inventory.release(&order_no).await?;
                expired += 1;
            }
        }
        Ok(expired)
    }

    /// The payment arrived: the order is paid and `OrderPaid` announced, once.
    /// A payment for an order that expired or was cancelled meanwhile still
    /// pays it (the money was taken): it is delivered from stock. A payment
    /// whose amount or currency is not the order's is refused (an error, so
    /// the event ends in the dead-letter topic, where it is seen): whatever
    /// claims it, it did not pay this order.
    pub async fn payment_succeeded(&self, order_no: &str, payment: ConfirmedPayment) -> Result<bool, AppError> {
        let order_no = OrderNo::parse(order_no).ok_or_else(not_found)?;
        let now = self.clock.now_ms();
        let ConfirmedPayment { provider, amount, currency } = payment;
        let moved = self
            .db
            .write(move |conn| -> Result<bool, AppError> {
                let (order, _) = store::orders::find(conn, &order_no)?.ok_or_else(not_found)?;
                if !order.paid_by(amount, &currency) {
                    tracing::error!(
                        %order_no, amount, %currency, due = order.price.real_amount, due_currency = %order.currency,
                        "a payment that is not the order's amount was refused"
                    );
                    return Err(AppError::new(ErrorCode::BusinessRule, "api.error.unprocessable"));
                }
                let Ok(to) = order.state.next(OrderEvent::Pay) else { return Ok(false) };
                if !store::orders::transition(conn, &order_no, order.state, to, provider.as_str(), now)? {
                    return Ok(false);
                }
                outbox::enqueue(conn, &Event::new(order_no.to_string(), &order_paid(&order, now)))?;
                Ok(true)
            })
            .await?;
        if moved {
            self.waker.wake();
        }
        Ok(moved)
    }

    /// The link of the delivery e-mail of a paid order: a member opens it
    /// signed in; a guest through a token made now, whose hash alone is kept
    /// (the newest e-mail's link replaces the one before). Asked for by the
    /// delivery service while it writes the e-mail, so the token exists only
    /// in that e-mail.
    pub async fn issue_mail_link(&self, order_no: &str) -> Result<String, AppError> {
        let order_no = OrderNo::parse(order_no).ok_or_else(not_found)?;
        let public_url = &self.settings.public_url;
        let token = secret::new_token().map_err(AppError::internal)?;
        // A paid guest order (most e-mails) takes the token's hash in one
        // guarded statement; anything else is looked at after.
        let (number, hash, expires_at) = (order_no.clone(), secret::digest(&token), link::expires(self.clock.now_ms()));
        let guest = self
            .db
            .write_one(move |conn| {
                Ok::<_, AppError>(store::orders::set_guest_mail_token_hash(conn, &number, &PAID, &hash, expires_at)?)
            })
            .await?;
        if guest {
            return Ok(format!("{public_url}/order/{order_no}#token={token}"));
        }
        let number = order_no.clone();
        let order = self.db.run(move |conn| Ok::<_, AppError>(store::orders::head(conn, &number)?)).await?;
        match order.ok_or_else(not_found)? {
            order if order.state.paid() && order.member.is_some() => Ok(format!("{public_url}/my-order?no={order_no}")),
            // Unpaid, or a guest's order that was not paid a moment ago.
            _ => Err(AppError::new(ErrorCode::BusinessRule, "api.order.stateChanged")),
        }
    }

    /// The delivery service delivered every key.
    pub async fn keys_delivered(&self, order_no: &str) -> Result<bool, AppError> {
        let order_no = OrderNo::parse(order_no).ok_or_else(not_found)?;
        self.step(&order_no, OrderEvent::Deliver, "keys e-mailed").await
    }

    /// The delivery service lacks keys: the order waits for stock.
    pub async fn keys_delayed(&self, order_no: &str) -> Result<bool, AppError> {
        let order_no = OrderNo::parse(order_no).ok_or_else(not_found)?;
        self.step(&order_no, OrderEvent::Delay, "waiting for stock").await
    }
}
