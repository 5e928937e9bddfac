//! `mcp-codegen`: parse the command line, run, print `error: …` and exit 2 on failure.

use std::process::ExitCode;

fn main() -> ExitCode {
    mcp_codegen_cli::run_cli(std::env::args_os())
}
