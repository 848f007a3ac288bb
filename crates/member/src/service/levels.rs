//! Membership levels, a member's standing, paid orders adding to it and
//! refunds taking it back.

use keyshop_core::audit::{self, Actor, AuditAction};
use keyshop_core::db::DbError;
use keyshop_core::error::{AppError, ErrorCode, FieldErrors};
use keyshop_core::events::{outbox, processed};
use keyshop_core::identity::Party;
use keyshop_core::ids::MemberId;
use keyshop_proto::events::v1::{OrderPaid, OrderRefunded};

use super::{Caller, MemberService};
use crate::domain::level::{self, Level};
use crate::store;

/// A member's level, what they spent and own, and what is left to the next level.
#[derive(Debug, Clone)]
pub struct LevelInfo {
    pub level: Level,
    pub total_consumption_usd_cents: i64,
    pub points: i64,
    pub next_level: Option<Level>,
    pub amount_to_next_usd_cents: i64,
}

/// The consumer group that adds paid orders to members.
pub const ORDER_PAID_CONSUMER: &str = "member-levels";
/// The claims of refunds taken back (event ids of another type, claimed apart).
pub const ORDER_REFUNDED_CONSUMER: &str = "member-levels-refunds";

impl MemberService {
    /// (staff) The level table with the fingerprint to send back with a change.
    pub async fn staff_levels(&self) -> Result<(Vec<Level>, String), AppError> {
        let table = self.levels().await?;
        let version = level::fingerprint(&table);
        Ok((table, version))
    }

    /// (staff) Replaces the level table (checked) if it is still the one read
    /// (`version`), moving every member to the level their total reaches;
    /// audited in the same transaction.
    pub async fn save_levels(
        &self,
        version: &str,
        table: Vec<Level>,
        actor: Actor,
    ) -> Result<(Vec<Level>, String), AppError> {
        let table = level::check_levels(table)?;
        let version = version.to_owned();
        let now = self.clock.now_ms();
        let saved = self
            .db
            .write(move |conn| -> Result<Vec<Level>, AppError> {
                let current = store::levels::all(conn)?;
                if level::fingerprint(&current) != version {
                    return Err(AppError::new(ErrorCode::Conflict, "api.staff.changed"));
                }
                let mut errors = FieldErrors::default();
                for (index, written) in table.iter().enumerate() {
                    if written.id > 0 && !current.iter().any(|level| level.id == written.id) {
                        errors.add(format!("levels[{index}].id"), "api.field.invalid");
                    }
                }
                errors.finish()?;
                store::levels::replace(conn, &table)?;
                let summary: Vec<String> = table
                    .iter()
                    .map(|level| {
                        format!(
                            "{} from ${}: {}% off, {} pts/$, {} pts = $1",
                            level.name,
                            level.threshold_usd_cents / 100,
                            level.discount_percent,
                            level.points_per_usd,
                            level.exchange_rate
                        )
                    })
                    .collect();
                let record =
                    audit::record(&actor, AuditAction::LevelSave, "levels", &summary.join("; "), Party::Member, now);
                outbox::enqueue(conn, &record)?;
                Ok(store::levels::all(conn)?)
            })
            .await?;
        self.wake_outbox();
        let version = level::fingerprint(&saved);
        Ok((saved, version))
    }

    pub async fn levels(&self) -> Result<Vec<Level>, AppError> {
        Ok(self.db.run(|conn| store::levels::all(conn).map_err(DbError::from)).await?)
    }

    /// The standing of member `id`, which must be the caller.
    pub async fn level_info(&self, caller: &Caller, id: i64) -> Result<LevelInfo, AppError> {
        if id != caller.member_id {
            return Err(AppError::of(ErrorCode::Forbidden));
        }
        let member = self.profile(caller).await?;
        let levels = self.levels().await?;
        let standing = level::standing(&levels, member.total_consumption_usd_cents)
            .ok_or_else(|| AppError::internal("no level starts at 0"))?;
        Ok(LevelInfo {
            level: standing.level.clone(),
            total_consumption_usd_cents: member.total_consumption_usd_cents,
            points: member.points,
            next_level: standing.next.cloned(),
            amount_to_next_usd_cents: standing.amount_to_next_usd_cents,
        })
    }

    /// Adds a paid order to its member, once per event and once per order:
    /// consumption, points at the member's level before the order, then the
    /// new level. Guest orders change nothing.
    pub async fn apply_order_paid(&self, event_id: &str, paid: &OrderPaid) -> Result<bool, AppError> {
        // A guest's order has no member.
        let Some(member_id) = paid.member_id.and_then(MemberId::new) else { return Ok(false) };
        if paid.amount_usd_cents <= 0 {
            return Ok(false);
        }
        let (event_id, paid) = (event_id.to_owned(), paid.clone());
        let now = self.clock.now_ms();
        self.db
            .write(move |conn| -> Result<bool, AppError> {
                if !processed::claim(conn, ORDER_PAID_CONSUMER, &event_id)? {
                    return Ok(false);
                }
                // Cancelled, its points given back, then paid after all: they pay again.
                if let Some((_, taken)) = store::point_spends::take_again(conn, &paid.order_no, now)? {
                    tracing::info!(order_no = %paid.order_no, taken, "points of a cancelled order taken again");
                }
                let Some(member) = store::members::find(conn, member_id.get())? else {
                    tracing::warn!(order_no = %paid.order_no, %member_id, "paid order of an unknown member");
                    return Ok(false);
                };
                let levels = store::levels::all(conn)?;
                let current = levels.iter().find(|level| level.id == member.level_id);
                let points = level::points_for(paid.amount_usd_cents, current.map_or(0, |level| level.points_per_usd));
                if !store::consumptions::insert(conn, &paid.order_no, member.id, paid.amount_usd_cents, points, now)? {
                    return Ok(false);
                }
                // The increment is one update: orders of the same member
                // handled at once (other lanes, other replicas) all count.
                let Some(total) = store::members::add_consumption(conn, member.id, paid.amount_usd_cents, points, now)?
                else {
                    return Ok(false);
                };
                let standing =
                    level::standing(&levels, total).ok_or_else(|| AppError::internal("no level starts at 0"))?;
                store::members::set_level(conn, member.id, standing.level.id)?;
                Ok(true)
            })
            .await
    }

    /// Takes back what a refunded order's payment added to its member (its
    /// consumption and points, by the amounts recorded then; the points as
    /// far as the balance goes), once, and gives back the points it was paid
    /// with; the level follows the new total. Whether anything changed.
    pub async fn apply_order_refunded(&self, event_id: &str, refunded: &OrderRefunded) -> Result<bool, AppError> {
        let Some(member_id) = refunded.member_id.and_then(MemberId::new) else { return Ok(false) };
        let (event_id, order_no) = (event_id.to_owned(), refunded.order_no.clone());
        let now = self.clock.now_ms();
        self.db
            .write(move |conn| -> Result<bool, AppError> {
                if !processed::claim(conn, ORDER_REFUNDED_CONSUMER, &event_id)? {
                    return Ok(false);
                }
                // The points it was paid with go back.
                let returned = store::point_spends::give_back(conn, &order_no, now)?.is_some();
                // What the payment added, if it was counted at all (and not taken back yet).
                let Some((amount, points)) = store::consumptions::take_back(conn, &order_no, member_id.get(), now)?
                else {
                    return Ok(returned);
                };
                let Some(total) = store::members::add_consumption(conn, member_id.get(), -amount, 0, now)? else {
                    return Ok(returned);
                };
                // The points it earned, as far as they are still there (some may be spent).
                store::members::take_points_at_most(conn, member_id.get(), points, now)?;
                let levels = store::levels::all(conn)?;
                let standing =
                    level::standing(&levels, total.max(0)).ok_or_else(|| AppError::internal("no level starts at 0"))?;
                store::members::set_level(conn, member_id.get(), standing.level.id)?;
                Ok(true)
            })
            .await
    }
}
