//! Reading raw query parameters: numbers and comma-separated lists. Range
//! and vocabulary rules belong to the services; only the shape is checked here.

use keyshop_core::error::FieldErrors;

/// A whole number, or 0 when absent; a non-number is a field error.
pub fn number(errors: &mut FieldErrors, field: &str, value: Option<&str>) -> i64 {
    match value.map(str::trim).filter(|value| !value.is_empty()) {
        None => 0,
        Some(text) => text.parse::<i64>().unwrap_or_else(|_| {
            errors.add(field, "api.field.notANumber");
            0
        }),
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
        assert_eq!(number(&mut errors, "page", Some(" 3 ")), 3);
        assert_eq!(number(&mut errors, "page", None), 0);
        assert_eq!(number(&mut errors, "page", Some("")), 0);
        assert!(errors.is_empty());
        assert_eq!(number(&mut errors, "limit", Some("ten")), 0);
        assert_eq!(errors.into_error().fields["limit"], "api.field.notANumber");
        assert_eq!(list(Some("steam, xbox,,")), ["steam", "xbox"]);
        assert!(list(None).is_empty());
    }
}
