//! What staff do to an order from the console: cancel an unpaid one, have
//! the key e-mail sent again, note something for the rest of the team.
//! Each is recorded in the audit log, in the same transaction as the change.

use keyshop_core::audit::{self, Actor, AuditAction};
use keyshop_core::error::{AppError, ErrorCode, FieldErrors};
use keyshop_core::events::outbox;
use keyshop_core::identity::{Party, StaffClaim};
use keyshop_core::ids::OrderNo;

use super::{OrderService, not_found};
use crate::domain::order::Order;
use crate::domain::state::{Lifecycle, OrderEvent, OrderState};
use crate::store;
use crate::store::staff_notes::StaffNote;

/// The longest staff note kept.
pub const MAX_STAFF_NOTE_CHARS: usize = 1000;

fn state_changed() -> AppError {
    AppError::new(ErrorCode::Conflict, "api.order.stateChanged")
}

/// The note, checked: required, at most [`MAX_STAFF_NOTE_CHARS`].
pub fn check_note(note: &str) -> Result<String, AppError> {
    let note = note.trim();
    let mut errors = FieldErrors::default();
    if note.is_empty() {
        errors.add("note", "api.staff.noteRequired");
    } else if note.chars().count() > MAX_STAFF_NOTE_CHARS {
        errors.add("note", "api.field.tooLong");
    }
    errors.finish()?;
    Ok(note.to_owned())
}

impl OrderService {
    /// Cancels an unpaid order for a member of staff: its keys and coupon go
    /// back, as when the buyer cancels it.
    pub async fn staff_cancel(&self, order_no: &str, staff: &StaffClaim) -> Result<Order, AppError> {
        let order_no = OrderNo::parse(order_no).ok_or_else(not_found)?;
        let order = self.load(&order_no).await?;
        if order.state.next(OrderEvent::Cancel).is_err() {
            return Err(state_changed());
        }
        let summary = format!("{} → cancelled ({}, {})", order.state, order.amount(), order.email);
        let now = self.clock.now_ms();
        let actor = Actor::Staff(staff.clone());
        let record = audit::record(&actor, AuditAction::OrderCancel, order_no.as_str(), &summary, Party::Order, now);
        let note = format!("cancelled by staff ({})", staff.email);
        if !self.step_recorded(&order_no, OrderEvent::Cancel, note, Some(record)).await? {
            return Err(state_changed());
        }
        self.ports.inventory.release(&order_no).await?;
        self.load(&order_no).await
    }

    /// Sends a delivered order's e-mail again for a member of staff (at most
    /// once a minute per order, as for the buyer).
    pub async fn staff_resend(&self, order_no: &str, staff: &StaffClaim) -> Result<Order, AppError> {
        let order_no = OrderNo::parse(order_no).ok_or_else(not_found)?;
        let order = self.load(&order_no).await?;
        if !matches!(order.state, OrderState::Delivered | OrderState::Completed | OrderState::RefundRejected) {
            return Err(state_changed());
        }
        self.ports.inventory.resend(&order_no).await?;
        let record = audit::record(
            &Actor::Staff(staff.clone()),
            AuditAction::OrderResend,
            order_no.as_str(),
            &format!("to {}", order.email),
            Party::Order,
            self.clock.now_ms(),
        );
        self.db.write(move |conn| outbox::enqueue(conn, &record).map_err(AppError::from)).await?;
        self.waker.wake();
        Ok(order)
    }

    /// Adds a note to the order, for staff only; the order's notes after it.
    pub async fn staff_note(&self, order_no: &str, note: &str, staff: &StaffClaim) -> Result<Vec<StaffNote>, AppError> {
        let note = check_note(note)?;
        let order_no = OrderNo::parse(order_no).ok_or_else(not_found)?;
        let now = self.clock.now_ms();
        let actor = Actor::Staff(staff.clone());
        let record = audit::record(&actor, AuditAction::OrderNote, order_no.as_str(), &note, Party::Order, now);
        let email = staff.email.clone();
        let notes = self
            .db
            .write(move |conn| -> Result<Vec<StaffNote>, AppError> {
                if !store::orders::exists(conn, &order_no)? {
                    return Err(not_found());
                }
                store::staff_notes::insert(conn, order_no.as_str(), &email, &note, now)?;
                outbox::enqueue(conn, &record)?;
                Ok(store::staff_notes::of_order(conn, order_no.as_str())?)
            })
            .await?;
        self.waker.wake();
        Ok(notes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_note_is_required_and_bounded() {
        assert_eq!(check_note("  Called the buyer  ").unwrap(), "Called the buyer");
        assert_eq!(check_note(" ").unwrap_err().fields["note"], "api.staff.noteRequired");
        assert_eq!(check_note(&"x".repeat(1001)).unwrap_err().fields["note"], "api.field.tooLong");
    }
}
