use std::sync::{Arc, RwLock};

/// One typed value kept by this process (no encoding, no copy: readers share
/// an `Arc`). Cleared on invalidation, reloaded on the next read.
pub struct Memo<T>(RwLock<Option<Arc<T>>>);

impl<T> Default for Memo<T> {
    fn default() -> Memo<T> {
        Memo(RwLock::new(None))
    }
}

impl<T> Memo<T> {
    pub fn get(&self) -> Option<Arc<T>> {
        self.0.read().ok().and_then(|slot| slot.clone())
    }

    pub fn set(&self, value: Arc<T>) {
        if let Ok(mut slot) = self.0.write() {
            *slot = Some(value);
        }
    }

    pub fn clear(&self) {
        if let Ok(mut slot) = self.0.write() {
            *slot = None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holds_until_cleared() {
        let memo = Memo::default();
        assert!(memo.get().is_none());
        memo.set(Arc::new(vec![1, 2]));
        assert_eq!(memo.get().as_deref(), Some(&vec![1, 2]));
        memo.clear();
        assert!(memo.get().is_none());
    }
}
