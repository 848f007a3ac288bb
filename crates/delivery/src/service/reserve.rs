//! Holding keys for a checkout, giving them back, and selling them when the
//! order is paid. Each runs in one write transaction: no key is ever held or
//! sold twice, and the stock counts move with the keys.

use std::collections::BTreeMap;

use keyshop_core::db::DbConnection;
use keyshop_core::error::{AppError, ErrorCode};

use super::{DeliveryService, StockChanges};
use crate::domain::reservation::{self, HoldState, KeyStatus, LineRequest};
use crate::store;
use crate::store::reservations::ReservationRow;

/// Reservations the expiry worker releases per pass.
const EXPIRY_BATCH: i64 = 100;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReservationView {
    pub order_no: String,
    pub state: HoldState,
    pub expires_at_ms: i64,
    pub lines: Vec<LineRequest>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AllocatedLine {
    pub line_no: i64,
    pub sku: String,
    pub quantity: i64,
    /// Keys the line still lacks.
    pub missing: i64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Allocation {
    pub order_no: String,
    pub lines: Vec<AllocatedLine>,
}

impl Allocation {
    pub fn complete(&self) -> bool {
        self.lines.iter().all(|line| line.missing == 0)
    }
}

fn out_of_stock(sku: &str) -> AppError {
    AppError::new(ErrorCode::Conflict, "api.delivery.outOfStock").with_detail(format!("not enough keys of {sku}"))
}

fn no_reservation(order_no: &str) -> AppError {
    AppError::not_found("api.error.notFound").with_detail(format!("no reservation for order {order_no}"))
}

fn view(row: &ReservationRow, lines: Vec<LineRequest>) -> Result<ReservationView, AppError> {
    Ok(ReservationView { order_no: row.order_no.clone(), state: row.state, expires_at_ms: row.expires_at, lines })
}

/// Holds `quantity` available keys of `sku` for the line; with `partial`,
/// as many as there are. The number held.
fn hold_line(
    conn: &mut DbConnection,
    changes: &mut StockChanges,
    order_no: &str,
    line: &LineRequest,
    quantity: i64,
    partial: bool,
) -> Result<i64, AppError> {
    let stock = store::stock::lock(conn, &line.sku)?;
    let wanted = if partial { quantity.min(stock.available) } else { quantity };
    if wanted <= 0 {
        return if partial { Ok(0) } else { Err(out_of_stock(&line.sku)) };
    }
    if stock.available < wanted {
        return Err(out_of_stock(&line.sku));
    }
    let ids = store::keys::pick_available(conn, &line.sku, wanted)?;
    let held = i64::try_from(store::keys::reserve(conn, &ids, order_no, line.line_no)?).unwrap_or(0);
    if held != wanted {
        // The counts and the keys disagree: refuse rather than oversell.
        return Err(AppError::internal(format!("{}: stock says {wanted} keys, {held} could be held", line.sku)));
    }
    changes.adjust(conn, &line.sku, -held, held, 0)?;
    Ok(held)
}

/// Gives back every key the order holds; the products touched are noted.
fn release_held(conn: &mut DbConnection, changes: &mut StockChanges, order_no: &str) -> Result<(), AppError> {
    let held = store::keys::count_by_sku(conn, order_no, KeyStatus::Reserved)?;
    for (sku, _) in &held {
        store::stock::lock(conn, sku)?;
    }
    store::keys::release_order(conn, order_no)?;
    for (sku, count) in held {
        changes.adjust(conn, &sku, count, -count, 0)?;
    }
    Ok(())
}

impl DeliveryService {
    /// Holds keys for every line of `order_no`, bought by `email`, all or
    /// nothing, for `hold_seconds` (0: the payment window). Asking again
    /// answers the existing hold; a released order is held afresh.
    pub async fn reserve(
        &self,
        order_no: String,
        email: String,
        lines: Vec<LineRequest>,
        hold_seconds: i64,
    ) -> Result<ReservationView, AppError> {
        reservation::check_request(&order_no, &lines, hold_seconds)?;
        let email = email.trim().to_ascii_lowercase();
        if email.is_empty() {
            return Err(AppError::field("email", "api.error.validation"));
        }
        let hold_ms = if hold_seconds == 0 {
            i64::try_from(self.payment_window.as_millis()).unwrap_or(i64::MAX)
        } else {
            hold_seconds * 1000
        };
        let now = self.clock.now_ms();
        let (reservation, changed) = self
            .db
            .write(move |conn| -> Result<(ReservationView, bool), AppError> {
                let existing = store::reservations::find(conn, &order_no)?;
                let lines = match &existing {
                    Some(row) if row.state != HoldState::Released => {
                        let lines = store::reservations::lines(conn, &order_no)?;
                        return Ok((view(row, lines)?, false));
                    }
                    // A released order keeps the lines it was checked out with.
                    Some(_) => store::reservations::lines(conn, &order_no)?,
                    None => lines,
                };
                let mut changes = StockChanges::default();
                for line in reservation::lock_order(&lines) {
                    hold_line(conn, &mut changes, &order_no, &line, line.quantity, false)?;
                }
                let expires_at = now.saturating_add(hold_ms);
                if existing.is_some() {
                    store::reservations::set_state(conn, &order_no, HoldState::Held, expires_at, now)?;
                } else {
                    store::reservations::insert(conn, &order_no, &email, &lines, expires_at, now)?;
                }
                let changed = changes.publish(conn)?;
                Ok((ReservationView { order_no, state: HoldState::Held, expires_at_ms: expires_at, lines }, changed))
            })
            .await?;
        if changed {
            self.wake_outbox();
        }
        Ok(reservation)
    }

    /// Gives an order's held keys back to stock. Safe to repeat; an
    /// allocated order keeps its keys.
    pub async fn release(&self, order_no: String) -> Result<ReservationView, AppError> {
        let now = self.clock.now_ms();
        let (reservation, changed) = self
            .db
            .write(move |conn| -> Result<(ReservationView, bool), AppError> {
                let row = store::reservations::find(conn, &order_no)?.ok_or_else(|| no_reservation(&order_no))?;
                let lines = store::reservations::lines(conn, &order_no)?;
                if row.state != HoldState::Held {
                    return Ok((view(&row, lines)?, false));
                }
                let mut changes = StockChanges::default();
                release_held(conn, &mut changes, &order_no)?;
                store::reservations::set_state(conn, &order_no, HoldState::Released, row.expires_at, now)?;
                let changed = changes.publish(conn)?;
                Ok((ReservationView { state: HoldState::Released, ..view(&row, lines)? }, changed))
            })
            .await?;
        if changed {
            self.wake_outbox();
        }
        Ok(reservation)
    }

    /// Sells the order its held keys, once. Lines short of keys (the hold was
    /// released, or stock ran out) take what stock has now; what is still
    /// missing is reported, and a later call fills it. Safe to repeat.
    pub async fn allocate(&self, order_no: String) -> Result<Allocation, AppError> {
        let now = self.clock.now_ms();
        let (allocation, changed) = self
            .db
            .write(move |conn| -> Result<(Allocation, bool), AppError> {
                let mut changes = StockChanges::default();
                let allocation = allocate_in(conn, &mut changes, &order_no, now)?;
                Ok((allocation, changes.publish(conn)?))
            })
            .await?;
        if changed {
            self.wake_outbox();
        }
        Ok(allocation)
    }

    /// Releases the holds that ran out before `now_ms`; how many.
    pub async fn release_expired(&self, now_ms: i64) -> Result<usize, AppError> {
        let mut released = 0;
        loop {
            let due = self
                .db
                .run(move |conn| Ok::<_, AppError>(store::reservations::expired(conn, now_ms, EXPIRY_BATCH)?))
                .await?;
            let batch = due.len();
            for order_no in due {
                self.release(order_no).await?;
                released += 1;
            }
            if i64::try_from(batch).unwrap_or(0) < EXPIRY_BATCH {
                return Ok(released);
            }
        }
    }
}

/// [`DeliveryService::allocate`] inside the caller's write transaction.
pub(super) fn allocate_in(
    conn: &mut DbConnection,
    changes: &mut StockChanges,
    order_no: &str,
    now: i64,
) -> Result<Allocation, AppError> {
    let row = store::reservations::find(conn, order_no)?.ok_or_else(|| no_reservation(order_no))?;
    let lines = store::reservations::lines(conn, order_no)?;
    allocate_held(conn, changes, &row, lines, now)
}

/// [`allocate_in`] for a reservation and its lines that the caller read in
/// this transaction.
pub(super) fn allocate_held(
    conn: &mut DbConnection,
    changes: &mut StockChanges,
    row: &ReservationRow,
    lines: Vec<LineRequest>,
    now: i64,
) -> Result<Allocation, AppError> {
    let order_no = row.order_no.as_str();
    // Top up every line to its quantity from stock, then sell everything
    // the order holds.
    let owned: BTreeMap<i64, i64> =
        store::keys::count_by_line(conn, order_no, &[KeyStatus::Sold, KeyStatus::Reserved])?.into_iter().collect();
    for line in reservation::lock_order(&lines) {
        let short = line.quantity - owned.get(&line.line_no).copied().unwrap_or(0);
        if short > 0 {
            hold_line(conn, changes, order_no, &line, short, true)?;
        }
    }
    // The stock moves by the keys this statement sold, product by product.
    for (sku, count) in store::keys::sell_order(conn, order_no, now)? {
        changes.adjust(conn, &sku, 0, -count, count)?;
    }
    if row.state != HoldState::Allocated {
        store::reservations::set_state(conn, order_no, HoldState::Allocated, row.expires_at, now)?;
    }
    let sold: BTreeMap<i64, i64> =
        store::keys::count_by_line(conn, order_no, &[KeyStatus::Sold])?.into_iter().collect();
    let lines = lines
        .into_iter()
        .map(|line| {
            let missing = (line.quantity - sold.get(&line.line_no).copied().unwrap_or(0)).max(0);
            AllocatedLine { line_no: line.line_no, sku: line.sku, quantity: line.quantity, missing }
        })
        .collect();
    Ok(Allocation { order_no: order_no.to_owned(), lines })
}
