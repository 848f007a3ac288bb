//! One module per subcommand.

pub mod admin;
pub mod config;
pub mod currencies;
pub mod demo;
pub mod keys;
pub mod migrate;
pub mod serve;

use keyshop_core::config::Config;

use crate::cli::{Cli, Command};

pub async fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Command::Openapi => {
            println!("{}", keyshop_gateway::openapi::json()?);
            return Ok(());
        }
        Command::Config { json: true, .. } => {
            println!("{}", config::declared_json()?);
            return Ok(());
        }
        Command::Config { markdown: true, .. } => {
            print!("{}", keyshop_core::config::settings::markdown_table());
            return Ok(());
        }
        _ => {}
    }
    let config = match cli.command {
        Command::Serve { demo: true, .. } => Config::load_demo()?,
        _ => Config::load()?,
    };
    match cli.command {
        Command::Serve { service, demo } => serve::run(config, service, demo).await,
        Command::Demo { command } => demo::run(&config, command).await,
        Command::Migrate => migrate::run(&config).await,
        Command::Config { .. } => {
            config::print(&config);
            Ok(())
        }
        Command::Currencies { command } => currencies::run(&config, command).await,
        Command::Admin { command } => admin::run(&config, command).await,
        Command::Keys { command } => keys::run(&config, command).await,
        Command::Openapi => Ok(()),
    }
}
