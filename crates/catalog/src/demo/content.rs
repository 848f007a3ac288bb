//! The demo catalog's material (`content/demo/*.json`), parsed.

use std::collections::{BTreeMap, HashMap};

use serde::Deserialize;

const WORDS_JSON: &str = include_str!("../../content/demo/words.json");
const NEWS_JSON: &str = include_str!("../../content/demo/news.json");

#[derive(Debug, Clone, Deserialize)]
pub struct Words {
    pub adjectives: Vec<String>,
    pub nouns: Vec<String>,
    pub places: Vec<String>,
    pub subtitles: Vec<String>,
    pub studios: Vec<String>,
    pub publishers: Vec<String>,
    pub software: Vec<String>,
    pub currencies: Vec<String>,
    pub passes: Vec<String>,
    /// genre → tags
    pub tags: HashMap<String, Vec<String>>,
    pub reviewers: Vec<String>,
    /// stars ("1".."5") → texts
    pub reviews: HashMap<String, Vec<String>>,
}

/// Templates and names in one language.
#[derive(Debug, Clone, Deserialize)]
pub struct LanguageTexts {
    /// genre code → name
    pub genre: HashMap<String, String>,
    /// product type → description templates
    pub description: HashMap<String, Vec<String>>,
    /// platform code → activation steps, one per line
    pub activation: HashMap<String, String>,
    /// region code → how the region reads in a sentence
    #[serde(default)]
    pub region: HashMap<String, String>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct NewsText {
    pub title: String,
    pub summary: String,
    pub body: String,
}

#[derive(Debug, Clone, Deserialize)]
pub struct NewsSeed {
    pub days_ago: i64,
    /// language → text
    pub texts: BTreeMap<String, NewsText>,
}

#[derive(Debug, Clone)]
pub struct Content {
    pub words: Words,
    /// language → texts
    pub texts: BTreeMap<String, LanguageTexts>,
    pub news: Vec<NewsSeed>,
}

impl Content {
    pub fn embedded() -> Result<Content, serde_json::Error> {
        Ok(Content {
            words: serde_json::from_str(WORDS_JSON)?,
            texts: crate::content::DEMO_TEXTS
                .iter()
                .map(|(language, file)| Ok(((*language).to_owned(), serde_json::from_str(file)?)))
                .collect::<Result<_, serde_json::Error>>()?,
            news: serde_json::from_str(NEWS_JSON)?,
        })
    }
}
