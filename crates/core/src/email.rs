//! An e-mail address that has been checked: one `@`, a plain local part and a
//! dotted domain, no spaces, at most 254 characters. Stored lower-cased in the
//! domain part so look-ups match however it was typed.

use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Email(String);

impl Email {
    pub fn parse(text: &str) -> Option<Email> {
        let text = text.trim();
        if text.is_empty()
            || text.len() > 254
            || text.chars().any(|character| character.is_whitespace() || character.is_control())
        {
            return None;
        }
        let (local, domain) = text.rsplit_once('@')?;
        let local_ok = !local.is_empty()
            && local.len() <= 64
            && !local.contains('@')
            && !local.starts_with('.')
            && !local.ends_with('.')
            && !local.contains("..")
            && !local.contains(['<', '>', '(', ')', '[', ']', ',', ';', ':', '\\', '"']);
        let labels: Vec<&str> = domain.split('.').collect();
        let domain_ok = labels.len() >= 2
            && labels.iter().all(|label| {
                !label.is_empty()
                    && label.len() <= 63
                    && !label.starts_with('-')
                    && !label.ends_with('-')
                    && label.chars().all(|character| character.is_alphanumeric() || character == '-')
            })
            && labels.last().is_some_and(|top| top.chars().count() >= 2 && top.chars().all(char::is_alphabetic));
        (local_ok && domain_ok).then(|| Email(format!("{local}@{}", domain.to_lowercase())))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Email {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::Email;

    #[test]
    fn accepts_real_addresses() {
        for good in ["ana@example.com", "first.last+tag@mail.example.co.uk", "x@b.io", "Ana@Example.COM"] {
            assert!(Email::parse(good).is_some(), "{good}");
        }
        assert_eq!(Email::parse(" Ana@Example.COM ").unwrap().as_str(), "Ana@example.com");
    }

    #[test]
    fn refuses_the_rest() {
        for bad in [
            "",
            "ana",
            "ana@",
            "@example.com",
            "ana@example",
            "ana@@example.com",
            "a na@example.com",
            "ana@exa mple.com",
            "ana@.com",
            "ana@example.c",
            "ana@-x.com",
            ".ana@example.com",
            "a..na@example.com",
            "ana@example.123",
            "<ana>@example.com",
        ] {
            assert!(Email::parse(bad).is_none(), "{bad}");
        }
        assert!(Email::parse(&format!("{}@example.com", "a".repeat(65))).is_none());
    }
}
