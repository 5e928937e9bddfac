//! The `mcp-codegen` command line: `snapshot`, `generate`, `check`, `diff`, `approve`, `audit`,
//! `call`, `servers`, and the
//! OAuth commands `login`, `logout`, `auth status`. It parses (`args.rs`), calls the
//! `mcp-codegen` library and the runtime, and prints; one file per command family.
#![deny(missing_docs)]

mod approve;
mod args;
mod audit;
mod audit_config;
mod audit_report;
mod auth;
mod call;
mod call_args;
mod call_task;
mod complete;
mod drift;
mod form;
mod generate;
mod one_request;
mod prompt;
mod read;
mod servers;
mod skills;
mod snapshot;
mod snapshot_all;
mod source;
mod stdout;
mod word_diff;

use std::process::ExitCode;

use clap::Parser;

use args::{AuthCommand, Cli, Command};

/// Runs the `mcp-codegen` command line on `args` (the program name first, as
/// `std::env::args_os()` gives them): what the `mcp-codegen` binary does, for tools that embed
/// it (an `xtask`, a test harness). Errors are printed as `error: …`; the exit code is 0, 1
/// (drift at or above `--fail-on`, or a tool that reported an error), 3 (drift that includes a
/// security change) or 2 (an error).
pub fn run_cli<I, T>(args: I) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(err) => {
            let _ = err.print();
            return if err.use_stderr() {
                ExitCode::from(2)
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    match run(cli) {
        Ok(code) => code,
        // `… | head`: the reader has what it wanted.
        Err(err) if stdout::closed(&err) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::from(2)
        }
    }
}

/// Runs the command line; the exit code is 0 (ok), 1 (drift at or above `--fail-on`), 3 (a
/// security change among it), and
/// errors are returned for `run_cli` to print and exit 2.
fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Command::Snapshot {
            out,
            all,
            out_dir,
            source,
        } => snapshot::run(out.as_deref(), all, out_dir.as_deref(), &source),
        Command::Call(args) => args.run(),
        Command::Prompt(args) => args.run(),
        Command::Read(args) => args.run(),
        Command::Skills(args) => args.run(),
        Command::Complete(args) => args.run(),
        Command::Approve(args) => args.run(),
        Command::Audit(args) => args.run(),
        Command::Servers { config, format } => servers::run(config.as_deref(), format),
        Command::Generate(args) => args.run(),
        Command::Check {
            snapshot,
            source,
            report,
        } => drift::check(&snapshot, &source, &report),
        Command::Login { url, login } => auth::login(&url, &login),
        Command::Logout { url } => auth::logout(&url),
        Command::Auth {
            command: AuthCommand::Status,
        } => auth::status(),
        Command::Diff { old, new, report } => drift::diff(&old, &new, &report),
    }
}
