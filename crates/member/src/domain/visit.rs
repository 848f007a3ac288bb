//! Page visits: bounded URLs, and whether the visitor came from another site.

/// URLs are kept to this many characters.
pub const MAX_URL_CHARS: usize = 512;

/// The URL cut to [`MAX_URL_CHARS`] (on a character boundary), trimmed.
pub fn bounded(url: &str) -> String {
    url.trim().chars().take(MAX_URL_CHARS).collect()
}

/// The host of an absolute http(s) URL, lower-cased, without port or user.
fn host_of(url: &str) -> Option<String> {
    let rest = url.strip_prefix("https://").or_else(|| url.strip_prefix("http://"))?;
    let authority = rest.split(['/', '?', '#']).next()?;
    let host_port = authority.rsplit('@').next()?;
    let host = if host_port.starts_with('[') {
        host_port.split(']').next().map(|host| format!("{host}]"))?
    } else {
        host_port.split(':').next()?.to_owned()
    };
    (!host.is_empty()).then(|| host.to_lowercase())
}

/// Whether `from_url` is a page of another site than `site_host` (host with
/// or without port). Relative URLs and our own pages are not external.
pub fn is_external(from_url: &str, site_host: &str) -> bool {
    let Some(from) = host_of(from_url.trim()) else { return false };
    let site = site_host.split(':').next().unwrap_or(site_host).to_lowercase();
    from != site
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn another_host_is_external() {
        assert!(is_external("https://www.google.com/search?q=keys", "keyshop.example"));
        assert!(!is_external("https://keyshop.example/games", "keyshop.example"));
        assert!(!is_external("http://127.0.0.1:8080/", "127.0.0.1:8080"));
        assert!(!is_external("/games", "keyshop.example"));
        assert!(!is_external("", "keyshop.example"));
        assert!(is_external("https://user@evil.example:444/x", "keyshop.example"));
    }

    #[test]
    fn urls_are_bounded() {
        assert_eq!(bounded(&"é".repeat(600)).chars().count(), MAX_URL_CHARS);
        assert_eq!(bounded("  /games "), "/games");
    }
}
