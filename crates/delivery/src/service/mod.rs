//! The delivery service's use cases over its store: import, stock,
//! reservations, allocation and reveal. Every change of a product's stock
//! writes its `StockChanged` event to the outbox in the same transaction.

mod deliver;
mod dispatch;
mod import;
mod reserve;
mod reveal;
mod stock;

#[cfg(test)]
mod tests;

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use keyshop_core::clock::SharedClock;
use keyshop_core::db::{Db, DbConnection};
use keyshop_core::error::AppError;
use keyshop_core::events::{Event, OutboxWaker, outbox};
use keyshop_proto::events::v1::StockChanged;
use tokio::sync::mpsc;

pub use deliver::{DeliveryOutcome, MAIL_LEASE_MS, MailParts, RESEND_INTERVAL_MS};
pub use dispatch::{Dispatcher, SENDING_AT_ONCE};
pub use import::ImportReport;
pub use reserve::{AllocatedLine, Allocation, ReservationView};
pub use reveal::{RevealEntry, RevealedKey, Viewer};
pub use stock::{KeyView, MAX_THRESHOLD, StockPage};

use crate::domain::vault::Vault;
use crate::store;
use crate::store::stock::StockRow;

/// A delivery e-mail handed to this process's sender: its order, and what
/// it needs when the e-mail is leased already (with the keys decrypted).
pub struct QueuedMail {
    pub order_no: String,
    pub leased: Option<MailParts>,
}

/// The delivery service over its database and master keys.
pub struct DeliveryService {
    db: Db,
    clock: SharedClock,
    vault: Arc<Vault>,
    waker: OutboxWaker,
    /// How long a checkout holds its keys when it does not say.
    payment_window: Duration,
    /// Delivery e-mails queued by this process, for its sender to take at
    /// once (the sender's scan of the database finds them too, later).
    mail_queued: mpsc::UnboundedSender<QueuedMail>,
    /// The other end, until the sender takes it.
    mail_queue: Mutex<Option<mpsc::UnboundedReceiver<QueuedMail>>>,
}

impl DeliveryService {
    pub fn new(
        db: Db,
        clock: SharedClock,
        vault: Arc<Vault>,
        waker: OutboxWaker,
        payment_window: Duration,
    ) -> DeliveryService {
        let (mail_queued, mail_queue) = mpsc::unbounded_channel();
        DeliveryService {
            db,
            clock,
            vault,
            waker,
            payment_window,
            mail_queued,
            mail_queue: Mutex::new(Some(mail_queue)),
        }
    }

    /// Where the service reads the time.
    pub fn clock(&self) -> &SharedClock {
        &self.clock
    }

    /// The delivery e-mails this process queues, as they are queued (to the
    /// first caller only: the sender).
    pub fn take_mail_queue(&self) -> Option<mpsc::UnboundedReceiver<QueuedMail>> {
        self.mail_queue.lock().unwrap_or_else(PoisonError::into_inner).take()
    }

    /// Hands a delivery e-mail queued in the database to this process's
    /// sender. Without a sender it waits for the database's scan.
    fn queue_mail(&self, order_no: String) {
        let _ = self.mail_queued.send(QueuedMail { order_no, leased: None });
    }

    /// Hands an e-mail already leased for this process, with what it needs,
    /// to its sender. Without a sender the scan takes it once the lease ends.
    fn queue_leased_mail(&self, parts: MailParts) {
        let _ = self.mail_queued.send(QueuedMail { order_no: parts.delivery.order_no.clone(), leased: Some(parts) });
    }

    pub fn db(&self) -> &Db {
        &self.db
    }

    /// The counts of the products asked (every product with keys when none).
    pub async fn stock(&self, skus: Vec<String>) -> Result<Vec<StockRow>, AppError> {
        self.db.run(move |conn| Ok(store::stock::list(conn, &skus)?)).await
    }

    fn wake_outbox(&self) {
        self.waker.wake();
    }
}

/// Collects the products a transaction changed, and writes one stock event
/// per product whose available count moved, with its final counts, before
/// the transaction commits. A sale of held keys (reserved to sold) leaves the
/// available count as it was: nobody needs to hear of it.
#[derive(Default)]
struct StockChanges(BTreeMap<String, (StockRow, bool)>);

impl StockChanges {
    /// Applies the deltas to `sku` (already locked) and remembers the result.
    fn adjust(
        &mut self,
        conn: &mut DbConnection,
        sku: &str,
        available: i64,
        reserved: i64,
        sold: i64,
    ) -> Result<(), AppError> {
        let row = store::stock::adjust(conn, sku, available, reserved, sold)?;
        let moved = self.0.get(sku).is_some_and(|(_, moved)| *moved) || available != 0;
        self.0.insert(sku.to_owned(), (row, moved));
        Ok(())
    }

    /// Writes the events; whether any product's available count moved.
    fn publish(self, conn: &mut DbConnection) -> Result<bool, AppError> {
        let mut changed = false;
        for (sku, (row, moved)) in self.0 {
            if !moved {
                continue;
            }
            let event = Event::new(sku.clone(), &StockChanged { sku, available: row.available });
            outbox::enqueue(conn, &event)?;
            changed = true;
        }
        Ok(changed)
    }
}
