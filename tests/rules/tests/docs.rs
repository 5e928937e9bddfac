//! The front page and the guide stay what they promise: the README is a front page (at most
//! 250 lines), every chapter of `docs/` and every published crate's README is compiled as a
//! doc module of `mcp-toolset-tests` (so `cargo test --doc` builds each Rust snippet), and no
//! snippet opts out with `ignore`.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn pages() -> Vec<PathBuf> {
    let mut pages = vec![root().join("README.md")];
    for krate in [
        "mcp-runtime",
        "mcp-codegen",
        "mcp-macros",
        "mcp-codegen/cli",
    ] {
        pages.push(root().join(krate).join("README.md"));
    }
    let mut chapters: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    chapters.sort();
    pages.extend(chapters);
    pages
}

#[test]
fn the_readme_is_a_front_page() {
    let lines = std::fs::read_to_string(root().join("README.md"))
        .unwrap()
        .lines()
        .count();
    assert!(
        lines <= 250,
        "README.md has {lines} lines: move detail into a chapter of docs/"
    );
}

#[test]
fn every_page_is_compiled_as_a_doc_module() {
    let lib = std::fs::read_to_string(root().join("tests/src/lib.rs")).unwrap();
    for page in pages() {
        let rel = page
            .strip_prefix(root())
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        assert!(
            lib.contains(&format!("include_str!(\"../../{rel}\")")),
            "{rel} is not a doc module of tests/src/lib.rs, so its snippets are never compiled"
        );
    }
}

#[test]
fn no_rust_snippet_opts_out() {
    for page in pages() {
        let text = std::fs::read_to_string(&page).unwrap();
        let mut open = false;
        for (n, line) in text.lines().enumerate() {
            let Some(info) = line.trim_start().strip_prefix("```") else {
                continue;
            };
            if !open {
                let tags: Vec<&str> = info.split(',').map(str::trim).collect();
                let rust = info.is_empty() || tags.contains(&"rust");
                assert!(
                    !(rust && tags.contains(&"ignore")),
                    "{}:{}: a Rust snippet marked `ignore` is never compiled: make it \
                     compile (hidden `# ` lines for the setup) and mark it `no_run`",
                    page.display(),
                    n + 1
                );
            }
            open = !open;
        }
    }
}
