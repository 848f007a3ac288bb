//! Keys at rest. Each product key is sealed with AES-256-GCM under the current
//! master key, with a fresh random 96-bit nonce and the product's SKU as
//! associated data (a key moved to another product no longer opens); the id
//! of the master key travels with it, so master keys can be rotated: new keys
//! are sealed with the newest, older ones still open with theirs. Duplicates
//! are found without decrypting anything: an HMAC-SHA256 fingerprint of the
//! key under a fingerprint secret that never rotates.
//!
//! The master key material is text, one entry per line or comma:
//! `fingerprint:BASE64` (32 bytes) and `ID:BASE64` (32 bytes, ID ≥ 1); the
//! highest id seals. A line starting with `#` is a comment.

use std::collections::BTreeMap;

use aes_gcm::aead::{Aead, KeyInit, Payload};
use aes_gcm::{Aes256Gcm, Nonce};
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use hmac::{Hmac, Mac};
use sha2::Sha256;

pub const NONCE_LEN: usize = 12;
const KEY_LEN: usize = 32;

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum VaultError {
    #[error("master keys: {0}")]
    Material(String),
    #[error("the system random source failed: {0}")]
    Random(String),
    #[error("no master key with id {0}: it was removed from the configuration")]
    UnknownKeyId(i32),
    #[error("a stored key does not open: its data or SKU was changed, or the master key is wrong")]
    Corrupt,
}

/// A product key as stored: never the plain text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sealed {
    pub master_key_id: i32,
    pub nonce: Vec<u8>,
    pub ciphertext: Vec<u8>,
}

/// The master keys, ready to seal and open.
pub struct Vault {
    current: i32,
    ciphers: BTreeMap<i32, Aes256Gcm>,
    fingerprint_secret: [u8; KEY_LEN],
}

impl std::fmt::Debug for Vault {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter
            .debug_struct("Vault")
            .field("current", &self.current)
            .field("key_ids", &self.ciphers.keys().collect::<Vec<_>>())
            .finish_non_exhaustive()
    }
}

impl Vault {
    /// Parses master key material (see the module documentation).
    pub fn from_material(material: &str) -> Result<Vault, VaultError> {
        let mut ciphers = BTreeMap::new();
        let mut fingerprint_secret = None;
        let entries = material
            .lines()
            .filter(|line| !line.trim_start().starts_with('#'))
            .flat_map(|line| line.split(','))
            .map(str::trim)
            .filter(|entry| !entry.is_empty());
        for entry in entries {
            let (name, value) = entry.split_once(':').ok_or_else(|| {
                VaultError::Material("every entry is NAME:BASE64 (fingerprint or a key id)".to_owned())
            })?;
            let bytes = decode_key(name.trim(), value.trim())?;
            if name.trim() == "fingerprint" {
                if fingerprint_secret.replace(bytes).is_some() {
                    return Err(VaultError::Material("fingerprint is given twice".to_owned()));
                }
                continue;
            }
            let id: i32 = name
                .trim()
                .parse()
                .ok()
                .filter(|id| *id >= 1)
                .ok_or_else(|| VaultError::Material(format!("{name:?} is neither fingerprint nor a key id ≥ 1")))?;
            let cipher = Aes256Gcm::new_from_slice(&bytes).map_err(|_| VaultError::Material("bad key".to_owned()))?;
            if ciphers.insert(id, cipher).is_some() {
                return Err(VaultError::Material(format!("key id {id} is given twice")));
            }
        }
        let fingerprint_secret =
            fingerprint_secret.ok_or_else(|| VaultError::Material("the fingerprint entry is missing".to_owned()))?;
        let current =
            *ciphers.keys().next_back().ok_or_else(|| VaultError::Material("no master key is given".to_owned()))?;
        Ok(Vault { current, ciphers, fingerprint_secret })
    }

    /// New material: a fingerprint secret and master key 1, both random.
    pub fn generate_material() -> Result<String, VaultError> {
        Ok(format!(
            "# keyshop delivery master keys: never share them, never commit them, keep a copy.\n\
             # Rotate by adding a line with the next id: the highest id seals new keys.\n\
             fingerprint:{}\n1:{}\n",
            STANDARD.encode(random::<KEY_LEN>()?),
            STANDARD.encode(random::<KEY_LEN>()?)
        ))
    }

    /// The id new keys are sealed with.
    pub fn current_key_id(&self) -> i32 {
        self.current
    }

    /// Seals `key` of product `sku` under the current master key.
    pub fn seal(&self, sku: &str, key: &str) -> Result<Sealed, VaultError> {
        let cipher = self.ciphers.get(&self.current).ok_or(VaultError::UnknownKeyId(self.current))?;
        let nonce = random::<NONCE_LEN>()?;
        let ciphertext = cipher
            .encrypt(Nonce::from_slice(&nonce), Payload { msg: key.as_bytes(), aad: sku.as_bytes() })
            .map_err(|_| VaultError::Corrupt)?;
        Ok(Sealed { master_key_id: self.current, nonce: nonce.to_vec(), ciphertext })
    }

    /// Opens a key sealed for product `sku`.
    pub fn open(&self, sku: &str, sealed: &Sealed) -> Result<String, VaultError> {
        let cipher = self.ciphers.get(&sealed.master_key_id).ok_or(VaultError::UnknownKeyId(sealed.master_key_id))?;
        if sealed.nonce.len() != NONCE_LEN {
            return Err(VaultError::Corrupt);
        }
        let plain = cipher
            .decrypt(Nonce::from_slice(&sealed.nonce), Payload { msg: &sealed.ciphertext, aad: sku.as_bytes() })
            .map_err(|_| VaultError::Corrupt)?;
        String::from_utf8(plain).map_err(|_| VaultError::Corrupt)
    }

    /// The duplicate-detection fingerprint of a key (the same for every
    /// product: a key is one key wherever it was imported).
    pub fn fingerprint(&self, key: &str) -> Vec<u8> {
        // HMAC accepts keys of any length; 32 bytes cannot fail.
        let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(&self.fingerprint_secret)
            .unwrap_or_else(|_| unreachable!("HMAC takes any key length"));
        mac.update(key.as_bytes());
        mac.finalize().into_bytes().to_vec()
    }
}

fn decode_key(name: &str, value: &str) -> Result<[u8; KEY_LEN], VaultError> {
    let bytes = STANDARD.decode(value).map_err(|_| VaultError::Material(format!("{name}: the value is not base64")))?;
    bytes.try_into().map_err(|_| VaultError::Material(format!("{name}: the value must be {KEY_LEN} bytes")))
}

fn random<const N: usize>() -> Result<[u8; N], VaultError> {
    let mut bytes = [0_u8; N];
    getrandom::fill(&mut bytes).map_err(|error| VaultError::Random(error.to_string()))?;
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vault() -> Vault {
        Vault::from_material(&Vault::generate_material().unwrap()).unwrap()
    }

    #[test]
    fn seals_and_opens_with_a_fresh_nonce_each_time() {
        let vault = vault();
        let one = vault.seal("SKU-1", "AAAAA-BBBBB-CCCCC").unwrap();
        let two = vault.seal("SKU-1", "AAAAA-BBBBB-CCCCC").unwrap();
        assert_ne!(one.nonce, two.nonce);
        assert_ne!(one.ciphertext, two.ciphertext);
        assert!(!String::from_utf8_lossy(&one.ciphertext).contains("AAAAA"));
        assert_eq!(vault.open("SKU-1", &one).unwrap(), "AAAAA-BBBBB-CCCCC");
        assert_eq!(one.master_key_id, 1);
    }

    #[test]
    fn a_changed_sku_ciphertext_or_master_key_does_not_open() {
        let vault = vault();
        let sealed = vault.seal("SKU-1", "KEY-1").unwrap();
        assert_eq!(vault.open("SKU-2", &sealed), Err(VaultError::Corrupt));
        let mut flipped = sealed.clone();
        flipped.ciphertext[0] ^= 1;
        assert_eq!(vault.open("SKU-1", &flipped), Err(VaultError::Corrupt));
        assert_eq!(self::vault().open("SKU-1", &sealed), Err(VaultError::Corrupt));
    }

    #[test]
    fn rotation_seals_with_the_newest_and_opens_the_old() {
        let material = Vault::generate_material().unwrap();
        let old = Vault::from_material(&material).unwrap();
        let sealed_before = old.seal("SKU", "OLD-KEY").unwrap();
        let rotated_material = format!("{material}2:{}\n", STANDARD.encode([7_u8; 32]));
        let rotated = Vault::from_material(&rotated_material).unwrap();
        assert_eq!(rotated.current_key_id(), 2);
        assert_eq!(rotated.open("SKU", &sealed_before).unwrap(), "OLD-KEY");
        let sealed_after = rotated.seal("SKU", "NEW-KEY").unwrap();
        assert_eq!(sealed_after.master_key_id, 2);
        assert_eq!(old.open("SKU", &sealed_after), Err(VaultError::UnknownKeyId(2)));
        // The fingerprint survives rotation: duplicates are still found.
        assert_eq!(old.fingerprint("K"), rotated.fingerprint("K"));
    }

    #[test]
    fn fingerprints_are_keyed_and_deterministic() {
        let (one, two) = (vault(), vault());
        assert_eq!(one.fingerprint("KEY"), one.fingerprint("KEY"));
        assert_ne!(one.fingerprint("KEY"), one.fingerprint("KEY2"));
        assert_ne!(one.fingerprint("KEY"), two.fingerprint("KEY"));
        assert_eq!(one.fingerprint("KEY").len(), 32);
    }

    #[test]
    fn bad_material_says_what_is_wrong() {
        let key = STANDARD.encode([1_u8; 32]);
        for (material, fragment) in [
            ("", "fingerprint entry is missing"),
            (&format!("fingerprint:{key}") as &str, "no master key"),
            (&format!("fingerprint:{key},0:{key}"), "key id ≥ 1"),
            (&format!("fingerprint:{key},1:{key},1:{key}"), "given twice"),
            (&format!("fingerprint:{key},1:short"), "not base64"),
            (&format!("fingerprint:{key},1:{}", STANDARD.encode([1_u8; 16])), "32 bytes"),
            ("fingerprint", "NAME:BASE64"),
        ] {
            let error = Vault::from_material(material).unwrap_err().to_string();
            assert!(error.contains(fragment), "{material:?}: {error}");
        }
        let comma_separated = format!("# comment\nfingerprint:{key}, 3:{key}, 1:{key}");
        assert_eq!(Vault::from_material(&comma_separated).unwrap().current_key_id(), 3);
    }
}
