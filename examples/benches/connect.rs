//! What negotiating the protocol era costs at connect: `Protocol::Auto` (ask `server/discover`,
//! fall back to `initialize` on a legacy server's error) against `Protocol::Legacy`
//! (`initialize` only), against the demo server (which speaks 2026-07-28) and the npm
//! `server-memory` (TypeScript SDK, `initialize` era only), over stdio.
//!
//! `cargo bench -p mcp-toolset-examples --bench connect`. Each round connects and closes
//! `CONNECTS` times per setting, alternating the settings; each cell is the median round's mean
//! connect time. `server-memory` is the pinned install of `scripts/test.sh`.

use std::time::{Duration, Instant};

use mcp_runtime::{Client, ConnectOptions, Protocol, ServerSpec};

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
const DEMO: &str = env!("CARGO_BIN_EXE_demo-server");
const CONNECTS: u32 = 20;
const ROUNDS: usize = 5;

#[tokio::main]
async fn main() {
    let memory = format!("{ROOT}/test-servers/node_modules/.bin/mcp-server-memory");
    let memory_file =
        std::env::temp_dir().join(format!("connect-bench-{}.json", std::process::id()));
    let servers: Vec<(&str, ServerSpec)> = vec![
        ("demo (2026-07-28)", ServerSpec::stdio(DEMO).into()),
        (
            "server-memory (legacy)",
            ServerSpec::stdio(&memory)
                .env("MEMORY_FILE_PATH", memory_file.to_string_lossy())
                .into(),
        ),
    ];
    println!("server                    protocol  era         mean connect   Auto / Legacy");
    for (name, spec) in servers {
        if let ServerSpec::Stdio(stdio) = &spec
            && !std::path::Path::new(&stdio.command).exists()
        {
            println!("{name:<25} skipped: run scripts/test.sh first to install it");
            continue;
        }
        let [(auto, era), (legacy, legacy_era)] =
            alternating(&spec, [Protocol::Auto, Protocol::Legacy]).await;
        println!("{name:<25} Auto      {era:<11} {:>9.1} ms", ms(auto));
        println!(
            "{name:<25} Legacy    {legacy_era:<11} {:>9.1} ms   {:.2}×",
            ms(legacy),
            auto.as_secs_f64() / legacy.as_secs_f64()
        );
    }
    let _ = std::fs::remove_file(memory_file);
}

/// Per setting, the median over `ROUNDS` of the mean connect-and-close time, and the era
/// negotiated; the settings take turns within each round.
async fn alternating(spec: &ServerSpec, settings: [Protocol; 2]) -> [(Duration, String); 2] {
    let mut means = [Vec::new(), Vec::new()];
    let mut eras = [String::new(), String::new()];
    for _ in 0..ROUNDS {
        for (i, protocol) in settings.iter().enumerate() {
            let (mean, era) = round(spec, protocol).await;
            means[i].push(mean);
            eras[i] = era;
        }
    }
    let [a, b] = means.map(|mut m| {
        m.sort();
        m[ROUNDS / 2]
    });
    let [ea, eb] = eras;
    [(a, ea), (b, eb)]
}

/// `CONNECTS` connects and closes: the mean connect time and the era negotiated.
async fn round(spec: &ServerSpec, protocol: &Protocol) -> (Duration, String) {
    let mut total = Duration::ZERO;
    let mut era = String::new();
    for _ in 0..CONNECTS {
        let options = ConnectOptions::default().protocol(protocol.clone());
        let start = Instant::now();
        let client = Client::connect_with(spec.clone(), options)
            .await
            .expect("connect");
        total += start.elapsed();
        era = client.protocol_version().to_string();
        client.close().await;
    }
    (total / CONNECTS, era)
}

fn ms(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1000.0
}
