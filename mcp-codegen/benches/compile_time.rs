//! How long a user's crate takes to compile the generated bindings of a large server, and how
//! long `mcp_toolset!` takes to expand: today's generator against baseline output kept in
//! `benches/fixtures/baseline/`, side by side in one run, both against today's `mcp-runtime`.
//!
//! `cargo bench -p mcp-codegen --bench compile_time [-- SERVER...]` (release build of the
//! generator; the bindings are built as a user builds them, in the dev profile). For each
//! server it writes three crates into the scratch workspace `target/compile-time/dev/`: the
//! baseline module, today's module (both `include!`d), and today's `mcp_toolset!` invocation
//! on the snapshot. A second workspace, `target/compile-time/dev-macros-optimized/`, holds
//! today's module and macro crates again under the profile the README recommends to macro
//! users with large snapshots (`[profile.dev.build-override] opt-level = 3`: proc macros
//! compiled optimised). Dependencies (`mcp-runtime` with `stdio` only, `tokio`, `mcp-macros`) are
//! built once first. Each crate is then rebuilt after touching its source, incremental
//! compilation off (a user's first build, not a replay of its cache), in alternating rounds.
//! The report gives the median of the rounds: generated lines per tool, build seconds and
//! their ratios to the baseline, and the macro's expansion time.
//!
//! The expansion time is rustc's own measure (`-Z time-passes`, `expand_crate`) of the macro
//! crate less that of today's module crate: both expand the same serde derives, so what is
//! left is the proc macro reading the snapshot and generating, compiled as cargo compiles a
//! proc macro for a debug build (unoptimised). `-Z` flags are nightly-only; the bench sets
//! `RUSTC_BOOTSTRAP=1` for these builds so that a stable rustc prints them.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use mcp_codegen::{Generator, Snapshot};

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
/// The corpus's three largest servers against the generator of commit 36eec36 (gzipped), then
/// the two that were largest before, against the generator of commit 39e6a58.
const SERVERS: &[(&str, &str)] = &[
    ("github-openapi", "github-openapi.rs.gz"),
    ("digitalocean", "digitalocean.rs.gz"),
    ("azure", "azure.rs.gz"),
    ("gitlab", "gitlab.rs"),
    ("atlassian", "atlassian.rs"),
];
const ROUNDS: usize = 3;

/// One server's crates and what was measured of them.
struct Row {
    server: String,
    tools: usize,
    baseline_lines: usize,
    current_lines: usize,
    /// Build seconds and `expand_crate` seconds per round: baseline, current, macro, then
    /// current and macro with optimised proc macros.
    builds: [Vec<(Duration, Duration)>; 5],
}

fn main() {
    let root = PathBuf::from(ROOT).canonicalize().expect("workspace root");
    let scratch = root.join("target/compile-time/dev");
    let optimized = root.join("target/compile-time/dev-macros-optimized");
    let chosen: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let mut rows = Vec::new();
    let mut crates = Vec::new();
    let mut optimized_crates = Vec::new();
    for (server, fixture) in SERVERS {
        if !chosen.is_empty() && !chosen.iter().any(|c| c == server) {
            continue;
        }
        let snapshot_path = root.join(format!("tests/corpus/real/{server}.json"));
        let label = format!("tests/corpus/real/{server}.json");
        let snapshot = Snapshot::load(&snapshot_path).expect("corpus snapshot loads");
        let (current, _) = Generator::default()
            .generate_source(&snapshot, &label)
            .expect("generates");
        let baseline = read_fixture(
            &root
                .join("mcp-codegen/benches/fixtures/baseline")
                .join(fixture),
        );
        rows.push(Row {
            server: server.to_string(),
            tools: snapshot.tools.len(),
            baseline_lines: baseline.lines().count(),
            current_lines: current.lines().count(),
            builds: Default::default(),
        });
        crates.push(Crate::included(
            format!("{server}-baseline"),
            baseline,
            "allow",
        ));
        crates.push(Crate::included(
            format!("{server}-current"),
            current.clone(),
            "deny",
        ));
        crates.push(Crate::expanded(format!("{server}-macro"), &snapshot_path));
        optimized_crates.push(Crate::included(
            format!("{server}-current"),
            current,
            "deny",
        ));
        optimized_crates.push(Crate::expanded(format!("{server}-macro"), &snapshot_path));
    }
    write_workspace(&root, &scratch, &crates, "");
    write_workspace(&root, &optimized, &optimized_crates, OPTIMIZED_MACROS);
    println!("building dependencies once, in both workspaces …");
    cargo_build(&scratch, None);
    cargo_build(&optimized, None);
    for round in 0..ROUNDS {
        for (index, krate) in crates.iter().enumerate() {
            let measured = cargo_build(&scratch, Some(&krate.name));
            print_round(round, &krate.name, measured);
            rows[index / 3].builds[index % 3].push(measured);
        }
        for (index, krate) in optimized_crates.iter().enumerate() {
            let measured = cargo_build(&optimized, Some(&krate.name));
            print_round(round, &format!("{} (opt. macros)", krate.name), measured);
            rows[index / 2].builds[3 + index % 2].push(measured);
        }
    }
    report(&mut rows);
}

/// The profile the README recommends to macro users with large snapshots.
const OPTIMIZED_MACROS: &str = "\n[profile.dev.build-override]\nopt-level = 3\n";

fn print_round(round: usize, name: &str, (build, expand): (Duration, Duration)) {
    println!(
        "round {}: {name:<42} {:>6.2} s (expansion {:.2} s)",
        round + 1,
        build.as_secs_f64(),
        expand.as_secs_f64()
    );
}

fn read_fixture(path: &Path) -> String {
    let bytes = std::fs::read(path).expect("baseline fixture");
    if path.extension().is_some_and(|e| e == "gz") {
        let mut text = String::new();
        flate2::read::GzDecoder::new(&bytes[..])
            .read_to_string(&mut text)
            .expect("gzipped baseline");
        text
    } else {
        String::from_utf8(bytes).expect("UTF-8 baseline")
    }
}

fn report(rows: &mut [Row]) {
    println!("\ndebug build of the generated module alone, median of {ROUNDS} rounds");
    println!(
        "{:<15} {:>5} {:>15} {:>15} {:>6} {:>10} {:>10} {:>6} {:>8} {:>8}",
        "server",
        "tools",
        "baseline lines",
        "current lines",
        "ratio",
        "baseline s",
        "current s",
        "ratio",
        "macro s",
        "opt. s"
    );
    for row in rows.iter_mut() {
        let [base, current, expanded, opt_current, opt_expanded] = &mut row.builds;
        let (b, c) = (median(base, |t| t.0), median(current, |t| t.0));
        let expansion = median(expanded, |t| t.1).saturating_sub(median(current, |t| t.1));
        let optimized = median(opt_expanded, |t| t.1).saturating_sub(median(opt_current, |t| t.1));
        let (bl, cl) = (row.baseline_lines, row.current_lines);
        println!(
            "{:<15} {:>5} {:>8} ({:>4}/t) {:>8} ({:>4}/t) {:>6.2} {:>10.2} {:>10.2} {:>6.2} {:>8.2} {:>8.2}",
            row.server,
            row.tools,
            bl,
            bl / row.tools,
            cl,
            cl / row.tools,
            cl as f64 / bl as f64,
            b.as_secs_f64(),
            c.as_secs_f64(),
            c.as_secs_f64() / b.as_secs_f64(),
            expansion.as_secs_f64(),
            optimized.as_secs_f64()
        );
    }
    println!("macro s: mcp_toolset!'s expansion in cargo's default dev profile; opt. s: with");
    println!("optimised proc macros (the README's advice for large snapshots). Targets: lines and");
    println!("build ratios <= 0.6 on the three largest; macro < 1 s.");
}

fn median(
    times: &mut [(Duration, Duration)],
    key: fn(&(Duration, Duration)) -> Duration,
) -> Duration {
    let mut values: Vec<Duration> = times.iter().map(key).collect();
    values.sort();
    values[values.len() / 2]
}

/// A crate of the scratch workspace: its name and `src/lib.rs`, and the generated module it
/// includes, if any.
struct Crate {
    name: String,
    lib: String,
    module: Option<String>,
}

impl Crate {
    /// A crate that `include!`s generated source. The baseline generator's code has warnings
    /// on some servers (that was one of the bugs); warnings do not change how long a build
    /// takes.
    fn included(name: String, code: String, lints: &str) -> Crate {
        let lib = format!(
            "#![{lints}(warnings)]\n//! Generated bindings.\n\n/// The bindings.\npub mod bindings {{\n    include!(\"bindings.rs\");\n}}\n"
        );
        Crate {
            name,
            lib,
            module: Some(code),
        }
    }

    /// A crate that expands `mcp_toolset!` on `snapshot` (an absolute path).
    fn expanded(name: String, snapshot: &Path) -> Crate {
        let lib = format!(
            "#![deny(warnings)]\n//! Bindings from the macro.\n\nmcp_macros::mcp_toolset!(Bindings, {:?});\n",
            snapshot.display().to_string()
        );
        Crate {
            name,
            lib,
            module: None,
        }
    }
}

/// One crate per module, all in one workspace with one target directory and the repository's
/// lock file, so dependencies are built once and are the versions the repository uses. The
/// profile is cargo's default `dev`, as in a user's crate, plus `profile`.
fn write_workspace(root: &Path, scratch: &Path, crates: &[Crate], profile: &str) {
    let members: Vec<String> = crates.iter().map(|c| format!("\"{}\"", c.name)).collect();
    write(
        &scratch.join("Cargo.toml"),
        &format!(
            "[workspace]\nresolver = \"3\"\nmembers = [{}]\n{profile}",
            members.join(", ")
        ),
    );
    std::fs::copy(root.join("Cargo.lock"), scratch.join("Cargo.lock")).expect("copy Cargo.lock");
    for krate in crates {
        let dir = scratch.join(&krate.name);
        write(
            &dir.join("Cargo.toml"),
            &format!(
                "[package]\nname = \"{}\"\nversion = \"0.0.0\"\nedition = \"2024\"\npublish = false\n\n[dependencies]\nmcp-runtime = {{ path = \"{}\", default-features = false, features = [\"stdio\"] }}\nmcp-macros = {{ path = \"{}\" }}\ntokio = {{ version = \"1\", features = [\"rt\", \"macros\"] }}\n",
                krate.name,
                root.join("mcp-runtime").display(),
                root.join("mcp-macros").display()
            ),
        );
        write(&dir.join("src/lib.rs"), &krate.lib);
        if let Some(module) = &krate.module {
            write(&dir.join("src/bindings.rs"), module);
        }
    }
}

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().expect("has a parent")).expect("create dir");
    if std::fs::read_to_string(path).ok().as_deref() != Some(text) {
        std::fs::write(path, text).expect("write");
    }
}

/// Builds one crate (after touching its source so it rebuilds), or everything: the wall time
/// and rustc's `expand_crate` time.
fn cargo_build(scratch: &Path, package: Option<&str>) -> (Duration, Duration) {
    let mut command = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
    // A user's first build, not an incremental one: with incremental compilation on, a
    // rebuild of unchanged code only replays its cache.
    command
        .current_dir(scratch)
        .env("CARGO_INCREMENTAL", "0")
        .env("RUSTC_BOOTSTRAP", "1");
    match package {
        Some(package) => {
            let lib = scratch.join(package).join("src/lib.rs");
            let text = std::fs::read_to_string(&lib).expect("read lib.rs");
            std::fs::write(&lib, text).expect("touch lib.rs");
            command.args(["rustc", "--quiet", "-p", package, "--", "-Ztime-passes"]);
        }
        None => {
            command.args(["build", "--quiet"]);
        }
    }
    let start = Instant::now();
    let output = command.output().expect("cargo runs");
    let elapsed = start.elapsed();
    let log = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "cargo build failed in {}:\n{log}",
        scratch.display()
    );
    (elapsed, expand_time(&log))
}

/// The `expand_crate` line of `-Z time-passes` (`time:   1.234; rss: … expand_crate`).
fn expand_time(log: &str) -> Duration {
    log.lines()
        .filter(|line| line.trim_end().ends_with("\texpand_crate"))
        .find_map(|line| {
            let seconds = line.strip_prefix("time:")?.split(';').next()?.trim();
            seconds.parse::<f64>().ok()
        })
        .map_or(Duration::ZERO, Duration::from_secs_f64)
}
