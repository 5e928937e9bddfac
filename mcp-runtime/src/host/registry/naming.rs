//! Registry names: what a provider accepts (`[a-zA-Z0-9_-]`, at most 64 characters), the
//! `mcp_{server}_{tool}` prefix policy, and stable hashes where names would collide.

use std::collections::BTreeMap;

use crate::schema::short_hash;

/// Longest tool name the providers accept.
pub const MAX_NAME: usize = 64;

/// When registry names carry the `mcp_{server}_` prefix.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum PrefixPolicy {
    /// Every MCP tool is `mcp_{server}_{tool}`.
    #[default]
    Always,
    /// Bare tool names, prefixed only where two servers share a name.
    OnConflict,
    /// Bare tool names; on a clash the first server (by name) keeps it and the others' tool is
    /// skipped with a warning.
    None,
}

/// `[a-zA-Z0-9_-]` only, at most 64 characters; a cut name ends in `_` and 8 hex digits of a
/// hash of the full name, so distinct long names stay distinct and stable.
pub fn normalize_name(name: &str) -> String {
    let clean: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if clean.len() <= MAX_NAME {
        return clean;
    }
    with_hash_suffix(&clean, name)
}

/// `name` cut to fit [`MAX_NAME`] with `_` and 8 hex digits of a hash of `key`.
fn with_hash_suffix(name: &str, key: &str) -> String {
    let mut cut = MAX_NAME - 9;
    while !name.is_char_boundary(cut.min(name.len())) {
        cut -= 1;
    }
    format!("{}_{}", &name[..cut.min(name.len())], short_hash(key, 4))
}

/// Registry names for `(server, tool)` pairs (sorted by server, then tool) under `policy`,
/// avoiding `taken` names and each other. `None` means skipped (policy `None` on a clash).
/// Names that normalise to the same text are told apart by a hash of server and tool.
pub(crate) fn mcp_names(
    pairs: &[(String, String)],
    policy: PrefixPolicy,
    taken: &[String],
) -> Vec<Option<String>> {
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for (_, tool) in pairs {
        *counts.entry(tool.as_str()).or_default() += 1;
    }
    let mut used: std::collections::BTreeSet<String> = taken.iter().cloned().collect();
    pairs
        .iter()
        .map(|(server, tool)| {
            let prefixed = match policy {
                PrefixPolicy::Always => true,
                PrefixPolicy::OnConflict => {
                    counts[tool.as_str()] > 1 || used.contains(&normalize_name(tool))
                }
                PrefixPolicy::None => false,
            };
            let mut name = normalize_name(&if prefixed {
                format!("mcp_{server}_{tool}")
            } else {
                tool.clone()
            });
            if used.contains(&name) {
                if policy == PrefixPolicy::None {
                    return None;
                }
                name = with_hash_suffix(&name, &format!("{server}\0{tool}"));
            }
            used.insert(name.clone());
            Some(name)
        })
        .collect()
}
