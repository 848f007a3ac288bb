use keyshop_core::error::AppError;

/// A site setting key: 1–64 characters of letters, digits, `.`, `_` or `-`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SettingKey(String);

impl SettingKey {
    pub fn parse(text: &str) -> Result<SettingKey, AppError> {
        let valid = !text.is_empty()
            && text.len() <= 64
            && text.bytes().all(|byte| byte.is_ascii_alphanumeric() || matches!(byte, b'.' | b'_' | b'-'));
        if valid { Ok(SettingKey(text.to_owned())) } else { Err(AppError::field("key", "api.field.invalid")) }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A setting value: at most 4,000 characters.
pub fn check_value(value: &str) -> Result<(), AppError> {
    if value.chars().count() > 4000 { Err(AppError::field("value", "api.field.tooLong")) } else { Ok(()) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_short_and_plain() {
        assert!(SettingKey::parse("siteTitle").is_ok());
        assert!(SettingKey::parse("sys.comment_enabled-2").is_ok());
        for bad in ["", "a b", "x/y", "ü", &"k".repeat(65)] {
            assert!(SettingKey::parse(bad).is_err(), "{bad}");
        }
        assert!(check_value(&"v".repeat(4001)).is_err());
    }
}
