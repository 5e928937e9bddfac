//! Call overhead of mcp-runtime's typed `call` against raw rmcp `call_tool` and the Python
//! SDK's `ClientSession`, on the demo server over stdio, in one run.
//!
//! `cargo bench -p mcp-toolset-examples --bench call_overhead` (release build). The Python
//! client needs `scripts/test.sh` to have installed test-servers/.venv; without it that row is
//! reported as skipped.
//!
//! Raw rmcp and mcp-runtime run in alternating rounds so that machine noise hits both alike.

use std::time::{Duration, Instant};

use mcp_runtime::{Client, ServerSpec};
use rmcp::ServiceExt;
use rmcp::model::CallToolRequestParams;
use serde::{Deserialize, Serialize};

const CALLS: usize = 2_000;
const ROUNDS: usize = 5;
const WARMUP: usize = 200;
const SERVER: &str = env!("CARGO_BIN_EXE_demo-server");

#[derive(Serialize)]
struct AddArgs {
    a: f64,
    b: f64,
}

#[derive(Deserialize)]
struct Sum {
    sum: f64,
}

async fn raw_rmcp_round(
    client: &rmcp::service::RunningService<rmcp::RoleClient, ()>,
    calls: usize,
) -> Duration {
    let start = Instant::now();
    for i in 0..calls {
        let mut args = serde_json::Map::new();
        args.insert("a".into(), serde_json::json!(i as f64));
        args.insert("b".into(), serde_json::json!(2.0));
        let result = client
            .call_tool(CallToolRequestParams::new("add").with_arguments(args))
            .await
            .expect("raw call");
        let sum = result
            .structured_content
            .as_ref()
            .and_then(|v| v["sum"].as_f64());
        assert_eq!(sum, Some(i as f64 + 2.0));
    }
    start.elapsed()
}

async fn runtime_round(client: &Client, calls: usize) -> Duration {
    let start = Instant::now();
    for i in 0..calls {
        let sum: Sum = client
            .call_tool(
                "add",
                AddArgs {
                    a: i as f64,
                    b: 2.0,
                },
            )
            .structured()
            .await
            .expect("typed call");
        assert_eq!(sum.sum, i as f64 + 2.0);
    }
    start.elapsed()
}

fn python_client() -> Option<Duration> {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let python = format!("{root}/test-servers/.venv/bin/python");
    if !std::path::Path::new(&python).exists() {
        return None;
    }
    let out = std::process::Command::new(python)
        .arg(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/benches/python_client.py"
        ))
        .args([
            CALLS.to_string(),
            WARMUP.to_string(),
            "1".into(),
            SERVER.to_string(),
        ])
        .stderr(std::process::Stdio::inherit())
        .output()
        .expect("run the Python client");
    assert!(out.status.success(), "python client failed");
    let report: serde_json::Value =
        serde_json::from_slice(&out.stdout).expect("python client's JSON");
    Some(Duration::from_secs_f64(report["seconds"].as_f64()?))
}

fn per_second(calls: usize, time: Duration) -> f64 {
    calls as f64 / time.as_secs_f64()
}

#[tokio::main]
async fn main() {
    let raw = ()
        .serve(
            rmcp::transport::TokioChildProcess::new(tokio::process::Command::new(SERVER)).unwrap(),
        )
        .await
        .expect("raw rmcp connect");
    let ours = Client::connect(ServerSpec::stdio(SERVER))
        .await
        .expect("mcp-runtime connect");
    raw_rmcp_round(&raw, WARMUP).await;
    runtime_round(&ours, WARMUP).await;

    let per_round = CALLS / ROUNDS;
    let (mut raw_time, mut ours_time) = (Duration::ZERO, Duration::ZERO);
    for _ in 0..ROUNDS {
        raw_time += raw_rmcp_round(&raw, per_round).await;
        ours_time += runtime_round(&ours, per_round).await;
    }
    raw.cancel().await.ok();
    ours.close().await;

    let raw_rate = per_second(CALLS, raw_time);
    let ours_rate = per_second(CALLS, ours_time);
    println!("{CALLS} sequential `add` calls on the demo server over stdio");
    println!(
        "  raw rmcp call_tool       {raw_rate:>9.0} calls/s  {:>7.1} µs/call",
        raw_time.as_secs_f64() * 1e6 / CALLS as f64
    );
    println!(
        "  mcp-runtime typed call   {ours_rate:>9.0} calls/s  {:>7.1} µs/call",
        ours_time.as_secs_f64() * 1e6 / CALLS as f64
    );
    println!(
        "  time per call, mcp-runtime / raw rmcp = {:.3} (target ≤ 1.03)",
        ours_time.as_secs_f64() / raw_time.as_secs_f64()
    );
    match python_client() {
        Some(py_time) => {
            let py_rate = per_second(CALLS, py_time);
            println!(
                "  python mcp ClientSession {py_rate:>9.0} calls/s  {:>7.1} µs/call",
                py_time.as_secs_f64() * 1e6 / CALLS as f64
            );
            println!(
                "  calls/s, mcp-runtime / python = {:.2} (target ≥ 2)",
                ours_rate / py_rate
            );
        }
        None => println!(
            "  python mcp ClientSession: skipped (run scripts/test.sh to install test-servers/.venv)"
        ),
    }
}
