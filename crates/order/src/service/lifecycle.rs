//! An order's life after checkout: cancelled by its buyer or expired unpaid
//! (its keys and coupon go back), paid (announced with `OrderPaid`, once),
//! delivered or delayed as the delivery service reports.

use keyshop_core::error::{AppError, ErrorCode};
use keyshop_core::events::{Event, outbox};
use keyshop_core::secret;
use keyshop_proto::delivery::v1 as delivery;
use keyshop_proto::events::v1::{OrderPaid, PaidLine, PaymentSucceeded};

use super::{Asker, OrderService, OrderView};
use crate::domain::link;
use crate::domain::state::{OrderEvent, OrderState};
use crate::store;

/// Orders expired per pass.
const EXPIRY_BATCH: i64 = 100;

fn state_of(text: &str) -> Result<OrderState, AppError> {
    OrderState::parse(text).ok_or_else(|| AppError::internal(format!("order state {text:?}")))
}

impl OrderService {
    /// Moves `order_no` by `event` if its state allows it; whether it moved.
    /// The coupon goes back when an unpaid order ends.
    pub(super) async fn step(
        &self,
        order_no: String,
        event: OrderEvent,
        note: impl Into<String>,
    ) -> Result<bool, AppError> {
        let note = note.into();
        let now = self.clock.now_ms();
        self.db
            .write(move |conn| -> Result<bool, AppError> {
                let order =
                    store::orders::find(conn, &order_no)?.ok_or_else(|| AppError::not_found("api.error.notFound"))?;
                let from = state_of(&order.state)?;
                let Ok(to) = from.next(event) else { return Ok(false) };
                let moved = store::orders::transition(conn, &order_no, from, to, &note, now)?;
                if moved
                    && matches!(to, OrderState::Cancelled | OrderState::Expired)
                    && let Some(code) = &order.coupon_code
                {
                    store::coupons::release(conn, code, &order_no)?;
                }
                Ok(moved)
            })
            .await
    }

    /// The buyer cancels an unpaid order; its keys go back to stock.
    pub async fn cancel(&self, order_no: String, asker: &Asker) -> Result<OrderView, AppError> {
        let view = self.order_for(order_no.clone(), asker).await?;
        if state_of(&view.order.state)?.next(OrderEvent::Cancel).is_err() {
            return Err(AppError::new(ErrorCode::Conflict, "api.order.stateChanged"));
        }
        if self.step(order_no.clone(), OrderEvent::Cancel, "cancelled by the buyer").await? {
            self.peers.delivery.clone().release(delivery::OrderRef { order_no: order_no.clone() }).await?;
        }
        self.order_for(order_no, asker).await
    }

    /// Expires the unpaid orders whose window closed before `now`; how many.
    pub async fn expire_due(&self, now: i64) -> Result<usize, AppError> {
        let due =
            self.db.run(move |conn| Ok::<_, AppError>(store::orders::due_to_expire(conn, now, EXPIRY_BATCH)?)).await?;
        let mut expired = 0;
        for order_no in due {
            if self.step(order_no.clone(), OrderEvent::Expire, "the payment window passed").await? {
                self.peers.delivery.clone().release(delivery::OrderRef { order_no }).await?;
                expired += 1;
            }
        }
        Ok(expired)
    }

    /// The payment arrived: the order is paid and `OrderPaid` announced, once.
    /// A payment for an order that expired or was cancelled meanwhile still
    /// pays it (the money was taken): it is delivered from stock.
    pub async fn payment_succeeded(&self, paid: PaymentSucceeded) -> Result<bool, AppError> {
        let public_url = self.settings.public_url.clone();
        let now = self.clock.now_ms();
        let provider = keyshop_core::vocab::PaymentProvider::from_proto(paid.provider)?;
        let moved = self
            .db
            .write(move |conn| -> Result<bool, AppError> {
                let order = store::orders::find(conn, &paid.order_no)?
                    .ok_or_else(|| AppError::not_found("api.error.notFound"))?;
                let from = state_of(&order.state)?;
                let Ok(to) = from.next(OrderEvent::Pay) else { return Ok(false) };
                if !store::orders::transition(conn, &order.order_no, from, to, provider.as_str(), now)? {
                    return Ok(false);
                }
                let token = secret::new_token().map_err(AppError::internal)?;
                store::orders::set_mail_token_hash(conn, &order.order_no, &secret::digest(&token), link::expires(now))?;
                let order_url = if order.member_id > 0 {
                    format!("{public_url}/my-order?no={}", order.order_no)
                } else {
                    format!("{public_url}/order/{}#token={token}", order.order_no)
                };
                let lines = store::orders::lines(conn, &order.order_no)?;
                let event = OrderPaid {
                    order_no: order.order_no.clone(),
                    member_id: order.member_id,
                    email: order.email.clone(),
                    amount_usd_cents: order.real_amount_usd,
                    currency: order.currency.clone(),
                    paid_at_ms: now,
                    language: order.language.clone(),
                    order_url,
                    lines: lines
                        .into_iter()
                        .map(|line| PaidLine {
                            line_no: line.line_no,
                            sku: line.sku,
                            title: line.title,
                            platform: line.platform,
                            quantity: line.quantity,
                            game_name: line.game_name,
                            game_ext_name: line.game_ext_name,
                        })
                        .collect(),
                };
                outbox::enqueue(conn, &Event::new(order.order_no.clone(), &event))?;
                Ok(true)
            })
            .await?;
        if moved {
            self.waker.wake();
        }
        Ok(moved)
    }

    /// The delivery service delivered every key.
    pub async fn keys_delivered(&self, order_no: String) -> Result<bool, AppError> {
        self.step(order_no, OrderEvent::Deliver, "keys e-mailed").await
    }

    /// The delivery service lacks keys: the order waits for stock.
    pub async fn keys_delayed(&self, order_no: String) -> Result<bool, AppError> {
        self.step(order_no, OrderEvent::Delay, "waiting for stock").await
    }
}
