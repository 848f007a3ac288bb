//! The in-memory catalog: every product summary with look-ups, navigation
//! counts and the search index. Built from the database at start and rebuilt
//! whenever products change; readers take the current snapshot and never
//! wait for a rebuild.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, RwLock};

use crate::domain::listing::ProductCodes;
use crate::domain::product::ProductSummary;
use crate::domain::taxonomy;
use crate::search::{SearchError, SearchIndex};

/// Product counts per navigation code.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct NavigationCounts {
    pub platforms: Vec<(String, i64)>,
    pub types: Vec<(String, i64)>,
    pub genres: Vec<(String, i64)>,
    pub regions: Vec<(String, i64)>,
}

pub struct Snapshot {
    pub products: Vec<Arc<ProductSummary>>,
    /// The interned codes of `products`, same order.
    pub codes: Vec<ProductCodes>,
    by_id: HashMap<i64, usize>,
    by_names: HashMap<String, usize>,
    pub search: SearchIndex,
    pub navigation: NavigationCounts,
}

fn names_key(game_name: &str, game_ext_name: &str) -> String {
    format!("{game_name}/{game_ext_name}")
}

/// Counts in the vocabulary's order, leaving out codes with no product.
fn counted(vocabulary: &[&str], counts: &BTreeMap<&str, i64>) -> Vec<(String, i64)> {
    vocabulary.iter().filter_map(|code| counts.get(code).map(|count| ((*code).to_owned(), *count))).collect()
}

impl Snapshot {
    pub fn build(products: Vec<ProductSummary>) -> Result<Snapshot, SearchError> {
        let search = SearchIndex::build(&products)?;
        let codes = products.iter().map(ProductCodes::of).collect();
        let by_id = products.iter().enumerate().map(|(index, product)| (product.id, index)).collect();
        let by_names = products
            .iter()
            .enumerate()
            .map(|(index, product)| (names_key(&product.game_name, &product.game_ext_name), index))
            .collect();
        let mut platforms = BTreeMap::new();
        let mut types = BTreeMap::new();
        let mut genres = BTreeMap::new();
        let mut regions = BTreeMap::new();
        for product in &products {
            *platforms.entry(product.platform.as_str()).or_insert(0) += 1;
            *types.entry(product.product_type.as_str()).or_insert(0) += 1;
            *regions.entry(product.region.as_str()).or_insert(0) += 1;
            for genre in &product.genres {
                *genres.entry(genre.as_str()).or_insert(0) += 1;
            }
        }
        let region_codes: Vec<&str> = taxonomy::REGIONS.iter().map(|(code, _)| *code).collect();
        let navigation = NavigationCounts {
            platforms: counted(&taxonomy::PLATFORMS, &platforms),
            types: counted(&taxonomy::TYPES, &types),
            genres: counted(&taxonomy::GENRES, &genres),
            regions: counted(&region_codes, &regions),
        };
        let products = products.into_iter().map(Arc::new).collect();
        Ok(Snapshot { products, codes, by_id, by_names, search, navigation })
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
