//! How long a user's crate takes to compile the generated bindings of a large server: today's
//! generator against the baseline output kept in `benches/fixtures/baseline/` (written by the
//! generator of commit 39e6a58, before docs, enums and types were reworked and shared across
//! tools), side by side in one run, both against today's `mcp-runtime`.
//!
//! `cargo bench -p mcp-codegen --bench compile_time` (release build of the generator; the
//! bindings are built as a user builds them, in the dev profile). For each server it writes
//! both modules into their own crate of a scratch workspace under `target/compile-time/`
//! (dependencies: `mcp-runtime` with `stdio` only, and `tokio`; built once first), then times
//! `cargo build` of each crate after touching its source (incremental compilation off, so each
//! build compiles the module from scratch), alternating baseline and current, and reports the
//! median of the rounds, generated lines per tool and the ratio.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use mcp_codegen::{Generator, Snapshot};

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
/// The two largest servers of the corpus.
const SERVERS: &[&str] = &["gitlab", "atlassian"];
const ROUNDS: usize = 3;

fn main() {
    let root = PathBuf::from(ROOT).canonicalize().expect("workspace root");
    let scratch = root.join("target/compile-time");
    let mut crates = Vec::new();
    for server in SERVERS {
        let snapshot_path = root.join(format!("tests/corpus/real/{server}.json"));
        let label = format!("tests/corpus/real/{server}.json");
        let snapshot = Snapshot::load(&snapshot_path).expect("corpus snapshot loads");
        let (current, _) = Generator::default()
            .generate_source(&snapshot, &label)
            .expect("generates");
        let baseline = std::fs::read_to_string(
            root.join(format!("mcp-codegen/benches/fixtures/baseline/{server}.rs")),
        )
        .expect("baseline fixture");
        let tools = snapshot.tools.len();
        crates.push((format!("{server}-baseline"), baseline, tools));
        crates.push((format!("{server}-current"), current, tools));
    }
    write_workspace(&root, &scratch, &crates);
    println!("building dependencies once …");
    cargo_build(&scratch, None);

    let mut times: Vec<Vec<Duration>> = vec![Vec::new(); crates.len()];
    for round in 0..ROUNDS {
        for (index, (name, _, _)) in crates.iter().enumerate() {
            let time = cargo_build(&scratch, Some(name));
            println!(
                "round {}: {name:<20} {:>6.2} s",
                round + 1,
                time.as_secs_f64()
            );
            times[index].push(time);
        }
    }
    report(&crates, &mut times);
}

fn report(crates: &[(String, String, usize)], times: &mut [Vec<Duration>]) {
    println!("\ndebug build of the generated module alone, median of {ROUNDS} rounds");
    println!(
        "{:<12} {:>6} {:>16} {:>16} {:>12} {:>12} {:>8}",
        "server", "tools", "baseline lines", "current lines", "baseline s", "current s", "ratio"
    );
    for (pair, pair_times) in crates.chunks(2).zip(times.chunks_mut(2)) {
        let [(name, baseline, tools), (_, current, _)] = pair else {
            continue;
        };
        let [base_t, cur_t] = pair_times else {
            continue;
        };
        let (b, c) = (median(base_t), median(cur_t));
        let server = name.trim_end_matches("-baseline");
        let (bl, cl) = (baseline.lines().count(), current.lines().count());
        println!(
            "{server:<12} {tools:>6} {:>9} ({:>4}/t) {:>9} ({:>4}/t) {:>12.2} {:>12.2} {:>8.2}",
            bl,
            bl / tools,
            cl,
            cl / tools,
            b.as_secs_f64(),
            c.as_secs_f64(),
            c.as_secs_f64() / b.as_secs_f64()
        );
    }
    println!("target: current / baseline <= 0.5");
}

fn median(times: &mut [Duration]) -> Duration {
    times.sort();
    times[times.len() / 2]
}

/// One crate per module, all in one workspace with one target directory and the repository's
/// lock file, so dependencies are built once and are the versions the repository uses. The
/// profile is cargo's default `dev`, as in a user's crate.
fn write_workspace(root: &Path, scratch: &Path, crates: &[(String, String, usize)]) {
    let members: Vec<String> = crates.iter().map(|(n, _, _)| format!("\"{n}\"")).collect();
    write(
        &scratch.join("Cargo.toml"),
        &format!(
            "[workspace]\nresolver = \"3\"\nmembers = [{}]\n",
            members.join(", ")
        ),
    );
    std::fs::copy(root.join("Cargo.lock"), scratch.join("Cargo.lock")).expect("copy Cargo.lock");
    for (name, code, _) in crates {
        let dir = scratch.join(name);
        write(
            &dir.join("Cargo.toml"),
            &format!(
                "[package]\nname = \"{name}\"\nversion = \"0.0.0\"\nedition = \"2024\"\npublish = false\n\n[dependencies]\nmcp-runtime = {{ path = \"{}\", default-features = false, features = [\"stdio\"] }}\ntokio = {{ version = \"1\", features = [\"rt\", \"macros\"] }}\n",
                root.join("mcp-runtime").display()
            ),
        );
        // The baseline generator's code has warnings on some servers (that was one of the
        // bugs); warnings do not change how long a build takes.
        let lints = if name.ends_with("-baseline") {
            "allow"
        } else {
            "deny"
        };
        write(
            &dir.join("src/lib.rs"),
            &format!(
                "#![{lints}(warnings)]\n//! Generated bindings.\n\n/// The bindings.\npub mod bindings {{\n    include!(\"bindings.rs\");\n}}\n"
            ),
        );
        write(&dir.join("src/bindings.rs"), code);
    }
}

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().expect("has a parent")).expect("create dir");
    if std::fs::read_to_string(path).ok().as_deref() != Some(text) {
        std::fs::write(path, text).expect("write");
    }
}

/// `cargo build` of one crate (after touching its source so it rebuilds), or of everything.
fn cargo_build(scratch: &Path, package: Option<&str>) -> Duration {
    let mut command = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
    // A user's first build, not an incremental one: with incremental compilation on, a
    // rebuild of unchanged code only replays its cache.
    command
        .current_dir(scratch)
        .env("CARGO_INCREMENTAL", "0")
        .args(["build", "--quiet"]);
    if let Some(package) = package {
        let lib = scratch.join(package).join("src/lib.rs");
        let text = std::fs::read_to_string(&lib).expect("read lib.rs");
        std::fs::write(&lib, text).expect("touch lib.rs");
        command.args(["-p", package]);
    }
    let start = Instant::now();
    let status = command.status().expect("cargo runs");
    let elapsed = start.elapsed();
    assert!(
        status.success(),
        "cargo build failed in {}",
        scratch.display()
    );
    elapsed
}
