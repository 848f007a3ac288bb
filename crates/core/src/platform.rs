//! The shared infrastructure handles a service is built with, opened once per
//! process from the configuration.

use std::sync::Arc;

use crate::cache::{self, Cache};
use crate::config::Config;
use crate::events::{self, EventBus};

#[derive(Clone)]
pub struct Platform {
    pub bus: Arc<dyn EventBus>,
    pub cache: Arc<dyn Cache>,
}

impl Platform {
    pub fn from_config(config: &Config) -> Result<Platform, String> {
        let bus = events::bus_from_url(&config.event_bus_url).map_err(|error| error.to_string())?;
        let cache =
            cache::cache_from_url(&config.cache_url, config.cache_max_entries).map_err(|error| error.to_string())?;
        Ok(Platform { bus, cache })
    }
}
