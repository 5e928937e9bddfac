//! Generates the bindings of every snapshot in `tests/corpus/` (real servers and the hostile
//! set) into `$OUT_DIR`, and a module list for `lib.rs`. Fallback warnings are not printed:
//! `tests/tests/corpus.rs` reports them.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let corpus = manifest.join("../corpus");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets it"));
    println!("cargo:rerun-if-changed={}", corpus.display());
    let mut modules = String::new();
    for dir in ["real", "hostile"] {
        for snapshot in snapshots(&corpus.join(dir)) {
            let stem = snapshot
                .file_stem()
                .and_then(|s| s.to_str())
                .unwrap_or_default();
            let label = format!("tests/corpus/{dir}/{stem}.json");
            let loaded = mcp_codegen::Snapshot::load(&snapshot).unwrap_or_else(|e| fail(&e));
            let (code, _warnings) = mcp_codegen::Generator::default()
                .generate_source(&loaded, &label)
                .unwrap_or_else(|e| fail(&e));
            let module = stem.replace('-', "_");
            std::fs::write(out.join(format!("{module}.rs")), code).unwrap_or_else(|e| fail(&e));
            let _ = writeln!(
                modules,
                "#[doc = \"`{label}`\"]\npub mod {module} {{\n    include!(concat!(env!(\"OUT_DIR\"), \"/{module}.rs\"));\n}}"
            );
        }
    }
    std::fs::write(out.join("corpus_modules.rs"), modules).unwrap_or_else(|e| fail(&e));
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
