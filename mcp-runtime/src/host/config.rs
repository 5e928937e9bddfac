//! `mcp.json`: the server configuration format of Claude Desktop, Cursor and Claude Code
//! (`mcpServers`) and of VS Code (`servers`).
//!
//! ```json
//! { "mcpServers": {
//!     "time":  { "command": "uvx", "args": ["mcp-server-time"], "env": { "TZ": "${TZ:-UTC}" } },
//!     "remote": { "url": "https://example.com/mcp", "headers": { "Authorization": "Bearer ${env:TOKEN}" } }
//! } }
//! ```
//! `${VAR}`, `${VAR:-default}` and `${env:VAR}` are expanded from the environment in every
//! string. A malformed file is an error with line and column; an invalid entry is skipped with
//! a warning naming the server and the field, and the rest load.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde_json::{Map, Value};

use super::glob::glob;
use crate::ServerSpec;

/// What can go wrong reading a config.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ConfigError {
    /// The file could not be read.
    #[error("cannot read MCP config {path}: {source}")]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The file is not valid JSON.
    #[error("MCP config {origin} is not valid JSON: {message} at line {line}, column {column}")]
    Json {
        /// The file (or `<inline>`).
        origin: String,
        /// serde_json's message.
        message: String,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
    },
    /// The JSON has neither `mcpServers` nor `servers`.
    #[error(
        "MCP config {origin} has no `mcpServers` (Claude Desktop, Cursor) or `servers` (VS Code) object"
    )]
    NoServers {
        /// The file.
        origin: String,
    },
    /// A server name that the config does not have (or that was skipped as invalid).
    #[error("MCP config {origin} has no usable server `{name}` (it has: {available})")]
    UnknownServer {
        /// The file.
        origin: String,
        /// The name asked for.
        name: String,
        /// The names it has.
        available: String,
    },
}

/// A parsed config: the valid entries, and a warning for each skipped one.
#[derive(Debug, Clone, Default)]
pub struct Config {
    /// Where it came from.
    pub origin: String,
    /// Valid entries by name.
    pub servers: BTreeMap<String, ServerConfig>,
    /// One line per skipped entry or ignored field, naming the server and the field.
    pub warnings: Vec<String>,
}

/// One server entry.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct ServerConfig {
    /// Its name in the config.
    pub name: String,
    /// How to reach it.
    pub spec: ServerSpec,
    /// `"disabled": true` entries are kept but not started.
    pub disabled: bool,
    /// `"timeout"` in seconds (or milliseconds with `timeout_ms`): the call timeout.
    pub timeout: Option<Duration>,
    /// `"retry": {"attempts": 3, "base_delay_ms": 200}`: connect retries with backoff.
    pub retry: Retry,
    /// `"pool": {"min": 1, "max": 4}`: sessions kept for this server.
    pub pool: PoolSize,
    /// `"tools": {"allow": ["read_*"], "deny": ["*delete*"]}`: which tools are exposed.
    pub tools: ToolFilter,
    /// `"prefix"`: used instead of the server name in registry tool names.
    pub prefix: Option<String>,
    /// `"lifecycle"`: `persistent` (default) or `per-call`.
    pub lifecycle: Lifecycle,
}

/// Connect retries: `attempts` tries in all, waiting `base_delay × 2^n` (with jitter) between.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Retry {
    /// Tries in all (at least 1).
    pub attempts: u32,
    /// The first wait; each later one doubles, up to 30 s.
    pub base_delay: Duration,
}

impl Default for Retry {
    fn default() -> Self {
        Retry {
            attempts: 3,
            base_delay: Duration::from_millis(200),
        }
    }
}

/// How many sessions a server gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PoolSize {
    /// Sessions opened up front.
    pub min: usize,
    /// Sessions at most; more than 1 makes calls run on several sessions at once.
    pub max: usize,
    /// How long a call waits for a new session to open while the others are busy, before it
    /// shares the least busy one (or, with none alive, fails with a timeout).
    pub acquire_timeout: Duration,
}

impl Default for PoolSize {
    fn default() -> Self {
        PoolSize {
            min: 1,
            max: 1,
            acquire_timeout: Duration::from_secs(30),
        }
    }
}

/// Glob filters on tool names (`*` and `?`). A tool is exposed when it matches an `allow`
/// pattern (or `allow` is empty) and no `deny` pattern.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ToolFilter {
    /// Patterns a tool must match one of (empty: all tools).
    pub allow: Vec<String>,
    /// Patterns that hide a tool.
    pub deny: Vec<String>,
}

impl ToolFilter {
    /// Whether `tool` passes the filter.
    pub fn allows(&self, tool: &str) -> bool {
        (self.allow.is_empty() || self.allow.iter().any(|p| glob(p, tool)))
            && !self.deny.iter().any(|p| glob(p, tool))
    }
}

/// How sessions are used.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Lifecycle {
    /// One long-lived session (or a pool), reconnected when it dies.
    #[default]
    Persistent,
    /// A fresh session for every call, for servers whose state must not be shared.
    PerCall,
}

/// The environment variable naming a config file.
pub const CONFIG_ENV: &str = "MCP_TOOLSET_CONFIG";

impl Config {
    /// Finds and loads the config: `explicit` if given, else `$MCP_TOOLSET_CONFIG`, else
    /// `./mcp.json`, else `./.mcp.json`, else `mcp-toolset/mcp.json` in the user config dir
    /// (`$XDG_CONFIG_HOME` or `~/.config`). Nothing found is an empty config.
    pub fn discover(explicit: Option<&Path>) -> Result<Config, ConfigError> {
        Config::load(Config::search_path(explicit).unwrap_or_else(|| PathBuf::from("mcp.json")))
    }

    /// The file [`Config::discover`] would read, if any.
    pub fn search_path(explicit: Option<&Path>) -> Option<PathBuf> {
        let user_dir = std::env::var_os("XDG_CONFIG_HOME")
            .map(PathBuf::from)
            .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".config")));
        let from_env = std::env::var_os(CONFIG_ENV)
            .filter(|p| !p.is_empty())
            .map(PathBuf::from);
        search(explicit, from_env, Path::new("."), user_dir.as_deref())
    }

    /// Reads and parses a config file; a missing file is an empty config.
    pub fn load(path: impl AsRef<Path>) -> Result<Config, ConfigError> {
        let path = path.as_ref();
        match std::fs::read_to_string(path) {
            Ok(text) => Config::parse(&text, &path.display().to_string()),
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => Ok(Config {
                origin: path.display().to_string(),
                ..Config::default()
            }),
            Err(source) => Err(ConfigError::Read {
                path: path.to_path_buf(),
                source,
            }),
        }
    }

    /// Parses config text; `origin` names it in messages.
    pub fn parse(text: &str, origin: &str) -> Result<Config, ConfigError> {
        let root: Value = serde_json::from_str(text).map_err(|err| ConfigError::Json {
            origin: origin.to_string(),
            message: err
                .to_string()
                .split(" at line ")
                .next()
                .unwrap_or_default()
                .to_string(),
            line: err.line(),
            column: err.column(),
        })?;
        let entries = root
            .get("mcpServers")
            .or_else(|| root.get("servers"))
            .and_then(Value::as_object)
            .ok_or_else(|| ConfigError::NoServers {
                origin: origin.to_string(),
            })?;
        let mut config = Config {
            origin: origin.to_string(),
            ..Config::default()
        };
        for (name, entry) in entries {
            match parse_entry(name, entry) {
                Ok(server) => {
                    config.servers.insert(name.clone(), server);
                }
                Err(problem) => config
                    .warnings
                    .push(format!("{origin}: server `{name}` skipped: {problem}")),
            }
        }
        Ok(config)
    }

    /// The entry called `name`, or an error listing the names there are.
    pub fn server(&self, name: &str) -> Result<&ServerConfig, ConfigError> {
        self.servers
            .get(name)
            .ok_or_else(|| ConfigError::UnknownServer {
                origin: self.origin.clone(),
                name: name.to_string(),
                available: if self.servers.is_empty() {
                    "none".to_string()
                } else {
                    self.servers
                        .keys()
                        .map(String::as_str)
                        .collect::<Vec<_>>()
                        .join(", ")
                },
            })
    }
}

/// The search order, without reading the process environment (so it can be tested).
fn search(
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
        user,
    ]
    .into_iter()
    .flatten()
    .find(|p| p.is_file())
}

fn parse_entry(name: &str, entry: &Value) -> Result<ServerConfig, String> {
    let map = entry.as_object().ok_or("the entry is not an object")?;
    let spec = parse_spec(map)?;
    let disabled = match map.get("disabled") {
        None => false,
        Some(Value::Bool(b)) => *b,
        Some(_) => return Err("`disabled` must be true or false".into()),
    };
    let timeout = match (map.get("timeout"), map.get("timeout_ms")) {
        (Some(v), _) => Some(Duration::from_secs_f64(positive(v, "timeout")?)),
        (None, Some(v)) => Some(Duration::from_secs_f64(positive(v, "timeout_ms")? / 1000.0)),
        (None, None) => None,
    };
    let retry = parse_retry(map)?;
    let pool = parse_pool(map)?;
    let tools = parse_tools(map)?;
    let prefix = opt_string(map, "prefix")?;
    let lifecycle = parse_lifecycle(map)?;
    Ok(ServerConfig {
        name: name.to_string(),
        spec,
        retry,
        pool,
        tools,
        prefix,
        lifecycle,
        disabled,
        timeout,
    })
}

/// The transport: `command` → stdio, `url` → streamable HTTP, as `type` allows.
fn parse_spec(map: &Map<String, Value>) -> Result<ServerSpec, String> {
    let transport = opt_string(map, "type")?;
    let command = opt_string(map, "command")?;
    let url = opt_string(map, "url")?;
    let spec = match (transport.as_deref(), command, url) {
        (_, Some(_), Some(_)) => return Err("has both `command` and `url`; keep one".into()),
        (Some("sse"), _, _) => {
            return Err("`type: \"sse\"` (legacy HTTP+SSE) is not supported".into());
        }
        (Some(t @ ("http" | "streamable-http" | "streamableHttp")), Some(_), None) => {
            return Err(format!("`type: \"{t}\"` needs `url`, not `command`"));
        }
        (Some("stdio") | None, Some(command), None) => {
            if command.trim().is_empty() {
                return Err("`command` is empty".into());
            }
            let mut spec = ServerSpec::stdio(command).args(string_list(map, "args")?);
            for (key, value) in string_map(map, "env")? {
                spec = spec.env(key, value);
            }
            if let Some(cwd) = opt_string(map, "cwd")? {
                spec = spec.cwd(cwd);
            }
            ServerSpec::from(spec)
        }
        (Some("http" | "streamable-http" | "streamableHttp") | None, None, Some(url)) => {
            let mut spec = ServerSpec::http(url);
            for (key, value) in string_map(map, "headers")? {
                spec = spec.header(key, value);
            }
            ServerSpec::from(spec)
        }
        (Some("stdio"), None, _) => return Err("`type: \"stdio\"` needs `command`".into()),
        (Some(other), _, _) => {
            return Err(format!(
                "unknown `type: \"{other}\"` (expected stdio, http or sse)"
            ));
        }
        (None, None, None) => return Err("needs `command` (stdio) or `url` (HTTP)".into()),
    };
    Ok(spec)
}

/// `"retry": {"attempts": 3, "base_delay_ms": 200}`.
fn parse_retry(map: &Map<String, Value>) -> Result<Retry, String> {
    Ok(match map.get("retry") {
        None | Some(Value::Null) => Retry::default(),
        Some(Value::Object(r)) => Retry {
            attempts: match r.get("attempts") {
                None => Retry::default().attempts,
                Some(v) => v
                    .as_u64()
                    .filter(|n| (1..=100).contains(n))
                    .ok_or("`retry.attempts` must be an integer from 1 to 100")?
                    as u32,
            },
            base_delay: match r.get("base_delay_ms") {
                None => Retry::default().base_delay,
                Some(v) => Duration::from_millis(
                    v.as_u64()
                        .ok_or("`retry.base_delay_ms` must be a non-negative integer")?,
                ),
            },
        },
        Some(_) => {
            return Err(
                "`retry` must be an object like {\"attempts\": 3, \"base_delay_ms\": 200}".into(),
            );
        }
    })
}

/// `"pool": {"min": 1, "max": 4, "acquire_timeout_ms": 5000}`.
fn parse_pool(map: &Map<String, Value>) -> Result<PoolSize, String> {
    Ok(match map.get("pool") {
        None | Some(Value::Null) => PoolSize::default(),
        Some(Value::Object(p)) => {
            let size = |key: &str, default: usize| -> Result<usize, String> {
                match p.get(key) {
                    None => Ok(default),
                    Some(v) => v
                        .as_u64()
                        .filter(|n| (1..=256).contains(n))
                        .map(|n| n as usize)
                        .ok_or(format!("`pool.{key}` must be an integer from 1 to 256")),
                }
            };
            let max = size("max", 1)?;
            let min = size("min", 1)?.min(max);
            let acquire_timeout = match p.get("acquire_timeout_ms") {
                None => PoolSize::default().acquire_timeout,
                Some(v) => Duration::from_millis(
                    v.as_u64()
                        .filter(|n| *n > 0)
                        .ok_or("`pool.acquire_timeout_ms` must be a positive integer")?,
                ),
            };
            PoolSize {
                min,
                max,
                acquire_timeout,
            }
        }
        Some(_) => return Err("`pool` must be an object like {\"min\": 1, \"max\": 4}".into()),
    })
}

/// `"tools": {"allow": [...], "deny": [...]}`.
fn parse_tools(map: &Map<String, Value>) -> Result<ToolFilter, String> {
    Ok(match map.get("tools") {
        None | Some(Value::Null) => ToolFilter::default(),
        Some(Value::Object(t)) => ToolFilter {
            allow: t
                .get("allow")
                .map_or(Ok(Vec::new()), |_| string_list(t, "allow"))
                .map_err(|e| format!("tools: {e}"))?,
            deny: t
                .get("deny")
                .map_or(Ok(Vec::new()), |_| string_list(t, "deny"))
                .map_err(|e| format!("tools: {e}"))?,
        },
        Some(_) => {
            return Err(
                "`tools` must be an object like {\"allow\": [\"read_*\"], \"deny\": []}".into(),
            );
        }
    })
}

/// `"lifecycle": "persistent" | "per-call"`.
fn parse_lifecycle(map: &Map<String, Value>) -> Result<Lifecycle, String> {
    Ok(match opt_string(map, "lifecycle")?.as_deref() {
        None | Some("persistent") => Lifecycle::Persistent,
        Some("per-call") => Lifecycle::PerCall,
        Some(other) => {
            return Err(format!(
                "`lifecycle` must be \"persistent\" or \"per-call\", not \"{other}\""
            ));
        }
    })
}

fn positive(value: &Value, field: &str) -> Result<f64, String> {
    match value.as_f64() {
        Some(n) if n > 0.0 && n.is_finite() => Ok(n),
        _ => Err(format!("`{field}` must be a positive number")),
    }
}

fn opt_string(map: &Map<String, Value>, field: &str) -> Result<Option<String>, String> {
    match map.get(field) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(expand_env(s))),
        Some(_) => Err(format!("`{field}` must be a string")),
    }
}

fn string_list(map: &Map<String, Value>, field: &str) -> Result<Vec<String>, String> {
    match map.get(field) {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::Array(items)) => items
            .iter()
            .enumerate()
            .map(|(i, item)| match item {
                Value::String(s) => Ok(expand_env(s)),
                Value::Number(n) => Ok(n.to_string()),
                _ => Err(format!("`{field}[{i}]` must be a string")),
            })
            .collect(),
        Some(_) => Err(format!("`{field}` must be an array of strings")),
    }
}

fn string_map(map: &Map<String, Value>, field: &str) -> Result<Vec<(String, String)>, String> {
    match map.get(field) {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::Object(entries)) => entries
            .iter()
            .map(|(key, value)| match value {
                Value::String(s) => Ok((key.clone(), expand_env(s))),
                // Values are never echoed: they may be secrets.
                _ => Err(format!("`{field}.{key}` must be a string")),
            })
            .collect(),
        Some(_) => Err(format!("`{field}` must be an object of strings")),
    }
}

/// Expands `${VAR}`, `${VAR:-default}` and `${env:VAR}`; unset variables become empty (or the
/// default). Anything else is left as written.
fn expand_env(text: &str) -> String {
    expand_with(text, |name| std::env::var(name).ok())
}

fn expand_with(text: &str, lookup: impl Fn(&str) -> Option<String>) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("${") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        let Some(end) = after.find('}') else {
            out.push_str(&rest[start..]);
            return out;
        };
        let inner = &after[..end];
        let inner = inner.strip_prefix("env:").unwrap_or(inner);
        let (name, default) = match inner.split_once(":-") {
            Some((name, default)) => (name, Some(default)),
            None => (inner, None),
        };
        let valid = !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if valid {
            match (lookup(name).filter(|v| !v.is_empty()), default) {
                (Some(value), _) => out.push_str(&value),
                (None, Some(default)) => out.push_str(default),
                (None, None) => {}
            }
        } else {
            out.push_str(&rest[start..start + 2 + end + 1]);
        }
        rest = &after[end + 1..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expansion_forms() {
        let env = |name: &str| match name {
            "HOME" => Some("/home/u".to_string()),
            "EMPTY" => Some(String::new()),
            _ => None,
        };
        assert_eq!(expand_with("${HOME}/x", env), "/home/u/x");
        assert_eq!(expand_with("${env:HOME}", env), "/home/u");
        assert_eq!(expand_with("${NOPE:-fallback}", env), "fallback");
        assert_eq!(expand_with("${EMPTY:-d}", env), "d");
        assert_eq!(expand_with("a${NOPE}b", env), "ab");
        assert_eq!(expand_with("${not valid}", env), "${not valid}");
        assert_eq!(expand_with("tail ${", env), "tail ${");
    }

    #[test]
    fn both_formats_and_bad_entries() {
        let text = r#"{"mcpServers": {
            "a": {"command": "srv", "args": ["--x", 3], "env": {"K": "v"}},
            "b": {"url": "http://127.0.0.1:1/mcp", "headers": {"X": "y"}},
            "both": {"command": "x", "url": "http://h"},
            "empty": {"command": " "},
            "badenv": {"command": "x", "env": {"K": 1}},
            "weird": {"type": "carrier-pigeon", "command": "x"}
        }}"#;
        let config = Config::parse(text, "mcp.json").unwrap();
        assert_eq!(config.servers.keys().collect::<Vec<_>>(), ["a", "b"]);
        let joined = config.warnings.join("\n");
        for needle in [
            "`both`",
            "`empty`",
            "`badenv`",
            "env.K",
            "`weird`",
            "carrier-pigeon",
        ] {
            assert!(joined.contains(needle), "{needle} not in {joined}");
        }
        match &config.server("a").unwrap().spec {
            ServerSpec::Stdio(s) => assert_eq!(s.args, ["--x", "3"]),
            other => panic!("{other:?}"),
        }
        let err = config.server("zzz").unwrap_err().to_string();
        assert!(err.contains("a, b"), "{err}");

        let vscode = Config::parse(
            r#"{"servers": {"t": {"type": "stdio", "command": "t"}}}"#,
            "x",
        )
        .unwrap();
        assert!(vscode.servers.contains_key("t"));
    }

    #[test]
    fn our_fields() {
        let text = r#"{"mcpServers": {
            "a": {"command": "x", "retry": {"attempts": 5, "base_delay_ms": 10}, "pool": {"min": 2, "max": 4},
                  "tools": {"allow": ["read_*", "list?"], "deny": ["*secret*"]}, "prefix": "fs", "lifecycle": "per-call",
                  "disabled": true, "timeout": 2.5},
            "badpool": {"command": "x", "pool": {"max": 0}},
            "badlife": {"command": "x", "lifecycle": "sometimes"}
        }}"#;
        let config = Config::parse(text, "m").unwrap();
        let a = config.server("a").unwrap();
        assert_eq!(
            a.retry,
            Retry {
                attempts: 5,
                base_delay: Duration::from_millis(10)
            }
        );
        assert_eq!(
            a.pool,
            PoolSize {
                min: 2,
                max: 4,
                acquire_timeout: Duration::from_secs(30)
            }
        );
        assert!(a.tools.allows("read_file") && a.tools.allows("list1"));
        assert!(
            !a.tools.allows("read_secret_file")
                && !a.tools.allows("write_file")
                && !a.tools.allows("list10")
        );
        assert_eq!(a.prefix.as_deref(), Some("fs"));
        assert_eq!(a.lifecycle, Lifecycle::PerCall);
        assert!(a.disabled);
        assert_eq!(a.timeout, Some(Duration::from_millis(2500)));
        let joined = config.warnings.join("\n");
        assert!(
            joined.contains("`badpool`") && joined.contains("pool.max"),
            "{joined}"
        );
        assert!(
            joined.contains("`badlife`") && joined.contains("sometimes"),
            "{joined}"
        );
    }

    #[test]
    fn search_order() {
        let root = std::env::temp_dir().join(format!("mcp-config-search-{}", std::process::id()));
        let (cwd, user) = (root.join("project"), root.join("xdg"));
        std::fs::create_dir_all(user.join("mcp-toolset")).unwrap();
        std::fs::create_dir_all(&cwd).unwrap();
        let explicit = Path::new("/explicit.json");
        let env = Some(PathBuf::from("/from-env.json"));
        assert_eq!(search(None, None, &cwd, Some(&user)), None, "nothing found");
        std::fs::write(user.join("mcp-toolset/mcp.json"), "{}").unwrap();
        assert_eq!(
            search(None, None, &cwd, Some(&user)),
            Some(user.join("mcp-toolset/mcp.json"))
        );
        std::fs::write(cwd.join(".mcp.json"), "{}").unwrap();
        assert_eq!(
            search(None, None, &cwd, Some(&user)),
            Some(cwd.join(".mcp.json"))
        );
        std::fs::write(cwd.join("mcp.json"), "{}").unwrap();
        assert_eq!(
            search(None, None, &cwd, Some(&user)),
            Some(cwd.join("mcp.json"))
        );
        assert_eq!(search(None, env.clone(), &cwd, Some(&user)), env);
        assert_eq!(
            search(Some(explicit), env, &cwd, Some(&user)),
            Some(explicit.to_path_buf())
        );
        // A missing file is an empty config, not an error.
        assert!(
            Config::load(root.join("absent.json"))
                .unwrap()
                .servers
                .is_empty()
        );
        let _ = std::fs::remove_dir_all(&root);
    }

    #[test]
    fn malformed_json_has_line_and_column() {
        let err = Config::parse("{\n  \"mcpServers\": {,}\n}", "cfg.json").unwrap_err();
        match err {
            ConfigError::Json { line, column, .. } => assert_eq!((line, column), (2, 18)),
            other => panic!("{other}"),
        }
    }
}
