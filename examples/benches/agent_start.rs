//! From process start to the model's first tool definitions and to the first tool result, for
//! an agent over one and over ten stdio servers (the tenth never answers), side by side in one
//! run: mcp-runtime's Manager and Registry — servers unpinned, waiting for every one to settle
//! or only for the one the first call needs; pinned to their committed snapshots, so the
//! definitions come from the snapshots at once and the session opens on the recorded
//! handshake; and pinned to the same snapshot without the recorded handshake — against the
//! official TypeScript SDK client doing the same as such agents do (every server at once, each within
//! the connect timeout, then list, then call; `test-servers/bench/ts_agent_start.mjs`).
//!
//! The servers are the demo server (`add`); the mute one is `tests/faults/mute.py`. Every
//! measurement is a fresh client process, timed by this one from spawning it to each line it
//! prints; the median of five rounds, the clients alternating. The connect timeout is 10 s.
//!
//! `cargo bench -p mcp-toolset-examples --features agent --bench agent_start` (release; the TS
//! SDK is the pinned install of `scripts/test.sh --install-only`).

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::Instant;

use mcp_runtime::ConnectOptions;
use mcp_runtime::host::config::Config;
use mcp_runtime::host::manager::Manager;
use mcp_runtime::host::registry::{Format, Registry, RegistryOptions};
use serde_json::{Value, json};

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
const DEMO: &str = env!("CARGO_BIN_EXE_demo-server");
/// Set in the child processes: which client and how many servers.
const MEASURE: &str = "MCP_BENCH_AGENT";
const ROUNDS: usize = 5;
const CONNECT_TIMEOUT_S: u64 = 10;

#[derive(Clone, Copy, PartialEq)]
enum Who {
    /// Unpinned, waiting for every server to settle before offering anything (as the TS
    /// client does).
    Ours,
    /// Unpinned, starting at once and waiting only for the server the first call needs; the
    /// others join the registry as they connect.
    OursFirst,
    OursPinned,
    /// Pinned to the same snapshot without what it records of the handshake (a snapshot
    /// taken before that was recorded): the baseline of the cached discovery result.
    OursPinnedBare,
    Ts,
}

/// The demo snapshot without `protocolVersion` and `capabilities`, written once per run.
fn bare_snapshot() -> String {
    let path = std::env::temp_dir().join(format!("agent-start-bare-{}.json", std::process::id()));
    if !path.exists() {
        let text = std::fs::read_to_string(format!("{ROOT}/examples/mcp/demo.json"))
            .expect("demo snapshot");
        let mut snapshot: Value = serde_json::from_str(&text).expect("demo snapshot");
        if let Some(root) = snapshot.as_object_mut() {
            root.remove("protocolVersion");
            root.remove("capabilities");
        }
        std::fs::write(&path, snapshot.to_string()).expect("bare snapshot");
    }
    path.to_string_lossy().into_owned()
}

/// The servers of a run: `count` demo servers, the last one mute when there are several.
fn servers(count: usize) -> Vec<Vec<String>> {
    (0..count)
        .map(|i| match count > 1 && i == count - 1 {
            true => vec!["python3".into(), format!("{ROOT}/tests/faults/mute.py")],
            false => vec![DEMO.to_string()],
        })
        .collect()
}

/// `snapshot`: the file the entries are pinned to, if any.
fn config(count: usize, snapshot: Option<&str>) -> Config {
    let mut entries = serde_json::Map::new();
    for (i, argv) in servers(count).into_iter().enumerate() {
        let mut entry = json!({"command": argv[0], "args": argv[1..], "connect_timeout": CONNECT_TIMEOUT_S, "retry": {"attempts": 1}});
        if let Some(snapshot) = snapshot {
            entry["snapshot"] = snapshot.into();
        }
        entries.insert(format!("s{i}"), entry);
    }
    Config::parse(&json!({"mcpServers": entries}).to_string(), "bench").expect("config")
}

/// The child: start, print the definitions, call `add` on the first server, print the result.
/// `mode`: `settled`, `first` (both unpinned) or the snapshot every entry is pinned to.
async fn agent(count: usize, mode: &str) {
    let snapshot = (mode != "settled" && mode != "first").then_some(mode);
    let config = config(count, snapshot);
    let manager = match mode {
        "settled" => Manager::start_settled(config, ConnectOptions::default()).await,
        _ => Manager::start(config, ConnectOptions::default()).await,
    };
    if mode == "first" {
        let mut status = manager.server("s0").expect("s0").watch_status();
        let _ = status.wait_for(|s| !s.is_connecting()).await;
    }
    let registry = Registry::from_manager(&manager, RegistryOptions::default()).await;
    println!(
        "definitions {}",
        registry.definitions(Format::Anthropic).len()
    );
    let result = registry.dispatch("mcp_s0_add", r#"{"a": 1, "b": 2}"#).await;
    println!("result {}", result.content);
    manager.shutdown().await;
}

/// Seconds from spawning `command` to its `definitions` line and to its `result` line.
fn timed(mut command: Command) -> Option<(f64, f64)> {
    let start = Instant::now();
    let mut child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    let (mut definitions, mut result) = (None, None);
    for line in BufReader::new(child.stdout.take()?).lines() {
        let line = line.ok()?;
        let at = start.elapsed().as_secs_f64();
        if line.starts_with("definitions") {
            definitions = Some(at);
        } else if line.starts_with("result") {
            assert!(line.contains('3'), "wrong sum: {line}");
            result = Some(at);
        }
    }
    child.wait().ok()?;
    Some((definitions?, result?))
}

fn run(who: Who, count: usize) -> Option<(f64, f64)> {
    match who {
        Who::Ours | Who::OursFirst | Who::OursPinned | Who::OursPinnedBare => {
            let mut command = Command::new(std::env::current_exe().ok()?);
            let mode = match who {
                Who::OursPinned => format!("{ROOT}/examples/mcp/demo.json"),
                Who::OursPinnedBare => bare_snapshot(),
                Who::OursFirst => "first".to_string(),
                _ => "settled".to_string(),
            };
            command.env(MEASURE, format!("{count} {mode}"));
            timed(command)
        }
        Who::Ts => {
            let node = format!("{ROOT}/test-servers/node_modules/.bin/node");
            let sdk = format!("{ROOT}/test-servers/node_modules/@modelcontextprotocol/sdk");
            if !std::path::Path::new(&sdk).exists() {
                return None;
            }
            let node = if std::path::Path::new(&node).exists() {
                node
            } else {
                "node".into()
            };
            let mut command = Command::new(node);
            command.arg(format!("{ROOT}/test-servers/bench/ts_agent_start.mjs"));
            command.arg((CONNECT_TIMEOUT_S * 1000).to_string());
            command.arg(
                Value::from(
                    servers(count)
                        .into_iter()
                        .map(Value::from)
                        .collect::<Vec<_>>(),
                )
                .to_string(),
            );
            timed(command)
        }
    }
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

fn ms(seconds: f64) -> String {
    format!("{:.0} ms", seconds * 1e3)
}

fn main() {
    if let Ok(spec) = std::env::var(MEASURE) {
        let (count, mode) = spec.split_once(' ').unwrap_or((&spec, "settled"));
        let count = count.parse().unwrap_or(1);
        let runtime = tokio::runtime::Runtime::new().expect("runtime");
        return runtime.block_on(agent(count, mode));
    }
    let who = [
        (Who::Ours, "mcp-runtime, every server settled"),
        (
            Who::OursFirst,
            "mcp-runtime, start at once, the called server",
        ),
        (
            Who::OursPinnedBare,
            "mcp-runtime, snapshot-first, no recorded handshake",
        ),
        (Who::OursPinned, "mcp-runtime, snapshot-first"),
        (Who::Ts, "TypeScript SDK"),
    ];
    println!("| servers | client | to definitions | to first result | first result / TS |");
    println!("|---|---|---|---|---|");
    for count in [1, 10] {
        let mut times: Vec<Vec<(f64, f64)>> = vec![Vec::new(); who.len()];
        for _ in 0..ROUNDS {
            for (i, (w, _)) in who.iter().enumerate() {
                times[i].extend(run(*w, count));
            }
        }
        let cells: Vec<Option<(f64, f64)>> = times
            .iter()
            .map(|t| {
                (!t.is_empty()).then(|| {
                    (
                        median(t.iter().map(|x| x.0).collect()),
                        median(t.iter().map(|x| x.1).collect()),
                    )
                })
            })
            .collect();
        let ts = cells[who.len() - 1].map(|c| c.1);
        for ((_, label), cell) in who.iter().zip(&cells) {
            let Some((definitions, result)) = cell else {
                println!("| {count} | {label} | skipped | skipped | |");
                continue;
            };
            let ratio = ts.map_or(String::new(), |ts| format!("{:.2}", result / ts));
            println!(
                "| {count} | {label} | {} | {} | {ratio} |",
                ms(*definitions),
                ms(*result)
            );
        }
    }
}
