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
use std::sync::Arc;
use std::time::Duration;

use keyshop_core::clock::SharedClock;
use keyshop_core::db::{Db, DbConnection};
use keyshop_core::error::AppError;
use keyshop_core::events::{Event, OutboxWaker, outbox};
use keyshop_proto::events::v1::StockChanged;
use tokio::sync::Notify;

pub use deliver::{DeliveryOutcome, MailParts, RESEND_INTERVAL_MS};
pub use dispatch::Dispatcher;
pub use import::ImportReport;
pub use reserve::{AllocatedLine, Allocation, ReservationView};
pub use reveal::{RevealEntry, RevealedKey, Viewer};
pub use stock::{KeyView, MAX_THRESHOLD, StockPage};

use crate::domain::vault::Vault;
use crate::store;
use crate::store::stock::StockRow;

/// The delivery service over its database and master keys.
pub struct DeliveryService {
    db: Db,
    clock: SharedClock,
    vault: Arc<Vault>,
    waker: OutboxWaker,
    /// How long a checkout holds its keys when it does not say.
    payment_window: Duration,
    /// Rung when a delivery e-mail is queued: the sender starts at once.
    mail_due: Arc<Notify>,
}

impl DeliveryService {
    pub fn new(
        db: Db,
        clock: SharedClock,
        vault: Arc<Vault>,
        waker: OutboxWaker,
        payment_window: Duration,
    ) -> DeliveryService {
        DeliveryService { db, clock, vault, waker, payment_window, mail_due: Arc::new(Notify::new()) }
    }

    /// Where the service reads the time.
    pub fn clock(&self) -> &SharedClock {
        &self.clock
    }

    /// Notified when a delivery e-mail is queued.
    pub fn mail_due(&self) -> Arc<Notify> {
        self.mail_due.clone()
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
/// per product, with its final counts, before the transaction commits.
#[derive(Default)]
struct StockChanges(BTreeMap<String, StockRow>);

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
        self.0.insert(sku.to_owned(), row);
        Ok(())
    }

    fn publish(self, conn: &mut DbConnection) -> Result<bool, AppError> {
        let changed = !self.0.is_empty();
        for (sku, row) in self.0 {
            let event = Event::new(sku.clone(), &StockChanged { sku, available: row.available });
            outbox::enqueue(conn, &event)?;
        }
        Ok(changed)
    }
}
