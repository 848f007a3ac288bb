//! The staff's rules: account states, the TOTP check (RFC 6238: SHA-1, six
//! digits, 30-second steps, one step either side, a step never accepted
//! twice), recovery codes, the enrollment link's life and the sessions'
//! idle time-out and lifetime.

use std::time::Duration;

use keyshop_core::code_enum;
use keyshop_core::error::FieldErrors;
use totp_rs::{Algorithm, TOTP};

code_enum! {
    /// Where a staff account stands.
    pub enum StaffState {
        /// Invited: the enrollment link has not been used yet.
        Invited = "invited",
        Active = "active",
        Disabled = "disabled",
    }
}

/// How long an enrollment link works.
pub const ENROLLMENT_LIFETIME: Duration = Duration::from_secs(24 * 3600);
/// Recovery codes made at enrollment.
pub const RECOVERY_CODES: usize = 10;
/// Random bytes of a TOTP secret (160 bits, as RFC 4226 recommends).
pub const TOTP_SECRET_BYTES: usize = 20;
/// Random bytes of a recovery code (80 bits: 16 base32 characters).
pub const RECOVERY_CODE_BYTES: usize = 10;
/// The shortest staff password: longer than a shopper's.
pub const MIN_PASSWORD_CHARS: usize = 12;
pub const MAX_PASSWORD_CHARS: usize = 128;

const STEP_SECS: u64 = 30;
const DIGITS: usize = 6;
/// Steps accepted either side of now (clock drift).
const SKEW_STEPS: u64 = 1;
/// The name authenticator apps show.
pub const ISSUER: &str = "keyshop";

const BASE32: &[u8; 32] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/// RFC 4648 base32 without padding.
pub fn base32(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(5) * 8);
    let (mut buffer, mut bits) = (0_u32, 0_u32);
    for byte in bytes {
        buffer = (buffer << 8) | u32::from(*byte);
        bits += 8;
        while bits >= 5 {
            bits -= 5;
            out.push(char::from(BASE32[((buffer >> bits) & 31) as usize]));
        }
    }
    if bits > 0 {
        out.push(char::from(BASE32[((buffer << (5 - bits)) & 31) as usize]));
    }
    out
}

/// The bytes of RFC 4648 base32 text (no padding), if it is that.
pub fn from_base32(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len() * 5 / 8);
    let (mut buffer, mut bits) = (0_u32, 0_u32);
    for char in text.bytes() {
        let value = BASE32.iter().position(|symbol| *symbol == char)?;
        buffer = (buffer << 5) | u32::try_from(value).ok()?;
        bits += 5;
        if bits >= 8 {
            bits -= 8;
            out.push(u8::try_from((buffer >> bits) & 0xff).ok()?);
        }
    }
    Some(out)
}

fn totp(secret: &[u8]) -> Option<TOTP> {
    TOTP::new(Algorithm::SHA1, DIGITS, 0, STEP_SECS, secret.to_vec()).ok()
}

/// The time step of `code` for the base32 `secret` at `now_secs`: now's, the
/// one before or the one after, if it is later than `last_step` (a code is
/// never accepted twice). `None` when the code is wrong or used.
pub fn check_totp(secret: &str, code: &str, now_secs: u64, last_step: u64) -> Option<u64> {
    let code = code.trim();
    if code.len() != DIGITS || !code.bytes().all(|byte| byte.is_ascii_digit()) {
        return None;
    }
    let totp = totp(&from_base32(secret)?)?;
    let now_step = now_secs / STEP_SECS;
    let mut matched = None;
    // Every candidate is computed and compared, whichever matches.
    for step in now_step.saturating_sub(SKEW_STEPS)..=now_step + SKEW_STEPS {
        let expected = totp.generate(step * STEP_SECS);
        if keyshop_core::secret::constant_time_eq(&expected, code) && step > last_step {
            matched = Some(step);
        }
    }
    matched
}

/// The code of `secret` at `now_secs` (tests, and nothing else, need it).
pub fn totp_code(secret: &str, now_secs: u64) -> Option<String> {
    Some(totp(&from_base32(secret)?)?.generate(now_secs))
}

/// The `otpauth://` URL of a secret, for a QR code.
pub fn otpauth_url(email: &str, secret: &str) -> String {
    let label = percent_encode(&format!("{ISSUER}:{email}"));
    format!("otpauth://totp/{label}?secret={secret}&issuer={ISSUER}&algorithm=SHA1&digits={DIGITS}&period={STEP_SECS}")
}

fn percent_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~".contains(&byte) {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// A recovery code as shown: four groups of four base32 characters.
pub fn recovery_code(bytes: &[u8; RECOVERY_CODE_BYTES]) -> String {
    let text = base32(bytes);
    let groups: Vec<&str> = (0..text.len()).step_by(4).map(|start| &text[start..(start + 4).min(text.len())]).collect();
    groups.join("-")
}

/// A recovery code as typed, in the form it is hashed in (upper case, no
/// separators), if it could be one.
pub fn normalize_recovery_code(typed: &str) -> Option<String> {
    let code: String =
        typed.chars().filter(|char| !matches!(char, '-' | ' ')).map(|char| char.to_ascii_uppercase()).collect();
    (code.len() == 16 && from_base32(&code).is_some()).then_some(code)
}

/// Checks a staff password and its confirmation (fields `password`, `confirmPassword`).
pub fn check_password(errors: &mut FieldErrors, password: &str, confirm: &str) {
    let chars = password.chars().count();
    if password.is_empty() {
        errors.add("password", "api.field.required");
    } else if !(MIN_PASSWORD_CHARS..=MAX_PASSWORD_CHARS).contains(&chars) {
        errors.add("password", "api.staff.passwordLength");
    }
    if confirm != password {
        errors.add("confirmPassword", "api.member.passwordMismatch");
    }
}

/// Why an owner's change to a staff account is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChangeRefusal {
    /// Nobody changes their own role or state (another owner must).
    Yourself,
    /// The store would be left without an active owner.
    LastOwner,
}

impl ChangeRefusal {
    pub fn msg_key(self) -> &'static str {
        match self {
            ChangeRefusal::Yourself => "api.staff.notYourself",
            ChangeRefusal::LastOwner => "api.staff.lastOwner",
        }
    }
}

/// Whether the owner `caller_id` may move account `target_id` (now `role`
/// in `state`) to `new_role` in `new_state`, with `active_owners` owners active.
pub fn check_change(
    caller_id: i64,
    target_id: i64,
    (role, state): (keyshop_core::identity::StaffRole, StaffState),
    (new_role, new_state): (keyshop_core::identity::StaffRole, StaffState),
    active_owners: i64,
) -> Result<(), ChangeRefusal> {
    use keyshop_core::identity::StaffRole::Owner;
    if caller_id == target_id {
        return Err(ChangeRefusal::Yourself);
    }
    let was_active_owner = role == Owner && state == StaffState::Active;
    let stays_active_owner = new_role == Owner && new_state == StaffState::Active;
    if was_active_owner && !stays_active_owner && active_owners <= 1 {
        return Err(ChangeRefusal::LastOwner);
    }
    Ok(())
}

/// How long staff sessions live.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SessionRules {
    /// Ended after this long without a request.
    pub idle: Duration,
    /// Ended after this long whatever the activity.
    pub lifetime: Duration,
}

impl SessionRules {
    fn ms(duration: Duration) -> i64 {
        i64::try_from(duration.as_millis()).unwrap_or(i64::MAX)
    }

    /// When a session made at `now_ms` ends at the latest.
    pub fn expires_at(&self, now_ms: i64) -> i64 {
        now_ms.saturating_add(Self::ms(self.lifetime))
    }

    /// Whether a session last seen at `last_seen_ms`, ending at
    /// `expires_at_ms` and `revoked` or not, is alive at `now_ms`.
    pub fn alive(&self, last_seen_ms: i64, expires_at_ms: i64, revoked: bool, now_ms: i64) -> bool {
        !revoked && now_ms < expires_at_ms && now_ms < last_seen_ms.saturating_add(Self::ms(self.idle))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // RFC 6238, appendix B: the SHA-1 secret "12345678901234567890".
    const RFC_SECRET: &[u8] = b"12345678901234567890";

    #[test]
    fn base32_round_trips_and_matches_rfc_4648() {
        assert_eq!(base32(b"foobar"), "MZXW6YTBOI");
        assert_eq!(from_base32("MZXW6YTBOI").unwrap(), b"foobar");
        assert!(from_base32("not base32!").is_none());
    }

    #[test]
    fn totp_codes_are_rfc_6238s() {
        let secret = base32(RFC_SECRET);
        // The RFC's eight digits end in these six.
        assert_eq!(totp_code(&secret, 59).unwrap(), "287082");
        assert_eq!(totp_code(&secret, 1_111_111_109).unwrap(), "081804");
    }

    #[test]
    fn a_code_is_accepted_one_step_either_side_and_never_twice() {
        let secret = base32(RFC_SECRET);
        let now = 1_111_111_109;
        let code = totp_code(&secret, now).unwrap();
        let step = now / 30;
        assert_eq!(check_totp(&secret, &code, now, 0), Some(step));
        assert_eq!(check_totp(&secret, &code, now + 30, 0), Some(step), "a step late");
        assert_eq!(check_totp(&secret, &code, now - 30, 0), Some(step), "a step early");
        assert_eq!(check_totp(&secret, &code, now + 60, 0), None, "two steps late");
        assert_eq!(check_totp(&secret, &code, now, step), None, "replayed");
        assert_eq!(check_totp(&secret, "12345", now, 0), None);
        assert_eq!(check_totp(&secret, "abcdef", now, 0), None);
    }

    #[test]
    fn recovery_codes_read_back_however_typed() {
        let code = recovery_code(&[7; RECOVERY_CODE_BYTES]);
        assert_eq!(code.len(), 19);
        let typed = code.to_ascii_lowercase().replace('-', " ");
        assert_eq!(normalize_recovery_code(&typed).unwrap(), code.replace('-', ""));
        assert!(normalize_recovery_code("123456").is_none());
    }

    #[test]
    fn sessions_end_when_idle_at_their_lifetime_or_revoked() {
        let rules = SessionRules { idle: Duration::from_secs(1800), lifetime: Duration::from_secs(12 * 3600) };
        let expires = rules.expires_at(0);
        assert!(rules.alive(0, expires, false, 1_799_000));
        assert!(!rules.alive(0, expires, false, 1_800_000), "idle");
        assert!(!rules.alive(expires - 1, expires, false, expires), "its lifetime");
        assert!(!rules.alive(0, expires, true, 1), "revoked");
    }

    #[test]
    fn the_otpauth_url_names_the_store_and_the_account() {
        let url = otpauth_url("ann@shop.example", "ABC");
        assert!(url.starts_with("otpauth://totp/keyshop%3Aann%40shop.example?secret=ABC&issuer=keyshop"), "{url}");
    }

    #[test]
    fn an_owner_changes_others_but_never_leaves_the_store_without_an_owner() {
        use keyshop_core::identity::StaffRole::{Finance, Owner, Support};
        let active = StaffState::Active;
        assert_eq!(check_change(1, 2, (Support, active), (Finance, active), 1), Ok(()));
        assert_eq!(check_change(1, 1, (Owner, active), (Owner, StaffState::Disabled), 2), Err(ChangeRefusal::Yourself));
        assert_eq!(check_change(1, 2, (Owner, active), (Support, active), 1), Err(ChangeRefusal::LastOwner));
        assert_eq!(check_change(1, 2, (Owner, active), (Owner, StaffState::Disabled), 2), Ok(()));
        assert_eq!(check_change(1, 2, (Owner, StaffState::Invited), (Support, StaffState::Invited), 1), Ok(()));
    }

    #[test]
    fn a_staff_password_is_longer_than_a_shoppers() {
        let mut errors = FieldErrors::default();
        check_password(&mut errors, "short-pass", "short-pass");
        assert_eq!(errors.finish().unwrap_err().fields["password"], "api.staff.passwordLength");
    }
}
