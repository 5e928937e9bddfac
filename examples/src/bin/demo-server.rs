//! The demo MCP server: `demo-server` (stdio) or `demo-server --http PORT`.

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    mcp_toolset_examples::demo_server::run(&args).await
}
