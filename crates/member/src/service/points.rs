//! Points paid with at checkout: taken for an order by the order service
//! (for the member of the session, never below zero), given back when the
//! order is cancelled, expires unpaid or is refunded, taken again when a
//! cancelled order is paid after all.

use keyshop_core::error::{AppError, ErrorCode};
use keyshop_core::events::processed;
use keyshop_core::ids::OrderNo;
use keyshop_proto::events::v1::OrderCancelled;

use super::MemberService;
use crate::store;
use crate::store::point_spends::Spend;

/// The claims of cancelled orders whose points were given back.
pub const ORDER_CANCELLED_CONSUMER: &str = "member-levels-cancels";

impl MemberService {
    /// Takes `points` from the member of the session `token` for the order
    /// `order_no`, once per order (a retry answers the same); the balance
    /// left. Refused with `api.order.pointsShort` when the balance is short.
    pub async fn spend_points(&self, token: Option<&str>, order_no: &str, points: i64) -> Result<i64, AppError> {
        let caller = self.caller(token).await?;
        let order_no = OrderNo::parse(order_no).ok_or_else(|| AppError::field("orderNo", "api.field.invalid"))?;
        if points <= 0 {
            return Err(AppError::field("points", "api.field.outOfRange"));
        }
        let member_id = caller.member_id;
        let now = self.clock.now_ms();
        self.db
            .write(move |conn| -> Result<i64, AppError> {
                match store::point_spends::spend(conn, order_no.as_str(), member_id, points, now)? {
                    Spend::Spent => {}
                    Spend::Already { points: taken } if taken == points => {}
                    Spend::Already { .. } | Spend::Foreign => {
                        return Err(AppError::new(ErrorCode::Conflict, "api.order.stateChanged"));
                    }
                    Spend::Short => return Err(AppError::new(ErrorCode::BusinessRule, "api.order.pointsShort")),
                }
                let member = store::members::find(conn, member_id)?.ok_or_else(|| AppError::of(ErrorCode::NotFound))?;
                Ok(member.points)
            })
            .await
    }

    /// Gives back what `order_no` took (an order the order service could
    /// not write); whether this call did.
    pub async fn return_points(&self, order_no: &str) -> Result<bool, AppError> {
        let order_no = OrderNo::parse(order_no).ok_or_else(|| AppError::field("orderNo", "api.field.invalid"))?;
        let now = self.clock.now_ms();
        let returned = self
            .db
            .write(move |conn| Ok::<_, AppError>(store::point_spends::give_back(conn, order_no.as_str(), now)?))
            .await?;
        Ok(returned.is_some())
    }

    /// A cancelled or expired order's points go back to its member, once.
    pub async fn apply_order_cancelled(&self, event_id: &str, cancelled: &OrderCancelled) -> Result<bool, AppError> {
        if cancelled.points_used <= 0 {
            return Ok(false);
        }
        let (event_id, order_no) = (event_id.to_owned(), cancelled.order_no.clone());
        let now = self.clock.now_ms();
        self.db
            .write(move |conn| -> Result<bool, AppError> {
                if !processed::claim(conn, ORDER_CANCELLED_CONSUMER, &event_id)? {
                    return Ok(false);
                }
                Ok(store::point_spends::give_back(conn, &order_no, now)?.is_some())
            })
            .await
    }
}
