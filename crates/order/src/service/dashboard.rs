//! The dashboard's order figures (staff): sales and orders per day and per
//! hour, the orders waiting for keys, the refund requests waiting.

use keyshop_core::db::DbError;
use keyshop_core::error::{AppError, FieldErrors};

use super::{OrderService, RefundWaiting};
use crate::domain::figures::{self, Figures, MAX_OFFSET_MINUTES};
use crate::domain::refund;
use crate::store;

/// The oldest refund requests the dashboard lists.
const REFUNDS_SHOWN: i64 = 5;

/// What the dashboard shows of orders.
#[derive(Debug, Clone)]
pub struct OrderFigures {
    pub figures: Figures,
    pub waiting_for_keys: i64,
    pub oldest_waiting_paid_ms: Option<i64>,
    pub refunds_waiting: i64,
    pub refunds_overdue: i64,
    pub refunds: Vec<RefundWaiting>,
}

impl OrderService {
    /// The figures for a member of staff whose clock is `offset_minutes`
    /// east of UTC (a field error beyond ±14 hours).
    pub async fn dashboard(&self, offset_minutes: i32) -> Result<OrderFigures, AppError> {
        if offset_minutes.abs() > MAX_OFFSET_MINUTES {
            let mut errors = FieldErrors::default();
            errors.add("utcOffset", "api.field.outOfRange");
            errors.finish()?;
        }
        let now = self.clock.now_ms();
        let since = figures::window_start(now, offset_minutes);
        let (times, (waiting_for_keys, oldest_waiting_paid_ms), requested) = self
            .db
            .run(move |conn| {
                let times = store::orders::times_since(conn, since)?;
                let waiting = store::orders::waiting_for_keys(conn)?;
                let requested = store::orders::refund_requests_waiting(conn)?;
                Ok::<_, DbError>((times, waiting, requested))
            })
            .await?;
        let refunds_overdue = requested.iter().filter(|at| now > refund::decision_deadline(**at)).count();
        let refunds = self.refund_queue(1, 10).await?.rows.into_iter().take(REFUNDS_SHOWN as usize).collect();
        Ok(OrderFigures {
            figures: figures::count(now, offset_minutes, &times),
            waiting_for_keys,
            oldest_waiting_paid_ms,
            refunds_waiting: i64::try_from(requested.len()).unwrap_or(i64::MAX),
            refunds_overdue: i64::try_from(refunds_overdue).unwrap_or(i64::MAX),
            refunds,
        })
    }
}
