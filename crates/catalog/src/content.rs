//! Texts shipped with the catalog (`content/`): the default footer pages.
//! The demo catalog's material lives beside them (see `demo`).

use std::collections::BTreeMap;

use serde::Deserialize;

const PAGES_JSON: &str = include_str!("../content/pages.json");

/// The six footer pages every store starts with.
pub const FOOTER_PAGES: [&str; 6] =
    ["about-us", "contact-us", "condition", "privacy-policy", "refund-policy", "shipping"];

#[derive(Debug, Clone, Deserialize)]
struct PageText {
    title: String,
    body: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DefaultPage {
    pub slug: String,
    pub language: String,
    pub title: String,
    pub body: String,
}

/// slug → language → text, flattened.
pub fn default_pages() -> Result<Vec<DefaultPage>, serde_json::Error> {
    let pages: BTreeMap<String, BTreeMap<String, PageText>> = serde_json::from_str(PAGES_JSON)?;
    Ok(pages
        .into_iter()
        .flat_map(|(slug, languages)| {
            languages.into_iter().map(move |(language, text)| DefaultPage {
                slug: slug.clone(),
                language,
                title: text.title,
                body: text.body,
            })
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_footer_page_exists_in_english_and_languages_are_supported() {
        let pages = default_pages().unwrap();
        for slug in FOOTER_PAGES {
            let english = pages.iter().find(|page| page.slug == slug && page.language == "en-US");
            let english = english.unwrap_or_else(|| panic!("{slug} lacks en-US"));
            assert!(!english.title.is_empty() && english.body.len() > 200, "{slug}");
        }
        for page in &pages {
            assert!(keyshop_core::i18n::SUPPORTED.contains(&page.language.as_str()), "{}", page.language);
            assert!(crate::domain::product::is_slug(&page.slug), "{}", page.slug);
        }
    }
}
