//! A shutdown signal shared by every task of a process.

use std::sync::Arc;

use tokio::sync::watch;

/// Fires the signal. Clones fire the same signal.
#[derive(Debug, Clone)]
pub struct ShutdownTrigger(Arc<watch::Sender<bool>>);

/// Waits for the signal. Clone one per task.
#[derive(Debug, Clone)]
pub struct Shutdown(watch::Receiver<bool>);

pub fn channel() -> (ShutdownTrigger, Shutdown) {
    let (sender, receiver) = watch::channel(false);
    (ShutdownTrigger(Arc::new(sender)), Shutdown(receiver))
}

impl ShutdownTrigger {
    pub fn trigger(&self) {
        let _ = self.0.send(true);
    }

    pub fn subscribe(&self) -> Shutdown {
        Shutdown(self.0.subscribe())
    }
}

impl Shutdown {
    /// Resolves once shutdown is triggered (or the trigger is gone).
    pub async fn wait(&mut self) {
        let _ = self.0.wait_for(|stopped| *stopped).await;
    }

    pub fn is_triggered(&self) -> bool {
        *self.0.borrow()
    }
}

/// Runs `work` now and then every `period` until `shutdown` (a background
/// worker: expiry, sending, purging). `work` logs its own failures.
pub fn every<F, Fut>(period: std::time::Duration, mut shutdown: Shutdown, mut work: F) -> tokio::task::JoinHandle<()>
where
    F: FnMut() -> Fut + Send + 'static,
    Fut: std::future::Future<Output = ()> + Send,
{
    tokio::spawn(async move {
        loop {
            work().await;
            tokio::select! {
                () = shutdown.wait() => break,
                () = tokio::time::sleep(period) => {}
            }
        }
    })
}
