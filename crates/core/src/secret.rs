//! Random secrets and their stored form: session and link tokens are 256 random
//! bits, shown once as hex and kept only as a SHA-256; codes are six digits.

use sha2::{Digest, Sha256};

#[derive(Debug, thiserror::Error)]
#[error("the system random source failed: {0}")]
pub struct RandomError(String);

fn random_bytes<const N: usize>() -> Result<[u8; N], RandomError> {
    let mut bytes = [0_u8; N];
    getrandom::fill(&mut bytes).map_err(|error| RandomError(error.to_string()))?;
    Ok(bytes)
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

/// A new opaque token: 64 hex characters.
pub fn new_token() -> Result<String, RandomError> {
    Ok(hex(&random_bytes::<32>()?))
}

/// What is stored of a token or code: its SHA-256 in hex. A token has 256
/// bits of entropy, so a plain hash is enough (no salt, no slow hash needed).
pub fn digest(secret: &str) -> String {
    hex(&Sha256::digest(secret.as_bytes()))
}

/// 32 random bytes (key material).
pub fn new_key_bytes() -> Result<[u8; 32], RandomError> {
    random_bytes::<32>()
}

/// Writes `contents` to a new file at `path` (its folder made if missing),
/// readable by its owner only (mode 0600), synced; never over an existing
/// file. For key material.
pub fn create_private_file(path: &std::path::Path, contents: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    if let Some(parent) = path.parent().filter(|parent| !parent.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent)?;
    }
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let mut file = options.open(path)?;
    file.write_all(contents)?;
    file.sync_all()
}

/// A uniformly drawn 64-bit number (order numbers).
pub fn random_u64() -> Result<u64, RandomError> {
    Ok(u64::from_le_bytes(random_bytes::<8>()?))
}

/// A six-digit code, uniformly drawn (leading zeros kept).
pub fn new_code() -> Result<String, RandomError> {
    // Rejection sampling keeps the draw uniform over 000000–999999.
    loop {
        let value = u32::from_le_bytes(random_bytes::<4>()?);
        if value < u32::MAX - u32::MAX % 1_000_000 {
            return Ok(format!("{:06}", value % 1_000_000));
        }
    }
}

/// Whether a token looks like one we issue (cheap rejection of garbage
/// before any look-up).
pub fn is_token_shaped(token: &str) -> bool {
    token.len() == 64 && token.bytes().all(|byte| byte.is_ascii_hexdigit())
}

/// Compares two strings in time independent of where they differ.
pub fn constant_time_eq(left: &str, right: &str) -> bool {
    let (left, right) = (left.as_bytes(), right.as_bytes());
    left.len() == right.len() && left.iter().zip(right).fold(0_u8, |acc, (a, b)| acc | (a ^ b)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_random_hex_and_stored_as_digests() {
        let (one, two) = (new_token().unwrap(), new_token().unwrap());
        assert!(is_token_shaped(&one) && is_token_shaped(&two));
        assert_ne!(one, two);
        assert_eq!(digest(&one), digest(&one));
        assert_ne!(digest(&one), one);
        assert_eq!(digest("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        assert!(!is_token_shaped("short"));
        assert!(!is_token_shaped(&"z".repeat(64)));
    }

    #[test]
    fn codes_have_six_digits() {
        for _ in 0..200 {
            let code = new_code().unwrap();
            assert_eq!(code.len(), 6);
            assert!(code.bytes().all(|byte| byte.is_ascii_digit()));
        }
    }

    #[test]
    fn constant_time_comparison() {
        assert!(constant_time_eq("123456", "123456"));
        assert!(!constant_time_eq("123456", "123457"));
        assert!(!constant_time_eq("12345", "123456"));
    }
}
