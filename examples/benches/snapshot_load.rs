//! Reading pinned snapshots at start-up, the part of "definitions at once" that grows with a
//! snapshot's size. In one run, medians of 7 (release build):
//!
//! - reading each snapshot's `tools` into JSON values whole (the baseline: how snapshots were
//!   read before) against `Approved::parse`, which leaves each `outputSchema` as text;
//! - the time from reading a config whose every entry is pinned (connect on first call, so
//!   nothing runs) to the Registry's first definitions.
//!
//! Over the real corpus (`tests/corpus/real/`), and over any further snapshots named in
//! `MCP_BENCH_SNAPSHOTS` (paths separated by `:`), each alone.
//!
//! `cargo bench -p mcp-toolset-examples --features agent --bench snapshot_load`

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

use mcp_runtime::ConnectOptions;
use mcp_runtime::host::config::Config;
use mcp_runtime::host::manager::Manager;
use mcp_runtime::host::registry::{Format, Registry, RegistryOptions};
use mcp_runtime::schema::Approved;
use serde_json::{Value, json};

const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/corpus/real");
const RUNS: usize = 7;

/// The baseline: every tool parsed into a value, by name.
fn parse_whole(text: &str) -> BTreeMap<String, Value> {
    #[derive(serde::Deserialize)]
    struct Tools {
        tools: Option<Value>,
    }
    let root: Tools = serde_json::from_str(text).expect("JSON");
    let Some(Value::Array(tools)) = root.tools else {
        panic!("no tools");
    };
    tools
        .into_iter()
        .filter_map(|tool| Some((tool.get("name")?.as_str()?.to_string(), tool)))
        .collect()
}

/// The median of `RUNS` timings of `work`, in ms.
fn median(mut work: impl FnMut()) -> f64 {
    let mut times: Vec<f64> = (0..RUNS)
        .map(|_| {
            let start = Instant::now();
            work();
            start.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[RUNS / 2]
}

/// Definitions from a config pinning each of `files`; the ms it took and how many.
async fn to_definitions(files: &[PathBuf]) -> (f64, usize) {
    let start = Instant::now();
    let servers: serde_json::Map<String, Value> = files
        .iter()
        .enumerate()
        .map(|(i, file)| {
            let entry =
                json!({"command": "never-run", "snapshot": file, "connect": "on-first-call"});
            (format!("s{i}"), entry)
        })
        .collect();
    let text = json!({"mcpServers": servers}).to_string();
    let config = Config::parse(&text, "bench mcp.json").expect("config");
    let manager = Manager::start(config, ConnectOptions::default()).await;
    let registry = Registry::from_manager(&manager, RegistryOptions::default()).await;
    let count = registry.definitions(Format::OpenAi).len();
    let elapsed = start.elapsed().as_secs_f64() * 1e3;
    manager.shutdown().await;
    (elapsed, count)
}

async fn row(label: &str, files: &[PathBuf]) {
    let texts: Vec<String> = files
        .iter()
        .map(|f| std::fs::read_to_string(f).expect("snapshot"))
        .collect();
    let bytes: usize = texts.iter().map(String::len).sum();
    let whole = median(|| {
        for text in &texts {
            std::hint::black_box(parse_whole(text));
        }
    });
    let ours = median(|| {
        for text in &texts {
            std::hint::black_box(Approved::parse(text, "bench").expect("snapshot"));
        }
    });
    let mut runs = Vec::new();
    let mut tools = 0;
    for _ in 0..RUNS {
        let (ms, count) = to_definitions(files).await;
        runs.push(ms);
        tools = count;
    }
    runs.sort_by(f64::total_cmp);
    println!(
        "| {label} | {:.1} MB | {tools} | {whole:.1} | {ours:.1} | {:.2} | {:.1} |",
        bytes as f64 / 1e6,
        ours / whole,
        runs[RUNS / 2]
    );
}

#[tokio::main]
async fn main() {
    let mut corpus: Vec<PathBuf> = std::fs::read_dir(CORPUS)
        .expect("tests/corpus/real")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    corpus.sort();
    println!(
        "| snapshots | size | tools | parse whole (ms) | Approved::parse (ms) | ratio | config to definitions (ms) |"
    );
    println!("|---|---|---|---|---|---|---|");
    row(&format!("corpus ({} servers)", corpus.len()), &corpus).await;
    let extra = std::env::var("MCP_BENCH_SNAPSHOTS").unwrap_or_default();
    for path in extra.split(':').filter(|p| !p.is_empty()) {
        let name = Path::new(path).file_name().unwrap().to_string_lossy();
        row(&name, &[PathBuf::from(path)]).await;
    }
}
