//! `/api/home/games/{gameName}/{gameExtName}[/…]`: one product and what
//! hangs off it.

pub mod detail;
pub mod post_review;
pub mod rating;
pub mod recommendations;
pub mod reviews;

use keyshop_proto::catalog::v1 as pb;
use serde::Deserialize;

use crate::context;

/// The two path segments of a product page.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ProductPath {
    pub game_name: String,
    pub game_ext_name: String,
}

impl ProductPath {
    /// The catalog's reference, asking for texts in the request's language.
    pub fn reference(self) -> pb::ProductRef {
        pb::ProductRef {
            game_name: self.game_name,
            game_ext_name: self.game_ext_name,
            language: context::language().to_owned(),
            no_view: false,
        }
    }
}
