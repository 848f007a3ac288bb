//! Reviews: what a visitor may post, and the rating summary of a product.

use std::collections::BTreeMap;

use keyshop_core::email::Email;
use keyshop_core::error::{AppError, FieldErrors};

pub const MAX_NAME_CHARS: usize = 60;
pub const MAX_CONTENT_CHARS: usize = 2000;
/// One review per visitor per this many seconds.
pub const INTERVAL_SECONDS: u64 = 60;

/// A review that passed every rule. Content is kept as typed (plain text);
/// it is escaped where it is shown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewReview {
    pub full_name: String,
    pub email: Email,
    pub content: String,
    pub stars: i32,
}

fn text_field(errors: &mut FieldErrors, field: &str, value: &str, max_chars: usize) -> String {
    let value = value.trim();
    if value.is_empty() {
        errors.add(field, "api.field.required");
    } else if value.chars().count() > max_chars {
        errors.add(field, "api.field.tooLong");
    }
    value.to_owned()
}

/// A review as a visitor typed it, before any rule.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ReviewForm {
    pub full_name: String,
    pub email: String,
    pub content: String,
    pub stars: i64,
}

impl NewReview {
    pub fn parse(form: &ReviewForm) -> Result<NewReview, AppError> {
        let mut errors = FieldErrors::default();
        let full_name = text_field(&mut errors, "fullName", &form.full_name, MAX_NAME_CHARS);
        let content = text_field(&mut errors, "content", &form.content, MAX_CONTENT_CHARS);
        let (email, stars) = (form.email.as_str(), form.stars);
        let email = if email.trim().is_empty() {
            errors.add("email", "api.field.required");
            None
        } else {
            let parsed = Email::parse(email);
            if parsed.is_none() {
                errors.add("email", "api.field.email");
            }
            parsed
        };
        if !(1..=5).contains(&stars) {
            errors.add("stars", "api.field.stars");
        }
        errors.finish()?;
        let email = email.ok_or_else(|| AppError::field("email", "api.field.email"))?;
        Ok(NewReview { full_name, email, content, stars: stars as i32 })
    }
}

/// Average (one decimal), count, and count per star 1–5.
#[derive(Debug, Clone, PartialEq)]
pub struct RatingSummary {
    pub average: f64,
    pub count: i64,
    pub stars: BTreeMap<i32, i64>,
}

impl RatingSummary {
    pub fn from_counts(counts: &[(i32, i64)]) -> RatingSummary {
        let mut stars: BTreeMap<i32, i64> = (1..=5).map(|star| (star, 0)).collect();
        for (star, count) in counts {
            if let Some(slot) = stars.get_mut(star) {
                *slot += count;
            }
        }
        let count: i64 = stars.values().sum();
        let sum: i64 = stars.iter().map(|(star, count)| i64::from(*star) * count).sum();
        RatingSummary { average: super::product::average_rating(sum, count), count, stars }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(full_name: &str, email: &str, content: &str, stars: i64) -> ReviewForm {
        ReviewForm { full_name: full_name.into(), email: email.into(), content: content.into(), stars }
    }

    #[test]
    fn a_good_review_parses_trimmed() {
        let review = NewReview::parse(&form(" Ana ", "ana@example.com", " Works great ", 5)).unwrap();
        assert_eq!((review.full_name.as_str(), review.content.as_str(), review.stars), ("Ana", "Works great", 5));
    }

    #[test]
    fn every_bad_field_is_named() {
        let error = NewReview::parse(&form("", "nope", "   ", 0)).unwrap_err();
        assert_eq!(error.fields["fullName"], "api.field.required");
        assert_eq!(error.fields["email"], "api.field.email");
        assert_eq!(error.fields["content"], "api.field.required");
        assert_eq!(error.fields["stars"], "api.field.stars");
        let error = NewReview::parse(&form(&"n".repeat(61), "", &"c".repeat(2001), 6)).unwrap_err();
        assert_eq!(error.fields["fullName"], "api.field.tooLong");
        assert_eq!(error.fields["email"], "api.field.required");
        assert_eq!(error.fields["content"], "api.field.tooLong");
        assert_eq!(error.fields["stars"], "api.field.stars");
    }

    #[test]
    fn markup_is_kept_as_text() {
        let review = NewReview::parse(&form("<b>x</b>", "a@b.co", "<script>alert(1)</script>", 3)).unwrap();
        assert_eq!(review.content, "<script>alert(1)</script>");
    }

    #[test]
    fn summarizes_star_counts() {
        let summary = RatingSummary::from_counts(&[(5, 9), (4, 5), (3, 2), (2, 1), (7, 4)]);
        assert_eq!(summary.count, 17);
        assert_eq!(summary.stars[&1], 0);
        assert_eq!(summary.stars[&5], 9);
        assert_eq!(summary.average, 4.3);
        assert_eq!(RatingSummary::from_counts(&[]).average, 0.0);
    }
}
