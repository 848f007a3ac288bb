use keyshop_core::config::Config;
use keyshop_core::shutdown::ShutdownTrigger;
use keyshop_core::telemetry;

use crate::app::{self, Role};
use crate::cli::ServiceArg;

/// `keyshop serve [--service NAME]`: runs until SIGTERM or Ctrl-C, then stops
/// accepting, finishes requests in flight and flushes the outboxes. With
/// `--demo` an empty catalog gets the demo catalog first.
pub async fn run(mut config: Config, service: Option<ServiceArg>, demo: bool) -> anyhow::Result<()> {
    let role = match service {
        None => Role::Embedded,
        Some(ServiceArg::Gateway) => Role::Gateway,
        Some(backend) => backend.backend().map_or(Role::Gateway, Role::Service),
    };
    if let Some(service) = service
        && config.telemetry.service_name == "keyshop"
    {
        config.telemetry.service_name = format!("keyshop-{}", format!("{service:?}").to_lowercase());
    }
    let _telemetry = telemetry::init(&config.telemetry)?;
    let running = app::start(&config, role, demo).await?;
    tokio::spawn(stop_on_signal(running.trigger().clone()));
    running.wait().await?;
    tracing::info!("stopped");
    Ok(())
}

async fn stop_on_signal(trigger: ShutdownTrigger) {
    wait_for_signal().await;
    tracing::info!("shutting down: finishing requests in flight");
    trigger.trigger();
}

#[cfg(unix)]
async fn wait_for_signal() {
    use tokio::signal::unix::{SignalKind, signal};
    match signal(SignalKind::terminate()) {
        Ok(mut terminate) => {
            tokio::select! {
                _ = terminate.recv() => {}
                _ = tokio::signal::ctrl_c() => {}
            }
        }
        Err(error) => {
            tracing::warn!(error = %error, "SIGTERM handler unavailable; Ctrl-C only");
            let _ = tokio::signal::ctrl_c().await;
        }
    }
}

#[cfg(not(unix))]
async fn wait_for_signal() {
    let _ = tokio::signal::ctrl_c().await;
}
