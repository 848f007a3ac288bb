//! Reading the text fields of a form: trimmed, required or optional, bounded in
//! characters, with the message keys the SPA shares.

use crate::email::Email;
use crate::error::FieldErrors;

/// A required field of at most `max_chars` characters, trimmed.
pub fn required(errors: &mut FieldErrors, field: &str, value: &str, max_chars: usize) -> String {
    let value = value.trim();
    if value.is_empty() {
        errors.add(field, "api.field.required");
    } else if value.chars().count() > max_chars {
        errors.add(field, "api.field.tooLong");
    }
    value.to_owned()
}

/// An optional field of at most `max_chars` characters, trimmed ("" when absent).
pub fn optional(errors: &mut FieldErrors, field: &str, value: &str, max_chars: usize) -> String {
    let value = value.trim();
    if value.chars().count() > max_chars {
        errors.add(field, "api.field.tooLong");
    }
    value.to_owned()
}

/// A required e-mail, lower-cased whole (accounts match however they were typed).
/// `invalid_key` names the message of a malformed address.
pub fn email(errors: &mut FieldErrors, field: &str, value: &str, invalid_key: &str) -> Option<Email> {
    if value.trim().is_empty() {
        errors.add(field, "api.field.required");
        return None;
    }
    let parsed = Email::parse(&value.trim().to_lowercase());
    if parsed.is_none() {
        errors.add(field, invalid_key);
    }
    parsed
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn required_optional_and_email_fields() {
        let mut errors = FieldErrors::default();
        assert_eq!(required(&mut errors, "name", "  Ana ", 10), "Ana");
        assert_eq!(optional(&mut errors, "zip", "", 10), "");
        let parsed = email(&mut errors, "email", " Ana@Example.COM ", "api.field.email");
        assert_eq!(parsed.map(|parsed| parsed.to_string()).as_deref(), Some("ana@example.com"));
        assert!(errors.is_empty());
        required(&mut errors, "name", "   ", 10);
        optional(&mut errors, "zip", "12345678901", 10);
        email(&mut errors, "email", "no-at-sign", "api.member.emailInvalid");
        email(&mut errors, "other", "", "api.member.emailInvalid");
        let fields = errors.into_error().fields;
        assert_eq!(fields["name"], "api.field.required");
        assert_eq!(fields["zip"], "api.field.tooLong");
        assert_eq!(fields["email"], "api.member.emailInvalid");
        assert_eq!(fields["other"], "api.field.required");
    }
}
