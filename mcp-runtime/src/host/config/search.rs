//! Where a config is looked for when none is named.

use std::path::{Path, PathBuf};

/// The search order, without reading the process environment (so it can be tested).
pub(super) fn search(
    explicit: Option<&Path>,
    from_env: Option<PathBuf>,
    cwd: &Path,
    user_config: Option<&Path>,
) -> Option<PathBuf> {
    if let Some(path) = explicit {
        return Some(path.to_path_buf());
    }
    if from_env.is_some() {
        return from_env;
    }
    let user = user_config.map(|d| d.join("mcp-toolset").join("mcp.json"));
    [
        Some(cwd.join("mcp.json")),
        Some(cwd.join(".mcp.json")),
        Some(cwd.join(".vscode").join("mcp.json")),
        Some(cwd.join(".cursor").join("mcp.json")),
        user,
    ]
    .into_iter()
    .flatten()
    .find(|p| p.is_file())
}
