//! The `mcp-codegen` CLI, built as part of this package so its tests can run it by path
//! (`CARGO_BIN_EXE_test-mcp-codegen`) against the demo server.

use clap::Parser;

fn main() -> std::process::ExitCode {
    match mcp_codegen::cli::run(mcp_codegen::cli::Cli::parse()) {
        Ok(code) => code,
        Err(err) => {
            eprintln!("error: {err:#}");
            std::process::ExitCode::from(2)
        }
    }
}
