//! What every service runs beside its gRPC server: its outbox relay and its
//! event consumers, until the shutdown signal.

use std::time::Duration;

use tokio::task::JoinHandle;

use super::{Consumer, OutboxRelay, OutboxWaker};
use crate::config::Config;
use crate::db::Db;
use crate::platform::Platform;
use crate::shutdown::Shutdown;

pub struct EventWork {
    relay: OutboxRelay,
    consumers: Vec<Consumer>,
}

impl EventWork {
    /// The relay of `db`'s outbox to the platform's bus (woken by `waker`,
    /// else at the configured poll interval), and the `consumers` the service
    /// joined.
    pub fn new(
        config: &Config,
        platform: &Platform,
        db: Db,
        waker: OutboxWaker,
        consumers: Vec<Consumer>,
    ) -> EventWork {
        let poll = Duration::from_millis(config.outbox_poll_interval_ms);
        EventWork { relay: OutboxRelay::new(db, platform.bus.clone(), waker, poll), consumers }
    }

    /// Starts the relay and the consumers; they stop on `shutdown` (the relay
    /// flushing the outbox first).
    pub fn start(self, shutdown: &Shutdown) -> Vec<JoinHandle<()>> {
        let mut tasks = vec![tokio::spawn(self.relay.run(shutdown.clone()))];
        tasks.extend(self.consumers.into_iter().map(|consumer| tokio::spawn(consumer.run(shutdown.clone()))));
        tasks
    }
}
