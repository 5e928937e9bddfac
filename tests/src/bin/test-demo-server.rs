//! The demo server, built as part of this package so its tests can start it by path
//! (`CARGO_BIN_EXE_test-demo-server`).

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    mcp_toolset_examples::demo_server::run(&args).await
}
