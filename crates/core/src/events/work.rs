//! What every service runs beside its gRPC server: its outbox relay and its
//! event consumers, until the shutdown signal.

use tokio::task::JoinHandle;

use super::{Consumer, OutboxRelay, OutboxWaker};
use crate::config::{Config, ServiceName};
use crate::db::Db;
use crate::platform::{Platform, RelayGate};
use crate::shutdown::Shutdown;

pub struct EventWork {
    relay: OutboxRelay,
    consumers: Vec<Consumer>,
    gate: RelayGate,
}

impl EventWork {
    /// The relay of `service`'s outbox in `db` to the platform's bus (woken
    /// by `waker`, else at the configured poll interval), and the `consumers`
    /// the service joined.
    pub fn new(
        service: ServiceName,
        config: &Config,
        platform: &Platform,
        db: Db,
        waker: OutboxWaker,
        consumers: Vec<Consumer>,
    ) -> EventWork {
        let poll = config.outbox_poll_interval;
        let relay = OutboxRelay::new(service.as_str(), db, platform.bus.clone(), waker, poll);
        EventWork { relay, consumers, gate: platform.relay_gate.clone() }
    }

    /// Starts the consumers, and the relay once the platform's gate is open;
    /// they stop on `shutdown` (the relay flushing the outbox first).
    pub fn start(self, shutdown: &Shutdown) -> Vec<JoinHandle<()>> {
        let (relay, gate, mut stop) = (self.relay, self.gate, shutdown.clone());
        let relay_shutdown = shutdown.clone();
        let mut tasks = vec![tokio::spawn(async move {
            tokio::select! {
                () = gate.wait() => relay.run(relay_shutdown).await,
                () = stop.wait() => {}
            }
        })];
        tasks.extend(self.consumers.into_iter().map(|consumer| tokio::spawn(consumer.run(shutdown.clone()))));
        tasks
    }
}
