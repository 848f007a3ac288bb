//! A newsletter issue as staff write it: a subject and a Markdown body per
//! language, English required; each subscriber reads the one in their
//! language, else English.

use keyshop_core::error::{AppError, FieldErrors};
use keyshop_core::{fields, i18n, markdown};

pub const MAX_SUBJECT_CHARS: usize = 200;

/// An issue's text in one catalogue language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IssueText {
    pub language: String,
    pub subject: String,
    /// Markdown.
    pub body: String,
}

/// The texts checked: catalogue languages, each named once, en-US with a
/// subject and a body, any other language either left out (nothing written)
/// or with both. English comes first.
pub fn check_texts(texts: Vec<IssueText>) -> Result<Vec<IssueText>, AppError> {
    let mut errors = FieldErrors::default();
    let mut kept: Vec<IssueText> = Vec::new();
    for (index, text) in texts.into_iter().enumerate() {
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
        if !english && text.subject.trim().is_empty() && text.body.trim().is_empty() {
            continue;
        }
        let subject = fields::required(&mut errors, &field("subject"), &text.subject, MAX_SUBJECT_CHARS);
        let body = fields::required(&mut errors, &field("body"), &text.body, markdown::MAX_CHARS);
        let text = IssueText { language: (*language).to_owned(), subject, body };
        if english { kept.insert(0, text) } else { kept.push(text) }
    }
    if kept.first().is_none_or(|text| text.language != i18n::DEFAULT) {
        errors.add("texts", "api.newsletter.englishRequired");
    }
    errors.finish()?;
    Ok(kept)
}

/// The text a subscriber reading `language` gets: theirs, else English.
pub fn text_for<'a>(texts: &'a [IssueText], language: &str) -> Option<&'a IssueText> {
    texts
        .iter()
        .find(|text| text.language == language)
        .or_else(|| texts.iter().find(|text| text.language == i18n::DEFAULT))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(language: &str, subject: &str, body: &str) -> IssueText {
        IssueText { language: language.into(), subject: subject.into(), body: body.into() }
    }

    #[test]
    fn english_comes_first_and_empty_languages_are_left_out() {
        let texts =
            check_texts(vec![text("ja", "春", "**半額**"), text("de", " ", ""), text("en-US", " Spring ", "Sale")])
                .unwrap();
        let languages: Vec<&str> = texts.iter().map(|text| text.language.as_str()).collect();
        assert_eq!(languages, ["en-US", "ja"]);
        assert_eq!(texts[0].subject, "Spring");
        assert_eq!(text_for(&texts, "ja").unwrap().subject, "春");
        assert_eq!(text_for(&texts, "fr").unwrap().subject, "Spring");
    }

    #[test]
    fn every_bad_field_is_named() {
        let error =
            check_texts(vec![text("xx", "a", "b"), text("ja", "", "本文"), text("ja", "x", "y"), text("fr", "a", "")])
                .unwrap_err();
        let fields: Vec<&str> = error.fields.keys().map(String::as_str).collect();
        assert_eq!(fields, ["texts", "texts[0].language", "texts[1].subject", "texts[2].language", "texts[3].body"]);
        assert_eq!(error.fields["texts"], "api.newsletter.englishRequired");
    }
}
