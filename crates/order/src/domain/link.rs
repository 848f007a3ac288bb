//! Links to an order for whoever holds its token (a guest has no account):
//! the browser's token from checkout and the e-mail's link each open the
//! order for a limited time after they were issued, then only the member
//! who owns it (signed in) sees it. The tokens themselves are stored hashed.

/// How long a link to an order works after it was issued.
pub const LIFE_MS: i64 = 30 * 24 * 60 * 60 * 1000;

/// Until when a link issued at `issued_at` works (epoch ms).
pub fn expires(issued_at: i64) -> i64 {
    issued_at.saturating_add(LIFE_MS)
}

/// Whether a link that works until `expires_at` still opens the order at `now`.
pub fn open(expires_at: i64, now: i64) -> bool {
    now < expires_at
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_works_for_thirty_days() {
        let issued = 1_795_392_000_000;
        assert!(open(expires(issued), issued));
        assert!(open(expires(issued), issued + LIFE_MS - 1));
        assert!(!open(expires(issued), issued + LIFE_MS));
        assert_eq!(expires(i64::MAX), i64::MAX);
    }
}
