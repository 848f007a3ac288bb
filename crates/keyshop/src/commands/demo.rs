use anyhow::Context;
use keyshop_catalog::service::{CatalogDeps, CatalogService};
use keyshop_core::config::{Config, ServiceName};
use keyshop_core::db::Db;
use secrecy::ExposeSecret;

use crate::cli::DemoCommand;

/// `keyshop demo seed`: fills an empty catalog database. A running store
/// reloads through the catalog's outbox (`ProductsChanged`).
pub async fn run(config: &Config, command: DemoCommand) -> anyhow::Result<()> {
    match command {
        DemoCommand::Seed => {
            let url = config.service(ServiceName::Catalog).database_url.expose_secret();
            let db = Db::connect_for_command(url, &keyshop_catalog::store::MIGRATIONS)
                .await
                .context("opening the catalog database")?;
            let catalog = CatalogService::open(CatalogDeps::offline(db))
                .await
                .map_err(|error| anyhow::anyhow!("opening the catalog: {}", error.detail))?;
            let summary = keyshop_catalog::demo::seed(&catalog).await.map_err(|error| anyhow::anyhow!(error.detail))?;
            if summary.seeded {
                println!(
                    "demo catalog seeded: {} products, {} reviews, {} news",
                    summary.products, summary.reviews, summary.news
                );
            } else {
                println!("the catalog has {} products already: nothing seeded", summary.products);
            }
        }
    }
    Ok(())
}
