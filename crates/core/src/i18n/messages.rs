use std::collections::HashMap;
use std::sync::OnceLock;

use super::DEFAULT;

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/catalogues.rs"));
}

/// Flattened catalogues: language → dotted key (`api.error.notFound`) → text.
pub struct Messages {
    by_language: HashMap<String, HashMap<String, String>>,
}

impl Messages {
    /// The catalogues compiled into the binary, parsed once.
    pub fn embedded() -> &'static Messages {
        static MESSAGES: OnceLock<Messages> = OnceLock::new();
        MESSAGES.get_or_init(|| Messages::parse(embedded::CATALOGUES))
    }

    /// Parses `(language, JSON)` pairs; a catalogue that does not parse is
    /// logged and left out (the default language then answers for it).
    pub fn parse(catalogues: &[(&str, &str)]) -> Messages {
        let mut by_language = HashMap::new();
        for (language, json) in catalogues {
            match serde_json::from_str::<serde_json::Value>(json) {
                Ok(tree) => {
                    let mut flat = HashMap::new();
                    flatten(&tree, &mut String::new(), &mut flat);
                    by_language.insert((*language).to_owned(), flat);
                }
                Err(error) => {
                    tracing::error!(language, error = %error, "message catalogue does not parse")
                }
            }
        }
        Messages { by_language }
    }

    /// The text of `key` in `language`, else in en-US.
    pub fn get(&self, language: &str, key: &str) -> Option<&str> {
        let lookup = |language: &str| self.by_language.get(language).and_then(|flat| flat.get(key)).map(String::as_str);
        lookup(language).or_else(|| lookup(DEFAULT))
    }

    /// Like [`Messages::get`], with `{{name}}` placeholders filled in; the key
    /// itself when no catalogue has it.
    pub fn text(&self, language: &str, key: &str, arguments: &[(&str, &str)]) -> String {
        let Some(template) = self.get(language, key) else {
            return key.to_owned();
        };
        arguments
            .iter()
            .fold(template.to_owned(), |text, (name, value)| text.replace(&format!("{{{{{name}}}}}"), value))
    }

    pub fn languages(&self) -> impl Iterator<Item = &str> {
        self.by_language.keys().map(String::as_str)
    }
}

fn flatten(value: &serde_json::Value, prefix: &mut String, out: &mut HashMap<String, String>) {
    match value {
        serde_json::Value::Object(map) => {
            for (name, child) in map {
                let length = prefix.len();
                if !prefix.is_empty() {
                    prefix.push('.');
                }
                prefix.push_str(name);
                flatten(child, prefix, out);
                prefix.truncate(length);
            }
        }
        serde_json::Value::String(text) => {
            out.insert(prefix.clone(), text.clone());
        }
        other => {
            out.insert(prefix.clone(), other.to_string());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn looks_up_with_fallback_and_placeholders() {
        let messages = Messages::parse(&[
            ("en-US", r#"{"api":{"ok":"Success","wait":"Retry in {{seconds}} s"}}"#),
            ("de", r#"{"api":{"ok":"Erfolg"}}"#),
            ("xx", "not json"),
        ]);
        assert_eq!(messages.get("de", "api.ok"), Some("Erfolg"));
        assert_eq!(messages.get("de", "api.wait"), Some("Retry in {{seconds}} s"));
        assert_eq!(messages.text("ja", "api.wait", &[("seconds", "30")]), "Retry in 30 s");
        assert_eq!(messages.text("de", "api.missing", &[]), "api.missing");
        assert_eq!(messages.languages().count(), 2);
    }

    #[test]
    fn every_error_code_has_an_english_message() {
        let messages = Messages::embedded();
        for code in crate::error::ErrorCode::ALL {
            assert!(messages.get(DEFAULT, code.default_msg_key()).is_some(), "{code:?}");
        }
        assert!(messages.get(DEFAULT, "api.ok").is_some());
    }
}
