//! Generates the bindings of every snapshot in `tests/corpus/` (real servers and the hostile
//! set) into `$OUT_DIR`, and a module list for `lib.rs`; then the bindings of
//! `ARBITRARY_TOOLS` tools with arbitrary schemas (`mcp-toolset-arbitrary-schema`), drawn from
//! the seed in `MCP_ARBITRARY_SEED` (default: a fixed one, so CI is repeatable; any number
//! explores others). The seed is written at the top of the generated file.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The 2021-edition crate generates with typed fakes too (`Settings::fakes`, which also
/// derives both serde directions), so every corpus snapshot's fake compiles as well. The
/// 2024 crate, whose doc tests run, gives each client a doc example (`Settings::doc_path`),
/// so `cargo test --doc` compiles one per server.
fn settings(module: &str) -> mcp_codegen::Settings {
    let crate_name = std::env::var("CARGO_PKG_NAME")
        .unwrap_or_default()
        .replace('-', "_");
    let fakes = crate_name.ends_with("_2021");
    let settings = mcp_codegen::Settings::default().fakes(fakes);
    match fakes {
        true => settings,
        false => settings.doc_path(format!("{crate_name}::{module}")),
    }
}

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let corpus = manifest.join("../corpus");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets it"));
    println!("cargo:rerun-if-changed={}", corpus.display());
    println!("cargo::rustc-check-cfg=cfg(corpus_fakes)");
    if settings("").fakes {
        println!("cargo::rustc-cfg=corpus_fakes");
    }
    let mut modules = String::new();
    for dir in ["real", "hostile"] {
        for snapshot in snapshots(&corpus.join(dir)) {
            let stem = snapshot
                .file_stem()
                .and_then(|s| s.to_str())
                .unwrap_or_default();
            let label = format!("tests/corpus/{dir}/{stem}.json");
            let loaded = mcp_codegen::Snapshot::load(&snapshot).unwrap_or_else(|e| fail(&e));
            let module = stem.replace('-', "_");
            let (code, _warnings) = mcp_codegen::Generator::new(settings(&module))
                .generate_source(&loaded, &label)
                .unwrap_or_else(|e| fail(&e));
            std::fs::write(out.join(format!("{module}.rs")), code).unwrap_or_else(|e| fail(&e));
            let _ = writeln!(
                modules,
                "#[doc = \"`{label}`\"]\npub mod {module} {{\n    include!(concat!(env!(\"OUT_DIR\"), \"/{module}.rs\"));\n}}"
            );
        }
    }
    arbitrary(&out, &mut modules);
    std::fs::write(out.join("corpus_modules.rs"), modules).unwrap_or_else(|e| fail(&e));
}

/// How many arbitrary tools are compiled.
const ARBITRARY_TOOLS: usize = 240;

fn arbitrary(out: &Path, modules: &mut String) {
    println!("cargo:rerun-if-env-changed=MCP_ARBITRARY_SEED");
    let seed: u64 = std::env::var("MCP_ARBITRARY_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20_261_122);
    let snapshot = mcp_toolset_arbitrary_schema::tools_snapshot(ARBITRARY_TOOLS, seed);
    let label = format!("arbitrary schemas, MCP_ARBITRARY_SEED={seed}");
    let loaded =
        mcp_codegen::Snapshot::parse(&snapshot.to_string(), &label).unwrap_or_else(|e| fail(&e));
    let (code, _warnings) = mcp_codegen::Generator::new(settings("arbitrary"))
        .generate_source(&loaded, &label)
        .unwrap_or_else(|e| fail(&e));
    std::fs::write(out.join("arbitrary.rs"), code).unwrap_or_else(|e| fail(&e));
    std::fs::write(out.join("arbitrary.json"), snapshot.to_string()).unwrap_or_else(|e| fail(&e));
    let _ = writeln!(
        modules,
        "#[doc = \"{ARBITRARY_TOOLS} tools with arbitrary schemas (`$OUT_DIR/arbitrary.json`)\"]\npub mod arbitrary {{\n    include!(concat!(env!(\"OUT_DIR\"), \"/arbitrary.rs\"));\n}}"
    );
}

fn snapshots(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| fail(&e))
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|ext| ext == "json"))
        .collect();
    files.sort();
    files
}

fn fail(err: &dyn std::fmt::Display) -> ! {
    eprintln!("error: {err}");
    std::process::exit(1)
}
