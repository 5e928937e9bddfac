//! Generation speed: each real corpus snapshot, and a synthetic 1,000-tool snapshot made of the
//! corpus schemas under new names. `cargo bench -p mcp-codegen --bench generate` (release).
//!
//! Reports the time to tokens (what the proc macro does) and to formatted source (build.rs and
//! the CLI), the best of several runs, against the targets: < 50 ms for a typical server,
//! < 1 s for 1,000 tools. Parsing the snapshot JSON is the baseline the ratio is taken against.

use std::time::{Duration, Instant};

use mcp_codegen::{Generator, Snapshot};
use serde_json::Value;

const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/corpus");

fn best_of<T>(runs: usize, mut f: impl FnMut() -> T) -> Duration {
    (0..runs)
        .map(|_| {
            let start = Instant::now();
            std::hint::black_box(f());
            start.elapsed()
        })
        .min()
        .unwrap()
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn report(label: &str, text: &str, runs: usize) {
    let snapshot = Snapshot::parse(text, label).unwrap();
    let generator = Generator::default();
    let parse = best_of(runs, || Snapshot::parse(text, label).unwrap());
    let tokens = best_of(runs, || generator.generate(&snapshot, label).unwrap());
    let source = best_of(runs, || {
        generator.generate_source(&snapshot, label).unwrap()
    });
    println!(
        "{label:<28} {:>5} tools  parse {:>8.2} ms  tokens {:>8.2} ms  source {:>8.2} ms  (source/parse {:>6.0}×)",
        snapshot.tools.len(),
        ms(parse),
        ms(tokens),
        ms(source),
        source.as_secs_f64() / parse.as_secs_f64()
    );
}

fn main() {
    println!("mcp-codegen generation, best of N runs (release build)");
    let mut pool = Vec::new();
    let mut names: Vec<String> = std::fs::read_dir(format!("{CORPUS}/real"))
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".json"))
        .collect();
    names.sort();
    for name in names {
        let text = std::fs::read_to_string(format!("{CORPUS}/real/{name}")).unwrap();
        report(&format!("real/{name}"), &text, 10);
        let value: Value = serde_json::from_str(&text).unwrap();
        pool.extend(value["tools"].as_array().unwrap().iter().cloned());
    }
    let hostile: Value = serde_json::from_str(
        &std::fs::read_to_string(format!("{CORPUS}/hostile/hostile.json")).unwrap(),
    )
    .unwrap();
    pool.extend(hostile["tools"].as_array().unwrap().iter().cloned());

    let tools: Vec<Value> = (0..1000)
        .map(|i| {
            let mut tool = pool[i % pool.len()].clone();
            tool["name"] = Value::from(format!("tool_{i:04}_{}", tool["name"].as_str().unwrap()));
            tool
        })
        .collect();
    let synthetic = serde_json::json!({ "tools": tools }).to_string();
    report("synthetic 1,000 tools", &synthetic, 3);
    println!("targets: < 50 ms for a typical real server, < 1,000 ms for 1,000 tools");
}
