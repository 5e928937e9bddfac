//! Config files as real clients and the agent frameworks write them (`tests/configs/`), read
//! into one model; and a property: the same servers, written in each dialect, load the same.

use std::path::{Path, PathBuf};
use std::time::Duration;

use mcp_runtime::host::config::{Config, Lifecycle, ServerConfig};
use mcp_runtime::{ServerSpec, WorkloadToken};
use proptest::prelude::*;
use serde_json::{Map, Value, json};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("configs")
        .join(name)
}

fn load(name: &str) -> Config {
    let config = Config::load(fixture(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert!(!config.servers.is_empty(), "{name}: no servers");
    config
}

/// (transport, command or URL, args)
fn shape(server: &ServerConfig) -> (&'static str, String, Vec<String>) {
    match &server.spec {
        ServerSpec::Stdio(s) => ("stdio", s.command.clone(), s.args.clone()),
        ServerSpec::Http(h) if h.legacy_sse => ("sse", h.url.clone(), Vec::new()),
        ServerSpec::Http(h) => ("http", h.url.clone(), Vec::new()),
        _ => ("?", String::new(), Vec::new()),
    }
}

fn transport(config: &Config, name: &str) -> &'static str {
    shape(config.server(name).unwrap()).0
}

#[test]
fn claude_desktop_cursor_and_claude_code() {
    let desktop = load("claude-desktop.json");
    assert_eq!(transport(&desktop, "github"), "stdio");
    assert!(desktop.warnings.is_empty(), "{:?}", desktop.warnings);
    let code = load("claude-code.mcp.json");
    assert_eq!(transport(&code, "sentry"), "http");
    assert_eq!(transport(&code, "linear"), "sse");
    assert_eq!(transport(&code, "local"), "stdio");
    let cursor = load("cursor.json");
    assert_eq!(transport(&cursor, "context7"), "http");
}

#[test]
fn windsurf_server_url_and_foreign_keys() {
    let windsurf = load("windsurf.json");
    let figma = windsurf.server("figma").unwrap();
    assert_eq!(shape(figma).1, "https://mcp.figma.com/mcp");
    assert!(figma.disabled);
    // alwaysAllow, autoApprove: other clients' keys, accepted silently.
    assert!(windsurf.warnings.is_empty(), "{:?}", windsurf.warnings);
}

#[test]
fn gemini_settings_in_milliseconds_with_sse_urls() {
    let gemini = load(".gemini/settings.json");
    assert_eq!(transport(&gemini, "docs"), "http");
    assert_eq!(transport(&gemini, "legacy"), "sse");
    let docs = gemini.server("docs").unwrap();
    assert_eq!(docs.timeout, Some(Duration::from_secs(30)));
    let fs = gemini.server("fs").unwrap();
    assert_eq!(fs.timeout, Some(Duration::from_secs(5)));
    assert!(fs.tools.allows("read_file") && !fs.tools.allows("write_file"));
    assert!(gemini.warnings.is_empty(), "{:?}", gemini.warnings);
    // Gemini-only keys mark an entry as Gemini's wherever it is: ms there too.
    let elsewhere = Config::parse(
        r#"{"mcpServers": {"g": {"httpUrl": "http://h/mcp", "timeout": 1500}}}"#,
        "x.json",
    )
    .unwrap();
    assert_eq!(
        elsewhere.server("g").unwrap().timeout,
        Some(Duration::from_millis(1500))
    );
}

#[test]
fn vs_code_types_and_input_variables() {
    let vscode = load(".vscode/mcp.json");
    assert_eq!(transport(&vscode, "github"), "http");
    assert_eq!(transport(&vscode, "legacy"), "sse");
    assert_eq!(transport(&vscode, "memory"), "stdio");
    assert!(!vscode.servers.contains_key("perplexity"));
    let warning = vscode.warnings.join("\n");
    assert!(
        warning.contains("perplexity") && warning.contains("${input:perplexity-key}"),
        "{warning}"
    );
}

#[test]
fn zed_context_servers_both_shapes() {
    let zed = load("zed-settings.json");
    let (kind, command, args) = shape(zed.server("postgres").unwrap());
    assert_eq!((kind, command.as_str()), ("stdio", "npx"));
    assert_eq!(
        args.last().map(String::as_str),
        Some("postgresql://localhost/db")
    );
    assert_eq!(transport(&zed, "time"), "stdio");
    assert!(zed.warnings.is_empty(), "{:?}", zed.warnings);
}

#[test]
fn codex_toml() {
    // SAFETY: set before any thread of this test reads the environment.
    unsafe { std::env::set_var("MCP_TOOLSET_FIXTURE_TOKEN", "fixture-token") };
    let codex = load("codex-config.toml");
    let docs = codex.server("docs").unwrap();
    assert_eq!(docs.timeout, Some(Duration::from_secs(45)));
    assert_eq!(docs.connect_timeout, Some(Duration::from_secs(20)));
    assert!(docs.tools.allows("fetch_page") && !docs.tools.allows("fetch_admin"));
    match &codex.server("figma").unwrap().spec {
        ServerSpec::Http(h) => {
            assert_eq!(h.bearer_token.as_deref(), Some("fixture-token"));
            assert_eq!(h.headers["X-Region"], "us-east-1");
            assert_eq!(h.headers["X-Api-Key"], "fixture-token");
        }
        other => panic!("{other:?}"),
    }
    assert!(codex.server("off").unwrap().disabled);
    assert!(codex.warnings.is_empty(), "{:?}", codex.warnings);
}

#[test]
fn plugin_toml_and_agent_framework_shapes() {
    for name in ["plugin.toml", "agent-framework.json"] {
        let config = load(name);
        assert_eq!(transport(&config, "search"), "sse", "{name}");
        assert!(config.warnings.is_empty(), "{name}: {:?}", config.warnings);
    }
    let plugin = load("plugin.toml");
    let pooled = plugin.server("pooled").unwrap();
    assert_eq!((pooled.pool.min, pooled.pool.max), (2, 4));
    assert_eq!(plugin.server("search").unwrap().retry.attempts, 5);
    let agent = load("agent-framework.json");
    let files = agent.server("files").unwrap();
    assert_eq!((files.pool.min, files.pool.max), (1, 3));
    assert_eq!(agent.server("search").unwrap().retry.attempts, 2);
    let ours = agent.server("ours").unwrap();
    assert_eq!(
        (ours.pool.min, ours.pool.max, ours.retry.attempts),
        (2, 2, 4)
    );
    assert_eq!(ours.lifecycle, Lifecycle::PerCall);
}

#[test]
fn strict_but_kind() {
    let config = load("mistakes.json");
    assert!(config.servers.contains_key("typo") && config.servers.contains_key("fine"));
    assert!(
        !config.servers.contains_key("contradiction") && !config.servers.contains_key("disagree")
    );
    let warnings = config.warnings.join("\n");
    assert!(
        warnings.contains("`argz`") && warnings.contains("did you mean `args`?"),
        "{warnings}"
    );
    assert!(
        warnings.contains("`type: \"stdio\"` contradicts `url`"),
        "{warnings}"
    );
    assert!(
        warnings.contains("`type: \"http\"` contradicts `transport: \"sse\"`"),
        "{warnings}"
    );
    assert!(!warnings.contains("mistake-fixture-secret"));
}

// ---- the same servers in every dialect -------------------------------------------------

#[derive(Debug, Clone)]
struct Server {
    name: String,
    stdio: bool,
    target: String,
    args: Vec<String>,
    env: Vec<(String, String)>,
    timeout_s: Option<u32>,
    disabled: bool,
    allow: Vec<String>,
}

fn server() -> impl Strategy<Value = Server> {
    (
        "[a-z][a-z0-9_-]{0,8}",
        any::<bool>(),
        "[a-z]{1,8}",
        prop::collection::vec("[a-zA-Z0-9./=-]{1,8}", 0..3),
        prop::collection::vec(("[A-Z][A-Z_]{0,6}", "[a-z0-9]{0,6}"), 0..3),
        prop::option::of(1u32..600),
        any::<bool>(),
        prop::collection::vec("[a-z_*]{1,6}", 0..2),
    )
        .prop_map(
            |(name, stdio, target, args, env, timeout_s, disabled, allow)| Server {
                target: if stdio {
                    target
                } else {
                    format!("http://{target}.test/mcp")
                },
                name,
                stdio,
                args: if stdio { args } else { Vec::new() },
                env: if stdio { env } else { Vec::new() },
                timeout_s,
                disabled,
                allow,
            },
        )
}

/// The entry in one dialect's keys.
fn written(s: &Server, dialect: &str) -> Value {
    let mut e = Map::new();
    let env: Map<String, Value> = s.env.iter().map(|(k, v)| (k.clone(), json!(v))).collect();
    match (s.stdio, dialect) {
        (true, "zed") => {
            e.insert(
                "command".into(),
                json!({"path": s.target, "args": s.args, "env": env}),
            );
        }
        (true, _) => {
            e.insert("command".into(), json!(s.target));
            e.insert("args".into(), json!(s.args));
            e.insert("env".into(), Value::Object(env));
        }
        (false, "gemini") => {
            e.insert("httpUrl".into(), json!(s.target));
        }
        (false, "vscode") => {
            e.insert("type".into(), json!("http"));
            e.insert("url".into(), json!(s.target));
        }
        (false, "framework") => {
            e.insert("transport".into(), json!("streamable-http"));
            e.insert("url".into(), json!(s.target));
        }
        (false, _) => {
            e.insert("url".into(), json!(s.target));
        }
    }
    if let Some(t) = s.timeout_s {
        let (key, value) = match dialect {
            "gemini" => ("timeout", json!(t * 1000)),
            "codex" => ("tool_timeout_sec", json!(t)),
            _ => ("timeout", json!(t)),
        };
        e.insert(key.into(), value);
    }
    match dialect {
        "codex" => e.insert("enabled".into(), json!(!s.disabled)),
        _ => e.insert("disabled".into(), json!(s.disabled)),
    };
    if !s.allow.is_empty() {
        let (key, value) = match dialect {
            "gemini" => ("includeTools", json!(s.allow)),
            "codex" => ("enabled_tools", json!(s.allow)),
            _ => ("tools", json!({ "allow": s.allow })),
        };
        e.insert(key.into(), value);
    }
    Value::Object(e)
}

/// The whole file in one dialect, and the path it would have.
fn file(servers: &[Server], dialect: &str) -> (String, &'static str) {
    let table: Map<String, Value> = servers
        .iter()
        .map(|s| (s.name.clone(), written(s, dialect)))
        .collect();
    let table = Value::Object(table);
    match dialect {
        "vscode" => (json!({ "servers": table }).to_string(), "mcp.json"),
        "zed" => (
            json!({ "context_servers": table }).to_string(),
            "settings.json",
        ),
        "gemini" => (
            json!({ "mcpServers": table }).to_string(),
            ".gemini/settings.json",
        ),
        "codex" => (
            toml::to_string(&json!({ "mcp_servers": table })).unwrap(),
            "config.toml",
        ),
        "plugin" => (
            toml::to_string(&json!({ "mcp": { "servers": table } })).unwrap(),
            "mcp.toml",
        ),
        _ => (json!({ "mcpServers": table }).to_string(), "mcp.json"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn the_same_servers_in_every_dialect_load_the_same(
        servers in prop::collection::btree_map("[a-z][a-z0-9_-]{0,8}", server(), 1..5)
    ) {
        let servers: Vec<Server> = servers
            .into_iter()
            .map(|(name, s)| Server { name, ..s })
            .collect();
        let dir = crate::common::scratch("config-dialects");
        let mut models = Vec::new();
        for dialect in ["mcpServers", "vscode", "zed", "gemini", "codex", "plugin", "framework"] {
            let (text, name) = file(&servers, dialect);
            let path = dir.join(dialect).join(name);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, &text).unwrap();
            let config = Config::load(&path).unwrap();
            prop_assert!(config.warnings.is_empty(), "{dialect}: {:?}\n{text}", config.warnings);
            models.push((dialect, config.servers));
        }
        let _ = std::fs::remove_dir_all(&dir);
        let (first, model) = &models[0];
        prop_assert_eq!(model.len(), servers.len());
        for (dialect, other) in &models[1..] {
            prop_assert_eq!(model, other, "{} and {} differ", first, dialect);
        }
    }
}

#[test]
fn machine_clients_name_their_private_key_never_hold_it() {
    let config = Config::load(fixture("machine-clients.json")).unwrap();
    let oauth = |name: &str| match &config.server(name).unwrap().spec {
        ServerSpec::Http(http) => http.oauth.clone().unwrap(),
        other => panic!("{other:?}"),
    };
    // A relative key file starts from the config file's directory.
    let signed = oauth("signed");
    assert_eq!(signed.client_id.as_deref(), Some("agent-7"));
    assert_eq!(signed.private_key_file, Some(fixture("keys/agent-7.pem")));
    assert_eq!(signed.signing_algorithm.as_deref(), Some("ES256"));
    let camel = oauth("camel");
    assert_eq!(camel.private_key_env.as_deref(), Some("AGENT_8_KEY"));
    assert_eq!(camel.signing_algorithm.as_deref(), Some("RS256"));
    let cross = oauth("enterprise").enterprise.expect("cross-app access");
    assert_eq!(cross.issuer, "https://idp.example.com");
    assert_eq!(cross.token_endpoint, "https://idp.example.com/token");
    assert_eq!(cross.client_id, "agent-10-at-idp");
    assert_eq!(cross.id_token_env, "IDP_ID_TOKEN");
    // Workload identity: a relative token file starts from the config's directory too.
    let workload = oauth("workload");
    assert_eq!(
        workload.workload_token.as_deref(),
        Some(&WorkloadToken::File(fixture("tokens/ci-oidc")))
    );
    assert_eq!(
        oauth("workload-camel").workload_token.as_deref(),
        Some(&WorkloadToken::Env("K8S_SA_TOKEN".into()))
    );
    assert!(config.server("workload-twice").is_err());
    // DPoP where offered unless a config says no; a word instead of a boolean is refused.
    assert_eq!(oauth("signed").dpop, None);
    assert_eq!(oauth("bearer-only").dpop, Some(false));
    assert!(config.server("dpop-word").is_err());
    // A key written into the config is refused, naming where it belongs.
    assert!(config.server("inline").is_err());
    let warning = config.warnings.join("\n");
    assert!(warning.contains("private_key_file"), "{warning}");
    assert!(warning.contains("name two tokens: keep one"), "{warning}");
    assert!(
        warning.contains("`oauth.dpop` must be true or false"),
        "{warning}"
    );
}
