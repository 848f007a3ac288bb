use anyhow::Context;
use keyshop_core::config::{Config, ServiceName};
use keyshop_core::db::Db;
use secrecy::ExposeSecret;

/// `keyshop migrate`: opens every service's database, which runs its pending
/// migrations (under an advisory lock on PostgreSQL).
pub async fn run(config: &Config) -> anyhow::Result<()> {
    for service in ServiceName::ALL {
        let url = config.service(service).database_url.expose_secret();
        let migrations = match service {
            ServiceName::Catalog => &keyshop_catalog::store::MIGRATIONS,
            ServiceName::Member => &keyshop_member::store::MIGRATIONS,
            ServiceName::Delivery => &keyshop_delivery::store::MIGRATIONS,
            ServiceName::Payment => &keyshop_payment::store::MIGRATIONS,
            ServiceName::Order => &keyshop_order::store::MIGRATIONS,
        };
        Db::connect_for_command(url, migrations).await.with_context(|| format!("migrating the {service} database"))?;
        println!("{service}: migrations up to date");
    }
    Ok(())
}
