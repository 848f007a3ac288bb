//! The store's eighteen UI languages.

crate::vocabulary! {
    /// A UI language, by the code of its catalogue in `locales/` (`cz` is
    /// Czech, as the store has always named it).
    pub enum Language: keyshop_proto::common::v1::Language {
        Ar = "ar",
        Cz = "cz",
        De = "de",
        EnUs = "en-US",
        Es = "es",
        Fr = "fr",
        Hu = "hu",
        It = "it",
        Ja = "ja",
        Ko = "ko",
        Nl = "nl",
        Pl = "pl",
        Pt = "pt",
        Ro = "ro",
        Ru = "ru",
        Tr = "tr",
        ZhCn = "zh-CN",
        ZhTw = "zh-TW",
    }
}

impl Language {
    pub const DEFAULT: Language = Language::EnUs;

    /// The language a tag asks for (`de-AT`, `en_gb`, `zh-Hant`, `cs`), if the
    /// store speaks it.
    pub fn from_tag(tag: &str) -> Option<Language> {
        crate::i18n::normalize(tag).and_then(Language::parse)
    }

    /// The language a tag asks for, else English.
    pub fn from_tag_or_default(tag: &str) -> Language {
        Language::from_tag(tag).unwrap_or(Language::DEFAULT)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_vocabulary_is_the_i18n_catalogue_list() {
        let codes: Vec<&str> = Language::ALL.iter().map(|language| language.as_str()).collect();
        assert_eq!(codes, crate::i18n::SUPPORTED);
        assert_eq!(Language::from_tag("zh-Hant"), Some(Language::ZhTw));
        assert_eq!(Language::from_tag_or_default("xx"), Language::EnUs);
    }
}
