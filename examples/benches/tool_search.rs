//! Deferred loading on the real corpus: every snapshot of `tests/corpus/real/` (46 servers,
//! 2,000+ tools) as a pinned, connect-on-first-call entry of one config — so nothing runs and
//! the Registry offers the snapshots' tools at once — then, in one run:
//!
//! - the definitions offered up front, all tools (today's default) against deferral (the search
//!   tool only), in characters and estimated tokens (4 characters a token), OpenAI and
//!   Anthropic formats;
//! - the search's recall@1/@5 and mean reciprocal rank on `tests/corpus/tool-search/queries.json`
//!   (tasks written before the search was);
//! - time to a registry (config, start, registry) and per search (release build).
//!
//! `cargo bench -p mcp-toolset-examples --features agent --bench tool_search`

use std::path::Path;
use std::time::Instant;

use mcp_runtime::ConnectOptions;
use mcp_runtime::host::config::Config;
use mcp_runtime::host::manager::Manager;
use mcp_runtime::host::registry::{Deferral, Format, Registry, RegistryOptions};
use serde_json::{Value, json};

const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/corpus");
const K: usize = 5;

/// One pinned entry per real snapshot; the command is never run.
fn config() -> Config {
    let mut servers = serde_json::Map::new();
    let mut files: Vec<_> = std::fs::read_dir(Path::new(CORPUS).join("real"))
        .expect("tests/corpus/real")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    for file in files {
        let name = file.file_stem().unwrap().to_string_lossy().into_owned();
        let entry = json!({"command": "never-run", "snapshot": file, "connect": "on-first-call"});
        servers.insert(name, entry);
    }
    let text = json!({"mcpServers": servers}).to_string();
    let config = Config::parse(&text, "corpus mcp.json").expect("config");
    assert!(config.warnings.is_empty(), "{:?}", config.warnings);
    config
}

/// A registry of the corpus, and how long reading the config (and its snapshots), starting
/// the manager and building the registry took, in ms.
async fn registry(options: RegistryOptions) -> (Manager, Registry, [f64; 3]) {
    let ms = |since: Instant| since.elapsed().as_secs_f64() * 1e3;
    let start = Instant::now();
    let config = config();
    let read = ms(start);
    let manager = Manager::start(config, ConnectOptions::default()).await;
    let started = ms(start);
    let registry = Registry::from_manager(&manager, options).await;
    (
        manager,
        registry,
        [read, started - read, ms(start) - started],
    )
}

fn size(definitions: &[Value]) -> usize {
    serde_json::to_string(definitions).unwrap().len()
}

/// Rank (from 1) of the first expected tool among the top `K`, if any.
fn rank(registry: &Registry, found: &[(String, f32)], expect: &[Value]) -> Option<usize> {
    found
        .iter()
        .position(|(name, _)| {
            let Some((server, tool)) = registry.resolve(name) else {
                return false;
            };
            expect
                .iter()
                .any(|e| e.as_str() == Some(&format!("{server}/{tool}")))
        })
        .map(|at| at + 1)
}

#[tokio::main]
async fn main() {
    let (_all_manager, all, all_ms) = registry(RegistryOptions::default()).await;
    let defer = RegistryOptions::default().defer(Deferral::default());
    let (_manager, deferred, deferred_ms) = registry(defer).await;
    let tools = all.names().len();
    println!(
        "catalog: {tools} tools of {} servers",
        _manager.servers().len()
    );
    println!(
        "\n| format | all tools: chars | ≈ tokens | deferred: chars | ≈ tokens | deferred / all |"
    );
    println!("|---|---|---|---|---|---|");
    for (label, format) in [("OpenAI", Format::OpenAi), ("Anthropic", Format::Anthropic)] {
        let (a, d) = (
            size(&all.definitions(format)),
            size(&deferred.definitions(format)),
        );
        println!(
            "| {label} | {a} | {} | {d} | {} | {:.4} |",
            a / 4,
            d / 4,
            d as f64 / a as f64
        );
    }

    let queries: Value = serde_json::from_str(
        &std::fs::read_to_string(Path::new(CORPUS).join("tool-search/queries.json")).unwrap(),
    )
    .unwrap();
    let queries = queries["queries"].as_array().unwrap();
    let (mut at1, mut at5, mut reciprocal, mut misses) = (0, 0, 0.0, Vec::new());
    let start = Instant::now();
    let index_built = {
        deferred.search("warm up the index", 1);
        start.elapsed()
    };
    let searches = Instant::now();
    for q in queries {
        let found = deferred.search(q["query"].as_str().unwrap(), K);
        match rank(&deferred, &found, q["expect"].as_array().unwrap()) {
            Some(r) => {
                at1 += usize::from(r == 1);
                at5 += 1;
                reciprocal += 1.0 / r as f64;
            }
            None => misses.push((q["query"].clone(), found.first().map(|f| f.0.clone()))),
        }
    }
    let per_search = searches.elapsed().as_secs_f64() * 1e3 / queries.len() as f64;
    let n = queries.len() as f64;
    println!(
        "\nsearch over {tools} tools, {} queries: recall@1 {:.2}, recall@{K} {:.2}, MRR {:.2}",
        queries.len(),
        at1 as f64 / n,
        at5 as f64 / n,
        reciprocal / n
    );
    for (query, first) in &misses {
        println!(
            "  missed: {query} (first: {})",
            first.as_deref().unwrap_or("nothing")
        );
    }
    for (label, [read, start, build]) in [("all", all_ms), ("deferred", deferred_ms)] {
        let total = read + start + build;
        println!(
            "\n{label}: config and snapshots read {read:.1} ms, Manager::start {start:.1} ms, Registry::from_manager {build:.1} ms: {total:.1} ms to definitions"
        );
    }
    let built = index_built.as_secs_f64() * 1e3;
    println!("search index built in {built:.1} ms; {per_search:.2} ms a search");
}
