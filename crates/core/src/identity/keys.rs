//! The identity keys of a process: the private keys of the parties it runs
//! and the public keys of every party.
//!
//! - Embedded mode: one file (`KEYSHOP_IDENTITY_KEY_FILE`, `data/identity.keys`)
//!   holds a key per party, `party:BASE64(seed)` per line; it is created on
//!   first run, readable by its owner only.
//! - Distributed mode: `KEYSHOP_IDENTITY_KEY` is this process's own key
//!   (`party:BASE64(seed)`) and `KEYSHOP_IDENTITY_PUBLIC_KEYS` every party's
//!   public key (`party:BASE64,…`), both from secrets; `keyshop admin
//!   identity-keys` prints a new set.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use base64::Engine;
use base64::engine::general_purpose::STANDARD as B64;
use ring::signature::{Ed25519KeyPair, KeyPair};
use secrecy::ExposeSecret;

use super::{Party, Signer, Verifier};
use crate::config::IdentityConfig;

#[derive(Debug, thiserror::Error)]
pub enum KeyringError {
    #[error("{path}: {source}")]
    Io { path: PathBuf, source: std::io::Error },
    #[error("{origin}: {problem}")]
    Invalid { origin: String, problem: String },
    #[error(
        "no identity key for {0}: set KEYSHOP_IDENTITY_KEY and KEYSHOP_IDENTITY_PUBLIC_KEYS (`keyshop admin \
         identity-keys` makes a set); the key file is only created for the embedded store"
    )]
    Missing(Party),
    #[error("KEYSHOP_IDENTITY_PUBLIC_KEYS lacks {0}'s public key")]
    MissingPublic(Party),
    #[error("the public key of {0} in KEYSHOP_IDENTITY_PUBLIC_KEYS is not the one of KEYSHOP_IDENTITY_KEY")]
    Mismatch(Party),
}

/// The keys one process holds.
#[derive(Clone, Default)]
pub struct Keyring {
    private: BTreeMap<Party, Arc<Ed25519KeyPair>>,
    public: BTreeMap<Party, [u8; 32]>,
}

impl std::fmt::Debug for Keyring {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter
            .debug_struct("Keyring")
            .field("private", &self.private.keys().collect::<Vec<_>>())
            .field("public", &self.public.keys().collect::<Vec<_>>())
            .finish()
    }
}

/// A new key seed, from the operating system's generator (failing it,
/// the thread's generator, itself seeded from the system).
fn new_seed() -> [u8; 32] {
    crate::secret::new_key_bytes().unwrap_or_else(|_| rand::random())
}

fn pair(seed: &[u8]) -> Result<Ed25519KeyPair, String> {
    Ed25519KeyPair::from_seed_unchecked(seed).map_err(|error| format!("not an Ed25519 seed: {error}"))
}

fn public_of(pair: &Ed25519KeyPair) -> [u8; 32] {
    let mut key = [0u8; 32];
    key.copy_from_slice(pair.public_key().as_ref());
    key
}

/// `party:BASE64` entries, separated by commas or line breaks.
fn entries(text: &str) -> Result<Vec<(Party, Vec<u8>)>, String> {
    text.split([',', '\n'])
        .map(str::trim)
        .filter(|entry| !entry.is_empty() && !entry.starts_with('#'))
        .map(|entry| {
            let (name, value) = entry.split_once(':').ok_or_else(|| "expected PARTY:BASE64 entries".to_owned())?;
            let party =
                Party::parse(name.trim()).ok_or_else(|| format!("{:?} is not a part of the store", name.trim()))?;
            let bytes = B64.decode(value.trim()).map_err(|_| format!("{party}'s key is not base64"))?;
            if bytes.len() != 32 {
                return Err(format!("{party}'s key is not 32 bytes"));
            }
            Ok((party, bytes))
        })
        .collect()
}

impl Keyring {
    /// A new key for every party (tests, and the embedded store's first run).
    pub fn generate() -> Keyring {
        let mut keyring = Keyring::default();
        for party in Party::ALL {
            // A fresh 32-byte seed is always a valid key.
            if let Ok(pair) = pair(&new_seed()) {
                keyring.add(party, pair);
            }
        }
        keyring
    }

    fn add(&mut self, party: Party, pair: Ed25519KeyPair) {
        self.public.insert(party, public_of(&pair));
        self.private.insert(party, Arc::new(pair));
    }

    /// A new set for a distributed store: `(party, private entry, public entry)`.
    pub fn generate_material() -> Vec<(Party, String, String)> {
        Party::ALL
            .into_iter()
            .filter_map(|party| {
                let seed = new_seed();
                let public = public_of(&pair(&seed).ok()?);
                Some((party, format!("{party}:{}", B64.encode(seed)), format!("{party}:{}", B64.encode(public))))
            })
            .collect()
    }

    /// The keys of `config` for a process running `parties`; the key file is
    /// created when missing only if `may_create` (the embedded store).
    pub fn load(config: &IdentityConfig, parties: &[Party], may_create: bool) -> Result<Keyring, KeyringError> {
        let keyring = match &config.key {
            Some(key) => Keyring::from_environment(key.expose_secret(), config.public_keys.as_deref().unwrap_or(""))?,
            None => Keyring::from_file(&config.key_file, may_create)?,
        };
        for party in parties {
            if !keyring.private.contains_key(party) {
                return Err(KeyringError::Missing(*party));
            }
        }
        for party in Party::ALL {
            if !keyring.public.contains_key(&party) {
                return Err(KeyringError::MissingPublic(party));
            }
        }
        Ok(keyring)
    }

    fn from_environment(private: &str, public: &str) -> Result<Keyring, KeyringError> {
        fn invalid(origin: &'static str) -> impl Fn(String) -> KeyringError {
            move |problem| KeyringError::Invalid { origin: origin.to_owned(), problem }
        }
        if crate::config::is_placeholder(public) {
            let problem = "still a placeholder: make a set with `keyshop admin identity-keys`".to_owned();
            return Err(KeyringError::Invalid { origin: "KEYSHOP_IDENTITY_PUBLIC_KEYS".to_owned(), problem });
        }
        let mut keyring = Keyring::default();
        for (party, key) in entries(public).map_err(invalid("KEYSHOP_IDENTITY_PUBLIC_KEYS"))? {
            let mut bytes = [0u8; 32];
            bytes.copy_from_slice(&key);
            keyring.public.insert(party, bytes);
        }
        for (party, seed) in entries(private).map_err(invalid("KEYSHOP_IDENTITY_KEY"))? {
            let pair = pair(&seed).map_err(invalid("KEYSHOP_IDENTITY_KEY"))?;
            match keyring.public.get(&party) {
                Some(listed) if *listed != public_of(&pair) => return Err(KeyringError::Mismatch(party)),
                None => return Err(KeyringError::MissingPublic(party)),
                Some(_) => {}
            }
            keyring.private.insert(party, Arc::new(pair));
        }
        Ok(keyring)
    }

    fn from_file(path: &Path, may_create: bool) -> Result<Keyring, KeyringError> {
        let io = |source| KeyringError::Io { path: path.to_path_buf(), source };
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound && may_create => return create(path),
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
                return Err(KeyringError::Missing(Party::Gateway));
            }
            Err(source) => return Err(io(source)),
        };
        let invalid = |problem| KeyringError::Invalid { origin: path.display().to_string(), problem };
        let mut keyring = Keyring::default();
        for (party, seed) in entries(&text).map_err(invalid)? {
            keyring.add(party, pair(&seed).map_err(invalid)?);
        }
        Ok(keyring)
    }

    /// The signer of `party`, if this process holds its key.
    pub fn signer(&self, party: Party) -> Option<Signer> {
        self.private.get(&party).map(|pair| Signer::new(party, pair.clone()))
    }

    /// The verifier of calls to `party`.
    pub fn verifier(&self, party: Party) -> Verifier {
        let public: Vec<(Party, [u8; 32])> = self.public.iter().map(|(party, key)| (*party, *key)).collect();
        Verifier::new(party, &public)
    }
}

/// Writes a new key per party to `path`, mode 0600, never over a file.
fn create(path: &Path) -> Result<Keyring, KeyringError> {
    let io = |source| KeyringError::Io { path: path.to_path_buf(), source };
    let material = Keyring::generate_material();
    let mut text = String::from("# keyshop identity keys (one per part of the store): keep private\n");
    for (_, private, _) in &material {
        text.push_str(private);
        text.push('\n');
    }
    crate::secret::create_private_file(path, text.as_bytes()).map_err(io)?;
    tracing::info!(path = %path.display(), "created the store's identity keys");
    Keyring::from_file(path, false)
}

#[cfg(test)]
mod tests {
    use secrecy::SecretString;

    use super::*;

    fn config(key_file: PathBuf) -> IdentityConfig {
        IdentityConfig { key: None, public_keys: None, key_file }
    }

    #[test]
    fn the_embedded_store_creates_its_keys_once_owner_only() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("data/identity.keys");
        let first = Keyring::load(&config(path.clone()), &Party::ALL, true).unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            assert_eq!(std::fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o600);
        }
        let again = Keyring::load(&config(path), &Party::ALL, true).unwrap();
        let token = first.signer(Party::Gateway).unwrap().assertion(Party::Order, None);
        assert!(again.verifier(Party::Order).verify(Some(&token)).is_ok());
    }

    #[test]
    fn a_distributed_process_gets_its_own_key_and_every_public_one() {
        let dir = tempfile::tempdir().unwrap();
        let missing = Keyring::load(&config(dir.path().join("identity.keys")), &[Party::Order], false).unwrap_err();
        assert!(matches!(missing, KeyringError::Missing(_)), "{missing}");

        let material = Keyring::generate_material();
        let public: Vec<String> = material.iter().map(|(_, _, public)| public.clone()).collect();
        let order_key = material.iter().find(|(party, _, _)| *party == Party::Order).unwrap().1.clone();
        let distributed = IdentityConfig {
            key: Some(SecretString::from(order_key.clone())),
            public_keys: Some(public.join(",")),
            key_file: dir.path().join("unused"),
        };
        let keyring = Keyring::load(&distributed, &[Party::Order], false).unwrap();
        assert!(keyring.signer(Party::Order).is_some() && keyring.signer(Party::Gateway).is_none());
        // It cannot run as the gateway.
        assert!(matches!(
            Keyring::load(&distributed, &[Party::Gateway], false),
            Err(KeyringError::Missing(Party::Gateway))
        ));
        // A public list that does not match the private key is refused.
        let other = Keyring::generate_material();
        let wrong = IdentityConfig {
            public_keys: Some(other.iter().map(|(_, _, public)| public.clone()).collect::<Vec<_>>().join(",")),
            ..distributed
        };
        assert!(matches!(Keyring::load(&wrong, &[Party::Order], false), Err(KeyringError::Mismatch(Party::Order))));
    }
}
