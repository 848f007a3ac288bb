//! Passwords: the length rule, and argon2id with the OWASP parameters
//! (19 MiB, 2 passes, 1 lane). Hashing takes tens of milliseconds on purpose;
//! callers run it on a blocking thread.

use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use keyshop_core::error::FieldErrors;

pub const MIN_CHARS: usize = 6;
pub const MAX_CHARS: usize = 128;

/// OWASP Password Storage Cheat Sheet: argon2id, m = 19 MiB, t = 2, p = 1.
const MEMORY_KIB: u32 = 19 * 1024;
const PASSES: u32 = 2;
const LANES: u32 = 1;

#[derive(Debug, thiserror::Error)]
#[error("password hashing failed: {0}")]
pub struct HashError(String);

fn hasher() -> Result<Argon2<'static>, HashError> {
    let params = Params::new(MEMORY_KIB, PASSES, LANES, None).map_err(|error| HashError(error.to_string()))?;
    Ok(Argon2::new(Algorithm::Argon2id, Version::V0x13, params))
}

/// Checks a new password and its confirmation (fields `password` and
/// `confirmPassword`). Passwords are taken as typed, never trimmed.
pub fn check_new(errors: &mut FieldErrors, password: &str, confirm: &str) {
    let chars = password.chars().count();
    if password.is_empty() {
        errors.add("password", "api.field.required");
    } else if !(MIN_CHARS..=MAX_CHARS).contains(&chars) {
        errors.add("password", "api.member.passwordLength");
    }
    if confirm != password {
        errors.add("confirmPassword", "api.member.passwordMismatch");
    }
}

/// The PHC string of `password` with a fresh salt.
pub fn hash(password: &str) -> Result<String, HashError> {
    let salt = SaltString::generate(&mut OsRng);
    hasher()?
        .hash_password(password.as_bytes(), &salt)
        .map(|hash| hash.to_string())
        .map_err(|error| HashError(error.to_string()))
}

/// Whether `password` matches the stored PHC string (false for a malformed one).
pub fn verify(password: &str, stored: &str) -> bool {
    let Ok(parsed) = PasswordHash::new(stored) else { return false };
    hasher().is_ok_and(|argon| argon.verify_password(password.as_bytes(), &parsed).is_ok())
}

/// A hash to verify against when the account does not exist, so an unknown
/// account costs the same time as a wrong password.
pub fn decoy_hash() -> &'static str {
    static DECOY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    DECOY.get_or_init(|| hash("decoy password").unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_are_argon2id_salted_and_verify() {
        let stored = hash("secret12").unwrap();
        assert!(stored.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{stored}");
        assert_ne!(stored, hash("secret12").unwrap(), "a fresh salt each time");
        assert!(verify("secret12", &stored));
        assert!(!verify("secret13", &stored));
        assert!(!verify("secret12", "not a hash"));
        assert!(!verify("decoy password!", decoy_hash()));
    }

    #[test]
    fn the_length_rule_counts_characters() {
        let fields = |password: &str, confirm: &str| {
            let mut errors = FieldErrors::default();
            check_new(&mut errors, password, confirm);
            errors.into_error().fields
        };
        assert!(fields("123456", "123456").is_empty());
        assert!(fields("ключ-пароль", "ключ-пароль").is_empty());
        assert!(fields(&"x".repeat(128), &"x".repeat(128)).is_empty());
        assert_eq!(fields("12345", "12345")["password"], "api.member.passwordLength");
        assert_eq!(fields(&"x".repeat(129), &"x".repeat(129))["password"], "api.member.passwordLength");
        assert_eq!(fields("", "")["password"], "api.field.required");
        assert_eq!(fields("123456", "123457")["confirmPassword"], "api.member.passwordMismatch");
    }
}
