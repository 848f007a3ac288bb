//! Throttling rules: failed logins per account and per address, and how often
//! forms may be sent. Counters live in the throttle store (`keyshop_core::throttle`),
//! apart from the cache; the decisions are here.

use std::time::Duration;

/// Failed logins are counted over this window.
pub const LOGIN_WINDOW: Duration = Duration::from_secs(15 * 60);
/// From this many failures (account or address) the captcha is required.
pub const CAPTCHA_AFTER_FAILURES: u64 = 3;
/// From this many failures of one account, its logins wait for the window.
pub const LOCK_ACCOUNT_AFTER: u64 = 10;
/// From this many failures from one address, its logins wait for the window.
pub const LOCK_IP_AFTER: u64 = 30;

/// A limit of `max` actions per `window`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit {
    pub max: u64,
    pub window: Duration,
}

/// Staff sign-in attempts per account and per address: a second factor
/// behind the password, so few tries and no captcha.
pub const STAFF_SIGN_IN_PER_ACCOUNT: Limit = Limit { max: 5, window: Duration::from_secs(15 * 60) };
pub const STAFF_SIGN_IN_PER_IP: Limit = Limit { max: 20, window: Duration::from_secs(15 * 60) };
/// Enrollment links tried per address (opened or finished).
pub const STAFF_ENROLLMENT: Limit = Limit { max: 20, window: Duration::from_secs(15 * 60) };

/// Images a shopper attaches to one conversation (screenshots of an error).
pub const CHAT_IMAGES: Limit = Limit { max: 10, window: Duration::from_secs(3600) };

/// Registrations per address.
pub const REGISTER: Limit = Limit { max: 10, window: Duration::from_secs(3600) };
/// Forgot-password requests per address and per e-mail.
pub const FORGOT_PER_IP: Limit = Limit { max: 10, window: Duration::from_secs(3600) };
pub const FORGOT_PER_EMAIL: Limit = Limit { max: 3, window: Duration::from_secs(15 * 60) };
/// Captchas drawn per address: about one a second, in bursts.
pub const CAPTCHA: Limit = Limit { max: 60, window: Duration::from_secs(60) };
/// Page visits recorded per address (a page view each, at a browsing pace).
pub const VISITS: Limit = Limit { max: 120, window: Duration::from_secs(10 * 60) };
/// New passwords set with a reset token, per address.
pub const RESET: Limit = Limit { max: 10, window: Duration::from_secs(15 * 60) };
/// Each form (sell to us, wholesale, affiliate, newsletter) per address.
pub const FORM: Limit = Limit { max: 5, window: Duration::from_secs(10 * 60) };
/// Feedback messages per address: one a minute (spec).
pub const FEEDBACK: Limit = Limit { max: 1, window: Duration::from_secs(60) };
/// Tickets opened and messages posted per member.
pub const TICKET: Limit = Limit { max: 20, window: Duration::from_secs(3600) };

impl Limit {
    /// Whether the `count`-th action (counting this one) goes through.
    pub fn allows(self, count: u64) -> bool {
        count <= self.max
    }
}

/// What a login attempt may do, from the failures counted so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LoginGate {
    /// Try; `captcha` says whether a captcha answer is required.
    Open { captcha: bool },
    /// Refused until the window ends.
    Locked { retry_after: Duration },
}

/// `(count, time left)` of the account's and the address's failure counters.
pub fn login_gate(account: (u64, Duration), ip: (u64, Duration)) -> LoginGate {
    let mut wait = Duration::ZERO;
    if account.0 >= LOCK_ACCOUNT_AFTER {
        wait = wait.max(account.1);
    }
    if ip.0 >= LOCK_IP_AFTER {
        wait = wait.max(ip.1);
    }
    if !wait.is_zero() {
        return LoginGate::Locked { retry_after: wait };
    }
    LoginGate::Open { captcha: account.0 >= CAPTCHA_AFTER_FAILURES || ip.0 >= CAPTCHA_AFTER_FAILURES }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LEFT: Duration = Duration::from_secs(600);
    const NONE: (u64, Duration) = (0, Duration::ZERO);

    #[test]
    fn the_captcha_comes_after_three_failures_of_the_account_or_the_address() {
        assert_eq!(login_gate(NONE, NONE), LoginGate::Open { captcha: false });
        assert_eq!(login_gate((2, LEFT), (2, LEFT)), LoginGate::Open { captcha: false });
        assert_eq!(login_gate((3, LEFT), NONE), LoginGate::Open { captcha: true });
        assert_eq!(login_gate(NONE, (3, LEFT)), LoginGate::Open { captcha: true });
    }

    #[test]
    fn many_failures_lock_until_the_window_ends() {
        assert_eq!(login_gate((9, LEFT), NONE), LoginGate::Open { captcha: true });
        assert_eq!(login_gate((10, LEFT), NONE), LoginGate::Locked { retry_after: LEFT });
        assert_eq!(login_gate((0, LEFT), (29, LEFT)), LoginGate::Open { captcha: true });
        let longer = Duration::from_secs(800);
        assert_eq!(login_gate((10, LEFT), (30, longer)), LoginGate::Locked { retry_after: longer });
    }

    #[test]
    fn limits_count_this_action() {
        assert!(FORM.allows(5));
        assert!(!FORM.allows(6));
    }
}
