//! What a buyer does with an order after checkout: list them (members),
//! pay again, see the keys (each reveal recorded), have the e-mail sent
//! again, confirm receipt, delete; and the worker completing the orders
//! nobody confirmed.

use keyshop_core::error::{AppError, ErrorCode, FieldErrors};
use keyshop_core::ids::OrderNo;
use keyshop_core::paging::Paging;
use keyshop_proto::delivery::v1::{DeliveryRecord, Reveal};
use keyshop_proto::payment::v1::PaymentAttempt;

use super::{Asker, OrderService, Placed};
use crate::domain::order::{Order, OrderLine};
use crate::domain::state::{Lifecycle, OrderEvent, OrderState};
use crate::ports::{Revealed, Viewer};
use crate::store;
use crate::store::orders::OrderFilter;
use crate::store::staff_notes::StaffNote;

/// Orders completed per pass of the worker.
const COMPLETE_BATCH: i64 = 100;
/// A page of a member's orders.
#[derive(Debug, Clone)]
pub struct OrderPage {
    pub rows: Vec<Order>,
    pub total: i64,
    pub page: i64,
    pub limit: i64,
}

/// An order as staff see it: its history, who opened its keys, staff notes.
#[derive(Debug, Clone)]
pub struct StaffOrderView {
    pub order: Order,
    pub reveals: Vec<Reveal>,
    pub notes: Vec<StaffNote>,
    /// How its e-mail went (`found` false before it is paid).
    pub delivery: DeliveryRecord,
    /// Every attempt to pay it, with the provider's events.
    pub payments: Vec<PaymentAttempt>,
}

/// An order's keys and every time they were shown.
#[derive(Debug, Clone, Default)]
pub struct OrderKeys {
    /// The order's lines (what each key is for).
    pub lines: Vec<OrderLine>,
    pub revealed: Revealed,
}

fn state_changed() -> AppError {
    AppError::new(ErrorCode::Conflict, "api.order.stateChanged")
}

impl OrderService {
    /// The orders `filter` finds, newest first (staff): a field too long to
    /// be an order number, an e-mail or a SKU, or a time range that ends
    /// before it starts, is a field error.
    pub async fn staff_search(&self, filter: OrderFilter, page: i64, limit: i64) -> Result<OrderPage, AppError> {
        let paging = Paging::parse(page, limit)?;
        let mut errors = FieldErrors::default();
        for (field, value, max) in
            [("orderNo", &filter.order_no, 32), ("email", &filter.email, 254), ("sku", &filter.sku, 64)]
        {
            if value.chars().count() > max {
                errors.add(field, "api.field.tooLong");
            }
        }
        if filter.from_ms < 0 || filter.to_ms < 0 || (filter.to_ms > 0 && filter.to_ms <= filter.from_ms) {
            errors.add("to", "api.field.outOfRange");
        }
        errors.finish()?;
        let (page, limit) = (i64::from(paging.page), i64::from(paging.limit));
        let offset = (page - 1).saturating_mul(limit);
        let (rows, total) = self.db.run(move |conn| store::orders::search(conn, &filter, offset, limit)).await?;
        Ok(OrderPage { rows, total, page, limit })
    }

    /// One order as staff see it: the order with its history, and who
    /// opened its keys when (never the keys).
    pub async fn staff_order(&self, order_no: &str) -> Result<StaffOrderView, AppError> {
        let order_no = OrderNo::parse(order_no).ok_or_else(|| AppError::not_found("api.error.notFound"))?;
        let order = self.load(&order_no).await?;
        let reveals = async {
            if order.state.paid() || order.state == OrderState::Refunded {
                self.ports.inventory.reveal_log(&order_no).await
            } else {
                Ok(Vec::new())
            }
        };
        let (reveals, delivery, payments) = tokio::try_join!(
            reveals,
            self.ports.inventory.delivery_record(&order_no),
            self.ports.payments.history(&order_no),
        )?;
        let number = order_no.to_string();
        let notes = self
            .db
            .run(move |conn| store::staff_notes::of_order(conn, &number).map_err(keyshop_core::db::DbError::from))
            .await?;
        Ok(StaffOrderView { order, reveals, notes, delivery, payments })
    }

    /// The signed-in member's orders, newest first.
    pub async fn list_orders(&self, bearer: Option<&str>, page: i64, limit: i64) -> Result<OrderPage, AppError> {
        let shopper = self.shopper(bearer).await?.ok_or_else(|| AppError::of(ErrorCode::Unauthenticated))?;
        // The paging of every list (DESIGN §4): a page or size outside it is a
        // field error, never silently clamped.
        let paging = Paging::parse(page, limit)?;
        let (page, limit) = (i64::from(paging.page), i64::from(paging.limit));
        let offset = (page - 1).saturating_mul(limit);
        let (rows, total) =
            self.db.run(move |conn| store::orders::page_of_member(conn, shopper.member_id, offset, limit)).await?;
        Ok(OrderPage { rows, total, page, limit })
    }

    /// A new payment attempt for an unpaid order in its window.
    pub async fn pay_again(&self, order_no: &str, asker: &Asker, method: &str) -> Result<Placed, AppError> {
        let order = self.order_for(order_no, asker).await?;
        if !order.payable_at(self.clock.now_ms()) {
            return Err(state_changed());
        }
        let method = if method.trim().is_empty() { order.payment_method.as_str() } else { method.trim() };
        if method != order.payment_method {
            // The fee was priced for the order's method.
            return Err(AppError::new(ErrorCode::BusinessRule, "api.order.methodUnavailable"));
        }
        let (session, order) = self.open_payment(&order.order_no, method, order.amount()).await?;
        Ok(Placed { order, link_token: String::new(), payment_session_id: Some(session) })
    }

    /// The order's keys, for its owner; the reveal is recorded with who
    /// asked, from where and with which browser.
    pub async fn reveal_keys(
        &self,
        order_no: &str,
        asker: &Asker,
        ip: String,
        user_agent: String,
    ) -> Result<OrderKeys, AppError> {
        let (order, actor) = self.authorize(order_no, asker).await?;
        if !order.state.paid() {
            return Err(state_changed());
        }
        let revealed = self.ports.inventory.reveal(&order.order_no, Viewer { actor, ip, user_agent }).await?;
        Ok(OrderKeys { lines: order.lines, revealed })
    }

    /// Sends the delivery e-mail again.
    pub async fn resend_email(&self, order_no: &str, asker: &Asker) -> Result<Order, AppError> {
        let order = self.order_for(order_no, asker).await?;
        if !matches!(order.state, OrderState::Delivered | OrderState::Completed | OrderState::RefundRejected) {
            return Err(state_changed());
        }
        self.ports.inventory.resend(&order.order_no).await?;
        Ok(order)
    }

    /// The buyer says the keys arrived: the order is completed.
    pub async fn confirm_receipt(&self, order_no: &str, asker: &Asker) -> Result<Order, AppError> {
        let order = self.order_for(order_no, asker).await?;
        if order.state.next(OrderEvent::Confirm).is_err()
            || !self.step(&order.order_no, OrderEvent::Confirm, "confirmed by the buyer").await?
        {
            return Err(state_changed());
        }
        self.order_for(order_no, asker).await
    }

    /// Hides a cancelled, expired or completed order from its buyer.
    pub async fn delete_order(&self, order_no: &str, asker: &Asker) -> Result<Order, AppError> {
        let order = self.order_for(order_no, asker).await?;
        if !order.state.deletable() {
            return Err(AppError::new(ErrorCode::BusinessRule, "api.order.notDeletable"));
        }
        let number = order.order_no.clone();
        let now = self.clock.now_ms();
        let deleted =
            self.db.write(move |conn| Ok::<_, AppError>(store::orders::soft_delete(conn, &number, now)?)).await?;
        if !deleted {
            return Err(state_changed());
        }
        Ok(order)
    }

    /// Completes the delivered orders nobody confirmed for `after`; how many.
    pub async fn complete_due(&self, after: std::time::Duration) -> Result<usize, AppError> {
        let after_ms = i64::try_from(after.as_millis()).unwrap_or(i64::MAX);
        let before = self.clock.now_ms().saturating_sub(after_ms);
        let due = self
            .db
            .run(move |conn| Ok::<_, AppError>(store::orders::due_to_complete(conn, before, COMPLETE_BATCH)?))
            .await?;
        let mut completed = 0;
        for order_no in due {
            completed += usize::from(self.step(&order_no, OrderEvent::AutoComplete, "completed automatically").await?);
        }
        Ok(completed)
    }
}
