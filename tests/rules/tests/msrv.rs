//! The MSRV the workspace states (`rust-version`) holds for what users build: no dependency a
//! published crate can pull in asks for a newer compiler, by the `rust-version` each one
//! declares in the lock file's resolution. The `rig` feature is the documented exception
//! (rig-core asks for 1.95), so what only rig-core reaches is left out. Our own code is held
//! to the same version by clippy's `incompatible_msrv`, denied in `[workspace.lints]`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::Command;

use serde_json::Value;

const PUBLISHED: [&str; 4] = [
    "mcp-runtime",
    "mcp-codegen",
    "mcp-macros",
    "mcp-codegen-cli",
];

/// Reached only through the `rig` feature, whose own MSRV the README states.
const EXEMPT: [&str; 2] = ["rig-core", "rig-agent"];

fn version(text: &str) -> (u64, u64, u64) {
    let mut parts = text.split('.').map(|p| p.parse::<u64>().unwrap_or(0));
    (
        parts.next().unwrap_or(0),
        parts.next().unwrap_or(0),
        parts.next().unwrap_or(0),
    )
}

/// The machine's own target: what a user here builds (and all the lock file can be resolved
/// for without fetching other platforms' crates).
fn host() -> String {
    let out = Command::new("rustc")
        .arg("-vV")
        .output()
        .expect("rustc runs");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let line = text
        .lines()
        .find_map(|l| l.strip_prefix("host: "))
        .expect("rustc -vV names the host");
    line.to_string()
}

fn metadata() -> Value {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let out = Command::new(env!("CARGO"))
        .args([
            "metadata",
            "--format-version",
            "1",
            "--locked",
            "--filter-platform",
            &host(),
        ])
        .current_dir(root)
        .output()
        .expect("cargo metadata runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// The crates a published crate can pull in that ask for a newer compiler than `stated`
/// (`None`: the workspace's own `rust-version`), and the version it was held to.
fn newer_than(meta: &Value, stated: Option<&str>) -> (String, Vec<String>) {
    let packages: BTreeMap<&str, &Value> = (meta["packages"].as_array().unwrap().iter())
        .map(|p| (p["id"].as_str().unwrap(), p))
        .collect();
    let name = |id: &str| packages[id]["name"].as_str().unwrap().to_string();
    let stated = stated.unwrap_or_else(|| {
        (packages.values())
            .find(|p| p["name"] == "mcp-runtime")
            .and_then(|p| p["rust_version"].as_str())
            .expect("mcp-runtime states a rust-version")
    });
    let nodes: BTreeMap<&str, &Value> = (meta["resolve"]["nodes"].as_array().unwrap().iter())
        .map(|n| (n["id"].as_str().unwrap(), n))
        .collect();
    let mut seen = BTreeSet::new();
    let mut todo: Vec<&str> = (nodes.keys().copied())
        .filter(|id| PUBLISHED.contains(&name(id).as_str()))
        .collect();
    assert_eq!(
        todo.len(),
        PUBLISHED.len(),
        "every published crate is in the workspace"
    );
    while let Some(id) = todo.pop() {
        if !seen.insert(id) || EXEMPT.contains(&name(id).as_str()) {
            continue;
        }
        for dep in nodes[id]["deps"].as_array().unwrap() {
            // Normal and build dependencies; dev-dependencies are not built for users.
            let used = (dep["dep_kinds"].as_array().unwrap().iter()).any(|k| k["kind"] != "dev");
            if used {
                todo.push(dep["pkg"].as_str().unwrap());
            }
        }
    }
    let newer: Vec<String> = (seen.iter())
        .filter(|id| !EXEMPT.contains(&name(id).as_str()))
        .filter_map(|id| {
            let wants = packages[*id]["rust_version"].as_str()?;
            (version(wants) > version(stated))
                .then(|| format!("{} {} wants {wants}", name(id), packages[*id]["version"]))
        })
        .collect();
    assert!(
        seen.len() > 50,
        "the walk reached the dependency graph ({} crates)",
        seen.len()
    );
    (stated.to_string(), newer)
}

#[test]
fn no_dependency_of_a_published_crate_needs_a_newer_compiler() {
    let (stated, newer) = newer_than(&metadata(), None);
    assert!(
        newer.is_empty(),
        "rust-version {stated} is stated, but these dependencies need more (pin an older \
         release with `cargo update -p NAME --precise VERSION`, or raise rust-version):\n{}",
        newer.join("\n")
    );
}

#[test]
fn clippy_holds_our_code_to_the_stated_version() {
    let manifest =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../Cargo.toml"))
            .unwrap();
    assert!(
        manifest.contains("incompatible_msrv = \"deny\""),
        "[workspace.lints.clippy] denies incompatible_msrv"
    );
    for krate in [
        "mcp-runtime",
        "mcp-codegen",
        "mcp-macros",
        "mcp-codegen/cli",
    ] {
        let own = std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../../{krate}/Cargo.toml")),
        )
        .unwrap();
        assert!(
            own.contains("rust-version.workspace = true"),
            "{krate} states the workspace's rust-version"
        );
        assert!(
            own.contains("[lints]\nworkspace = true"),
            "{krate} takes the workspace's lints"
        );
    }
}

#[test]
fn a_lower_stated_version_is_caught() {
    // The walk really reads the dependencies' versions: held to 1.60, edition-2021 crates
    // that ask for more than 1.60 are named.
    let (_, newer) = newer_than(&metadata(), Some("1.60"));
    assert!(newer.len() > 5, "{newer:?}");
}
