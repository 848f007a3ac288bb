//! Assertions: `BASE64URL(claims JSON).BASE64URL(Ed25519 signature)`, the
//! signature over a domain prefix and the claims. A service's own assertion
//! is reused until it is close to expiry, and a verified one is remembered
//! until it expires, so signing and verifying cost nothing on the hot path.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64;
use ring::signature::{ED25519, Ed25519KeyPair, UnparsedPublicKey};

use super::{Caller, Claims, Party, StaffClaim, now_secs};

/// How long a service's assertion is valid.
pub const SERVICE_LIFETIME_SECS: u64 = 300;
/// A service re-signs once its assertion has less than this left.
const RESIGN_BEFORE_SECS: u64 = 120;
/// How long a staff assertion is valid: one console request's calls.
pub const STAFF_LIFETIME_SECS: u64 = 60;
/// How far apart the machines' clocks may be.
pub const LEEWAY_SECS: u64 = 5;
/// Verified assertions remembered at most (then forgotten all at once).
const REMEMBERED: usize = 4096;
/// What every signature covers first, so no other signed data can pass.
const DOMAIN: &[u8] = b"keyshop-identity-v1.";
/// The longest assertion read.
const MAX_LEN: usize = 2048;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TokenError {
    #[error("no identity assertion")]
    Missing,
    #[error("the identity assertion cannot be read")]
    Malformed,
    #[error("the identity assertion is signed by a key this service does not trust")]
    BadSignature,
    #[error("the identity assertion has expired")]
    Expired,
    #[error("the identity assertion is for another service")]
    WrongAudience,
}

/// Signs the assertions of one party.
#[derive(Clone)]
pub struct Signer {
    party: Party,
    pair: Arc<Ed25519KeyPair>,
    /// The current service assertion per audience, with its expiry.
    current: Arc<Mutex<HashMap<Party, (String, u64)>>>,
}

impl std::fmt::Debug for Signer {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.debug_struct("Signer").field("party", &self.party).finish_non_exhaustive()
    }
}

impl Signer {
    pub(super) fn new(party: Party, pair: Arc<Ed25519KeyPair>) -> Signer {
        Signer { party, pair, current: Arc::default() }
    }

    pub fn party(&self) -> Party {
        self.party
    }

    /// The assertion for a call to `audience`: for `staff` when given (fresh
    /// each time, short-lived), else the party's own (reused while fresh).
    pub fn assertion(&self, audience: Party, staff: Option<&StaffClaim>) -> String {
        let now = now_secs();
        if let Some(staff) = staff {
            return self.sign(&Claims {
                iss: self.party,
                aud: audience,
                iat: now,
                exp: now + STAFF_LIFETIME_SECS,
                staff: Some(staff.clone()),
            });
        }
        let mut current = self.current.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some((token, exp)) = current.get(&audience)
            && *exp > now + RESIGN_BEFORE_SECS
        {
            return token.clone();
        }
        let exp = now + SERVICE_LIFETIME_SECS;
        let token = self.sign(&Claims { iss: self.party, aud: audience, iat: now, exp, staff: None });
        current.insert(audience, (token.clone(), exp));
        token
    }

    /// `claims` signed as they are (tests make expired ones with it).
    pub fn sign(&self, claims: &Claims) -> String {
        let body = B64.encode(serde_json::to_vec(claims).unwrap_or_default());
        let signature = self.pair.sign(&signed_bytes(&body));
        format!("{body}.{}", B64.encode(signature.as_ref()))
    }
}

fn signed_bytes(body: &str) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(DOMAIN.len() + body.len());
    bytes.extend_from_slice(DOMAIN);
    bytes.extend_from_slice(body.as_bytes());
    bytes
}

/// Checks the assertions of calls to one party.
#[derive(Clone)]
pub struct Verifier {
    me: Party,
    keys: Arc<HashMap<Party, UnparsedPublicKey<Vec<u8>>>>,
    remembered: Arc<Mutex<HashMap<String, (Caller, u64)>>>,
}

impl std::fmt::Debug for Verifier {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.debug_struct("Verifier").field("me", &self.me).finish_non_exhaustive()
    }
}

impl Verifier {
    pub(super) fn new(me: Party, public: &[(Party, [u8; 32])]) -> Verifier {
        let keys = public.iter().map(|(party, key)| (*party, UnparsedPublicKey::new(&ED25519, key.to_vec()))).collect();
        Verifier { me, keys: Arc::new(keys), remembered: Arc::default() }
    }

    pub fn party(&self) -> Party {
        self.me
    }

    /// The caller `token` proves, if it is signed by the key of its issuer,
    /// addressed to this party and not expired.
    pub fn verify(&self, token: Option<&str>) -> Result<Caller, TokenError> {
        let token = token.filter(|token| !token.is_empty()).ok_or(TokenError::Missing)?;
        let now = now_secs();
        {
            let remembered = self.remembered.lock().unwrap_or_else(PoisonError::into_inner);
            if let Some((caller, exp)) = remembered.get(token) {
                return if now <= exp + LEEWAY_SECS { Ok(caller.clone()) } else { Err(TokenError::Expired) };
            }
        }
        let claims = self.check(token, now)?;
        let caller = Caller { party: claims.iss, staff: claims.staff };
        let mut remembered = self.remembered.lock().unwrap_or_else(PoisonError::into_inner);
        if remembered.len() >= REMEMBERED {
            remembered.clear();
        }
        remembered.insert(token.to_owned(), (caller.clone(), claims.exp));
        Ok(caller)
    }

    fn check(&self, token: &str, now: u64) -> Result<Claims, TokenError> {
        if token.len() > MAX_LEN {
            return Err(TokenError::Malformed);
        }
        let (body, signature) = token.split_once('.').ok_or(TokenError::Malformed)?;
        let signature = B64.decode(signature).map_err(|_| TokenError::Malformed)?;
        let json = B64.decode(body).map_err(|_| TokenError::Malformed)?;
        let claims: Claims = serde_json::from_slice(&json).map_err(|_| TokenError::Malformed)?;
        let key = self.keys.get(&claims.iss).ok_or(TokenError::BadSignature)?;
        key.verify(&signed_bytes(body), &signature).map_err(|_| TokenError::BadSignature)?;
        if claims.aud != self.me {
            return Err(TokenError::WrongAudience);
        }
        if now > claims.exp + LEEWAY_SECS {
            return Err(TokenError::Expired);
        }
        Ok(claims)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::identity::{Keyring, StaffRole};

    fn staff() -> StaffClaim {
        StaffClaim {
            id: "7".into(),
            email: "ann@shop.example".into(),
            role: StaffRole::Finance,
            ip: "192.0.2.1".into(),
        }
    }

    #[test]
    fn an_assertion_proves_its_issuer_and_staff_to_its_audience_only() {
        let keyring = Keyring::generate();
        let gateway = keyring.signer(Party::Gateway).unwrap();
        let order = keyring.verifier(Party::Order);
        let token = gateway.assertion(Party::Order, Some(&staff()));
        assert_eq!(order.verify(Some(&token)), Ok(Caller { party: Party::Gateway, staff: Some(staff()) }));
        assert_eq!(keyring.verifier(Party::Payment).verify(Some(&token)), Err(TokenError::WrongAudience));
        assert_eq!(order.verify(None), Err(TokenError::Missing));
        assert_eq!(order.verify(Some("junk")), Err(TokenError::Malformed));
    }

    #[test]
    fn another_key_an_edited_claim_and_an_expired_assertion_are_refused() {
        let keyring = Keyring::generate();
        let stranger = Keyring::generate().signer(Party::Gateway).unwrap();
        let order = keyring.verifier(Party::Order);
        let forged = stranger.assertion(Party::Order, Some(&staff()));
        assert_eq!(order.verify(Some(&forged)), Err(TokenError::BadSignature));

        // The body changed to the owner's role, the signature kept.
        let genuine = keyring.signer(Party::Gateway).unwrap().assertion(Party::Order, Some(&staff()));
        let (body, signature) = genuine.split_once('.').unwrap();
        let json = String::from_utf8(B64.decode(body).unwrap()).unwrap().replace("finance", "owner");
        let edited = format!("{}.{signature}", B64.encode(json));
        assert_eq!(order.verify(Some(&edited)), Err(TokenError::BadSignature));

        let now = now_secs();
        let expired = keyring.signer(Party::Gateway).unwrap().sign(&Claims {
            iss: Party::Gateway,
            aud: Party::Order,
            iat: now - 600,
            exp: now - 60,
            staff: None,
        });
        assert_eq!(order.verify(Some(&expired)), Err(TokenError::Expired));
    }

    #[test]
    fn a_service_reuses_its_assertion_while_it_is_fresh() {
        let keyring = Keyring::generate();
        let order = keyring.signer(Party::Order).unwrap();
        let first = order.assertion(Party::Delivery, None);
        assert_eq!(order.assertion(Party::Delivery, None), first);
        assert_ne!(order.assertion(Party::Payment, None), first);
        let verified = keyring.verifier(Party::Delivery).verify(Some(&first)).unwrap();
        assert_eq!(verified, Caller { party: Party::Order, staff: None });
        // Remembered: the same answer again.
        assert_eq!(keyring.verifier(Party::Delivery).verify(Some(&first)).unwrap(), verified);
    }
}
