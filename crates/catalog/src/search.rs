//! Full-text search over product titles in every language (and developer,
//! publisher, genres and tags) with tantivy, in RAM: typo tolerant (fuzzy
//! terms), prefix-as-you-type on the last word, ranked by BM25 with the title
//! weighted highest. Chinese, Japanese and Korean, written without spaces,
//! are indexed and searched as overlapping pairs of characters. A product
//! edited in the console is replaced in a copy of the index (one delete and
//! one add), never rebuilt with the rest.

use std::collections::{HashMap, HashSet};

use tantivy::collector::TopDocs;
use tantivy::query::{BooleanQuery, BoostQuery, FuzzyTermQuery, Occur, Query, TermQuery};
use tantivy::schema::{FAST, Field, INDEXED, IndexRecordOption, STORED, Schema, TEXT};
use tantivy::tokenizer::TextAnalyzer;
use tantivy::{Index, IndexReader, ReloadPolicy, Searcher, TantivyDocument, Term};

use crate::domain::product::ProductSummary;

const WRITER_MEMORY: usize = 15_000_000;
/// Words longer than this get two typos, shorter ones (from 4 letters) one.
const TWO_TYPOS_FROM: usize = 8;

#[derive(Debug, thiserror::Error)]
#[error("search index: {0}")]
pub struct SearchError(#[from] tantivy::TantivyError);

pub struct SearchIndex {
    index: Index,
    reader: IndexReader,
    searcher: Searcher,
    analyzer: TextAnalyzer,
    id: Field,
    title: Field,
    extra: Field,
}

/// Chinese, Japanese (kana and kanji) and Korean letters.
fn is_cjk(character: char) -> bool {
    matches!(character as u32,
        0x3040..=0x30ff // hiragana, katakana
        | 0x3400..=0x4dbf | 0x4e00..=0x9fff | 0xf900..=0xfaff // CJK ideographs
        | 0xac00..=0xd7af // Hangul syllables
        | 0xff66..=0xff9d) // half-width katakana
}

/// `text` with every run of CJK letters written as its overlapping pairs
/// (`星の旅人` → `星の の旅 旅人`), so a part of a title finds it; the rest as is.
pub fn with_cjk_pairs(text: &str) -> String {
    let mut out = String::with_capacity(text.len() * 2);
    let mut run: Vec<char> = Vec::new();
    let flush = |run: &mut Vec<char>, out: &mut String| {
        if run.len() == 1 {
            out.push(run[0]);
        }
        for pair in run.windows(2) {
            out.push(' ');
            out.extend(pair);
            out.push(' ');
        }
        run.clear();
    };
    for character in text.chars() {
        if is_cjk(character) {
            run.push(character);
        } else {
            flush(&mut run, &mut out);
            out.push(character);
        }
    }
    flush(&mut run, &mut out);
    out
}

/// The searchable text of a product: its titles, and the rest.
fn document(id: Field, title: Field, extra: Field, product: &ProductSummary) -> TantivyDocument {
    let mut document = TantivyDocument::new();
    document.add_i64(id, product.id);
    document.add_text(title, with_cjk_pairs(&product.title));
    for (_, localized) in &product.titles {
        document.add_text(title, with_cjk_pairs(localized));
    }
    let extras = [product.developer.as_str(), product.publisher.as_str()]
        .into_iter()
        .chain(product.genres.iter().map(|genre| genre.as_str()))
        .chain(product.tags.iter().map(String::as_str))
        .collect::<Vec<_>>()
        .join(" ");
    document.add_text(extra, extras);
    document
}

impl SearchIndex {
    pub fn build<'a>(products: impl IntoIterator<Item = &'a ProductSummary>) -> Result<SearchIndex, SearchError> {
        let mut schema = Schema::builder();
        let id = schema.add_i64_field("id", INDEXED | STORED | FAST);
        let title = schema.add_text_field("title", TEXT);
        let extra = schema.add_text_field("extra", TEXT);
        let index = Index::create_in_ram(schema.build());
        let mut writer = index.writer_with_num_threads::<TantivyDocument>(1, WRITER_MEMORY)?;
        for product in products {
            writer.add_document(document(id, title, extra, product))?;
        }
        writer.commit()?;
        let analyzer = index.tokenizer_for_field(title)?;
        let reader = index.reader_builder().reload_policy(ReloadPolicy::Manual).try_into()?;
        let searcher = reader.searcher();
        Ok(SearchIndex { index, reader, searcher, analyzer, id, title, extra })
    }

    /// A copy searching `changed` as they are now and no longer finding
    /// `removed`: one delete and one add per product, the rest shared.
    /// The searcher of `self` keeps answering as before.
    pub fn with_changes(&self, changed: &[ProductSummary], removed: &[i64]) -> Result<SearchIndex, SearchError> {
        let mut writer = self.index.writer_with_num_threads::<TantivyDocument>(1, WRITER_MEMORY)?;
        for id in removed.iter().chain(changed.iter().map(|product| &product.id)) {
            writer.delete_term(Term::from_field_i64(self.id, *id));
        }
        for product in changed {
            writer.add_document(document(self.id, self.title, self.extra, product))?;
        }
        writer.commit()?;
        drop(writer);
        self.reader.reload()?;
        Ok(SearchIndex {
            index: self.index.clone(),
            reader: self.reader.clone(),
            searcher: self.reader.searcher(),
            analyzer: self.analyzer.clone(),
            id: self.id,
            title: self.title,
            extra: self.extra,
        })
    }

    fn tokens(&self, text: &str) -> Vec<String> {
        let mut analyzer = self.analyzer.clone();
        let text = with_cjk_pairs(text);
        let mut stream = analyzer.token_stream(&text);
        let mut tokens = Vec::new();
        while let Some(token) = stream.next() {
            if !tokens.contains(&token.text) {
                tokens.push(token.text.clone());
            }
        }
        tokens.truncate(8);
        tokens
    }

    /// Every word must match (exactly, with a typo, or — the last word — as a
    /// prefix) in the title or the extra fields.
    fn query(&self, text: &str) -> Option<Box<dyn Query>> {
        let tokens = self.tokens(text);
        let last = tokens.len().checked_sub(1)?;
        let mut words: Vec<(Occur, Box<dyn Query>)> = Vec::new();
        for (position, token) in tokens.iter().enumerate() {
            let length = token.chars().count();
            let typos: u8 = match length {
                0..=3 => 0,
                length if length >= TWO_TYPOS_FROM => 2,
                _ => 1,
            };
            let title_term = Term::from_field_text(self.title, token);
            let extra_term = Term::from_field_text(self.extra, token);
            let boosted = |query: Box<dyn Query>, boost: f32| -> (Occur, Box<dyn Query>) {
                (Occur::Should, Box::new(BoostQuery::new(query, boost)))
            };
            let mut alternatives = vec![
                boosted(Box::new(TermQuery::new(title_term.clone(), IndexRecordOption::WithFreqs)), 4.0),
                boosted(Box::new(TermQuery::new(extra_term.clone(), IndexRecordOption::WithFreqs)), 1.0),
            ];
            if typos > 0 {
                alternatives.push(boosted(Box::new(FuzzyTermQuery::new(title_term.clone(), typos, true)), 2.0));
                alternatives.push(boosted(Box::new(FuzzyTermQuery::new(extra_term, 1, true)), 0.5));
            }
            if position == last {
                let prefix_typos = if length >= 4 { 1 } else { 0 };
                alternatives.push(boosted(Box::new(FuzzyTermQuery::new_prefix(title_term, prefix_typos, true)), 3.0));
            }
            words.push((Occur::Must, Box::new(BooleanQuery::new(alternatives))));
        }
        Some(Box::new(BooleanQuery::new(words)))
    }

    /// Product ids matching `text` with their scores, best first.
    pub fn search(&self, text: &str, limit: usize) -> Result<Vec<(i64, f32)>, SearchError> {
        let Some(query) = self.query(text) else { return Ok(Vec::new()) };
        let hits = self.searcher.search(&query, &TopDocs::with_limit(limit.max(1)).order_by_score())?;
        let mut columns = HashMap::new();
        let mut found = Vec::with_capacity(hits.len());
        for (score, address) in hits {
            let column = match columns.entry(address.segment_ord) {
                std::collections::hash_map::Entry::Occupied(entry) => entry.into_mut(),
                std::collections::hash_map::Entry::Vacant(entry) => {
                    entry.insert(self.searcher.segment_reader(address.segment_ord).fast_fields().i64("id")?)
                }
            };
            if let Some(id) = column.first(address.doc_id) {
                found.push((id, score));
            }
        }
        Ok(found)
    }

    /// Up to `limit` distinct titles for an autocomplete, best first; for a
    /// title sold on several platforms, its best-selling product. Ids.
    pub fn suggest<'a>(
        &self,
        text: &str,
        limit: usize,
        product_of: impl Fn(i64) -> Option<&'a ProductSummary>,
    ) -> Result<Vec<i64>, SearchError> {
        let hits = self.search(text, limit * 6)?;
        let mut chosen: Vec<i64> = Vec::new();
        let mut titles = HashSet::new();
        let mut ranked: Vec<(f32, &ProductSummary)> =
            hits.into_iter().filter_map(|(id, score)| product_of(id).map(|product| (score, product))).collect();
        ranked.sort_by(|a, b| b.0.total_cmp(&a.0).then(b.1.sold_count.cmp(&a.1.sold_count)));
        for (_, product) in ranked {
            if titles.insert(product.title.to_lowercase()) {
                chosen.push(product.id);
            }
            if chosen.len() == limit {
                break;
            }
        }
        Ok(chosen)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::stock::StockStatus;

    fn product(id: i64, title: &str, developer: &str, sold: i64) -> ProductSummary {
        ProductSummary {
            id,
            sku: format!("KS-{id}"),
            game_name: title.to_lowercase().replace(' ', "-"),
            game_ext_name: "steam-global".into(),
            title: title.into(),
            product_type: keyshop_core::vocab::ProductType::Game,
            platform: keyshop_core::vocab::Platform::Steam,
            region: keyshop_core::vocab::Region::Global,
            developer: developer.into(),
            publisher: String::new(),
            release_date: "2024-01-01".into(),
            price_usd: 1999,
            list_price_usd: 1999,
            per_order_limit: 5,
            preorder: false,
            stock: StockStatus::InStock,
            sold_count: sold,
            view_count: 0,
            rating_sum: 0,
            rating_count: 0,
            palette: 0,
            screenshot_count: 0,
            genres: vec![keyshop_core::vocab::Genre::Rpg],
            languages: vec![keyshop_core::vocab::Language::EnUs],
            tags: vec!["open world".into()],
            titles: Vec::new(),
            cover_image: String::new(),
            screenshot_images: Vec::new(),
        }
    }

    fn index() -> (SearchIndex, Vec<ProductSummary>) {
        let products = vec![
            product(1, "Crimson Frontier", "Northwind Forge", 10),
            product(2, "Neon Drift 2077", "Glass Owl", 50),
            product(3, "Frontier Outpost", "Northwind Forge", 5),
            product(4, "Crimson Frontier", "Northwind Forge", 90),
            product(5, "Starfall Tactics", "Ember Hollow", 1),
        ];
        (SearchIndex::build(&products).unwrap(), products)
    }

    fn ids(hits: &[(i64, f32)]) -> Vec<i64> {
        hits.iter().map(|(id, _)| *id).collect()
    }

    #[test]
    fn finds_exact_words_and_ranks_title_matches_first() {
        let (index, _) = index();
        let hits = index.search("frontier", 10).unwrap();
        let found = ids(&hits);
        assert_eq!(found.len(), 3);
        assert!(found.contains(&1) && found.contains(&3) && found.contains(&4));
        let by_developer = ids(&index.search("northwind", 10).unwrap());
        assert_eq!(by_developer.len(), 3);
    }

    #[test]
    fn tolerates_typos() {
        let (index, _) = index();
        assert!(ids(&index.search("crimsom fronteir", 10).unwrap()).contains(&1));
        assert!(ids(&index.search("starfal taktics", 10).unwrap()).contains(&5));
        assert!(index.search("zzzzzz", 10).unwrap().is_empty());
    }

    #[test]
    fn completes_the_last_word_as_a_prefix() {
        let (index, _) = index();
        assert_eq!(ids(&index.search("neon dr", 10).unwrap()), [2]);
        assert!(ids(&index.search("star", 10).unwrap()).contains(&5));
        assert!(index.search("", 10).unwrap().is_empty());
        assert!(index.search("  ,;  ", 10).unwrap().is_empty());
    }

    #[test]
    fn suggestions_are_distinct_titles_at_most_the_limit() {
        let (index, products) = index();
        let product_of = |id: i64| products.iter().find(|product| product.id == id);
        let suggestions = index.suggest("cri", 8, product_of).unwrap();
        assert_eq!(suggestions.len(), 1);
        assert_eq!(suggestions[0], 4, "the best-selling variant of the title");
        let many = index.suggest("f", 1, product_of).unwrap();
        assert!(many.len() <= 1);
    }

    #[test]
    fn japanese_titles_are_found_by_any_part() {
        assert_eq!(with_cjk_pairs("星の旅人 II"), " 星の  の旅  旅人  II");
        let mut starry = product(7, "Star Voyager", "Nova", 1);
        starry.titles = vec![("ja".to_owned(), "星の旅人".to_owned())];
        let index = SearchIndex::build([&starry]).unwrap();
        for text in ["星の旅人", "旅人", "星の", "star voy"] {
            assert_eq!(ids(&index.search(text, 10).unwrap()), [7], "{text}");
        }
        assert!(index.search("月の", 10).unwrap().is_empty());
    }

    #[test]
    fn a_changed_product_is_replaced_in_a_copy() {
        let (index, products) = index();
        let mut renamed = products[0].clone();
        renamed.title = "Quiet Harbour".to_owned();
        let patched = index.with_changes(std::slice::from_ref(&renamed), &[products[1].id]).unwrap();
        assert_eq!(ids(&patched.search("harbour", 10).unwrap()), [renamed.id]);
        assert!(ids(&patched.search(&products[1].title, 10).unwrap()).iter().all(|id| *id != products[1].id));
        // The old copy answers as before.
        assert!(index.search("harbour", 10).unwrap().is_empty());
    }
}
