//! The build.rs front door: `build.rs` generated this client into `$OUT_DIR/demo.rs`.
//!
//! `cargo run -p mcp-toolset-examples --bin build_rs_client -- <demo server command>` (by
//! default it starts `demo-server` from the same target directory).

mod demo {
    mcp_runtime::include_client!("demo");
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    if args.is_empty() {
        let sibling = std::env::current_exe()?.with_file_name("demo-server");
        args.push(sibling.to_string_lossy().into_owned());
    }
    let spec = mcp_runtime::ServerSpec::stdio(&args[0]).args(args[1..].iter().cloned());
    let client = demo::McpToolsetDemo::connect(spec).await?;
    let sum = client.add(20.0, 22.0).await?;
    println!("add(20, 22) = {}", sum.sum);
    client.close().await;
    Ok(())
}
