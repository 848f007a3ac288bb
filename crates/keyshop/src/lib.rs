//! The `keyshop` binary: one program, subcommands for serving the store (all
//! services in one process, or one service per process) and for operating it.

pub mod app;
pub mod cli;
pub mod commands;

use std::process::ExitCode;

use clap::Parser;

/// Threads for blocking work (database calls, files, password hashing).
/// Tokio's default of 512 let hundreds of queued database calls each take a
/// thread and wait for one of the pool's connections, and the switching
/// between them cost more than the queries (purchase bench, 64 buyers:
/// ~295 -> ~320 orders/s). Work beyond this waits in tokio's queue.
const BLOCKING_THREADS: usize = 16;

/// Parses the command line, runs the command and turns its outcome into an
/// exit code with the error printed plainly.
pub fn run() -> ExitCode {
    let cli = cli::Cli::parse();
    let runtime =
        match tokio::runtime::Builder::new_multi_thread().max_blocking_threads(BLOCKING_THREADS).enable_all().build() {
            Ok(runtime) => runtime,
            Err(error) => {
                eprintln!("keyshop: cannot start the async runtime: {error}");
                return ExitCode::FAILURE;
            }
        };
    match runtime.block_on(commands::run(cli)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("keyshop: {error:#}");
            ExitCode::FAILURE
        }
    }
}
