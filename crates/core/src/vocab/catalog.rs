//! The catalog's vocabularies: what a product is, where it activates, its
//! genres, what shoppers see of its stock, and how lists are sorted. Their
//! codes are unique across types, platforms and genres, so one code names
//! one list page (`/{code}`).

crate::vocabulary! {
    /// What a product is.
    pub enum ProductType: keyshop_proto::common::v1::ProductType {
        Game = "game",
        Dlc = "dlc",
        Software = "software",
        GiftCard = "gift-card",
        Subscription = "subscription",
        InGameCurrency = "in-game-currency",
    }
}

crate::vocabulary! {
    /// Where a key is activated.
    pub enum Platform: keyshop_proto::common::v1::Platform {
        Steam = "steam",
        Epic = "epic",
        Gog = "gog",
        Xbox = "xbox",
        Playstation = "playstation",
        Nintendo = "nintendo",
        EaApp = "ea-app",
        UbisoftConnect = "ubisoft-connect",
        BattleNet = "battle-net",
        MicrosoftStore = "microsoft-store",
        Rockstar = "rockstar",
    }
}

impl Platform {
    /// The platform's own name, as stores write it.
    pub fn display_name(self) -> &'static str {
        match self {
            Platform::Steam => "Steam",
            Platform::Epic => "Epic Games",
            Platform::Gog => "GOG",
            Platform::Xbox => "Xbox",
            Platform::Playstation => "PlayStation",
            Platform::Nintendo => "Nintendo eShop",
            Platform::EaApp => "EA app",
            Platform::UbisoftConnect => "Ubisoft Connect",
            Platform::BattleNet => "Battle.net",
            Platform::MicrosoftStore => "Microsoft Store",
            Platform::Rockstar => "Rockstar Games Launcher",
        }
    }
}

crate::vocabulary! {
    /// Where a key activates (the countries of each are the catalog's).
    pub enum Region: keyshop_proto::common::v1::Region {
        Global = "global",
        Europe = "europe",
        NorthAmerica = "north-america",
        LatinAmerica = "latin-america",
        Asia = "asia",
        UnitedKingdom = "united-kingdom",
        Germany = "germany",
        Turkey = "turkey",
        Japan = "japan",
        Brazil = "brazil",
    }
}

crate::vocabulary! {
    /// A product's genre.
    pub enum Genre: keyshop_proto::common::v1::Genre {
        Action = "action",
        Adventure = "adventure",
        Rpg = "rpg",
        Strategy = "strategy",
        Shooter = "shooter",
        Sports = "sports",
        Racing = "racing",
        Simulation = "simulation",
        Puzzle = "puzzle",
        Horror = "horror",
        Indie = "indie",
        Casual = "casual",
        Fighting = "fighting",
        Platformer = "platformer",
        Survival = "survival",
        Mmo = "mmo",
    }
}

crate::vocabulary! {
    /// What shoppers see of a product's keys in stock.
    pub enum StockStatus: keyshop_proto::common::v1::StockStatus {
        InStock = "in_stock",
        /// A few keys left.
        Low = "low",
        OutOfStock = "out_of_stock",
        /// Sold before release.
        Preorder = "preorder",
    }
}

crate::vocabulary! {
    /// Where a product is in its life: only a published one is listed and sold.
    pub enum ProductState: keyshop_proto::catalog::v1::ProductState {
        /// Being written in the console; nobody else sees it.
        Draft = "draft",
        Published = "published",
        /// Taken off the shop for good (its orders keep it).
        Archived = "archived",
    }
}

crate::vocabulary! {
    /// How a product list is sorted.
    pub enum SortOrder: keyshop_proto::common::v1::SortOrder {
        /// Best match first (the default with a search text).
        Relevance = "relevance",
        Newest = "newest",
        PriceAsc = "price_asc",
        PriceDesc = "price_desc",
        BestSelling = "best_selling",
        Rating = "rating",
        Discount = "discount",
        Hottest = "hottest",
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;

    #[test]
    fn type_platform_and_genre_codes_are_unique_across_the_three() {
        let codes: Vec<&str> = ProductType::ALL
            .iter()
            .map(|code| code.as_str())
            .chain(Platform::ALL.iter().map(|code| code.as_str()))
            .chain(Genre::ALL.iter().map(|code| code.as_str()))
            .collect();
        let unique: BTreeSet<&str> = codes.iter().copied().collect();
        assert_eq!(unique.len(), codes.len(), "{codes:?}");
    }
}
