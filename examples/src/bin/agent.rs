//! An agent loop without an LLM: load `examples/agent/mcp.json` (the demo server,
//! server-everything and a broken entry), print the OpenAI tool definitions, then run a
//! scripted list of tool calls the way an LLM would send them. Synchronous code, through
//! `mcp_runtime::host::blocking`.
//!
//! `cargo run -p mcp-toolset-examples --bin agent` from the repository root
//! (server-everything is found where `scripts/test.sh` installs it; without it that server
//! is reported as failed, like the broken one, and the rest still works).

use mcp_runtime::host::blocking::Toolset;
use mcp_runtime::host::registry::{Format, RegistryOptions};

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--serve") {
        // This binary doubles as the demo server the config starts.
        let runtime = tokio::runtime::Runtime::new()?;
        return runtime.block_on(mcp_toolset_examples::demo_server::run(&args[1..]));
    }
    // The config names the demo server as ${MCP_DEMO_SERVER}.
    // SAFETY: single-threaded here; no other thread reads the environment yet.
    unsafe { std::env::set_var("MCP_DEMO_SERVER", std::env::current_exe()?) };
    let config = concat!(env!("CARGO_MANIFEST_DIR"), "/agent/mcp.json");
    let toolset = Toolset::load(Some(config.as_ref()), RegistryOptions::default())?;

    println!("servers:");
    for (name, status) in toolset.status() {
        println!("  {name:<11} {status:?}");
    }
    println!("\nOpenAI tool definitions:");
    println!(
        "{}",
        serde_json::to_string_pretty(&toolset.definitions(Format::OpenAi))?
    );

    // What an LLM might ask for, including mistakes it makes.
    let script = [
        ("mcp_demo_add", r#"{"a": 19, "b": 23}"#),
        ("mcp_demo_search", r#"{"query": "agents", "limit": 2}"#),
        (
            "mcp_everything_echo",
            r#"{"message": "hello from the agent"}"#,
        ),
        ("mcp_demo_add", r#"{"a": "nineteen"}"#),
        ("mcp_demo_fail", r#"{"message": "the tool had a bad day"}"#),
        ("mcp_broken_anything", r#"{}"#),
    ];
    println!("\ntool calls:");
    for (name, arguments) in script {
        let result = toolset.dispatch(name, arguments)?;
        let flag = if result.is_error { "error" } else { "ok" };
        println!(
            "→ {name}({arguments})\n  [{flag}, {:?}] {}",
            result.elapsed,
            result.content.replace('\n', "\n  ")
        );
    }
    toolset.shutdown()?;
    Ok(())
}
