//! The store's eighteen UI languages: their codes, how a requested tag maps
//! onto one, and the message catalogues of `locales/` that the SPA, the
//! gateway's `msg` and the e-mails share.

mod messages;

pub use messages::Messages;

/// The catalogue codes of the 18 UI languages (`cz` is Czech, as the store
/// has always named it).
pub const SUPPORTED: [&str; 18] = [
    "ar", "cz", "de", "en-US", "es", "fr", "hu", "it", "ja", "ko", "nl", "pl", "pt", "ro", "ru", "tr", "zh-CN", "zh-TW",
];

pub const DEFAULT: &str = "en-US";

/// Maps a language tag (`de`, `de-AT`, `en_gb`, `zh-Hant`, `cs`) to a supported
/// catalogue code, or `None`.
pub fn normalize(tag: &str) -> Option<&'static str> {
    let tag = tag.trim().replace('_', "-").to_ascii_lowercase();
    if tag.is_empty() {
        return None;
    }
    if let Some(exact) = SUPPORTED.iter().find(|code| code.to_ascii_lowercase() == tag) {
        return Some(exact);
    }
    let mut parts = tag.split('-');
    let primary = parts.next().unwrap_or_default();
    let rest: Vec<&str> = parts.collect();
    match primary {
        "en" => Some("en-US"),
        "cs" => Some("cz"),
        "zh" => {
            let traditional = rest.iter().any(|part| matches!(*part, "hant" | "tw" | "hk" | "mo"));
            Some(if traditional { "zh-TW" } else { "zh-CN" })
        }
        other => SUPPORTED.iter().find(|code| **code == other).copied(),
    }
}

/// The language tags of an Accept-Language header, best first; tags with
/// `q=0` are dropped, malformed weights count as 1.
pub fn parse_accept_language(header: &str) -> Vec<String> {
    let mut weighted: Vec<(String, u16, usize)> = header
        .split(',')
        .enumerate()
        .filter_map(|(position, part)| {
            let mut pieces = part.split(';');
            let tag = pieces.next()?.trim();
            if tag.is_empty() || tag.len() > 35 {
                return None;
            }
            let weight = pieces
                .find_map(|piece| piece.trim().strip_prefix("q="))
                .map(|q| q.trim().parse::<f32>().map_or(1000, |q| (q.clamp(0.0, 1.0) * 1000.0) as u16))
                .unwrap_or(1000);
            (weight > 0).then(|| (tag.to_owned(), weight, position))
        })
        .collect();
    weighted.sort_by(|a, b| b.1.cmp(&a.1).then(a.2.cmp(&b.2)));
    weighted.into_iter().map(|(tag, _, _)| tag).collect()
}

/// The language a request is answered in: an explicit `lang` parameter when it
/// names a supported language, else the best supported Accept-Language tag,
/// else en-US.
pub fn negotiate(lang_param: Option<&str>, accept_language: Option<&str>) -> &'static str {
    if let Some(language) = lang_param.and_then(normalize) {
        return language;
    }
    accept_language
        .map(parse_accept_language)
        .and_then(|tags| tags.iter().find_map(|tag| normalize(tag)))
        .unwrap_or(DEFAULT)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maps_tags_and_aliases() {
        let cases = [
            ("de", Some("de")),
            ("de-AT", Some("de")),
            ("EN", Some("en-US")),
            ("en_GB", Some("en-US")),
            ("en-us", Some("en-US")),
            ("zh", Some("zh-CN")),
            ("zh-Hans-CN", Some("zh-CN")),
            ("zh-HK", Some("zh-TW")),
            ("zh-Hant", Some("zh-TW")),
            ("zh-tw", Some("zh-TW")),
            ("cs-CZ", Some("cz")),
            ("cz", Some("cz")),
            ("pt-BR", Some("pt")),
            ("ar-EG", Some("ar")),
            ("xx", None),
            ("", None),
            ("*", None),
        ];
        for (tag, expected) in cases {
            assert_eq!(normalize(tag), expected, "{tag}");
        }
    }

    #[test]
    fn orders_tags_by_weight() {
        assert_eq!(parse_accept_language("fr;q=0.5, de-AT, en;q=0.8, *;q=0"), ["de-AT", "en", "fr"]);
        assert_eq!(parse_accept_language(""), Vec::<String>::new());
        assert_eq!(parse_accept_language("ja;q=bogus"), ["ja"]);
    }

    #[test]
    fn the_lang_parameter_beats_the_header() {
        assert_eq!(negotiate(Some("ja"), Some("de")), "ja");
        assert_eq!(negotiate(Some("klingon"), Some("xx, de;q=0.5")), "de");
        assert_eq!(negotiate(None, Some("zh-Hant-TW")), "zh-TW");
        assert_eq!(negotiate(None, None), "en-US");
        assert_eq!(negotiate(Some(""), Some("*")), "en-US");
    }
}
