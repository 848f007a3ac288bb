use std::sync::Arc;

use anyhow::Context;
use keyshop_core::config::{Config, ServiceName};
use keyshop_core::db::{Backend, Db};
use keyshop_core::events::OutboxWaker;
use keyshop_delivery::domain::import;
use keyshop_delivery::service::DeliveryService;
use secrecy::ExposeSecret;

use crate::cli::KeysCommand;

/// `keyshop keys …`: works on the delivery database directly. A running
/// store learns of new stock through the delivery outbox (its relay publishes
/// the `StockChanged` event and the catalog's stock status follows).
pub async fn run(config: &Config, command: KeysCommand) -> anyhow::Result<()> {
    let delivery = open_delivery(config).await?;
    match command {
        KeysCommand::Import { sku, file } => {
            check_product(config, &sku).await?;
            let text = std::fs::read_to_string(&file).with_context(|| format!("reading {}", file.display()))?;
            let csv = file.extension().is_some_and(|extension| extension.eq_ignore_ascii_case("csv"));
            let lines = import::parse_file(&text, csv);
            if lines.is_empty() {
                anyhow::bail!("{} holds no keys", file.display());
            }
            let report =
                delivery.import_keys(sku.clone(), lines).await.map_err(|error| anyhow::anyhow!("{}", error.detail))?;
            println!(
                "{sku}: {} imported, {} duplicate, {} invalid; {} available",
                report.imported, report.duplicates, report.invalid, report.available
            );
            if !report.invalid_lines.is_empty() {
                let lines: Vec<String> = report.invalid_lines.iter().map(i64::to_string).collect();
                println!("invalid keys at positions {} (blank lines not counted)", lines.join(", "));
            }
        }
        KeysCommand::Stock => {
            println!("{:<24} {:>10} {:>10} {:>10}", "SKU", "available", "held", "sold");
            for row in delivery.stock(Vec::new()).await.map_err(|error| anyhow::anyhow!("{}", error.detail))? {
                println!("{:<24} {:>10} {:>10} {:>10}", row.sku, row.available, row.reserved, row.sold);
            }
        }
    }
    Ok(())
}

async fn open_delivery(config: &Config) -> anyhow::Result<DeliveryService> {
    let url = config.service(ServiceName::Delivery).database_url.expose_secret();
    let db = Db::connect_for_command(url, &keyshop_delivery::store::MIGRATIONS)
        .await
        .context("opening the delivery database")?;
    let vault = keyshop_delivery::master_key::load(&config.delivery, db.backend() == Backend::Sqlite)?;
    let window = config.delivery.payment_window;
    Ok(DeliveryService::new(db, keyshop_core::clock::system(), Arc::new(vault), OutboxWaker::default(), window))
}

/// Refuses a SKU the catalog does not sell: keys for a typo would never be sold.
async fn check_product(config: &Config, sku: &str) -> anyhow::Result<()> {
    let url = config.service(ServiceName::Catalog).database_url.expose_secret();
    let db = Db::connect_for_command(url, &keyshop_catalog::store::MIGRATIONS)
        .await
        .context("opening the catalog database")?;
    let sku_owned = sku.to_owned();
    let found = db
        .run(move |conn| keyshop_catalog::store::products::find_by_sku(conn, &sku_owned).map_err(anyhow::Error::from))
        .await?;
    if found.is_none() {
        anyhow::bail!("the catalog has no product with SKU {sku:?}");
    }
    Ok(())
}
