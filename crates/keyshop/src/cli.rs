use clap::{Parser, Subcommand, ValueEnum};
use keyshop_core::config::ServiceName;

/// keyshop: an online store for game and software keys.
///
/// Configuration comes from env vars and an optional keyshop.toml; see the
/// README or `keyshop config` for every setting and its effective value.
#[derive(Debug, Parser)]
#[command(name = "keyshop", version, propagate_version = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Serve the store: every service in one process (the default), or one of them.
    Serve {
        /// Run only this service (one per process, as under Kubernetes).
        #[arg(long, value_enum)]
        service: Option<ServiceArg>,
        /// Seed the demo catalog first when the catalog is empty.
        #[arg(long)]
        demo: bool,
    },
    /// Run every pending database migration and exit.
    Migrate,
    /// Print the effective configuration, secrets masked.
    Config {
        /// Print every setting the store knows (name, default, meaning) as
        /// JSON instead, without reading the configuration.
        #[arg(long, conflicts_with = "markdown")]
        json: bool,
        /// Print the README's table of settings instead.
        #[arg(long)]
        markdown: bool,
    },
    /// Print the OpenAPI document of the HTTP API.
    Openapi,
    /// The demo catalog.
    Demo {
        #[command(subcommand)]
        command: DemoCommand,
    },
    /// Store administration.
    Admin {
        #[command(subcommand)]
        command: AdminCommand,
    },
    /// Currencies and their exchange rates.
    Currencies {
        #[command(subcommand)]
        command: CurrenciesCommand,
    },
    /// The key inventory.
    Keys {
        #[command(subcommand)]
        command: KeysCommand,
    },
}

#[derive(Debug, Subcommand)]
pub enum KeysCommand {
    /// Import the keys in FILE for the product SKU: one key per line, or CSV
    /// rows of key and note (a .csv file). Prints imported, duplicate and
    /// invalid counts; never prints a key.
    Import {
        /// The product's SKU, as in the catalog.
        #[arg(long = "product", value_name = "SKU")]
        sku: String,
        file: std::path::PathBuf,
    },
    /// Keys available, held and sold per product.
    Stock,
}

#[derive(Debug, Subcommand)]
pub enum DemoCommand {
    /// Fill an empty catalog with 300+ invented products, reviews and news.
    Seed,
}

#[derive(Debug, Subcommand)]
pub enum AdminCommand {
    /// Member accounts.
    Member {
        #[command(subcommand)]
        command: MemberCommand,
    },
    /// Staff accounts.
    Staff {
        #[command(subcommand)]
        command: StaffCommand,
    },
    /// Print a new set of identity keys for a distributed store: each
    /// process's own `KEYSHOP_IDENTITY_KEY` (a secret) and the
    /// `KEYSHOP_IDENTITY_PUBLIC_KEYS` every process gets.
    IdentityKeys,
}

#[derive(Debug, Subcommand)]
pub enum StaffCommand {
    /// Invite EMAIL as a member of staff in ROLE (the first owner, from the
    /// server): prints a one-time enrollment link, valid 24 hours.
    Add {
        email: String,
        /// owner, manager, support or finance.
        #[arg(long, value_parser = parse_role)]
        role: keyshop_core::identity::StaffRole,
    },
}

fn parse_role(role: &str) -> Result<keyshop_core::identity::StaffRole, String> {
    keyshop_core::identity::StaffRole::parse(role).ok_or_else(|| "owner, manager, support or finance".to_owned())
}

#[derive(Debug, Subcommand)]
pub enum MemberCommand {
    /// Disable the account of EMAIL and sign it out everywhere.
    Disable { email: String },
    /// Enable the account of EMAIL again.
    Enable { email: String },
}

#[derive(Debug, Subcommand)]
pub enum CurrenciesCommand {
    /// List the currencies and their rates to USD.
    List,
    /// Set a currency's rate: units of CODE per 1 USD, e.g. `keyshop currencies set EUR 0.92`.
    Set { code: String, rate: String },
}

/// What one process runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ServiceArg {
    Catalog,
    Member,
    Delivery,
    Payment,
    Order,
    Gateway,
}

impl ServiceArg {
    /// The backend service, `None` for the gateway.
    pub fn backend(self) -> Option<ServiceName> {
        match self {
            ServiceArg::Catalog => Some(ServiceName::Catalog),
            ServiceArg::Member => Some(ServiceName::Member),
            ServiceArg::Delivery => Some(ServiceName::Delivery),
            ServiceArg::Payment => Some(ServiceName::Payment),
            ServiceArg::Order => Some(ServiceName::Order),
            ServiceArg::Gateway => None,
        }
    }
}
