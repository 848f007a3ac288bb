//! Webhook signatures in Stripe's scheme (the sandbox provider signs the same
//! way): the header `t=TIMESTAMP,v1=HEX[,v1=HEX…]`, where each `v1` is
//! HMAC-SHA256 under the endpoint secret of `TIMESTAMP.BODY`. A signature is
//! accepted when one `v1` matches (compared in constant time) and the
//! timestamp is within the tolerance of now, so a captured request cannot be
//! replayed later.

use hmac::{Hmac, Mac};
use sha2::Sha256;

/// Stripe's default tolerance.
pub const TOLERANCE_SECONDS: i64 = 300;

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SignatureError {
    #[error("the signature header is missing or malformed")]
    Malformed,
    #[error("the signature's timestamp is outside the tolerance")]
    Stale,
    #[error("no signature matches")]
    Mismatch,
}

fn mac(secret: &[u8], timestamp: i64, body: &[u8]) -> Hmac<Sha256> {
    // HMAC takes keys of any length.
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(secret).unwrap_or_else(|_| unreachable!("any key length"));
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(body);
    mac
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

fn unhex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    (0..text.len()).step_by(2).map(|index| u8::from_str_radix(text.get(index..index + 2)?, 16).ok()).collect()
}

/// The header value signing `body` at `timestamp` (seconds).
pub fn sign(secret: &[u8], timestamp: i64, body: &[u8]) -> String {
    format!("t={timestamp},v1={}", hex(&mac(secret, timestamp, body).finalize().into_bytes()))
}

/// Checks `header` for `body` at `now` (seconds).
pub fn verify(secret: &[u8], header: &str, body: &[u8], now: i64) -> Result<(), SignatureError> {
    let mut timestamp = None;
    let mut signatures = Vec::new();
    for part in header.split(',') {
        match part.trim().split_once('=') {
            Some(("t", value)) => timestamp = Some(value.parse::<i64>().map_err(|_| SignatureError::Malformed)?),
            Some(("v1", value)) => signatures.push(unhex(value).ok_or(SignatureError::Malformed)?),
            Some(_) => {}
            None => return Err(SignatureError::Malformed),
        }
    }
    let timestamp = timestamp.ok_or(SignatureError::Malformed)?;
    if signatures.is_empty() {
        return Err(SignatureError::Malformed);
    }
    if (now - timestamp).abs() > TOLERANCE_SECONDS {
        return Err(SignatureError::Stale);
    }
    let matches = signatures.iter().any(|signature| mac(secret, timestamp, body).verify_slice(signature).is_ok());
    if matches { Ok(()) } else { Err(SignatureError::Mismatch) }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &[u8] = b"whsec_test_secret";
    const BODY: &[u8] = br#"{"id":"evt_1","type":"payment_intent.succeeded"}"#;

    #[test]
    fn a_fresh_signature_of_the_same_body_passes() {
        let header = sign(SECRET, 1_700_000_000, BODY);
        assert!(header.starts_with("t=1700000000,v1="));
        assert_eq!(verify(SECRET, &header, BODY, 1_700_000_000), Ok(()));
        assert_eq!(verify(SECRET, &header, BODY, 1_700_000_000 + TOLERANCE_SECONDS), Ok(()));
        // Rotation: a second v1 under the new secret is enough.
        let other = sign(b"other", 1_700_000_000, BODY);
        let both = format!("{header},v1={}", other.split("v1=").nth(1).unwrap());
        assert_eq!(verify(b"other", &both, BODY, 1_700_000_000), Ok(()));
    }

    #[test]
    fn forged_changed_and_stale_requests_fail() {
        let header = sign(SECRET, 1_700_000_000, BODY);
        assert_eq!(verify(b"wrong secret", &header, BODY, 1_700_000_000), Err(SignatureError::Mismatch));
        assert_eq!(verify(SECRET, &header, b"{\"id\":\"evt_2\"}", 1_700_000_000), Err(SignatureError::Mismatch));
        assert_eq!(verify(SECRET, &header, BODY, 1_700_000_000 + TOLERANCE_SECONDS + 1), Err(SignatureError::Stale));
        assert_eq!(verify(SECRET, &header, BODY, 1_700_000_000 - TOLERANCE_SECONDS - 1), Err(SignatureError::Stale));
        // The timestamp is signed: moving it breaks the signature.
        let moved = header.replace("t=1700000000", "t=1700000100");
        assert_eq!(verify(SECRET, &moved, BODY, 1_700_000_100), Err(SignatureError::Mismatch));
    }

    #[test]
    fn malformed_headers_are_refused() {
        for header in ["", "v1=abcd", "t=1700000000", "t=soon,v1=abcd", "t=1700000000,v1=xyz", "t=1,v1=abc", "nonsense"]
        {
            assert_eq!(verify(SECRET, header, BODY, 1_700_000_000), Err(SignatureError::Malformed), "{header}");
        }
    }
}
