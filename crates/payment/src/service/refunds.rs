//! Refunds: a paid session refunded in full through its provider, once.

use keyshop_core::error::{AppError, ErrorCode};
use keyshop_core::ids::OrderNo;
use keyshop_core::vocab::PaymentState;

use super::PaymentService;
use crate::domain::refund::Refund;
use crate::domain::session::PaymentSession;
use crate::store;

impl PaymentService {
    /// Refunds the order's payment in full through its provider, once: a
    /// repeated call answers the same refund (and the provider, asked again
    /// after a lost answer, refunds once: the session is its idempotency
    /// key). 409 when nothing was paid.
    pub async fn refund(&self, order_no: OrderNo) -> Result<Refund, AppError> {
        let (paid, done) = self
            .db
            .run(move |conn| -> Result<(PaymentSession, Option<Refund>), AppError> {
                let paid = store::sessions::of_order(conn, &order_no)?
                    .into_iter()
                    .find(|session| session.state == PaymentState::Succeeded)
                    .ok_or_else(|| AppError::new(ErrorCode::Conflict, "api.order.stateChanged"))?;
                let done = store::refunds::find(conn, &paid.id)?;
                Ok((paid, done))
            })
            .await?;
        if let Some(done) = done {
            return Ok(done);
        }
        let provider_ref = self.provider(paid.provider)?.refund(&paid).await?;
        let refund = Refund {
            session_id: paid.id,
            order_no: paid.order_no,
            provider: paid.provider,
            amount: paid.amount,
            provider_ref,
            refunded_at_ms: self.clock.now_ms(),
        };
        let recorded = self
            .db
            .write(move |conn| -> Result<Refund, AppError> {
                // A concurrent approval recorded it first: the provider refunded once (same key).
                if let Some(done) = store::refunds::find(conn, &refund.session_id)? {
                    return Ok(done);
                }
                store::refunds::insert(conn, &refund)?;
                Ok(refund)
            })
            .await?;
        tracing::info!(order_no = %recorded.order_no, amount = %recorded.amount, provider = %recorded.provider, "payment refunded");
        Ok(recorded)
    }
}
