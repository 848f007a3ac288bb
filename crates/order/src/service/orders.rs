//! What a buyer does with an order after checkout: list them (members),
//! pay again, see the keys (each reveal recorded), have the e-mail sent
//! again, confirm receipt, delete; and the worker completing the orders
//! nobody confirmed.

use keyshop_core::error::{AppError, ErrorCode};
use keyshop_proto::delivery::v1 as delivery;

use super::{Asker, OrderService, OrderView, Placed};
use crate::domain::state::{OrderEvent, OrderState};
use crate::store;
use crate::store::orders::OrderLine;

/// Orders completed per pass of the worker.
const COMPLETE_BATCH: i64 = 100;

/// A page of a member's orders.
#[derive(Debug, Clone)]
pub struct OrderPage {
    pub rows: Vec<OrderView>,
    pub total: i64,
    pub page: i64,
    pub limit: i64,
}

/// An order's keys and every time they were shown.
#[derive(Debug, Clone, Default)]
pub struct OrderKeys {
    /// The order's lines (what each key is for).
    pub lines: Vec<OrderLine>,
    pub keys: Vec<delivery::RevealedKey>,
    pub reveals: Vec<delivery::Reveal>,
}

fn state_of(view: &OrderView) -> Result<OrderState, AppError> {
    OrderState::parse(&view.order.state)
        .ok_or_else(|| AppError::internal(format!("order state {:?}", view.order.state)))
}

fn state_changed() -> AppError {
    AppError::new(ErrorCode::Conflict, "api.order.stateChanged")
}

impl OrderService {
    /// The signed-in member's orders, newest first.
    pub async fn list_orders(&self, bearer: Option<&str>, page: i64, limit: i64) -> Result<OrderPage, AppError> {
        let Some((member_id, ..)) = self.member(bearer).await? else {
            return Err(AppError::of(ErrorCode::Unauthenticated));
        };
        let page = page.max(1);
        let limit = if limit <= 0 { 10 } else { limit.min(50) };
        let offset = (page - 1).saturating_mul(limit);
        self.db
            .run(move |conn| -> Result<OrderPage, AppError> {
                let (orders, total) = store::orders::page_of_member(conn, member_id, offset, limit)?;
                let mut rows = Vec::with_capacity(orders.len());
                for order in orders {
                    let lines = store::orders::lines(conn, &order.order_no)?;
                    let history = store::orders::history(conn, &order.order_no)?;
                    rows.push(OrderView { order, lines, history });
                }
                Ok(OrderPage { rows, total, page, limit })
            })
            .await
    }

    /// A new payment attempt for an unpaid order in its window.
    pub async fn pay_again(&self, order_no: String, asker: &Asker, method: String) -> Result<Placed, AppError> {
        let view = self.order_for(order_no.clone(), asker).await?;
        if !state_of(&view)?.payable() || view.order.expires_at <= self.clock.now_ms() {
            return Err(state_changed());
        }
        let method = if method.trim().is_empty() { view.order.payment_method.clone() } else { method };
        if method != view.order.payment_method {
            // The fee was priced for the order's method.
            return Err(AppError::new(ErrorCode::BusinessRule, "api.order.methodUnavailable"));
        }
        let session = self.open_payment(&order_no, method, view.order.real_amount, view.order.currency.clone()).await?;
        let view = self.order_for(order_no, asker).await?;
        Ok(Placed { view, link_token: String::new(), payment_session_id: session })
    }

    /// The order's keys, for its owner; the reveal is recorded with who
    /// asked, from where and with which browser.
    pub async fn reveal_keys(
        &self,
        order_no: String,
        asker: &Asker,
        ip: String,
        user_agent: String,
    ) -> Result<OrderKeys, AppError> {
        let (view, actor) = self.authorize(order_no.clone(), asker).await?;
        if !state_of(&view)?.paid() || state_of(&view)? == OrderState::Refunded {
            return Err(state_changed());
        }
        let mut delivery = self.peers.delivery.clone();
        let keys = delivery
            .reveal_keys(delivery::RevealRequest { order_no: order_no.clone(), actor, ip, user_agent })
            .await?
            .into_inner()
            .keys;
        let reveals = delivery.list_reveals(delivery::OrderRef { order_no }).await?.into_inner().reveals;
        Ok(OrderKeys { lines: view.lines, keys, reveals })
    }

    /// Sends the delivery e-mail again.
    pub async fn resend_email(&self, order_no: String, asker: &Asker) -> Result<OrderView, AppError> {
        let view = self.order_for(order_no.clone(), asker).await?;
        if !matches!(state_of(&view)?, OrderState::Delivered | OrderState::Completed | OrderState::RefundRejected) {
            return Err(state_changed());
        }
        self.peers.delivery.clone().resend_email(delivery::OrderRef { order_no }).await?;
        Ok(view)
    }

    /// The buyer says the keys arrived: the order is completed.
    pub async fn confirm_receipt(&self, order_no: String, asker: &Asker) -> Result<OrderView, AppError> {
        let view = self.order_for(order_no.clone(), asker).await?;
        if state_of(&view)?.next(OrderEvent::Confirm).is_err()
            || !self.step(order_no.clone(), OrderEvent::Confirm, "confirmed by the buyer").await?
        {
            return Err(state_changed());
        }
        self.order_for(order_no, asker).await
    }

    /// Hides a cancelled, expired or completed order from its buyer.
    pub async fn delete_order(&self, order_no: String, asker: &Asker) -> Result<OrderView, AppError> {
        let view = self.order_for(order_no.clone(), asker).await?;
        if !state_of(&view)?.deletable() {
            return Err(AppError::new(ErrorCode::BusinessRule, "api.order.notDeletable"));
        }
        let number = order_no.clone();
        let now = self.clock.now_ms();
        let deleted =
            self.db.write(move |conn| Ok::<_, AppError>(store::orders::soft_delete(conn, &number, now)?)).await?;
        if !deleted {
            return Err(state_changed());
        }
        Ok(view)
    }

    /// Completes the delivered orders nobody confirmed for `days`; how many.
    pub async fn complete_due(&self, days: u64) -> Result<usize, AppError> {
        let days = i64::try_from(days).unwrap_or(i64::MAX);
        let before = self.clock.now_ms().saturating_sub(days.saturating_mul(86_400_000));
        let due = self
            .db
            .run(move |conn| Ok::<_, AppError>(store::orders::due_to_complete(conn, before, COMPLETE_BATCH)?))
            .await?;
        let mut completed = 0;
        for (order_no, _) in due {
            completed += usize::from(self.step(order_no, OrderEvent::AutoComplete, "completed automatically").await?);
        }
        Ok(completed)
    }
}
