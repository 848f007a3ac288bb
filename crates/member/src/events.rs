//! What the member service consumes: paid orders add to a member's standing,
//! refunded ones take it back; cancelled and refunded ones give back the
//! points they were paid with.

use std::sync::Arc;

use keyshop_core::error::AppError;
use keyshop_core::events::{Event, EventHandler};
use keyshop_proto::events::v1::{OrderCancelled, OrderPaid, OrderRefunded, StaffActionRecorded};

use crate::service::MemberService;

/// The consumer group of [`AuditRecorder`].
pub const AUDIT_GROUP: &str = "member-audit";

/// Keeps every record of what staff did, once (the audit log).
pub struct AuditRecorder {
    pub service: Arc<MemberService>,
}

#[async_trait::async_trait]
impl EventHandler for AuditRecorder {
    async fn handle(&self, event: &Event) -> Result<(), AppError> {
        let Some(recorded) = event.decode::<StaffActionRecorded>() else { return Ok(()) };
        self.service.append_audit(&event.id, &recorded?).await?;
        Ok(())
    }
}

/// The consumer group of [`OrderPaidHandler`].
pub const LEVELS_GROUP: &str = "member-levels";

/// Adds each paid order to its member once (see `apply_order_paid`), takes
/// refunded ones back, gives cancelled ones' points back.
pub struct OrderPaidHandler {
    pub service: Arc<MemberService>,
}

#[async_trait::async_trait]
impl EventHandler for OrderPaidHandler {
    async fn handle(&self, event: &Event) -> Result<(), AppError> {
        if let Some(refunded) = event.decode::<OrderRefunded>() {
            let refunded = refunded?;
            let applied = self.service.apply_order_refunded(&event.id, &refunded).await?;
            tracing::debug!(order_no = %refunded.order_no, applied, "refunded order seen");
            return Ok(());
        }
        if let Some(cancelled) = event.decode::<OrderCancelled>() {
            let cancelled = cancelled?;
            let applied = self.service.apply_order_cancelled(&event.id, &cancelled).await?;
            tracing::debug!(order_no = %cancelled.order_no, applied, "cancelled order seen");
            return Ok(());
        }
        let Some(paid) = event.decode::<OrderPaid>() else { return Ok(()) };
        let paid = paid?;
        let applied = self.service.apply_order_paid(&event.id, &paid).await?;
        tracing::debug!(order_no = %paid.order_no, applied, "paid order seen");
        Ok(())
    }
}
