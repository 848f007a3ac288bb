use anyhow::Context;
use keyshop_core::clock::{Clock, SystemClock};
use keyshop_core::config::{Config, ServiceName};
use keyshop_core::db::Db;
use secrecy::ExposeSecret;

use crate::cli::{AdminCommand, MemberCommand};

/// `keyshop admin …`: works on the service databases directly. A disabled
/// member's sessions are revoked in the database, so a running store signs
/// them out at their next request.
pub async fn run(config: &Config, command: AdminCommand) -> anyhow::Result<()> {
    match command {
        AdminCommand::Member { command } => {
            let url = config.service(ServiceName::Member).database_url.expose_secret();
            let db =
                Db::connect(url, &keyshop_member::store::MIGRATIONS).await.context("opening the member database")?;
            let (email, disabled) = match &command {
                MemberCommand::Disable { email } => (email, true),
                MemberCommand::Enable { email } => (email, false),
            };
            keyshop_member::service::auth::set_member_disabled(&db, email, disabled, SystemClock.now_ms())
                .await
                .map_err(|error| anyhow::anyhow!("{email}: {}", error.detail))?;
            println!("{email}: {}", if disabled { "disabled, signed out everywhere" } else { "enabled" });
        }
    }
    Ok(())
}
