//! Throughput against pool size: 24 concurrent 50 ms calls of the demo server's `sleep` tool,
//! the server started with `--serial` (one call at a time per process, like many
//! single-threaded servers), through `Manager` with `pool.max` of 1, 2, 4 and 8, in one run.
//!
//! `cargo bench -p mcp-toolset-examples --bench pool`

use std::time::Instant;

use mcp_runtime::ConnectOptions;
use mcp_runtime::host::config::Config;
use mcp_runtime::host::manager::Manager;
use serde_json::json;

const SERVER: &str = env!("CARGO_BIN_EXE_demo-server");
const CALLS: usize = 24;
const SLEEP_MS: u64 = 50;

async fn run(max: usize) -> (f64, usize) {
    let config = json!({"mcpServers": {"demo": {"command": SERVER, "args": ["--serial"], "pool": {"min": 1, "max": max}}}});
    let manager = Manager::start_settled(
        Config::parse(&config.to_string(), "bench").unwrap(),
        ConnectOptions::default(),
    )
    .await;
    let server = manager.server("demo").unwrap().clone();
    // Warm up to the pool's size, then measure.
    for _ in 0..2 {
        let start = Instant::now();
        let calls: Vec<_> = (0..CALLS)
            .map(|_| {
                let server = server.clone();
                tokio::spawn(
                    async move { server.call_tool("sleep", json!({"ms": SLEEP_MS})).await },
                )
            })
            .collect();
        for call in calls {
            call.await.unwrap().expect("sleep call");
        }
        let elapsed = start.elapsed();
        if server.stats().await.total == max {
            let sessions = server.stats().await.total;
            manager.shutdown().await;
            return (CALLS as f64 / elapsed.as_secs_f64(), sessions);
        }
    }
    let sessions = server.stats().await.total;
    manager.shutdown().await;
    (0.0, sessions)
}

#[tokio::main]
async fn main() {
    println!("{CALLS} concurrent {SLEEP_MS} ms calls on `demo-server --serial`, by pool.max");
    let mut base = None;
    for max in [1, 2, 4, 8] {
        let (rate, sessions) = run(max).await;
        let base = *base.get_or_insert(rate);
        println!(
            "  pool.max {max}: {sessions} session(s), {rate:>7.1} calls/s, {:.2}× pool.max 1",
            rate / base
        );
    }
}
