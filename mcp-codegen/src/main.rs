//! `mcp-codegen`: parse the command line, run, print `error: …` and exit 2 on failure.

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    match mcp_codegen::cli::run(mcp_codegen::cli::Cli::parse()) {
        Ok(code) => code,
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::from(2)
        }
    }
}
