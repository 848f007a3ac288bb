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

/// The settings written per language: `siteTitle` is the default (English)
/// one, `siteTitle.ar` the Arabic one; a language without its own shows the
/// default.
pub const LOCALIZED: [&str; 5] = ["siteTitle", "siteKeywords", "siteDescription", "heroTitle", "heroSubtitle"];
/// The switches: `true` or `false`, honoured by the shop at once.
pub const SWITCHES: [&str; 3] = ["commentEnabled", "feedbackEnabled", "reviewsBuyersOnly"];
/// The one address shoppers are told to write to (pages, footer, e-mails).
pub const SUPPORT_EMAIL: &str = "supportEmail";

/// `siteTitle.ar` → `("siteTitle", "ar")`; `None` for a key without a
/// catalogue language at its end.
pub fn language_of(key: &str) -> Option<(&str, &str)> {
    keyshop_core::i18n::SUPPORTED
        .iter()
        .find_map(|code| key.strip_suffix(code)?.strip_suffix('.').map(|base| (base, *code)))
}

/// A value `key` may take: a per-language key only of a localized setting,
/// a switch only `true` or `false`, the support address only an address.
pub fn check_setting(key: &SettingKey, value: &str) -> Result<(), AppError> {
    check_value(value)?;
    let name = key.as_str();
    if let Some((base, _)) = language_of(name)
        && !LOCALIZED.contains(&base)
    {
        return Err(AppError::field("key", "api.field.invalid"));
    }
    if SWITCHES.contains(&name) && !matches!(value, "true" | "false") {
        return Err(AppError::field("value", "api.staff.settingSwitch"));
    }
    if name == SUPPORT_EMAIL && keyshop_core::email::Email::parse(value).is_none() {
        return Err(AppError::field("value", "api.field.email"));
    }
    Ok(())
}

/// The settings as a shopper in `language` reads them: each localized one in
/// that language where written (and not blank), else the default; the
/// per-language keys themselves left out.
pub fn localized(settings: &[(String, String)], language: &str) -> Vec<(String, String)> {
    let mut resolved: std::collections::BTreeMap<String, String> =
        settings.iter().filter(|(key, _)| language_of(key).is_none()).cloned().collect();
    for name in LOCALIZED {
        let own = format!("{name}.{language}");
        if let Some((_, value)) = settings.iter().find(|(key, _)| *key == own)
            && !value.trim().is_empty()
        {
            resolved.insert(name.to_owned(), value.clone());
        }
    }
    resolved.into_iter().collect()
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

    fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter().map(|(key, value)| ((*key).to_owned(), (*value).to_owned())).collect()
    }

    #[test]
    fn a_language_reads_its_own_value_else_the_default() {
        let settings = pairs(&[
            ("heroTitle", "Keys in seconds"),
            ("heroTitle.ar", "مفاتيح في ثوانٍ"),
            ("heroTitle.de", "  "),
            ("siteName", "keyshop"),
            ("siteName.ar", "not localized"),
        ]);
        let arabic = localized(&settings, "ar");
        assert_eq!(arabic, pairs(&[("heroTitle", "مفاتيح في ثوانٍ"), ("siteName", "keyshop")]));
        assert_eq!(localized(&settings, "de")[0].1, "Keys in seconds", "blank is not written");
        assert_eq!(localized(&settings, "zh-CN")[0].1, "Keys in seconds");
        // Written only in Arabic: there, and nowhere else.
        let only_arabic = pairs(&[("heroSubtitle.ar", "نص"), ("siteName", "keyshop")]);
        assert_eq!(localized(&only_arabic, "ar"), pairs(&[("heroSubtitle", "نص"), ("siteName", "keyshop")]));
        assert_eq!(localized(&only_arabic, "en-US"), pairs(&[("siteName", "keyshop")]));
    }

    #[test]
    fn keys_and_values_are_checked() {
        assert_eq!(language_of("heroTitle.zh-TW"), Some(("heroTitle", "zh-TW")));
        assert_eq!(language_of("heroTitle"), None);
        let key = |text: &str| SettingKey::parse(text).unwrap();
        assert!(check_setting(&key("heroTitle.ar"), "عنوان").is_ok());
        assert!(check_setting(&key("siteName.ar"), "x").is_err());
        assert!(check_setting(&key("commentEnabled"), "false").is_ok());
        assert!(check_setting(&key("commentEnabled"), "off").is_err());
        assert!(check_setting(&key("supportEmail"), "help@shop.example").is_ok());
        assert!(check_setting(&key("supportEmail"), "not mail").is_err());
    }
}
