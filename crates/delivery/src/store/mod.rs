//! The delivery service's storage: schema, one file per table, migrations.

pub mod deliveries;
pub mod keys;
pub mod reservations;
pub mod reveals;
pub mod schema;
pub mod stock;

use keyshop_core::db::Migrations;

pub const MIGRATIONS: Migrations = Migrations {
    name: "delivery",
    sqlite: diesel_migrations::embed_migrations!("migrations/sqlite"),
    postgres: diesel_migrations::embed_migrations!("migrations/postgres"),
};
