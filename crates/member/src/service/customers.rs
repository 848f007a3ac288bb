//! Staff looking after members: find them, read one (standing, sign-ins,
//! points adjustments), disable or enable the account, adjust its points
//! with a reason. Every change checks the version staff read (409 when
//! someone changed it since) and is in the audit log with the change.

use keyshop_core::audit::{self, Actor, AuditAction};
use keyshop_core::db::DbError;
use keyshop_core::error::{AppError, ErrorCode, FieldErrors};
use keyshop_core::events::outbox;
use keyshop_core::identity::{Party, StaffClaim};
use keyshop_core::paging::Paging;

use super::{MemberService, not_yours, page_window};
use crate::domain::level::Level;
use crate::store;
use crate::store::login_history::LoginRow;
use crate::store::members::MemberRow;
use crate::store::points_adjustments::PointsAdjustment;

/// Sign-ins and adjustments a member's page shows.
const HISTORY_SHOWN: i64 = 20;
/// The most points one adjustment moves.
pub const MAX_POINTS_DELTA: i64 = 1_000_000;
/// The longest reason kept.
pub const MAX_REASON_CHARS: usize = 200;

/// A member as staff read them.
#[derive(Debug, Clone)]
pub struct Customer {
    pub member: MemberRow,
    pub level: Option<Level>,
}

/// One member's page.
#[derive(Debug, Clone)]
pub struct CustomerFile {
    pub customer: Customer,
    pub sign_ins: Vec<LoginRow>,
    pub adjustments: Vec<PointsAdjustment>,
}

/// An adjustment's points and reason, checked: not zero, at most
/// [`MAX_POINTS_DELTA`] either way; a reason of at most
/// [`MAX_REASON_CHARS`].
pub fn check_adjustment(delta: i64, reason: &str) -> Result<String, AppError> {
    let mut errors = FieldErrors::default();
    if delta == 0 || delta.abs() > MAX_POINTS_DELTA {
        errors.add("delta", "api.field.outOfRange");
    }
    let reason = reason.trim();
    if reason.is_empty() {
        errors.add("reason", "api.field.required");
    } else if reason.chars().count() > MAX_REASON_CHARS {
        errors.add("reason", "api.field.tooLong");
    }
    errors.finish()?;
    Ok(reason.to_owned())
}

fn changed() -> AppError {
    AppError::new(ErrorCode::Conflict, "api.staff.changed")
}

fn with_level(member: MemberRow, levels: &[Level]) -> Customer {
    let level = levels.iter().find(|level| level.id == member.level_id).cloned();
    Customer { member, level }
}

impl MemberService {
    /// The members whose e-mail or name holds `text`, newest first.
    pub async fn staff_customers(
        &self,
        text: &str,
        page: i64,
        limit: i64,
    ) -> Result<(Vec<Customer>, i64, Paging), AppError> {
        let text = text.trim().to_lowercase();
        if text.chars().count() > 254 {
            return Err(AppError::field("text", "api.field.tooLong"));
        }
        let (paging, offset, size) = page_window(page, limit)?;
        let (rows, total, levels) = self
            .db
            .run(move |conn| -> Result<_, DbError> {
                let (rows, total) = store::members::search(conn, &text, offset, size)?;
                Ok((rows, total, store::levels::all(conn)?))
            })
            .await?;
        Ok((rows.into_iter().map(|row| with_level(row, &levels)).collect(), total, paging))
    }

    /// One member's page: standing, latest sign-ins and points adjustments.
    pub async fn staff_customer(&self, id: i64) -> Result<CustomerFile, AppError> {
        self.db
            .run(move |conn| -> Result<CustomerFile, AppError> {
                let member = store::members::find(conn, id)?.ok_or_else(not_yours)?;
                let levels = store::levels::all(conn)?;
                let (sign_ins, _) = store::login_history::page(conn, id, 0, HISTORY_SHOWN)?;
                let adjustments = store::points_adjustments::latest(conn, id, HISTORY_SHOWN)?;
                Ok(CustomerFile { customer: with_level(member, &levels), sign_ins, adjustments })
            })
            .await
    }

    /// Disables (every session ends) or enables the account for `staff`.
    pub async fn staff_set_disabled(
        &self,
        id: i64,
        disabled: bool,
        version: i64,
        staff: &StaffClaim,
    ) -> Result<CustomerFile, AppError> {
        let now = self.clock.now_ms();
        let actor = Actor::Staff(staff.clone());
        self.db
            .write(move |conn| -> Result<(), AppError> {
                let member = store::members::find(conn, id)?.ok_or_else(not_yours)?;
                if !store::members::set_disabled_at_version(conn, id, disabled, version, now)? {
                    return Err(changed());
                }
                if disabled {
                    store::sessions::revoke_all(conn, id, None, now)?;
                }
                let action = if disabled { AuditAction::MemberDisable } else { AuditAction::MemberEnable };
                outbox::enqueue(conn, &audit::record(&actor, action, &member.email, "", Party::Member, now))?;
                Ok(())
            })
            .await?;
        self.wake_outbox();
        self.staff_customer(id).await
    }

    /// Adds (or takes back) points with a reason; the balance never goes
    /// below zero (a field error, nothing changed).
    pub async fn staff_adjust_points(
        &self,
        id: i64,
        delta: i64,
        reason: &str,
        version: i64,
        staff: &StaffClaim,
    ) -> Result<CustomerFile, AppError> {
        let reason = check_adjustment(delta, reason)?;
        let now = self.clock.now_ms();
        let actor = Actor::Staff(staff.clone());
        let adjustment = PointsAdjustment { delta, reason, staff_email: staff.email.clone(), at: now };
        self.db
            .write(move |conn| -> Result<(), AppError> {
                let member = store::members::find(conn, id)?.ok_or_else(not_yours)?;
                if member.staff_version != version {
                    return Err(changed());
                }
                if member.points + delta < 0 {
                    return Err(AppError::field("delta", "api.staff.pointsBelowZero"));
                }
                if !store::members::adjust_points(conn, id, delta, version, now)? {
                    return Err(changed());
                }
                store::points_adjustments::insert(conn, id, &adjustment)?;
                let summary = format!(
                    "{:+} points ({} → {}): {}",
                    delta,
                    member.points,
                    member.points + delta,
                    adjustment.reason
                );
                outbox::enqueue(
                    conn,
                    &audit::record(&actor, AuditAction::MemberPoints, &member.email, &summary, Party::Member, now),
                )?;
                Ok(())
            })
            .await?;
        self.wake_outbox();
        self.staff_customer(id).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_adjustment_moves_some_points_for_a_reason() {
        assert_eq!(check_adjustment(-50, "  goodwill  ").unwrap(), "goodwill");
        assert_eq!(check_adjustment(0, "x").unwrap_err().fields["delta"], "api.field.outOfRange");
        assert_eq!(check_adjustment(MAX_POINTS_DELTA + 1, "x").unwrap_err().fields["delta"], "api.field.outOfRange");
        assert_eq!(check_adjustment(5, " ").unwrap_err().fields["reason"], "api.field.required");
        assert_eq!(check_adjustment(5, &"r".repeat(201)).unwrap_err().fields["reason"], "api.field.tooLong");
    }
}
