/// Masks the password of a URL's user info: `postgres://u:****@h/db`.
/// URLs without a password are returned unchanged.
pub fn redact_url(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_owned();
    };
    let authority_end = rest.find('/').unwrap_or(rest.len());
    let (authority, path) = rest.split_at(authority_end);
    let Some((user_info, host)) = authority.rsplit_once('@') else {
        return url.to_owned();
    };
    match user_info.split_once(':') {
        Some((user, _password)) => format!("{scheme}://{user}:****@{host}{path}"),
        None => url.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::redact_url;

    #[test]
    fn masks_only_the_password() {
        assert_eq!(redact_url("postgres://u:p@h:5432/db"), "postgres://u:****@h:5432/db");
        assert_eq!(redact_url("redis://:secret@h"), "redis://:****@h");
        assert_eq!(redact_url("postgres://u@h/db"), "postgres://u@h/db");
        assert_eq!(redact_url("sqlite://data/catalog.db"), "sqlite://data/catalog.db");
        assert_eq!(redact_url("memory://"), "memory://");
        assert_eq!(redact_url("not a url"), "not a url");
        assert_eq!(redact_url("smtp://u:p%40x@h/a@b"), "smtp://u:****@h/a@b");
    }
}
