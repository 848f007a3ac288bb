//! The catalog's storage: schema, one file per table (family), migrations.

pub mod buyers;
pub mod currencies;
pub mod languages;
pub mod news;
pub mod pages;
pub mod product_images;
pub mod products;
pub mod reviews;
pub mod schema;
pub mod settings;

use keyshop_core::db::Migrations;

pub const MIGRATIONS: Migrations = Migrations {
    name: "catalog",
    sqlite: diesel_migrations::embed_migrations!("migrations/sqlite"),
    postgres: diesel_migrations::embed_migrations!("migrations/postgres"),
};
