//! The member service's storage: schema, one file per table, migrations.

pub mod addresses;
pub mod canned_replies;
pub mod chat_agents;
pub mod chat_messages;
pub mod chats;
pub mod consumptions;
pub mod form_submissions;
pub mod levels;
pub mod login_history;
pub mod members;
pub mod newsletter;
pub mod newsletter_deliveries;
pub mod newsletter_issues;
pub mod notice_texts;
pub mod notices;
pub mod password_resets;
pub mod point_spends;
pub mod points_adjustments;
pub mod schema;
pub mod sessions;
pub mod staff;
pub mod staff_audit;
pub mod tickets;
pub mod visits;
pub mod wishlist;

use keyshop_core::db::Migrations;

pub const MIGRATIONS: Migrations = Migrations {
    name: "member",
    sqlite: diesel_migrations::embed_migrations!("migrations/sqlite"),
    postgres: diesel_migrations::embed_migrations!("migrations/postgres"),
};
