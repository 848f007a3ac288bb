//! Texts shipped with the catalog (`content/`), one file per language: the
//! default footer pages (`content/pages/<lang>.json`) and the demo catalog's
//! description templates and activation guides (`content/demo/texts/`).
//! Every supported language has both; a test holds each translation to the
//! English file's shape.

use std::collections::BTreeMap;

use serde::Deserialize;

/// `(language, file)` for every supported language, in `SUPPORTED` order.
macro_rules! per_language {
    ($dir:literal) => {
        [
            ("ar", include_str!(concat!("../content/", $dir, "/ar.json"))),
            ("cz", include_str!(concat!("../content/", $dir, "/cz.json"))),
            ("de", include_str!(concat!("../content/", $dir, "/de.json"))),
            ("en-US", include_str!(concat!("../content/", $dir, "/en-US.json"))),
            ("es", include_str!(concat!("../content/", $dir, "/es.json"))),
            ("fr", include_str!(concat!("../content/", $dir, "/fr.json"))),
            ("hu", include_str!(concat!("../content/", $dir, "/hu.json"))),
            ("it", include_str!(concat!("../content/", $dir, "/it.json"))),
            ("ja", include_str!(concat!("../content/", $dir, "/ja.json"))),
            ("ko", include_str!(concat!("../content/", $dir, "/ko.json"))),
            ("nl", include_str!(concat!("../content/", $dir, "/nl.json"))),
            ("pl", include_str!(concat!("../content/", $dir, "/pl.json"))),
            ("pt", include_str!(concat!("../content/", $dir, "/pt.json"))),
            ("ro", include_str!(concat!("../content/", $dir, "/ro.json"))),
            ("ru", include_str!(concat!("../content/", $dir, "/ru.json"))),
            ("tr", include_str!(concat!("../content/", $dir, "/tr.json"))),
            ("zh-CN", include_str!(concat!("../content/", $dir, "/zh-CN.json"))),
            ("zh-TW", include_str!(concat!("../content/", $dir, "/zh-TW.json"))),
        ]
    };
}

/// The footer pages, per language: slug → text.
pub const PAGES: [(&str, &str); 18] = per_language!("pages");
/// The demo catalog's templates, per language (see `demo::content`).
pub const DEMO_TEXTS: [(&str, &str); 18] = per_language!("demo/texts");

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

/// Every language's pages, flattened.
pub fn default_pages() -> Result<Vec<DefaultPage>, serde_json::Error> {
    let mut flat = Vec::new();
    for (language, file) in PAGES {
        let pages: BTreeMap<String, PageText> = serde_json::from_str(file)?;
        flat.extend(pages.into_iter().map(|(slug, text)| DefaultPage {
            slug,
            language: language.to_owned(),
            title: text.title,
            body: text.body,
        }));
    }
    Ok(flat)
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use serde_json::Value;

    use super::*;

    fn parsed(files: &[(&str, &str)]) -> BTreeMap<String, Value> {
        files.iter().map(|(language, file)| ((*language).to_owned(), serde_json::from_str(file).unwrap())).collect()
    }

    /// `{name}` placeholders of a template.
    fn placeholders(text: &str) -> BTreeSet<String> {
        let mut found = BTreeSet::new();
        let mut rest = text;
        while let Some(start) = rest.find('{') {
            let Some(end) = rest[start..].find('}') else { break };
            found.insert(rest[start + 1..start + end].to_owned());
            rest = &rest[start + end + 1..];
        }
        found
    }

    /// Walks a translation beside the English original: the same keys, the
    /// same array lengths, the same placeholders, the same number of lines in
    /// a multi-line text (activation steps), the same `##` headings count,
    /// and no text left empty or copied from English where it is prose.
    fn same_shape(path: &str, english: &Value, translated: &Value, problems: &mut Vec<String>) {
        match (english, translated) {
            (Value::Object(english), Value::Object(translated)) => {
                let left: BTreeSet<_> = english.keys().collect();
                let right: BTreeSet<_> = translated.keys().collect();
                if left != right {
                    problems.push(format!("{path}: keys differ: {left:?} vs {right:?}"));
                }
                for (key, value) in english {
                    if let Some(other) = translated.get(key) {
                        same_shape(&format!("{path}.{key}"), value, other, problems);
                    }
                }
            }
            (Value::Array(english), Value::Array(translated)) => {
                if english.len() != translated.len() {
                    problems.push(format!("{path}: {} items vs {}", english.len(), translated.len()));
                }
                for (index, (value, other)) in english.iter().zip(translated).enumerate() {
                    same_shape(&format!("{path}[{index}]"), value, other, problems);
                }
            }
            (Value::String(english), Value::String(translated)) => {
                if translated.trim().is_empty() {
                    problems.push(format!("{path}: empty"));
                }
                if placeholders(english) != placeholders(translated) {
                    problems.push(format!(
                        "{path}: placeholders {:?} vs {:?}",
                        placeholders(english),
                        placeholders(translated)
                    ));
                }
                if english.contains('\n')
                    && !english.contains("\n\n")
                    && english.lines().count() != translated.lines().count()
                {
                    problems.push(format!(
                        "{path}: {} lines vs {}",
                        english.lines().count(),
                        translated.lines().count()
                    ));
                }
                let headings = |text: &str| text.lines().filter(|line| line.starts_with("## ")).count();
                if headings(english) != headings(translated) {
                    problems.push(format!("{path}: {} headings vs {}", headings(english), headings(translated)));
                }
                if english.len() > 80 && english == translated {
                    problems.push(format!("{path}: left in English"));
                }
            }
            (english, translated) => problems.push(format!("{path}: {english} vs {translated}")),
        }
    }

    fn every_language_translates(files: &[(&str, &str)]) {
        let languages: BTreeSet<&str> = files.iter().map(|(language, _)| *language).collect();
        let supported: BTreeSet<&str> = keyshop_core::i18n::SUPPORTED.into_iter().collect();
        assert_eq!(languages, supported, "a file per supported language");
        let all = parsed(files);
        let english = &all["en-US"];
        let mut problems = Vec::new();
        for (language, translated) in &all {
            if language != "en-US" {
                same_shape(language, english, translated, &mut problems);
            }
        }
        assert!(problems.is_empty(), "{}", problems.join("\n"));
    }

    #[test]
    fn every_language_has_every_footer_page_shaped_like_english() {
        every_language_translates(&PAGES);
        let pages = default_pages().unwrap();
        for slug in FOOTER_PAGES {
            for language in keyshop_core::i18n::SUPPORTED {
                let page = pages.iter().find(|page| page.slug == slug && page.language == language);
                let page = page.unwrap_or_else(|| panic!("{slug} lacks {language}"));
                assert!(!page.title.is_empty() && page.body.chars().count() > 200, "{slug} {language}");
            }
        }
        for page in &pages {
            assert!(crate::domain::product::is_slug(&page.slug), "{}", page.slug);
        }
    }

    #[test]
    fn every_language_has_the_demo_descriptions_and_activation_guides() {
        every_language_translates(&DEMO_TEXTS);
    }
}
