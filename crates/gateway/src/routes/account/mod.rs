//! `/api/*` calls of the account area, all for the signed-in member and only
//! ever on the caller's own records: profile, password, login history,
//! addresses, wishlist, notices, membership level and support tickets.
//! Another member's ids answer 404 (403 for the level of another id).

pub mod addresses;
pub mod change_password;
pub mod collect;
pub mod countries;
pub mod levels;
pub mod login_history;
pub mod notices;
pub mod profile;
pub mod tickets;
