//! Which file format a config is, and its server entries as the file wrote them: JSON with
//! `mcpServers` (Claude Desktop, Cursor, Claude Code, Windsurf, Gemini CLI, Cline and the agent
//! frameworks), `servers` (VS Code) or `context_servers` (Zed); TOML with `[mcp_servers.NAME]`
//! (Codex) or a `[mcp.servers]` table (plugin-style). Detected by extension, then by content.

use std::path::Path;

use serde_json::{Map, Value};

use super::ConfigError;

/// Who wrote the file: some keys mean different things in different clients.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Dialect {
    /// `mcpServers` and the agent frameworks' shapes.
    McpServers,
    /// Gemini CLI's `settings.json` (timeouts in milliseconds, `url` is legacy SSE).
    Gemini,
    /// VS Code's `servers`.
    VsCode,
    /// Zed's `context_servers`.
    Zed,
    /// Codex's `config.toml`.
    Codex,
    /// A `[mcp.servers]` TOML table of inline tables.
    TomlTable,
}

/// One entry as written, JSON either way.
pub(super) struct RawEntry {
    pub name: String,
    pub value: Value,
    pub dialect: Dialect,
}

/// The entries of a config file; `path` (if any) helps tell Gemini settings and TOML apart.
pub(super) fn entries(
    text: &str,
    origin: &str,
    path: Option<&Path>,
) -> Result<Vec<RawEntry>, ConfigError> {
    let is_toml = path.is_some_and(|p| p.extension().is_some_and(|e| e == "toml"));
    let root = if is_toml {
        toml_root(text, origin)?
    } else {
        match serde_json::from_str::<Value>(text) {
            Ok(root) => root,
            // Not JSON, but TOML: a config named without `.toml`.
            Err(err) => toml::from_str::<Value>(text).map_err(|_| json_error(origin, &err))?,
        }
    };
    let gemini = path.is_some_and(is_gemini_settings);
    let (dialect, table) = find_servers(&root).ok_or_else(|| ConfigError::NoServers {
        origin: origin.to_string(),
    })?;
    let dialect = if gemini { Dialect::Gemini } else { dialect };
    Ok(table
        .iter()
        .map(|(name, value)| RawEntry {
            name: name.clone(),
            value: value.clone(),
            dialect,
        })
        .collect())
}

fn toml_root(text: &str, origin: &str) -> Result<Value, ConfigError> {
    toml::from_str::<Value>(text).map_err(|err| {
        let (line, column) = err
            .span()
            .map(|span| line_column(text, span.start))
            .unwrap_or((0, 0));
        ConfigError::Toml {
            origin: origin.to_string(),
            message: err.message().to_string(),
            line,
            column,
        }
    })
}

fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.len() - before.rfind('\n').map_or(0, |i| i + 1) + 1;
    (line, column)
}

fn json_error(origin: &str, err: &serde_json::Error) -> ConfigError {
    ConfigError::Json {
        origin: origin.to_string(),
        message: err
            .to_string()
            .split(" at line ")
            .next()
            .unwrap_or_default()
            .to_string(),
        line: err.line(),
        column: err.column(),
    }
}

/// `~/.gemini/settings.json` or a project's `.gemini/settings.json`.
fn is_gemini_settings(path: &Path) -> bool {
    path.file_name().is_some_and(|n| n == "settings.json")
        && path
            .parent()
            .and_then(Path::file_name)
            .is_some_and(|d| d == ".gemini")
}

/// The table of servers and the dialect its key implies.
fn find_servers(root: &Value) -> Option<(Dialect, &Map<String, Value>)> {
    fn table(value: Option<&Value>) -> Option<&Map<String, Value>> {
        value.and_then(Value::as_object)
    }
    if let Some(t) = table(root.get("mcpServers")) {
        return Some((Dialect::McpServers, t));
    }
    if let Some(t) = table(root.get("servers")) {
        return Some((Dialect::VsCode, t));
    }
    if let Some(t) = table(root.get("context_servers")) {
        return Some((Dialect::Zed, t));
    }
    if let Some(t) = table(root.get("mcp_servers")) {
        return Some((Dialect::Codex, t));
    }
    if let Some(t) = table(root.get("mcp").and_then(|m| m.get("servers"))) {
        return Some((Dialect::TomlTable, t));
    }
    None
}
