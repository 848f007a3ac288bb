//! Where the master keys come from: `KEYSHOP_MASTER_KEYS`, else the master
//! key file. With SQLite (embedded mode) a missing file is created on first
//! run, readable by its owner only; with PostgreSQL it must be provided, since
//! a key made inside a throw-away container would be lost with it, and every
//! key sealed under it.

use std::path::{Path, PathBuf};

use keyshop_core::config::DeliveryConfig;
use secrecy::ExposeSecret;

use crate::domain::vault::{Vault, VaultError};

#[derive(Debug, thiserror::Error)]
pub enum MasterKeyError {
    #[error("{path}: {source}")]
    Io { path: PathBuf, source: std::io::Error },
    #[error("{origin}: {source}")]
    Invalid { origin: String, source: VaultError },
    #[error(
        "no master keys: set KEYSHOP_MASTER_KEYS or KEYSHOP_MASTER_KEY_FILE ({path} does not exist); they are only \
         created automatically for an embedded (SQLite) store"
    )]
    Missing { path: PathBuf },
}

/// The vault of `config`; `may_create` allows making a new key file.
pub fn load(config: &DeliveryConfig, may_create: bool) -> Result<Vault, MasterKeyError> {
    if let Some(material) = &config.master_keys {
        return Vault::from_material(material.expose_secret())
            .map_err(|source| MasterKeyError::Invalid { origin: "KEYSHOP_MASTER_KEYS".to_owned(), source });
    }
    let path = &config.master_key_file;
    let material = match std::fs::read_to_string(path) {
        Ok(material) => {
            warn_if_readable_by_others(path);
            material
        }
        Err(error) if error.kind() == std::io::ErrorKind::NotFound && may_create => create(path)?,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
            return Err(MasterKeyError::Missing { path: path.clone() });
        }
        Err(source) => return Err(MasterKeyError::Io { path: path.clone(), source }),
    };
    Vault::from_material(&material)
        .map_err(|source| MasterKeyError::Invalid { origin: path.display().to_string(), source })
}

/// Writes new material to `path` with mode 0600, never over an existing file.
fn create(path: &Path) -> Result<String, MasterKeyError> {
    let io = |source| MasterKeyError::Io { path: path.to_path_buf(), source };
    let material = Vault::generate_material()
        .map_err(|source| MasterKeyError::Invalid { origin: "new master keys".to_owned(), source })?;
    keyshop_core::secret::create_private_file(path, material.as_bytes()).map_err(io)?;
    tracing::warn!(path = %path.display(), "created new delivery master keys: back this file up, keys cannot be read without it");
    Ok(material)
}

fn warn_if_readable_by_others(path: &Path) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        if let Ok(metadata) = std::fs::metadata(path)
            && metadata.permissions().mode() & 0o077 != 0
        {
            tracing::warn!(path = %path.display(), "the master key file is readable by others: chmod 600 it");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(path: PathBuf) -> DeliveryConfig {
        DeliveryConfig {
            master_keys: None,
            master_key_file: path,
            payment_window: std::time::Duration::from_secs(900),
            auto_complete_after: std::time::Duration::from_secs(7 * 86_400),
            guest_limits: keyshop_core::config::GuestLimits {
                orders_per_address: 10,
                orders_per_email: 5,
                keys_per_address: 50,
            },
        }
    }

    #[test]
    fn the_embedded_store_creates_its_key_file_once_and_owner_only() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("data/master.key");
        let first = load(&config(path.clone()), true).unwrap();
        let sealed = first.seal("SKU", "KEY-1").unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            assert_eq!(std::fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o600);
        }
        let again = load(&config(path), true).unwrap();
        assert_eq!(again.open("SKU", &sealed).unwrap(), "KEY-1");
    }

    #[test]
    fn a_distributed_store_needs_its_keys_given() {
        let dir = tempfile::tempdir().unwrap();
        let missing = load(&config(dir.path().join("master.key")), false).unwrap_err();
        assert!(matches!(missing, MasterKeyError::Missing { .. }), "{missing}");
        let from_env = DeliveryConfig {
            master_keys: Some(Vault::generate_material().unwrap().into()),
            ..config(dir.path().join("unused"))
        };
        assert_eq!(load(&from_env, false).unwrap().current_key_id(), 1);
        let bad = DeliveryConfig { master_keys: Some("nonsense".to_owned().into()), ..config(dir.path().join("x")) };
        assert!(load(&bad, false).unwrap_err().to_string().contains("KEYSHOP_MASTER_KEYS"));
    }
}
