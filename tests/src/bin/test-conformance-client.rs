//! The runtime's conformance client, built as part of this package so its test can start it by
//! path (`CARGO_BIN_EXE_test-conformance-client`).

// One thread: the scenario's secrets are set in the environment before anything reads it.
#[tokio::main(flavor = "current_thread")]
async fn main() -> anyhow::Result<()> {
    mcp_toolset_examples::conformance_client::run_from_env().await
}
