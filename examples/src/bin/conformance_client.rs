//! The MCP conformance suite's client on the runtime alone (`conformance_client.rs` in the
//! library).

// One thread: the scenario's secrets are set in the environment before anything reads it.
#[tokio::main(flavor = "current_thread")]
async fn main() -> anyhow::Result<()> {
    mcp_toolset_examples::conformance_client::run_from_env().await
}
