//! Server configs as users already write them, read into one model ([`Config`]): JSON
//! `mcpServers` (Claude Desktop, Cursor, Claude Code, Windsurf, Gemini CLI, Cline, the agent
//! frameworks' `transport` / camelCase shapes), VS Code `servers`, Zed `context_servers`, and
//! TOML: Codex `[mcp_servers.NAME]` and plugin-style `[mcp.servers]` tables.
//!
//! ```json
//! { "mcpServers": {
//!     "time":  { "command": "uvx", "args": ["mcp-server-time"], "env": { "TZ": "${TZ:-UTC}" } },
//!     "remote": { "url": "https://example.com/mcp", "headers": { "Authorization": "Bearer ${env:TOKEN}" } }
//! } }
//! ```
//! `${VAR}`, `${VAR:-default}` and `${env:VAR}` are expanded from the environment in every
//! string. A malformed file is an error with line and column; an invalid entry is skipped with
//! a warning naming the server and the field, an unknown key is a warning naming the closest
//! known one, and the rest load. The rooms: `formats.rs` (which file, which table),
//! `dialect.rs` (each client's keys in ours), `entry.rs` (one entry's fields), `expand.rs`
//! (`${VAR}`), `search.rs` (where a config is looked for).

mod dialect;
mod entry;
mod expand;
mod formats;
mod pin;
mod search;
mod written;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use super::glob::glob;
use crate::ServerSpec;
pub use pin::Pin;
use search::search;
pub use written::{WrittenEntry, written_entries};

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
    /// The file is not valid TOML.
    #[error("MCP config {origin} is not valid TOML: {message} at line {line}, column {column}")]
    Toml {
        /// The file.
        origin: String,
        /// toml's message.
        message: String,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
    },
    /// The file has no table of servers.
    #[error(
        "MCP config {origin} has no servers: expected `mcpServers` (Claude Desktop, Cursor, Claude Code, Gemini CLI), `servers` (VS Code), `context_servers` (Zed), or in TOML `[mcp_servers.NAME]` (Codex) or `[mcp.servers]`"
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

/// The crate error names no layer above it: the config hands its error in, boxed.
impl From<ConfigError> for crate::Error {
    fn from(err: ConfigError) -> Self {
        crate::Error::Config(Box::new(err))
    }
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
    /// `"timeout"` in seconds (or milliseconds with `timeout_ms`, and in Gemini CLI's
    /// entries): the call timeout.
    pub timeout: Option<Duration>,
    /// How long connecting may take (Codex's `startup_timeout_sec`, our `connect_timeout`).
    pub connect_timeout: Option<Duration>,
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
    /// `"connect"`: `at-start` (default) or, with a `snapshot`, `on-first-call`.
    pub connect: ConnectWhen,
    /// `"snapshot"`: the approved snapshot its tools are pinned to (a path relative to the
    /// config file); `"allow_unapproved_tools": true` offers tools the snapshot lacks.
    pub pin: Option<Pin>,
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

/// When a server is first connected.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum ConnectWhen {
    /// When the Manager starts, in the background.
    #[default]
    AtStart,
    /// On its first call (or listing): its tools are offered from its snapshot until then, so
    /// a server an agent may never use costs nothing.
    OnFirstCall,
}

/// The environment variable naming a config file.
pub const CONFIG_ENV: &str = "MCP_TOOLSET_CONFIG";

impl Config {
    /// Finds and loads the config: `explicit` if given, else `$MCP_TOOLSET_CONFIG`, else
    /// `./mcp.json`, `./.mcp.json`, `./.vscode/mcp.json`, `./.cursor/mcp.json`, else
    /// `mcp-toolset/mcp.json` in the user config dir (`$XDG_CONFIG_HOME` or `~/.config`).
    /// Nothing found is an empty config.
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
        let origin = path.display().to_string();
        match std::fs::read_to_string(path) {
            Ok(text) => {
                let entries = formats::entries(&text, &origin, Some(path))?;
                Config::from_entries(entries, &origin, path.parent())
            }
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => Ok(Config {
                origin,
                ..Config::default()
            }),
            Err(source) => Err(ConfigError::Read {
                path: path.to_path_buf(),
                source,
            }),
        }
    }

    /// Parses config text (JSON, or TOML when it is not JSON); `origin` names it in messages.
    pub fn parse(text: &str, origin: &str) -> Result<Config, ConfigError> {
        Config::from_entries(formats::entries(text, origin, None)?, origin, None)
    }

    /// `base`: the config file's directory, which relative `snapshot` paths start from.
    fn from_entries(
        entries: Vec<formats::RawEntry>,
        origin: &str,
        base: Option<&Path>,
    ) -> Result<Config, ConfigError> {
        let mut config = Config {
            origin: origin.to_string(),
            ..Config::default()
        };
        for raw in entries {
            let name = raw.name.clone();
            let parsed = dialect::canonical(&raw).and_then(|(map, notes)| {
                let place = entry::Place { origin, base };
                entry::parse_entry(&name, &map, place).map(|server| (server, notes))
            });
            match parsed {
                Ok((server, notes)) => {
                    config.warnings.extend(
                        notes
                            .into_iter()
                            .map(|n| format!("{origin}: server `{name}`: {n}")),
                    );
                    config.servers.insert(name, server);
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

#[cfg(test)]
mod tests {
    use super::expand::expand_with;
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
    fn a_plain_timeout_in_the_thousands_is_questioned() {
        let text = r#"{"mcpServers": {
            "ms": {"command": "x", "timeout": 3000},
            "seconds": {"command": "x", "timeout": 600},
            "gemini": {"command": "x", "timeout": 3000, "trust": true},
            "explicit": {"command": "x", "timeout_ms": 3000}
        }}"#;
        let config = Config::parse(text, "m").unwrap();
        assert_eq!(
            config.server("ms").unwrap().timeout,
            Some(Duration::from_secs(3000))
        );
        let [warning] = config.warnings.as_slice() else {
            panic!("one warning expected: {:?}", config.warnings);
        };
        assert!(
            warning.contains("server `ms`")
                && warning.contains("50 minutes")
                && warning.contains("\"timeout_ms\": 3000")
                && warning.contains("Gemini CLI"),
            "{warning}"
        );
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
        std::fs::create_dir_all(cwd.join(".cursor")).unwrap();
        std::fs::write(cwd.join(".cursor/mcp.json"), "{}").unwrap();
        assert_eq!(
            search(None, None, &cwd, Some(&user)),
            Some(cwd.join(".cursor/mcp.json"))
        );
        std::fs::create_dir_all(cwd.join(".vscode")).unwrap();
        std::fs::write(cwd.join(".vscode/mcp.json"), "{}").unwrap();
        assert_eq!(
            search(None, None, &cwd, Some(&user)),
            Some(cwd.join(".vscode").join("mcp.json"))
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

    #[test]
    fn an_argument_from_the_environment_is_shown_as_written() {
        // SAFETY: a variable only this test reads, set before the parse that expands it.
        unsafe { std::env::set_var("MCP_TEST_SHOWN_ARG", "hunter2-from-env") };
        let text = r#"{"mcpServers": {"s": {"command": "srv", "args": ["serve", "${MCP_TEST_SHOWN_ARG}"]}}}"#;
        let config = Config::parse(text, "mcp.json").unwrap();
        let spec = &config.server("s").unwrap().spec;
        let ServerSpec::Stdio(stdio) = spec else {
            panic!("{spec:?}");
        };
        assert_eq!(
            stdio.args,
            ["serve", "hunter2-from-env"],
            "the server gets the value"
        );
        assert_eq!(spec.target(), "`srv serve ${MCP_TEST_SHOWN_ARG}`");
        for shown in [format!("{config:?}"), format!("{spec:?}")] {
            assert!(!shown.contains("hunter2"), "{shown}");
        }
    }
}
