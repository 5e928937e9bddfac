//! Each crate compiles only what its users use: `cargo tree` of a bindings-only crate (the
//! goldens crate: `mcp-runtime` with `stdio` alone, and tokio) has no HTTP stack and no
//! jsonschema; the proc macro has neither rmcp, tokio nor jsonschema; and the library a build
//! script depends on (`mcp-codegen` with its default features) has none of the command line's
//! crates (clap, indicatif, TLS) nor the runtime's `host` room (jsonschema, toml, strsim).

use std::collections::BTreeSet;
use std::process::Command;

/// The names of every crate in the normal (non-dev, non-build) dependency tree of `package`.
fn tree(package: &str) -> BTreeSet<String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args([
            "tree",
            "--offline",
            "--edges",
            "normal",
            "--prefix",
            "none",
            "--format",
            "{p}",
            "-p",
            package,
        ])
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "cargo tree -p {package} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|line| line.split_whitespace().next())
        .map(str::to_string)
        .collect()
}

#[test]
fn bindings_with_stdio_only_pull_no_http_stack_and_no_jsonschema() {
    let crates = tree("mcp-toolset-goldens");
    assert!(
        crates.contains("rmcp") && crates.contains("tokio"),
        "{crates:?}"
    );
    for heavy in [
        "reqwest",
        "hyper",
        "http",
        "sse-stream",
        "jsonschema",
        "regex",
        "typify",
    ] {
        assert!(
            !crates.contains(heavy),
            "a stdio-only bindings crate pulls {heavy}"
        );
    }
}

#[test]
fn the_proc_macro_pulls_neither_rmcp_nor_tokio_nor_jsonschema() {
    let crates = tree("mcp-macros");
    assert!(
        crates.contains("mcp-codegen") && crates.contains("typify"),
        "{crates:?}"
    );
    for heavy in ["rmcp", "tokio", "jsonschema", "reqwest"] {
        assert!(!crates.contains(heavy), "mcp-macros pulls {heavy}");
    }
}

#[test]
fn the_codegen_library_pulls_neither_the_cli_nor_the_runtime_host() {
    let crates = tree("mcp-codegen");
    assert!(
        crates.contains("typify") && crates.contains("prettyplease"),
        "{crates:?}"
    );
    for heavy in [
        "clap",
        "indicatif",
        "anyhow",
        "rustls",
        "jsonschema",
        "toml",
        "strsim",
        "rmcp",
        "tokio",
        "reqwest",
    ] {
        assert!(
            !crates.contains(heavy),
            "mcp-codegen (default features) pulls {heavy}"
        );
    }
}
