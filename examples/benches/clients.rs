//! mcp-runtime against the clients a user would otherwise pick, in one run: its typed call (on
//! `#[tokio::main]`'s multi-thread runtime, and on a `current_thread` one; speaking the
//! revision it negotiates — 2026-07-28 with both servers — and, in a cell of its own, the
//! legacy `initialize` era with the same server), raw rmcp, the
//! official TypeScript SDK client and the Python SDK client, each calling `add`
//! over stdio on (a) `minimal-server` (no framework: the floor) and (b) the demo server (rmcp),
//! one call at a time and 64 in flight, on every core and pinned to one (`taskset -c 0`, the
//! server inherits it) — plus the bare pipe round trip to `cat`, the cost no client can beat.
//!
//! After the stdio tables, what the 2026-07-28 era costs ours against each server, in CPU time
//! per call: the client's alone, and the client's and the server's together (`-- era` runs
//! only that table).
//!
//! Then the same over streamable HTTP: `demo-server --http 0` (ours, raw rmcp, TS, Python).
//!
//! `cargo bench -p mcp-toolset-examples --bench clients` (release). The TS and Python clients
//! are the pinned installs of `scripts/test.sh` (test-servers/); a missing one is reported as
//! skipped. Each cell is the median of five rounds, and rounds alternate between clients so
//! that the machine's noise hits all of them alike. Each measurement runs in a fresh process.

use std::process::Command;
use std::time::{Duration, Instant};

use futures::StreamExt;
use mcp_runtime::{Client, ConnectOptions, Protocol, ServerSpec};
use rmcp::ServiceExt;
use rmcp::model::CallToolRequestParams;
use serde::{Deserialize, Serialize};

const CALLS: usize = 5_000;
const WARMUP: usize = 200;
const ROUNDS: usize = 5;
/// Rounds of the era table: a measurement there takes a tenth of a second, and CPU time per
/// call still moves by a tenth between single runs.
const ERA_ROUNDS: usize = 21;
const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
const MINIMAL: &str = env!("CARGO_BIN_EXE_minimal-server");
const DEMO: &str = env!("CARGO_BIN_EXE_demo-server");
/// Set in the child processes this bench starts: which measurement to run.
const MEASURE: &str = "MCP_BENCH_MEASURE";

#[derive(Serialize)]
struct AddArgs {
    a: f64,
    b: f64,
}

#[derive(Deserialize)]
struct Sum {
    sum: f64,
}

#[derive(Clone, Copy, PartialEq)]
enum Who {
    Ours,
    /// Ours with `Protocol::Legacy`: the `initialize` era, against the same server.
    OursLegacy,
    /// Ours on a `current_thread` runtime: caller and session on one thread, like Node's.
    OursCurrent,
    Raw,
    Ts,
    Python,
}

const CLIENTS: [(Who, &str); 6] = [
    (Who::Ours, "mcp-runtime"),
    (Who::OursLegacy, "mcp-runtime, legacy era"),
    (Who::OursCurrent, "mcp-runtime, current_thread"),
    (Who::Raw, "raw rmcp"),
    (Who::Ts, "TS SDK"),
    (Who::Python, "Python SDK"),
];

fn main() {
    if let Ok(spec) = std::env::var(MEASURE) {
        return measure(&spec);
    }
    // `cargo bench --bench clients -- http` (or `stdio`) runs one transport only; `-- era`
    // only the table of what the 2026-07-28 era costs.
    if std::env::args().any(|a| a == "era") {
        return era_cost_table();
    }
    let only: Vec<String> = std::env::args()
        .filter(|a| a == "stdio" || a == "http")
        .collect();
    let wanted = |transport: &str| only.is_empty() || only.iter().any(|a| a == transport);
    if wanted("stdio") {
        stdio_tables();
    }
    if wanted("http") {
        http_tables();
    }
}

fn stdio_tables() {
    for pinned in [false, true] {
        let pipe = median(|| run_self(pinned, "pipe"));
        let trip = pipe.map_or(f64::NAN, |s| s * 1e6 / CALLS as f64);
        println!(
            "\n## stdio, {}: pipe round trip to `cat` {trip:.1} µs",
            cores(pinned)
        );
        header();
        for (server, label) in [(MINIMAL, "minimal"), (DEMO, "demo")] {
            for in_flight in [1, 64] {
                let rates = alternating(|who| run(who, pinned, server, in_flight));
                row(label, in_flight, &rates, pipe);
            }
        }
    }
    era_cost_table();
}

/// What the 2026-07-28 era costs ours, as CPU time per call with 64 in flight (all cores): the
/// client's alone over its timed calls, and the client's and the server's together over the
/// whole run (start, warm-up and close included). CPU time is what a call costs; calls/s on
/// this machine also carry its scheduling, which swings from run to run, so they are given
/// here too as the median of as many alternating rounds (the main table's are of five).
fn era_cost_table() {
    println!(
        "\n## stdio, what the 2026-07-28 era costs: CPU µs per call and calls/s (medians of {ERA_ROUNDS} rounds), 64 in flight, all cores"
    );
    println!(
        "| server | client, 2026-07-28 | client, legacy | client: legacy / 2026-07-28 | both processes, 2026-07-28 | both, legacy | both: legacy / 2026-07-28 | calls/s, 2026-07-28 | calls/s, legacy | calls/s: 2026-07-28 / legacy |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|");
    for (server, label) in [(MINIMAL, "minimal"), (DEMO, "demo")] {
        // [era][client, both, calls/s], one entry per round; rounds alternate the eras.
        let mut costs: [[Vec<f64>; 3]; 2] = Default::default();
        for _ in 0..ERA_ROUNDS {
            for (era, spec) in ["ours", "ours-legacy"].into_iter().enumerate() {
                if let Some(measured) = cpu_per_call(&format!("{spec} 64 {server}")) {
                    for (values, value) in costs[era].iter_mut().zip(measured) {
                        values.push(value);
                    }
                }
            }
        }
        let [
            [client, both, rate],
            [client_legacy, both_legacy, rate_legacy],
        ] = costs.map(|era| era.map(middle));
        println!(
            "| {label} | {client:.1} | {client_legacy:.1} | {:.2}× | {both:.1} | {both_legacy:.1} | {:.2}× | {rate:.0} | {rate_legacy:.0} | {:.2}× |",
            client_legacy / client,
            both_legacy / both,
            rate / rate_legacy,
        );
    }
}

/// The median of what was measured (NaN when nothing was).
fn middle(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values.get(values.len() / 2).copied().unwrap_or(f64::NAN)
}

/// One measurement of ours in a child process: the client's CPU µs per timed call, the CPU µs
/// per call of the child and the server it started (reaped when the client closed), and the
/// timed calls per second.
fn cpu_per_call(spec: &str) -> Option<[f64; 3]> {
    let me = std::env::current_exe().ok()?;
    let before = cpu_seconds(libc::RUSAGE_CHILDREN);
    let report = report(false, &me.to_string_lossy(), &[], Some(spec))?;
    let both = cpu_seconds(libc::RUSAGE_CHILDREN) - before;
    let client = report["cpu"].as_f64()?;
    let rate = CALLS as f64 / report["seconds"].as_f64()?;
    let per_call = |seconds: f64, calls: usize| seconds * 1e6 / calls as f64;
    Some([
        per_call(client, CALLS),
        per_call(both, CALLS + WARMUP),
        rate,
    ])
}

/// CPU seconds, user and system, of this process (`RUSAGE_SELF`, every thread) or of its
/// children that have been waited for (`RUSAGE_CHILDREN`).
fn cpu_seconds(who: libc::c_int) -> f64 {
    // SAFETY: `rusage` is plain data, for which all zeroes is a valid value.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: getrusage writes one `rusage` through the pointer, which is valid for it.
    if unsafe { libc::getrusage(who, &mut usage) } != 0 {
        return f64::NAN;
    }
    let seconds = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    seconds(usage.ru_utime) + seconds(usage.ru_stime)
}

fn http_tables() {
    for pinned in [false, true] {
        println!(
            "\n## streamable HTTP (`demo-server --http 0`), {}",
            cores(pinned)
        );
        header();
        let server = HttpServer::start(pinned);
        for in_flight in [1, 64] {
            let rates = alternating(|who| run(who, pinned, &server.url, in_flight));
            row("demo over HTTP", in_flight, &rates, None);
        }
    }
}

fn cores(pinned: bool) -> &'static str {
    if pinned {
        "pinned to 1 core"
    } else {
        "all cores"
    }
}

fn header() {
    println!(
        "| server, calls in flight | mcp-runtime | mcp-runtime, legacy era | mcp-runtime, current_thread | raw rmcp | TS SDK | Python SDK | ours / TS | ours / ours legacy | current_thread / TS | ours / raw (time) |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|");
}

/// `demo-server --http 0` (under `taskset -c 0` when pinned), ended when dropped.
struct HttpServer {
    child: std::process::Child,
    url: String,
}

impl HttpServer {
    fn start(pinned: bool) -> HttpServer {
        use std::io::BufRead;
        let mut command = Command::new(if pinned { "taskset" } else { DEMO });
        if pinned {
            command.args(["-c", "0", DEMO]);
        }
        let mut child = command
            .args(["--http", "0"])
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("demo-server --http");
        let mut line = String::new();
        let stdout = child.stdout.take().expect("piped");
        std::io::BufReader::new(stdout)
            .read_line(&mut line)
            .expect("its URL");
        let url = line.trim().trim_start_matches("listening on ").to_string();
        HttpServer { child, url }
    }
}

impl Drop for HttpServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Calls per second (or "skipped"), ratios, and sequential latency against the pipe.
fn row(server: &str, in_flight: usize, seconds: &[Option<f64>; 6], pipe: Option<f64>) {
    let [ours, legacy, current, raw, ts, python] = *seconds;
    let rate = |s: Option<f64>| s.map(|s| CALLS as f64 / s);
    let cell = |s: Option<f64>| rate(s).map_or("skipped".into(), |r| format!("{r:.0}/s"));
    let versus = |a: Option<f64>, b: Option<f64>| match (rate(a), rate(b)) {
        (Some(a), Some(b)) => format!("{:.2}×", a / b),
        _ => "–".into(),
    };
    let time_ratio = match (ours, raw) {
        (Some(ours), Some(raw)) => format!("{:.3}", ours / raw),
        _ => "–".into(),
    };
    println!(
        "| {server}, {in_flight} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {time_ratio} |",
        cell(ours),
        cell(legacy),
        cell(current),
        cell(raw),
        cell(ts),
        cell(python),
        versus(ours, ts),
        versus(ours, legacy),
        versus(current, ts),
    );
    if let (1, Some(ours), Some(pipe)) = (in_flight, ours, pipe) {
        let current = current.map_or(String::new(), |c| {
            format!(
                " (current_thread: {:.1} µs = {:.2} ×)",
                c * 1e6 / CALLS as f64,
                c / pipe
            )
        });
        println!(
            "|   ↳ {server}: one call = {:.1} µs = {:.2} × the pipe round trip{current} | | | | | | | | | | |",
            ours * 1e6 / CALLS as f64,
            ours / pipe
        );
    }
}

/// Each client's median of `ROUNDS` rounds, a round measuring every client once in turn, so
/// that a slow spell of the machine falls on all of them rather than on one client's rounds.
fn alternating(mut measure: impl FnMut(Who) -> Option<f64>) -> [Option<f64>; 6] {
    let mut times: [Vec<Option<f64>>; 6] = Default::default();
    for _ in 0..ROUNDS {
        for (i, (who, _)) in CLIENTS.iter().enumerate() {
            times[i].push(measure(*who));
        }
    }
    times.map(|rounds| {
        let mut rounds = rounds.into_iter();
        median(|| rounds.next().flatten())
    })
}

/// The median of `ROUNDS` measurements (seconds for `CALLS` calls); `None` when skipped.
fn median(mut measure: impl FnMut() -> Option<f64>) -> Option<f64> {
    let mut times: Vec<f64> = (0..ROUNDS).map(|_| measure()).collect::<Option<_>>()?;
    times.sort_by(f64::total_cmp);
    Some(times[ROUNDS / 2])
}

/// `program args…`, under `taskset -c 0` when pinned; the seconds it reports.
fn timed(pinned: bool, program: &str, args: &[String], env: Option<&str>) -> Option<f64> {
    report(pinned, program, args, env)?["seconds"].as_f64()
}

/// `program args…`, under `taskset -c 0` when pinned; the JSON it prints.
fn report(
    pinned: bool,
    program: &str,
    args: &[String],
    env: Option<&str>,
) -> Option<serde_json::Value> {
    let mut command = if pinned {
        let mut c = Command::new("taskset");
        c.args(["-c", "0", program]);
        c
    } else {
        Command::new(program)
    };
    command.args(args).current_dir(ROOT);
    if let Some(spec) = env {
        command.env(MEASURE, spec);
    }
    let out = command.output().ok()?;
    if !out.status.success() {
        eprintln!("{program} failed: {}", String::from_utf8_lossy(&out.stderr));
        return None;
    }
    serde_json::from_slice(&out.stdout).ok()
}

fn run_self(pinned: bool, spec: &str) -> Option<f64> {
    let me = std::env::current_exe().ok()?;
    timed(pinned, &me.to_string_lossy(), &[], Some(spec))
}

/// A measurement of ours on a `current_thread` runtime.
fn run_current(pinned: bool, spec: &str) -> Option<f64> {
    // SAFETY: the bench's own process is single-threaded here; children inherit the variable.
    unsafe { std::env::set_var("MCP_BENCH_RUNTIME", "current_thread") };
    let seconds = run_self(pinned, spec);
    unsafe { std::env::remove_var("MCP_BENCH_RUNTIME") };
    seconds
}

fn run(who: Who, pinned: bool, server: &str, in_flight: usize) -> Option<f64> {
    let numbers = [CALLS.to_string(), WARMUP.to_string(), in_flight.to_string()];
    match who {
        Who::Ours => run_self(pinned, &format!("ours {in_flight} {server}")),
        Who::OursLegacy => run_self(pinned, &format!("ours-legacy {in_flight} {server}")),
        Who::OursCurrent => run_current(pinned, &format!("ours {in_flight} {server}")),
        Who::Raw => run_self(pinned, &format!("raw {in_flight} {server}")),
        Who::Ts => {
            let script = format!("{ROOT}/test-servers/bench/ts_client.mjs");
            let installed = std::path::Path::new(&format!(
                "{ROOT}/test-servers/node_modules/@modelcontextprotocol/sdk"
            ))
            .exists();
            let args = [
                script,
                CALLS.to_string(),
                in_flight.to_string(),
                server.to_string(),
            ];
            installed
                .then(|| timed(pinned, "node", &args, None))
                .flatten()
        }
        Who::Python => {
            let python = format!("{ROOT}/test-servers/.venv/bin/python");
            let script = format!("{ROOT}/examples/benches/python_client.py");
            let mut args = vec![script];
            args.extend(numbers);
            args.push(server.to_string());
            std::path::Path::new(&python)
                .exists()
                .then(|| timed(pinned, &python, &args, None))
                .flatten()
        }
    }
}

/// In a child process: one measurement, printed as `{"seconds": S}`.
fn measure(spec: &str) {
    let parts: Vec<&str> = spec.splitn(3, ' ').collect();
    // `MCP_BENCH_RUNTIME=current_thread`: the caller and the session on one thread, as in
    // `#[tokio::main(flavor = "current_thread")]`; default: `#[tokio::main]`'s multi-thread.
    let runtime = match std::env::var("MCP_BENCH_RUNTIME").as_deref() {
        Ok("current_thread") => tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build(),
        _ => tokio::runtime::Runtime::new(),
    }
    .expect("a tokio runtime");
    let seconds = match parts.as_slice() {
        ["pipe"] => pipe_round_trips(),
        ["ours", n, server] => {
            runtime.block_on(ours(server, n.parse().unwrap_or(1), Protocol::Auto))
        }
        ["ours-legacy", n, server] => {
            runtime.block_on(ours(server, n.parse().unwrap_or(1), Protocol::Legacy))
        }
        ["raw", n, server] => runtime.block_on(raw(server, n.parse().unwrap_or(1))),
        _ => panic!("unknown measurement {spec}"),
    };
    let cpu = f64::from_bits(CALLS_CPU.load(std::sync::atomic::Ordering::Relaxed));
    println!(
        "{}",
        serde_json::json!({ "calls": CALLS, "seconds": seconds, "cpu": cpu })
    );
}

/// The CPU seconds this process spent over its timed calls (bits of an `f64`), set by
/// [`timed_calls`].
static CALLS_CPU: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// `CALLS` round trips of a short line through `cat`.
fn pipe_round_trips() -> f64 {
    use std::io::{BufRead, BufReader, Write};
    let mut cat = Command::new("cat")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("cat");
    let mut input = cat.stdin.take().expect("piped");
    let mut output = BufReader::new(cat.stdout.take().expect("piped"));
    let mut line = String::new();
    let mut trip = |line: &mut String| {
        input
            .write_all(b"{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n")
            .expect("write");
        input.flush().expect("flush");
        line.clear();
        output.read_line(line).expect("read");
    };
    (0..WARMUP).for_each(|_| trip(&mut line));
    let start = Instant::now();
    (0..CALLS).for_each(|_| trip(&mut line));
    let seconds = start.elapsed().as_secs_f64();
    drop(input);
    let _ = cat.wait();
    seconds
}

async fn ours(server: &str, in_flight: usize, protocol: Protocol) -> f64 {
    let spec = match server.starts_with("http://") {
        true => ServerSpec::Http(ServerSpec::http(server)),
        false => ServerSpec::Stdio(ServerSpec::stdio(server)),
    };
    let options = ConnectOptions::default().protocol(protocol);
    let client = Client::connect_with(spec, options).await.expect("connect");
    let call = |i: usize| {
        let client = &client;
        async move {
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
                .expect("call");
            assert_eq!(sum.sum, i as f64 + 2.0);
        }
    };
    let seconds = timed_calls(in_flight, call).await;
    client.close().await;
    seconds
}

async fn raw(server: &str, in_flight: usize) -> f64 {
    let client = match server.starts_with("http://") {
        true => {
            let transport = rmcp::transport::StreamableHttpClientTransport::from_uri(server);
            ().serve(transport).await.expect("connect")
        }
        false => {
            let child =
                rmcp::transport::TokioChildProcess::new(tokio::process::Command::new(server));
            ().serve(child.expect("spawn")).await.expect("connect")
        }
    };
    let call = |i: usize| {
        let client = &client;
        async move {
            let mut args = serde_json::Map::new();
            args.insert("a".into(), serde_json::json!(i as f64));
            args.insert("b".into(), serde_json::json!(2.0));
            let result = client
                .call_tool(CallToolRequestParams::new("add").with_arguments(args))
                .await
                .expect("call");
            let sum = result
                .structured_content
                .as_ref()
                .and_then(|v| v["sum"].as_f64());
            assert_eq!(sum, Some(i as f64 + 2.0));
        }
    };
    let seconds = timed_calls(in_flight, call).await;
    client.cancel().await.ok();
    seconds
}

/// Warms up, then makes `CALLS` calls with at most `in_flight` outstanding; the seconds taken.
async fn timed_calls<F: std::future::Future<Output = ()>>(
    in_flight: usize,
    call: impl Fn(usize) -> F,
) -> f64 {
    for i in 0..WARMUP {
        call(i).await;
    }
    let (start, cpu) = (Instant::now(), cpu_seconds(libc::RUSAGE_SELF));
    futures::stream::iter(0..CALLS)
        .map(&call)
        .buffer_unordered(in_flight)
        .for_each(|()| async {})
        .await;
    let elapsed: Duration = start.elapsed();
    let cpu = cpu_seconds(libc::RUSAGE_SELF) - cpu;
    CALLS_CPU.store(cpu.to_bits(), std::sync::atomic::Ordering::Relaxed);
    elapsed.as_secs_f64()
}
