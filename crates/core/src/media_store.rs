//! Where uploaded images are kept, through `object_store`: a folder (embedded
//! mode, `file://DIR`), an S3-compatible bucket (distributed mode,
//! `s3://BUCKET[/PREFIX]` with the standard `AWS_*` variables) or memory
//! (tests); each service in its own folder of it (`products/`, `chat/`).
//! Files are written once under their content's name and never changed, so
//! every replica may serve any of them.

use std::sync::Arc;

use object_store::aws::AmazonS3Builder;
use object_store::local::LocalFileSystem;
use object_store::memory::InMemory;
use object_store::path::Path;
use object_store::{ObjectStore, PutPayload};

use crate::error::AppError;

#[derive(Clone)]
pub struct MediaStore {
    store: Arc<dyn ObjectStore>,
    prefix: String,
}

impl std::fmt::Debug for MediaStore {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(formatter, "MediaStore({})", self.store)
    }
}

impl MediaStore {
    /// The store `url` names (`MEDIA_STORE_URL`); a folder is created if missing.
    pub fn open(url: &str) -> Result<MediaStore, String> {
        if url == "memory://" {
            return Ok(MediaStore::memory());
        }
        if let Some(dir) = url.strip_prefix("file://") {
            std::fs::create_dir_all(dir).map_err(|error| format!("MEDIA_STORE_URL {dir}: {error}"))?;
            let store =
                LocalFileSystem::new_with_prefix(dir).map_err(|error| format!("MEDIA_STORE_URL {dir}: {error}"))?;
            return Ok(MediaStore { store: Arc::new(store), prefix: String::new() });
        }
        if let Some(rest) = url.strip_prefix("s3://") {
            let (bucket, prefix) = rest.split_once('/').unwrap_or((rest, ""));
            let store = AmazonS3Builder::from_env()
                .with_bucket_name(bucket)
                .build()
                .map_err(|error| format!("MEDIA_STORE_URL {url}: {error}"))?;
            let prefix = prefix.trim_matches('/');
            let prefix = if prefix.is_empty() { String::new() } else { format!("{prefix}/") };
            return Ok(MediaStore { store: Arc::new(store), prefix });
        }
        Err(format!("MEDIA_STORE_URL must start with file://, s3:// or memory:// (got {url:?})"))
    }

    pub fn memory() -> MediaStore {
        MediaStore { store: Arc::new(InMemory::new()), prefix: String::new() }
    }

    /// The same store, its files kept under `folder`.
    pub fn in_folder(self, folder: &str) -> MediaStore {
        MediaStore { prefix: format!("{}{folder}/", self.prefix), ..self }
    }

    fn path(&self, name: &str) -> Path {
        Path::from(format!("{}{name}", self.prefix))
    }

    pub async fn put(&self, name: &str, data: Vec<u8>) -> Result<(), AppError> {
        self.store.put(&self.path(name), PutPayload::from(data)).await.map_err(AppError::unavailable)?;
        Ok(())
    }

    /// The file's bytes; `None` when there is none of that name.
    pub async fn get(&self, name: &str) -> Result<Option<Vec<u8>>, AppError> {
        match self.store.get(&self.path(name)).await {
            Ok(found) => Ok(Some(found.bytes().await.map_err(AppError::unavailable)?.to_vec())),
            Err(object_store::Error::NotFound { .. }) => Ok(None),
            Err(error) => Err(AppError::unavailable(error)),
        }
    }

    pub async fn exists(&self, name: &str) -> Result<bool, AppError> {
        match self.store.head(&self.path(name)).await {
            Ok(_) => Ok(true),
            Err(object_store::Error::NotFound { .. }) => Ok(false),
            Err(error) => Err(AppError::unavailable(error)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_folder_keeps_what_is_put() {
        let dir = tempfile::tempdir().unwrap();
        let store = MediaStore::open(&format!("file://{}", dir.path().display())).unwrap().in_folder("products");
        assert_eq!(store.get("a-320.webp").await.unwrap(), None);
        store.put("a-320.webp", b"RIFF".to_vec()).await.unwrap();
        assert_eq!(store.get("a-320.webp").await.unwrap(), Some(b"RIFF".to_vec()));
        assert!(store.exists("a-320.webp").await.unwrap());
        assert!(dir.path().join("products/a-320.webp").exists());
        assert!(MediaStore::open("ftp://x").is_err());
    }
}
