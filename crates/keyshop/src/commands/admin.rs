use anyhow::Context;
use keyshop_core::clock::{Clock, SystemClock};
use keyshop_core::config::{Config, ServiceName};
use keyshop_core::db::Db;
use secrecy::ExposeSecret;

use crate::cli::{AdminCommand, MemberCommand, StaffCommand};

/// `keyshop admin …`: works on the service databases directly. A disabled
/// member's sessions are revoked in the database, so a running store signs
/// them out at their next request.
pub async fn run(config: &Config, command: AdminCommand) -> anyhow::Result<()> {
    match command {
        AdminCommand::IdentityKeys => print_identity_keys(),
        AdminCommand::Staff { command: StaffCommand::Add { email, role } } => {
            let url = config.service(ServiceName::Member).database_url.expose_secret();
            let db = Db::connect_for_command(url, &keyshop_member::store::MIGRATIONS)
                .await
                .context("opening the member database")?;
            let invitation = keyshop_member::service::staff::invite(
                &db,
                &config.public_url,
                &email,
                role,
                SystemClock.now_ms(),
                &keyshop_core::audit::Actor::Cli,
            )
            .await
            .map_err(|error| anyhow::anyhow!("{email}: {}", error.msg_key))?;
            println!("{email} ({role}): open this link within 24 hours to enroll (it works once):");
            println!("{}", invitation.link);
        }
        AdminCommand::Member { command } => {
            let url = config.service(ServiceName::Member).database_url.expose_secret();
            let db = Db::connect_for_command(url, &keyshop_member::store::MIGRATIONS)
                .await
                .context("opening the member database")?;
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

/// A new identity key per part of the store, as environment lines:
/// `<PART>_IDENTITY_KEY` (each part's `KEYSHOP_IDENTITY_KEY`) and
/// `KEYSHOP_IDENTITY_PUBLIC_KEYS`; as it is, the `deploy/.env` of docker compose.
fn print_identity_keys() {
    let material = keyshop_core::identity::Keyring::generate_material();
    println!("# keyshop identity keys. Each part's own key is its KEYSHOP_IDENTITY_KEY: give it to that part");
    println!("# only, from a secret (k8s/base/secrets/<part>.env). Every part gets KEYSHOP_IDENTITY_PUBLIC_KEYS.");
    println!("# For docker compose, save this as deploy/.env.");
    for (party, private, _) in &material {
        println!("{}_IDENTITY_KEY={private}", party.as_str().to_uppercase());
    }
    let public: Vec<&str> = material.iter().map(|(_, _, public)| public.as_str()).collect();
    println!("KEYSHOP_IDENTITY_PUBLIC_KEYS={}", public.join(","));
}
