//! The order service's storage: schema, one file per table group, migrations.

pub mod carts;
pub mod coupons;
pub mod order_points;
pub mod orders;
pub mod schema;
pub mod staff_notes;

use keyshop_core::db::Migrations;

pub const MIGRATIONS: Migrations = Migrations {
    name: "order",
    sqlite: diesel_migrations::embed_migrations!("migrations/sqlite"),
    postgres: diesel_migrations::embed_migrations!("migrations/postgres"),
};
