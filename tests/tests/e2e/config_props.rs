//! Property tests: config parsing never panics and keeps exactly the valid entries.

use mcp_runtime::host::config::Config;
use proptest::prelude::*;
use serde_json::{Value, json};

fn entry() -> impl Strategy<Value = (Value, bool)> {
    prop_oneof![
        (
            "[a-z/._-]{1,12}",
            proptest::collection::vec("[ -~]{0,8}", 0..4)
        )
            .prop_map(|(c, a)| (json!({"command": c, "args": a}), true)),
        "[a-z]{1,8}".prop_map(|h| (
            json!({"url": format!("http://{h}.test/mcp"), "headers": {"X": "y"}}),
            true
        )),
        "[a-z]{1,8}".prop_map(|c| (
            json!({"type": "stdio", "command": c, "lifecycle": "per-call", "pool": {"max": 2}}),
            true
        )),
        Just((json!({"command": "x", "url": "http://h"}), false)),
        Just((json!({"command": ""}), false)),
        Just((json!({"type": "telepathy", "command": "x"}), false)),
        Just((json!({"command": "x", "env": {"K": 1}}), false)),
        Just((json!({"command": "x", "pool": {"max": "lots"}}), false)),
        Just((json!(42), false)),
        Just((json!({}), false)),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn config_keeps_exactly_the_valid_entries(entries in proptest::collection::btree_map("[a-zA-Z0-9 _-]{1,10}", entry(), 0..8), vscode in any::<bool>()) {
        let servers: serde_json::Map<String, Value> = entries.iter().map(|(k, (v, _))| (k.clone(), v.clone())).collect();
        let key = if vscode { "servers" } else { "mcpServers" };
        let config = Config::parse(&json!({ key: servers }).to_string(), "p.json").unwrap();
        for (name, (_, valid)) in &entries {
            prop_assert_eq!(config.servers.contains_key(name), *valid, "{}", name);
            if !valid {
                let needle = format!("`{name}`");
                prop_assert!(config.warnings.iter().any(|w| w.contains(&needle)), "no warning for {}", name);
            }
        }
    }

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,200}") {
        let _ = Config::parse(&text, "fuzz");
    }
}
