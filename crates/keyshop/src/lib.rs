//! The `keyshop` binary: one program, subcommands for serving the store (all
//! services in one process, or one service per process) and for operating it.

pub mod app;
pub mod cli;
pub mod commands;

use std::process::ExitCode;

use clap::Parser;

/// Parses the command line, runs the command and turns its outcome into an
/// exit code with the error printed plainly.
pub fn run() -> ExitCode {
    let cli = cli::Cli::parse();
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
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
