//! The in-memory catalog: every product summary with look-ups, navigation
//! counts and the search index. Built from the database at start and rebuilt
//! whenever products change; a change of stock (every sale) or of a rating
//! (every review) patches a copy that shares the index and look-ups instead. Readers take the current
//! snapshot and never wait for a rebuild. Each snapshot remembers the
//! listings asked of it (a listing only changes with the snapshot).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, RwLock};

use crate::domain::listing::{Listing, ProductCodes, ProductQuery};
use crate::domain::product::ProductSummary;
use keyshop_core::vocab::{Genre, Platform, ProductType, Region};

use crate::domain::stock::StockStatus;
use crate::domain::taxonomy::Tally;
use crate::search::{SearchError, SearchIndex};

/// Product counts per navigation code.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct NavigationCounts {
    pub platforms: Vec<(Platform, i64)>,
    pub types: Vec<(ProductType, i64)>,
    pub genres: Vec<(Genre, i64)>,
    pub regions: Vec<(Region, i64)>,
}

pub struct Snapshot {
    pub products: Vec<Arc<ProductSummary>>,
    /// The interned codes of `products`, same order.
    pub codes: Vec<ProductCodes>,
    by_id: Arc<HashMap<i64, usize>>,
    by_names: Arc<HashMap<String, usize>>,
    pub search: Arc<SearchIndex>,
    pub navigation: NavigationCounts,
    /// The listings of the queries asked of this snapshot so far.
    pub listings: ListingMemo,
}

/// How many listings a snapshot remembers; past it, it starts over. A
/// listing holds a page of product handles and the facet counts (~1 KB).
const MAX_LISTINGS: usize = 1024;

/// Listings by query, for one snapshot: the same query over the same
/// products has the same answer, so a list asked again (the first page of
/// the catalog, a popular filter) costs a look-up instead of a pass over
/// every product. Dropped with its snapshot: a change of stock, of a rating
/// or of a product starts a new one.
#[derive(Default)]
pub struct ListingMemo(Mutex<HashMap<ProductQuery, Arc<Listing>>>);

impl ListingMemo {
    pub fn get(&self, query: &ProductQuery) -> Option<Arc<Listing>> {
        self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner).get(query).cloned()
    }

    pub fn put(&self, query: ProductQuery, listing: Arc<Listing>) {
        let mut listings = self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if listings.len() >= MAX_LISTINGS && !listings.contains_key(&query) {
            listings.clear();
        }
        listings.insert(query, listing);
    }

    #[cfg(test)]
    fn len(&self) -> usize {
        self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner).len()
    }
}

fn names_key(game_name: &str, game_ext_name: &str) -> String {
    format!("{game_name}/{game_ext_name}")
}

impl Snapshot {
    pub fn build(products: Vec<ProductSummary>) -> Result<Snapshot, SearchError> {
        let search = SearchIndex::build(&products)?;
        let codes = products.iter().map(ProductCodes::of).collect();
        let products = products.into_iter().map(Arc::new).collect();
        Ok(Snapshot::assemble(products, codes, Arc::new(search)))
    }

    /// Look-ups and counts over `products` (with their `codes`), searched by `search`.
    fn assemble(products: Vec<Arc<ProductSummary>>, codes: Vec<ProductCodes>, search: Arc<SearchIndex>) -> Snapshot {
        let by_id = products.iter().enumerate().map(|(index, product)| (product.id, index)).collect();
        let by_names = products
            .iter()
            .enumerate()
            .map(|(index, product)| (names_key(&product.game_name, &product.game_ext_name), index))
            .collect();
        let mut platforms = Tally::default();
        let mut types = Tally::default();
        let mut genres = Tally::default();
        let mut regions = Tally::default();
        for product in &products {
            platforms.add(product.platform);
            types.add(product.product_type);
            regions.add(product.region);
            for genre in &product.genres {
                genres.add(*genre);
            }
        }
        let navigation = NavigationCounts {
            platforms: platforms.counts(),
            types: types.counts(),
            genres: genres.counts(),
            regions: regions.counts(),
        };
        Snapshot {
            products,
            codes,
            by_id: Arc::new(by_id),
            by_names: Arc::new(by_names),
            search,
            navigation,
            listings: ListingMemo::default(),
        }
    }

    /// The same catalog with `ids` as they are now: those in `current`
    /// (published) replaced or added, the others taken out. The search index
    /// gets one delete and one add per product, not a rebuild.
    pub fn with_products(&self, ids: &[i64], current: Vec<ProductSummary>) -> Result<Snapshot, SearchError> {
        let removed: Vec<i64> =
            ids.iter().copied().filter(|id| !current.iter().any(|product| product.id == *id)).collect();
        let search = self.search.with_changes(&current, &removed)?;
        let mut fresh: HashMap<i64, ProductSummary> =
            current.into_iter().map(|product| (product.id, product)).collect();
        let mut products = Vec::with_capacity(self.products.len() + fresh.len());
        let mut codes = Vec::with_capacity(products.capacity());
        for (product, code) in self.products.iter().zip(&self.codes) {
            if let Some(changed) = fresh.remove(&product.id) {
                codes.push(ProductCodes::of(&changed));
                products.push(Arc::new(changed));
            } else if !ids.contains(&product.id) {
                codes.push(*code);
                products.push(product.clone());
            }
        }
        let mut added: Vec<ProductSummary> = fresh.into_values().collect();
        added.sort_by_key(|product| product.id);
        for product in added {
            codes.push(ProductCodes::of(&product));
            products.push(Arc::new(product));
        }
        Ok(Snapshot::assemble(products, codes, Arc::new(search)))
    }

    /// The same catalog with the stock of some products changed (`(id,
    /// status)`): the index, look-ups and counts are shared (stock is in
    /// none of them). `None` when nothing changes.
    pub fn with_stock(&self, changes: &[(i64, StockStatus)]) -> Option<Snapshot> {
        self.patched(changes.iter().map(|(id, stock)| {
            (*id, move |product: &mut ProductSummary| std::mem::replace(&mut product.stock, *stock) != *stock)
        }))
    }

    /// The same catalog with the ratings of some products changed (`(id,
    /// stars summed, reviews)`), sharing the index, look-ups and counts
    /// (ratings are in none of them): a review costs a copy of the list, not
    /// a rebuild. `None` when nothing changes.
    pub fn with_ratings(&self, ratings: &[(i64, i64, i64)]) -> Option<Snapshot> {
        self.patched(ratings.iter().map(|(id, sum, count)| {
            (*id, move |product: &mut ProductSummary| {
                let before = (product.rating_sum, product.rating_count);
                (product.rating_sum, product.rating_count) = (*sum, *count);
                before != (*sum, *count)
            })
        }))
    }

    /// A copy with `patch` applied to some products (it answers whether it
    /// changed one); `None` when none changed.
    fn patched<F: FnOnce(&mut ProductSummary) -> bool>(
        &self,
        patches: impl IntoIterator<Item = (i64, F)>,
    ) -> Option<Snapshot> {
        let mut products = None::<Vec<Arc<ProductSummary>>>;
        let mut codes = None::<Vec<ProductCodes>>;
        for (id, patch) in patches {
            let Some(&index) = self.by_id.get(&id) else { continue };
            let mut changed = ProductSummary::clone(&self.products[index]);
            if !patch(&mut changed) {
                continue;
            }
            let codes = codes.get_or_insert_with(|| self.codes.clone());
            codes[index] = ProductCodes::of(&changed);
            products.get_or_insert_with(|| self.products.clone())[index] = Arc::new(changed);
        }
        Some(Snapshot {
            products: products?,
            codes: codes.unwrap_or_else(|| self.codes.clone()),
            by_id: self.by_id.clone(),
            by_names: self.by_names.clone(),
            search: self.search.clone(),
            navigation: self.navigation.clone(),
            listings: ListingMemo::default(),
        })
    }

    pub fn by_id(&self, id: i64) -> Option<&Arc<ProductSummary>> {
        self.by_id.get(&id).map(|index| &self.products[*index])
    }

    pub fn by_names(&self, game_name: &str, game_ext_name: &str) -> Option<&Arc<ProductSummary>> {
        self.by_names.get(&names_key(game_name, game_ext_name)).map(|index| &self.products[*index])
    }
}

/// The current snapshot, swapped as a whole.
pub struct SnapshotCell(RwLock<Arc<Snapshot>>);

impl SnapshotCell {
    pub fn new(snapshot: Snapshot) -> SnapshotCell {
        SnapshotCell(RwLock::new(Arc::new(snapshot)))
    }

    pub fn current(&self) -> Arc<Snapshot> {
        match self.0.read() {
            Ok(guard) => guard.clone(),
            Err(poisoned) => poisoned.into_inner().clone(),
        }
    }

    pub fn replace(&self, snapshot: Snapshot) {
        let fresh = Arc::new(snapshot);
        match self.0.write() {
            Ok(mut guard) => *guard = fresh,
            Err(poisoned) => *poisoned.into_inner() = fresh,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn product(id: i64, stock: StockStatus) -> ProductSummary {
        ProductSummary {
            id,
            sku: format!("KS-{id}"),
            game_name: format!("game-{id}"),
            game_ext_name: "steam-global".into(),
            title: format!("Game {id}"),
            product_type: ProductType::Game,
            platform: Platform::Steam,
            region: Region::Global,
            developer: "Studio".into(),
            publisher: String::new(),
            release_date: "2024-01-01".into(),
            price_usd: 1999,
            list_price_usd: 1999,
            per_order_limit: 5,
            preorder: false,
            stock,
            sold_count: 0,
            view_count: 0,
            rating_sum: 0,
            rating_count: 0,
            palette: 0,
            screenshot_count: 0,
            genres: vec![Genre::Rpg],
            languages: vec![keyshop_core::vocab::Language::EnUs],
            tags: Vec::new(),
            titles: Vec::new(),
            cover_image: String::new(),
            screenshot_images: Vec::new(),
        }
    }

    #[test]
    fn a_stock_change_patches_one_product_and_shares_the_rest() {
        let snapshot =
            Snapshot::build(vec![product(1, StockStatus::InStock), product(2, StockStatus::InStock)]).unwrap();
        assert!(snapshot.with_stock(&[(1, StockStatus::InStock), (99, StockStatus::OutOfStock)]).is_none());
        let patched = snapshot.with_stock(&[(2, StockStatus::OutOfStock)]).unwrap();
        assert_eq!(patched.by_id(2).unwrap().stock, StockStatus::OutOfStock);
        assert_eq!(patched.codes[1], ProductCodes::of(&product(2, StockStatus::OutOfStock)));
        assert!(Arc::ptr_eq(&patched.products[0], &snapshot.products[0]), "unchanged products are shared");
        assert!(Arc::ptr_eq(&patched.search, &snapshot.search), "the index is shared");
        assert_eq!(snapshot.by_id(2).unwrap().stock, StockStatus::InStock, "the old snapshot is untouched");
        assert_eq!(patched.by_names("game-2", "steam-global").unwrap().id, 2);
    }

    fn listing_of(snapshot: &Snapshot, query: &ProductQuery) -> Arc<Listing> {
        Arc::new(crate::domain::listing::list(&snapshot.products, &snapshot.codes, query, None))
    }

    #[test]
    fn a_listing_is_remembered_by_its_snapshot_only() {
        let snapshot =
            Snapshot::build(vec![product(1, StockStatus::InStock), product(2, StockStatus::InStock)]).unwrap();
        let query = ProductQuery::default();
        assert!(snapshot.listings.get(&query).is_none());
        let listing = listing_of(&snapshot, &query);
        snapshot.listings.put(query.clone(), listing.clone());
        assert!(Arc::ptr_eq(&snapshot.listings.get(&query).unwrap(), &listing));
        let other = ProductQuery { stock: 1, ..ProductQuery::default() };
        assert!(snapshot.listings.get(&other).is_none(), "another query is another listing");

        let patched = snapshot.with_stock(&[(2, StockStatus::OutOfStock)]).unwrap();
        assert!(patched.listings.get(&query).is_none(), "a new snapshot starts with none");
        let edited = snapshot.with_products(&[1], vec![product(1, StockStatus::Low)]).unwrap();
        assert!(edited.listings.get(&query).is_none());
    }

    #[test]
    fn a_full_memo_starts_over() {
        let snapshot = Snapshot::build(vec![product(1, StockStatus::InStock)]).unwrap();
        let listing = listing_of(&snapshot, &ProductQuery::default());
        let query = |page: u32| ProductQuery {
            paging: keyshop_core::paging::Paging { page, limit: 10 },
            ..ProductQuery::default()
        };
        for page in 1..=MAX_LISTINGS as u32 {
            snapshot.listings.put(query(page), listing.clone());
        }
        assert_eq!(snapshot.listings.len(), MAX_LISTINGS);
        snapshot.listings.put(query(1), listing.clone());
        assert_eq!(snapshot.listings.len(), MAX_LISTINGS, "a known query is replaced in place");
        snapshot.listings.put(query(0), listing);
        assert_eq!(snapshot.listings.len(), 1);
        assert!(snapshot.listings.get(&query(0)).is_some());
    }

    #[test]
    fn an_edited_product_is_replaced_added_or_taken_out() {
        let snapshot = Snapshot::build(vec![product(1, StockStatus::InStock), product(2, StockStatus::Low)]).unwrap();
        let mut renamed = product(1, StockStatus::InStock);
        renamed.title = "Renamed".to_owned();
        let patched = snapshot.with_products(&[1, 2, 3], vec![renamed, product(3, StockStatus::InStock)]).unwrap();
        let ids: Vec<i64> = patched.products.iter().map(|product| product.id).collect();
        assert_eq!(ids, [1, 3]);
        assert_eq!(patched.by_id(1).unwrap().title, "Renamed");
        assert!(patched.by_id(2).is_none());
        assert_eq!(patched.codes.len(), 2);
        assert_eq!(snapshot.products.len(), 2, "the old snapshot is untouched");
    }
}
