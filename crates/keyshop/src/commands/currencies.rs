use anyhow::Context;
use keyshop_catalog::service::{CatalogDeps, CatalogService};
use keyshop_core::config::{Config, ServiceName};
use keyshop_core::db::Db;
use keyshop_core::money::ExchangeRate;
use secrecy::ExposeSecret;

use crate::cli::CurrenciesCommand;

/// `keyshop currencies …`: works on the catalog database directly. A running
/// store learns of a change through the catalog's outbox (its relay publishes
/// the `CurrencyRateChanged` event and the caches drop the old rates).
pub async fn run(config: &Config, command: CurrenciesCommand) -> anyhow::Result<()> {
    let url = config.service(ServiceName::Catalog).database_url.expose_secret();
    let db = Db::connect_for_command(url, &keyshop_catalog::store::MIGRATIONS)
        .await
        .context("opening the catalog database")?;
    let catalog = CatalogService::open(CatalogDeps::offline(db))
        .await
        .map_err(|error| anyhow::anyhow!("opening the catalog: {}", error.detail))?;
    match command {
        CurrenciesCommand::List => {
            for currency in catalog.currencies().await?.iter() {
                let rate =
                    ExchangeRate::from_micros(currency.rate_micros).map(|rate| rate.to_string()).unwrap_or_default();
                println!("{:<4} {:<4} {:>14}  {}", currency.code, currency.symbol, rate, currency.name);
            }
        }
        CurrenciesCommand::Set { code, rate } => {
            let parsed = ExchangeRate::parse_decimal(&rate)
                .map_err(|error| anyhow::anyhow!("{rate:?} is not a valid rate: {error}"))?;
            let code = code.to_ascii_uppercase();
            let currency = catalog
                .set_currency_rate(&code, parsed.micros())
                .await
                .map_err(|error| anyhow::anyhow!("cannot set the rate of {code}: {}", error.detail))?;
            println!("{} rate set to {} per USD", currency.code, parsed);
        }
    }
    Ok(())
}
