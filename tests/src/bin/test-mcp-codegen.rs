//! The `mcp-codegen` CLI, built as part of this package so its tests can run it by path
//! (`CARGO_BIN_EXE_test-mcp-codegen`) against the demo server.

fn main() -> std::process::ExitCode {
    mcp_codegen_cli::run_cli(std::env::args_os())
}
