//! The payment service's storage: schema, one file per table, migrations.

pub mod events;
pub mod methods;
pub mod refunds;
pub mod schema;
pub mod sessions;

use keyshop_core::db::Migrations;

pub const MIGRATIONS: Migrations = Migrations {
    name: "payment",
    sqlite: diesel_migrations::embed_migrations!("migrations/sqlite"),
    postgres: diesel_migrations::embed_migrations!("migrations/postgres"),
};
