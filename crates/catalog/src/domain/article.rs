//! News items and footer pages as staff write them in the console (Markdown
//! per language): every field checked at once, with the field it concerns,
//! before anything is stored.

use keyshop_core::error::{AppError, FieldErrors};
use keyshop_core::{fields, i18n, markdown};

pub const MAX_TITLE_CHARS: usize = 200;
pub const MAX_SUMMARY_CHARS: usize = 500;
const MAX_AUTHOR_CHARS: usize = 100;
/// The summary taken from the body when none is written.
const DERIVED_SUMMARY_CHARS: usize = 200;
/// 9999-12-31T23:59:59.999Z.
const LAST_MS: i64 = 253_402_300_799_999;

/// A news item's texts in one catalogue language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewsText {
    pub language: String,
    pub title: String,
    pub summary: String,
    /// Markdown.
    pub body: String,
}

/// A news item as sent, and (from [`check_news`]) as kept: en-US first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewsDraft {
    pub author: String,
    pub published: bool,
    pub published_at_ms: i64,
    pub texts: Vec<NewsText>,
}

/// A footer page's text in one language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageDraft {
    pub slug: String,
    pub language: String,
    pub title: String,
    pub body: String,
}

/// The catalogue languages in which nothing is written yet.
pub fn missing_languages<'a>(written: impl IntoIterator<Item = &'a str> + Clone) -> Vec<String> {
    i18n::SUPPORTED
        .iter()
        .filter(|code| !written.clone().into_iter().any(|language| language == **code))
        .map(|code| (*code).to_owned())
        .collect()
}

/// The first words of a Markdown body, on one line, for a list.
pub fn summary_of(body: &str) -> String {
    let words = markdown::to_words(body);
    if words.chars().count() <= DERIVED_SUMMARY_CHARS {
        return words;
    }
    let cut: String = words.chars().take(DERIVED_SUMMARY_CHARS).collect();
    let cut = cut.rsplit_once(' ').map_or(cut.as_str(), |(head, _)| head).trim_end_matches([',', ';', ':', '.']);
    format!("{cut}…")
}

/// Checks a news item: an author of at most 100 characters, a real time,
/// and texts in catalogue languages, each named once, en-US with a title and
/// a body, any other language either left out or with both. A missing
/// summary is taken from the body.
pub fn check_news(raw: NewsDraft) -> Result<NewsDraft, AppError> {
    let mut errors = FieldErrors::default();
    let author = fields::optional(&mut errors, "author", &raw.author, MAX_AUTHOR_CHARS);
    if !(1..=LAST_MS).contains(&raw.published_at_ms) {
        errors.add("publishedAt", "api.field.invalid");
    }
    let mut kept: Vec<NewsText> = Vec::new();
    for (index, text) in raw.texts.into_iter().enumerate() {
        let field = |name: &str| format!("texts[{index}].{name}");
        let Some(language) = i18n::SUPPORTED.iter().find(|code| **code == text.language) else {
            errors.add(field("language"), "api.field.invalid");
            continue;
        };
        if kept.iter().any(|kept| kept.language == *language) {
            errors.add(field("language"), "api.field.duplicate");
            continue;
        }
        let english = *language == i18n::DEFAULT;
        if !english && text.title.trim().is_empty() && text.summary.trim().is_empty() && text.body.trim().is_empty() {
            continue;
        }
        let title = fields::required(&mut errors, &field("title"), &text.title, MAX_TITLE_CHARS);
        let summary = fields::optional(&mut errors, &field("summary"), &text.summary, MAX_SUMMARY_CHARS);
        let body = fields::required(&mut errors, &field("body"), &text.body, markdown::MAX_CHARS);
        let summary = if summary.is_empty() { summary_of(&body) } else { summary };
        let text = NewsText { language: (*language).to_owned(), title, summary, body };
        if english { kept.insert(0, text) } else { kept.push(text) }
    }
    if kept.first().is_none_or(|text| text.language != i18n::DEFAULT) {
        errors.add("texts", "api.staff.englishTitleRequired");
    }
    errors.finish()?;
    Ok(NewsDraft { author, published: raw.published, published_at_ms: raw.published_at_ms, texts: kept })
}

/// Checks one language of a footer page: one of the six pages (else 404), a
/// catalogue language, a title and a body.
pub fn check_page(raw: PageDraft) -> Result<PageDraft, AppError> {
    if !crate::content::FOOTER_PAGES.contains(&raw.slug.as_str()) {
        return Err(AppError::not_found("api.error.pageNotFound"));
    }
    let mut errors = FieldErrors::default();
    let language = i18n::SUPPORTED.iter().find(|code| **code == raw.language);
    if language.is_none() {
        errors.add("language", "api.field.invalid");
    }
    let title = fields::required(&mut errors, "title", &raw.title, MAX_TITLE_CHARS);
    let body = fields::required(&mut errors, "body", &raw.body, markdown::MAX_CHARS);
    errors.finish()?;
    Ok(PageDraft { slug: raw.slug, language: language.map(|code| (*code).to_owned()).unwrap_or_default(), title, body })
}

#[cfg(test)]
mod tests {
    use keyshop_core::error::ErrorCode;

    use super::*;

    fn text(language: &str, title: &str, body: &str) -> NewsText {
        NewsText { language: language.into(), title: title.into(), summary: String::new(), body: body.into() }
    }

    fn news(texts: Vec<NewsText>) -> NewsDraft {
        NewsDraft { author: " Ana ".into(), published: true, published_at_ms: 1_700_000_000_000, texts }
    }

    fn fields_of(error: AppError) -> Vec<String> {
        error.fields.keys().cloned().collect()
    }

    #[test]
    fn a_good_item_is_trimmed_english_first_and_summarised() {
        let checked = check_news(news(vec![
            text("ja", "セール", "**半額**です。"),
            text("en-US", " Sale ", "## Half price\n\nAll **keys**."),
            text("de", "", ""),
        ]))
        .unwrap();
        assert_eq!(checked.author, "Ana");
        let languages: Vec<&str> = checked.texts.iter().map(|text| text.language.as_str()).collect();
        assert_eq!(languages, ["en-US", "ja"]);
        assert_eq!(checked.texts[0].title, "Sale");
        assert_eq!(checked.texts[0].summary, "Half price All keys.");
        assert_eq!(checked.texts[1].summary, "半額です。");
    }

    #[test]
    fn every_bad_field_is_named() {
        let mut raw = news(vec![text("xx", "A", "B"), text("ja", "", "本文"), text("ja", "T", "B")]);
        raw.author = "a".repeat(101);
        raw.published_at_ms = 0;
        let fields = fields_of(check_news(raw).unwrap_err());
        for field in ["author", "publishedAt", "texts[0].language", "texts[1].title", "texts[2].language", "texts"] {
            assert!(fields.contains(&field.to_owned()), "{field} in {fields:?}");
        }
        let fields = fields_of(check_news(news(vec![text("en-US", "T", &"x".repeat(20_001))])).unwrap_err());
        assert_eq!(fields, ["texts[0].body"]);
    }

    #[test]
    fn a_long_body_is_cut_at_a_word_for_its_summary() {
        let summary = summary_of(&"word ".repeat(100));
        assert!(summary.ends_with("word…") && summary.chars().count() <= 201, "{summary}");
    }

    #[test]
    fn only_the_six_pages_in_catalogue_languages() {
        let page = |slug: &str, language: &str, title: &str| PageDraft {
            slug: slug.into(),
            language: language.into(),
            title: title.into(),
            body: "Text".into(),
        };
        assert!(check_page(page("privacy-policy", "ar", " سياسة ")).is_ok_and(|page| page.title == "سياسة"));
        assert_eq!(check_page(page("admin", "ar", "x")).unwrap_err().code, ErrorCode::NotFound);
        assert_eq!(fields_of(check_page(page("shipping", "xx", "")).unwrap_err()), ["language", "title"]);
    }

    #[test]
    fn missing_languages_are_those_not_written() {
        let missing = missing_languages(["en-US", "ja"]);
        assert_eq!(missing.len(), i18n::SUPPORTED.len() - 2);
        assert!(!missing.contains(&"ja".to_owned()));
    }
}
