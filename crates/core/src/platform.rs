//! The shared infrastructure handles a service is built with, opened once per
//! process from the configuration.

use std::sync::Arc;

use crate::cache::{self, Cache};
use crate::clock::{self, SharedClock};
use crate::config::Config;
use crate::events::{self, EventBus};
use crate::fanout::Fanout;
use crate::identity::{Keyring, KeyringError, Party, Signer};
use crate::throttle::{self, Throttle};

/// The Redis channel of live chat.
pub const CHAT_CHANNEL: &str = "keyshop:chat:v1";

#[derive(Clone)]
pub struct Platform {
    pub bus: Arc<dyn EventBus>,
    pub cache: Arc<dyn Cache>,
    /// Rate-limit counters, apart from the cache (nothing cached evicts them).
    pub throttle: Arc<dyn Throttle>,
    /// Live chat's messages to every replica (through Redis with a Redis cache).
    pub chat_fanout: Arc<Fanout>,
    /// Holds the process's outbox relays while its services join the bus.
    pub relay_gate: RelayGate,
    /// Where the services read the time.
    pub clock: SharedClock,
    /// The identity keys of the parts this process runs (loaded when it
    /// starts them: empty until then, and nothing signs with an empty one).
    pub identity: Keyring,
}

/// Holds every outbox relay of a process until all its services have joined
/// the bus as consumers: the in-process bus hands an event to the groups
/// there when it is published, so a relay starting first (a restart with
/// events waiting in its outbox) would hand them to nobody. Open unless
/// [`RelayGate::hold`] was called.
#[derive(Debug, Clone)]
pub struct RelayGate(Arc<tokio::sync::watch::Sender<bool>>);

impl RelayGate {
    pub fn open() -> RelayGate {
        RelayGate(Arc::new(tokio::sync::watch::channel(true).0))
    }

    /// Relays started from now on wait for [`RelayGate::release`].
    pub fn hold(&self) {
        self.0.send_replace(false);
    }

    pub fn release(&self) {
        self.0.send_replace(true);
    }

    /// Resolves once the gate is open.
    pub async fn wait(&self) {
        let mut open = self.0.subscribe();
        let _ = open.wait_for(|open| *open).await;
    }
}

impl Platform {
    /// The signer of `party`'s calls.
    pub fn signer(&self, party: Party) -> Result<Signer, KeyringError> {
        self.identity.signer(party).ok_or(KeyringError::Missing(party))
    }

    pub fn from_config(config: &Config) -> Result<Platform, String> {
        let bus =
            events::bus_from_url(&config.event_bus_url, &config.bus_tuning()).map_err(|error| error.to_string())?;
        let cache =
            cache::cache_from_url(&config.cache_url, config.cache_max_entries).map_err(|error| error.to_string())?;
        let throttle = throttle::throttle_from_url(&config.cache_url).map_err(|error| error.to_string())?;
        let chat_fanout = Fanout::from_url(&config.cache_url, CHAT_CHANNEL).map_err(|error| error.to_string())?;
        Ok(Platform {
            bus,
            cache,
            throttle,
            chat_fanout,
            relay_gate: RelayGate::open(),
            clock: clock::system(),
            identity: Keyring::default(),
        })
    }
}
