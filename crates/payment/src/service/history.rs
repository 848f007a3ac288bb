//! An order's payment history for staff: every attempt to pay it, the
//! provider events each received, and its refund.

use keyshop_core::error::AppError;
use keyshop_core::ids::OrderNo;

use super::PaymentService;
use crate::store;
use crate::store::sessions::SessionRow;

/// One attempt to pay, as staff read it.
#[derive(Debug, Clone)]
pub struct Attempt {
    pub session: SessionRow,
    /// `(outcome, received at)`, oldest first.
    pub events: Vec<(String, i64)>,
    pub refunded_at: Option<i64>,
}

impl PaymentService {
    /// The order's attempts to pay, oldest first (none for an order never
    /// offered to pay).
    pub async fn order_history(&self, order_no: OrderNo) -> Result<Vec<Attempt>, AppError> {
        self.db
            .run(move |conn| -> Result<Vec<Attempt>, AppError> {
                let sessions = store::sessions::rows_of_order(conn, &order_no)?;
                let ids: Vec<String> = sessions.iter().map(|row| row.id.to_string()).collect();
                let events = store::events::of_sessions(conn, &ids)?;
                let refunds = store::refunds::times_of_order(conn, &order_no)?;
                Ok(sessions
                    .into_iter()
                    .map(|session| {
                        let id = session.id.to_string();
                        let refunded_at =
                            refunds.iter().find(|(refunded, _)| refunded.as_str() == id).map(|(_, at)| *at);
                        let events = events
                            .iter()
                            .filter(|(of, _, _)| *of == id)
                            .map(|(_, outcome, at)| (outcome.clone(), *at))
                            .collect();
                        Attempt { session, events, refunded_at }
                    })
                    .collect())
            })
            .await
    }
}
