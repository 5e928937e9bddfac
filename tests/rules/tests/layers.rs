//! The workspace's crates keep the layer order ARCHITECTURE.md states, with no import circle;
//! and the check itself fails on a planted upward import and a planted circle.

use std::path::Path;

use mcp_toolset_rules::{CrateTree, Finding, check, layers_from_markdown};

const CRATES: [(&str, &str); 4] = [
    ("mcp-runtime", "mcp-runtime/src"),
    ("mcp-codegen", "mcp-codegen/src"),
    ("mcp-codegen-cli", "mcp-codegen/cli/src"),
    ("mcp-macros", "mcp-macros/src"),
];

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .and_then(Path::parent)
        .unwrap()
}

#[test]
fn every_crate_keeps_its_layers_without_circles() {
    let map = std::fs::read_to_string(root().join("ARCHITECTURE.md")).unwrap();
    let mut report = String::new();
    for (krate, src) in CRATES {
        let layers = layers_from_markdown(&map, krate)
            .unwrap_or_else(|| panic!("ARCHITECTURE.md has no ```layers {krate} block"));
        let tree = CrateTree::read(&root().join(src)).unwrap();
        for finding in check(&tree, &layers) {
            report.push_str(&format!("{krate}: {finding}\n"));
        }
    }
    assert!(report.is_empty(), "the layering rule is broken:\n{report}");
}

fn planted(files: &[(&str, &str)], order: &str) -> Vec<Finding> {
    let mut tree = CrateTree::default();
    for (name, text) in files {
        tree.add(name, text).unwrap();
    }
    let block = format!("```layers demo\n{order}\n```\n");
    check(&tree, &layers_from_markdown(&block, "demo").unwrap())
}

#[test]
fn a_planted_upward_import_is_found() {
    let files = [
        ("lib.rs", "mod error; mod host; pub use error::Error;"),
        (
            "error.rs",
            "pub enum Error { Config(crate::host::ConfigError) }",
        ),
        (
            "host.rs",
            "pub struct ConfigError; pub fn f() -> crate::Error { todo!() }",
        ),
    ];
    let found = planted(&files, "error\nhost");
    assert!(
        found.iter().any(|f| matches!(f, Finding::Climb { from, to, .. } if from == "error.rs" && to == "host.rs")),
        "{found:?}"
    );
}

#[test]
fn a_planted_circle_is_found_through_a_reexport_and_a_group() {
    let files = [
        ("lib.rs", "mod client; pub use client::Client;"),
        (
            "client/mod.rs",
            "mod session; mod tasks; pub use session::Client;",
        ),
        (
            "client/session.rs",
            "use super::tasks::{support::Support}; pub struct Client(Support);",
        ),
        ("client/tasks/mod.rs", "pub mod support;"),
        (
            "client/tasks/support.rs",
            "pub struct Support; fn f(_: &crate::Client) {}",
        ),
    ];
    let found = planted(&files, "client");
    let circle = found.iter().find_map(|f| match f {
        Finding::Circle { files, .. } => Some(files.clone()),
        _ => None,
    });
    assert_eq!(
        circle,
        Some(vec![
            "client/session.rs".to_string(),
            "client/tasks/support.rs".to_string()
        ])
    );
}

#[test]
fn a_child_may_use_its_own_module_file_and_paths_in_macros_count() {
    let files = [
        ("lib.rs", "mod a; mod b;"),
        (
            "a/mod.rs",
            "mod child; pub struct Settings; pub use child::Thing;",
        ),
        ("a/child.rs", "pub struct Thing(super::Settings);"),
        (
            "b.rs",
            "fn f() { let _ = format!(\"{:?}\", crate::a::Thing::default()); }",
        ),
    ];
    assert_eq!(planted(&files, "a\nb"), vec![]);
    let found = planted(&files, "b\na");
    assert!(
        found.iter().any(
            |f| matches!(f, Finding::Climb { from, to, .. } if from == "b.rs" && to == "a/child.rs")
        ),
        "{found:?}"
    );
}

#[test]
fn a_file_outside_every_layer_is_named() {
    let found = planted(&[("lib.rs", "mod a;"), ("a.rs", "")], "b");
    assert_eq!(
        found,
        vec![Finding::Unplaced {
            file: "a.rs".into()
        }]
    );
}

/// `LAYERS_EDGES=mcp-runtime/src cargo test -p mcp-toolset-rules -- print_edges --nocapture`
/// prints a crate's file graph.
#[test]
fn print_edges() {
    if let Ok(src) = std::env::var("LAYERS_EDGES") {
        let tree = CrateTree::read(&root().join(src)).unwrap();
        for (from, to, path) in mcp_toolset_rules::edges(&tree) {
            println!("{from} -> {to}  ({path})");
        }
    }
}
