//! The README demo: start the demo server, list its tools, call some, print typed results.
//!
//! `cargo run -p mcp-toolset-examples --bin demo` runs this binary, which starts itself as the
//! demo server (`--serve`), so nothing else has to be built or installed.

use mcp_runtime::{Client, ServerSpec};
use serde::{Deserialize, Serialize};

#[derive(Serialize)]
struct AddArgs {
    a: f64,
    b: f64,
}

#[derive(Debug, Deserialize)]
struct Sum {
    sum: f64,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--serve") {
        return mcp_toolset_examples::demo_server::run(&args[1..]).await;
    }
    let me = std::env::current_exe()?.to_string_lossy().into_owned();
    let client = Client::connect(ServerSpec::stdio(me).arg("--serve")).await?;
    let info = client.server_info().map(|i| format!("{} {}", i.name, i.version)).unwrap_or_default();
    println!("connected to {info} (protocol {})", client.protocol_version());
    for tool in client.list_tools().await? {
        println!("  {:<14} {}", tool.name, tool.description.as_deref().unwrap_or(""));
    }
    let sum: Sum = client.call("add", &AddArgs { a: 2.0, b: 40.0 }).await?;
    println!("add(2, 40) -> sum = {}", sum.sum);
    let echoed = client.call_tool("echo", serde_json::json!({"message": "hello, MCP"})).await?;
    println!("echo -> {:?}", echoed.text());
    match client.call_tool("fail", serde_json::json!({"message": "as designed"})).await {
        Err(err) => println!("fail -> Err({err})"),
        Ok(out) => println!("fail -> unexpectedly Ok({})", out.text()),
    }
    client.close().await?;
    Ok(())
}
