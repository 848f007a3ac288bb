//! Reading raw query parameters: numbers and comma-separated lists. Range
//! and vocabulary rules belong to the services; only the shape is checked here.

use keyshop_core::error::FieldErrors;
use keyshop_core::paging::{ALLOWED_LIMITS, DEFAULT_LIMIT, MAX_PAGE};
use utoipa::openapi::schema::{Object, ObjectBuilder, Type};

/// The document's `page`: a whole number from 1 (DESIGN §4). The handlers
/// read it as text, so a value that is not one answers a field error.
pub fn page_schema() -> Object {
    ObjectBuilder::new()
        .schema_type(Type::Integer)
        .minimum(Some(1))
        .maximum(Some(MAX_PAGE))
        .default(Some(1.into()))
        .build()
}

/// The document's `limit` of a paged list: one of the page sizes of DESIGN §4.
pub fn limit_schema() -> Object {
    ObjectBuilder::new()
        .schema_type(Type::Integer)
        .enum_values(Some(ALLOWED_LIMITS))
        .default(Some(DEFAULT_LIMIT.into()))
        .build()
}

/// A comma-separated list of the codes of `V` (blanks ignored), for the
/// document: a code outside the vocabulary answers 400.
pub fn codes_list<V: keyshop_core::vocab::Vocabulary>() -> Object {
    let escape = |code: &str| -> String {
        code.chars()
            .flat_map(|letter| {
                let plain = letter.is_ascii_alphanumeric() || matches!(letter, '-' | '_');
                (!plain).then_some('\\').into_iter().chain([letter])
            })
            .collect()
    };
    let codes: Vec<String> = V::all().iter().map(|value| escape(value.code())).collect();
    let code = codes.join("|");
    ObjectBuilder::new()
        .schema_type(Type::String)
        .pattern(Some(format!(r"^\s*(({code})\s*)?(,\s*(({code})\s*)?)*$")))
        .build()
}

/// A decimal amount with at most two decimals (`49`, `49.9`, `49.99`).
/// Blank means no bound.
pub fn amount() -> Object {
    ObjectBuilder::new().schema_type(Type::String).pattern(Some(r"^\s*([0-9]{1,9}(\.[0-9]{0,2})?)?\s*$")).build()
}

/// A whole number from `min` to `max`, for the document.
pub fn whole_number(min: i64, max: i64) -> Object {
    ObjectBuilder::new().schema_type(Type::Integer).minimum(Some(min)).maximum(Some(max)).build()
}

/// A whole number from 1, or 0 when absent (the service's default); a
/// value that is not one (blank, spaced, `0` or less) is a field error.
pub fn number(errors: &mut FieldErrors, field: &str, value: Option<&str>) -> i64 {
    let Some(text) = value else { return 0 };
    match text.parse::<i64>() {
        Ok(number) if number >= 1 => number,
        Ok(_) => {
            errors.add(field, "api.field.outOfRange");
            0
        }
        Err(_) => {
            errors.add(field, "api.field.notANumber");
            0
        }
    }
}

/// A code of `V` when sent ("" when not): any other value, blank included,
/// is a field error.
pub fn code<V: keyshop_core::vocab::Vocabulary>(errors: &mut FieldErrors, field: &str, value: Option<&str>) -> String {
    match value {
        None => String::new(),
        Some(text) if V::all().iter().any(|known| known.code() == text) => text.to_owned(),
        Some(_) => {
            errors.add(field, "api.field.invalid");
            String::new()
        }
    }
}

/// `"steam,xbox"` → `["steam", "xbox"]`; blanks dropped.
pub fn list(value: Option<&str>) -> Vec<String> {
    value
        .map(|text| text.split(',').map(str::trim).filter(|part| !part.is_empty()).map(str::to_owned).collect())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_lists() {
        let mut errors = FieldErrors::default();
        assert_eq!(number(&mut errors, "page", Some("3")), 3);
        assert_eq!(number(&mut errors, "page", None), 0);
        assert!(errors.is_empty());
        number(&mut errors, "blank", Some(""));
        number(&mut errors, "spaced", Some(" 3 "));
        assert_eq!(number(&mut errors, "limit", Some("ten")), 0);
        assert_eq!(number(&mut errors, "page", Some("0")), 0);
        let fields = errors.into_error().fields;
        assert_eq!(
            (fields["limit"].as_str(), fields["page"].as_str()),
            ("api.field.notANumber", "api.field.outOfRange")
        );
        assert_eq!(
            (fields["blank"].as_str(), fields["spaced"].as_str()),
            ("api.field.notANumber", "api.field.notANumber")
        );
        assert_eq!(list(Some("steam, xbox,,")), ["steam", "xbox"]);
    }

    #[test]
    fn a_code_is_one_of_its_vocabulary_when_sent() {
        use keyshop_core::vocab::SortOrder;
        let mut errors = FieldErrors::default();
        assert_eq!(code::<SortOrder>(&mut errors, "sort", Some("newest")), "newest");
        assert_eq!(code::<SortOrder>(&mut errors, "sort", None), "");
        assert!(errors.is_empty());
        code::<SortOrder>(&mut errors, "sort", Some(""));
        assert_eq!(errors.into_error().fields["sort"], "api.field.invalid");
    }

    /// What the document's pattern for a list of codes allows is what
    /// `list` and the vocabulary read, and the other way round.
    #[test]
    fn the_pattern_of_a_codes_list_is_the_rule() {
        use keyshop_core::vocab::{Language, Platform};
        let platforms = regex::Regex::new(codes_list::<Platform>().pattern.as_deref().unwrap()).unwrap();
        for good in ["", "steam", "steam,xbox", " steam , ,ea-app", ","] {
            assert!(platforms.is_match(good), "{good:?}");
            assert!(list(Some(good)).iter().all(|code| Platform::parse(code).is_some()), "{good:?}");
        }
        for bad in ["amiga", "steamxbox", "steam,amiga", "Steam"] {
            assert!(!platforms.is_match(bad), "{bad:?}");
        }
        let languages = regex::Regex::new(codes_list::<Language>().pattern.as_deref().unwrap()).unwrap();
        assert!(languages.is_match("zh-CN,en-US") && !languages.is_match("zh"));
        let amount = regex::Regex::new(amount().pattern.as_deref().unwrap()).unwrap();
        for good in ["12", "49.9", " 49.99 ", "12.", "", " "] {
            assert!(amount.is_match(good), "{good:?}");
        }
        for bad in ["-1", "1.999", "abc", "1,5", ".5"] {
            assert!(!amount.is_match(bad), "{bad:?}");
        }
        assert!(list(None).is_empty());
    }
}
