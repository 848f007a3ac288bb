//! Delivering paid orders: allocate the keys and queue the e-mail, in one
//! transaction per order, however often `OrderPaid` arrives; orders short of
//! keys wait for stock; buyers may ask for the e-mail again.

use keyshop_core::db::{DbConnection, DbError};
use keyshop_core::error::{AppError, ErrorCode};
use keyshop_core::events::{Event, outbox};
use keyshop_core::postal::PostalAddress;
use keyshop_core::vocab::Platform;
use keyshop_proto::events::v1::{KeysDelayed, KeysDelivered, OrderPaid, PaidLine};

use super::reserve::{Allocation, allocate_held, allocate_in};
use super::reveal::reveal_in;
use super::{DeliveryService, RevealedKey, StockChanges, Viewer};
use crate::domain::reservation::{self, LineRequest};
use crate::domain::vault::Vault;
use crate::store;
use crate::store::deliveries::{DeliveryLine, DeliveryRow, DeliveryState, NewDelivery};

/// Deliveries waiting for stock looked at per pass.
const WAITING_BATCH: i64 = 50;
/// How long a waiting delivery rests before stock is looked at again
/// (an import wakes them at once).
const WAITING_RETRY_MS: i64 = 60_000;
/// The buyer may ask for the e-mail again once per this period.
pub const RESEND_INTERVAL_MS: i64 = 60_000;
/// Who the reveal log names for the keys put in a delivery e-mail.
const MAIL_ACTOR: &str = "delivery-email";
/// How long a sender holds an e-mail before another may try it.
pub const MAIL_LEASE_MS: i64 = 60_000;

/// What became of a paid order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeliveryOutcome {
    pub allocation: Allocation,
    /// Whether this call completed the delivery (the e-mail is queued now).
    pub delivered_now: bool,
}

/// What the delivery e-mail needs.
#[derive(Debug, Clone)]
pub struct MailParts {
    pub delivery: DeliveryRow,
    pub lines: Vec<DeliveryLine>,
    pub keys: Vec<RevealedKey>,
}

fn check_paid(paid: &OrderPaid) -> Result<Vec<LineRequest>, AppError> {
    let lines: Vec<LineRequest> = paid
        .lines
        .iter()
        .map(|line| LineRequest { line_no: line.line_no, sku: line.sku.clone(), quantity: line.quantity })
        .collect();
    reservation::check_request(&paid.order_no, &lines, 0)?;
    if paid.email.trim().is_empty() {
        return Err(AppError::field("email", "api.error.validation"));
    }
    Ok(lines)
}

/// Queues the e-mail once every key is there; tells the order what happened.
fn settle(
    conn: &mut DbConnection,
    order_no: &str,
    allocation: &Allocation,
    was: Option<DeliveryState>,
    now: i64,
) -> Result<bool, AppError> {
    let complete = allocation.complete();
    let delivered_now = match (was, complete) {
        (None, true) => true,
        (Some(DeliveryState::WaitingStock), true) => {
            store::deliveries::advance(conn, order_no, DeliveryState::WaitingStock, DeliveryState::Queued, now)?
        }
        _ => false,
    };
    if delivered_now {
        outbox::enqueue(
            conn,
            &Event::new(order_no, &KeysDelivered { order_no: order_no.to_owned(), delivered_at_ms: now }),
        )?;
    } else if was.is_none() && !complete {
        let missing = allocation.lines.iter().map(|line| line.missing).sum();
        outbox::enqueue(conn, &Event::new(order_no, &KeysDelayed { order_no: order_no.to_owned(), missing }))?;
        tracing::warn!(%order_no, missing, "paid order short of keys: delayed delivery, staff notified");
    }
    Ok(delivered_now)
}

impl DeliveryService {
    /// Allocates a paid order's keys and queues its e-mail, once per order:
    /// a repeated or replayed event changes nothing. The event must be the
    /// order the order service checked out here: held for its lines, for its
    /// buyer's e-mail (an event naming another e-mail, other lines or an order
    /// never held is refused and ends in the dead-letter topic: a forged
    /// event cannot send keys elsewhere). An order whose hold was released
    /// takes keys from stock; what stock lacks makes it wait (`KeysDelayed`),
    /// and it is delivered when keys arrive.
    pub async fn deliver_paid(&self, paid: OrderPaid) -> Result<DeliveryOutcome, AppError> {
        let lines = check_paid(&paid)?;
        let now = self.clock.now_ms();
        let order_no = paid.order_no.clone();
        let vault = self.vault.clone();
        let (outcome, leased) = self
            .db
            .write(move |conn| -> Result<(DeliveryOutcome, Option<MailParts>), AppError> {
                let order_no = paid.order_no.as_str();
                let held = store::reservations::find(conn, order_no)?;
                let held_lines = store::reservations::lines(conn, order_no)?;
                if let Err(refusal) = reservation::check_paid_against(
                    held.as_ref().map(|row| row.email.as_str()),
                    &held_lines,
                    &paid.email,
                    &lines,
                ) {
                    tracing::error!(%order_no, %refusal, "an OrderPaid that is not the order checked out was refused");
                    return Err(AppError::new(ErrorCode::BusinessRule, "api.error.unprocessable"));
                }
                let held = held.ok_or_else(|| AppError::internal("a paid order passed the check without its hold"))?;
                let mut changes = StockChanges::default();
                let allocation = allocate_held(conn, &mut changes, &held, held_lines, now)?;
                let existing = store::deliveries::find(conn, order_no)?;
                let was = existing.as_ref().map(|row| row.state);
                if existing.is_none() {
                    let state = if allocation.complete() { DeliveryState::Queued } else { DeliveryState::WaitingStock };
                    let delivery_lines: Vec<DeliveryLine> = paid
                        .lines
                        .iter()
                        .map(|line| DeliveryLine {
                            order_no: order_no.to_owned(),
                            line_no: line.line_no,
                            title: line.title.clone(),
                            platform: platform_code(line),
                            game_name: line.game_name.clone(),
                            game_ext_name: line.game_ext_name.clone(),
                        })
                        .collect();
                    let delivery = NewDelivery {
                        order_no,
                        email: paid.email.trim(),
                        language: &paid.language,
                        state,
                        billing_address: paid
                            .billing_address
                            .clone()
                            .map(|address| PostalAddress::from_checked(address).lines().join("\n"))
                            .unwrap_or_default(),
                        now_ms: now,
                    };
                    store::deliveries::insert(conn, &delivery, &delivery_lines)?;
                }
                let delivered_now = settle(conn, order_no, &allocation, was, now)?;
                changes.publish(conn)?;
                // The e-mail is taken for this process's sender at once, with
                // what it needs: no transaction of its own to lease it.
                let leased =
                    if delivered_now { lease_mail_in(conn, &vault, order_no, now, MAIL_LEASE_MS)? } else { None };
                Ok((DeliveryOutcome { allocation, delivered_now }, leased))
            })
            .await?;
        self.wake_outbox();
        match leased {
            Some(parts) => self.queue_leased_mail(parts),
            None if outcome.delivered_now => self.queue_mail(order_no),
            None => {}
        }
        Ok(outcome)
    }

    /// Tries again the orders waiting for stock that are due; how many were
    /// delivered now.
    pub async fn fill_waiting(&self, now: i64) -> Result<usize, AppError> {
        let due = self
            .db
            .run(move |conn| {
                Ok::<_, AppError>(store::deliveries::due(conn, DeliveryState::WaitingStock, now, WAITING_BATCH)?)
            })
            .await?;
        let mut delivered = 0;
        for order_no in due {
            let filled = order_no.clone();
            let delivered_now = self
                .db
                .write(move |conn| -> Result<bool, AppError> {
                    let mut changes = StockChanges::default();
                    let allocation = allocate_in(conn, &mut changes, &order_no, now)?;
                    let delivered_now = settle(conn, &order_no, &allocation, Some(DeliveryState::WaitingStock), now)?;
                    if !delivered_now {
                        store::deliveries::mark_failed(
                            conn,
                            &order_no,
                            "waiting for stock",
                            now + WAITING_RETRY_MS,
                            now,
                        )?;
                    }
                    changes.publish(conn)?;
                    Ok(delivered_now)
                })
                .await?;
            if delivered_now {
                self.queue_mail(filled);
                delivered += 1;
            }
        }
        if delivered > 0 {
            self.wake_outbox();
        }
        Ok(delivered)
    }

    /// Queues the delivery e-mail of a delivered order again (the buyer lost
    /// it), at most once per [`RESEND_INTERVAL_MS`].
    /// How the order's e-mail went (`None` before the order is paid).
    pub async fn delivery_record(&self, order_no: String) -> Result<Option<DeliveryRow>, AppError> {
        if !reservation::is_order_no(&order_no) {
            return Err(AppError::field("orderNo", "api.error.validation"));
        }
        Ok(self.db.run(move |conn| store::deliveries::find(conn, &order_no).map_err(DbError::from)).await?)
    }

    pub async fn resend(&self, order_no: String) -> Result<(), AppError> {
        if !reservation::is_order_no(&order_no) {
            return Err(AppError::field("orderNo", "api.error.validation"));
        }
        let now = self.clock.now_ms();
        let queued = order_no.clone();
        self.db
            .write(move |conn| -> Result<(), AppError> {
                let row = store::deliveries::find(conn, &order_no)?
                    .ok_or_else(|| AppError::not_found("api.error.notFound"))?;
                // Counted between requests, whether the e-mail asked for last
                // left yet or not: the first may follow the original at once.
                let wait_ms = row.resent_at.map_or(0, |last| last + RESEND_INTERVAL_MS - now);
                let too_soon = || {
                    let seconds = u64::try_from(wait_ms).unwrap_or(0).div_ceil(1000);
                    AppError::rate_limited("api.delivery.resendTooSoon", std::time::Duration::from_secs(seconds))
                };
                match row.state {
                    DeliveryState::WaitingStock => Err(AppError::new(ErrorCode::Conflict, "api.delivery.waitingStock")),
                    _ if wait_ms > 0 => Err(too_soon()),
                    DeliveryState::Queued => Ok(()),
                    DeliveryState::Sent => {
                        store::deliveries::requeue(conn, &order_no, now)?;
                        Ok(())
                    }
                }
            })
            .await?;
        self.queue_mail(queued);
        Ok(())
    }

    /// Takes the due delivery e-mail of `order_no` for `lease_ms` (another
    /// sender skips it meanwhile), counting the attempt, and returns what it
    /// needs, the keys decrypted, with the e-mailing recorded in the reveal
    /// log: one transaction. `None` when it is not due or another sender
    /// holds it.
    pub async fn lease_mail(&self, order_no: String, now: i64, lease_ms: i64) -> Result<Option<MailParts>, AppError> {
        let vault = self.vault.clone();
        self.db.write(move |conn| lease_mail_in(conn, &vault, &order_no, now, lease_ms)).await
    }
}

/// [`DeliveryService::lease_mail`] in the caller's transaction.
fn lease_mail_in(
    conn: &mut DbConnection,
    vault: &Vault,
    order_no: &str,
    now: i64,
    lease_ms: i64,
) -> Result<Option<MailParts>, AppError> {
    let Some(delivery) = store::deliveries::lease(conn, order_no, now, lease_ms)? else {
        return Ok(None);
    };
    let lines = store::deliveries::lines(conn, order_no)?;
    let viewer = Viewer { actor: MAIL_ACTOR.to_owned(), ip: String::new(), user_agent: String::new() };
    let keys = reveal_in(conn, vault, order_no, &viewer, now)?;
    Ok(Some(MailParts { delivery, lines, keys }))
}

/// The line's platform code: from the enum, or from the text an event of the
/// release before it carried.
fn platform_code(line: &PaidLine) -> String {
    Platform::from_proto(line.platform).map_or_else(|_| line.platform_code.clone(), |platform| platform.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_names_its_platform_by_the_enum_or_by_the_text_of_an_older_event() {
        let both = PaidLine { platform: Platform::Gog.to_proto(), platform_code: "gog".into(), ..PaidLine::default() };
        assert_eq!(platform_code(&both), "gog");
        let older = PaidLine { platform_code: "epic".into(), ..PaidLine::default() };
        assert_eq!(platform_code(&older), "epic");
    }
}
