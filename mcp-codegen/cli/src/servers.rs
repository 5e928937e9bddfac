//! `mcp-codegen servers`: the servers a config resolves to, as this tool reads them, and the
//! warnings about what it did not understand. Names of env variables and headers are shown,
//! never their values.

use std::path::Path;
use std::process::ExitCode;

use mcp_runtime::ServerSpec;
use mcp_runtime::host::config::{Config, ServerConfig};
use serde_json::{Value, json};

use crate::source::load_config;

/// How `servers` prints.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub(crate) enum ServersFormat {
    Human,
    Json,
}

/// Prints the servers of `config` (default: the runtime's search order).
pub(crate) fn run(config: Option<&Path>, format: ServersFormat) -> anyhow::Result<ExitCode> {
    let config = match config {
        Some(path) => load_config(path)?,
        None => Config::discover(None)?,
    };
    match format {
        ServersFormat::Json => crate::stdout::line(format_args!(
            "{}",
            serde_json::to_string_pretty(&to_json(&config))?
        ))?,
        ServersFormat::Human => crate::stdout::text(format_args!("{}", to_human(&config)))?,
    }
    Ok(ExitCode::SUCCESS)
}

/// The config as JSON: `{"source", "servers": [...], "warnings": [...]}`.
fn to_json(config: &Config) -> Value {
    json!({
        "source": config.origin,
        "servers": config.servers.values().map(server_json).collect::<Vec<_>>(),
        "warnings": config.warnings,
    })
}

fn server_json(server: &ServerConfig) -> Value {
    let (transport, command, args, url, env, headers) = match &server.spec {
        ServerSpec::Stdio(s) => (
            "stdio",
            Some(s.command.clone()),
            s.shown_args(),
            None,
            s.env.keys().cloned().collect::<Vec<_>>(),
            Vec::new(),
        ),
        ServerSpec::Http(h) => {
            let mut headers: Vec<String> = h.headers.keys().cloned().collect();
            if h.bearer_token.is_some() {
                headers.push("Authorization".into());
            }
            let transport = if h.legacy_sse { "sse" } else { "http" };
            // The URL without credentials or query (they may hold secrets).
            (
                transport,
                None,
                Vec::new(),
                Some(h.target()),
                Vec::new(),
                headers,
            )
        }
        ServerSpec::Replay(r) => (
            "replay",
            None,
            Vec::new(),
            Some(r.path.display().to_string()),
            Vec::new(),
            Vec::new(),
        ),
        _ => ("unknown", None, Vec::new(), None, Vec::new(), Vec::new()),
    };
    json!({
        "name": server.name,
        "transport": transport,
        "command": command,
        "args": args,
        "url": url,
        "env": env,
        "headers": headers,
        "timeout_s": server.timeout.map(|t| t.as_secs_f64()),
        "disabled": server.disabled,
        "pool": { "min": server.pool.min, "max": server.pool.max },
        "retry": {
            "attempts": server.retry.attempts,
            "base_delay_ms": server.retry.base_delay.as_millis() as u64,
        },
        "tools": { "allow": server.tools.allow, "deny": server.tools.deny },
        "auth": auth(&server.spec),
    })
}

/// `"oauth"` when the server is reached with a stored OAuth login, else null.
fn auth(spec: &ServerSpec) -> Value {
    match spec {
        ServerSpec::Http(h) if h.oauth.is_some() => json!("oauth"),
        _ => Value::Null,
    }
}

/// The config for a person: one block per server, then the warnings.
fn to_human(config: &Config) -> String {
    let mut out = format!("{} ({} servers)\n", config.origin, config.servers.len());
    for server in config.servers.values() {
        let value = server_json(server);
        let what = match &server.spec {
            ServerSpec::Stdio(s) => format!(
                "stdio  {}",
                std::iter::once(s.command.clone())
                    .chain(s.shown_args())
                    .collect::<Vec<_>>()
                    .join(" ")
            ),
            _ => format!(
                "{:<6} {}",
                value["transport"].as_str().unwrap_or("http"),
                value["url"].as_str().unwrap_or("")
            ),
        };
        let disabled = if server.disabled { "  (disabled)" } else { "" };
        let what = if value["auth"].is_null() {
            what
        } else {
            format!("{what}  (oauth)")
        };
        out.push_str(&format!("  {:<20} {what}{disabled}\n", server.name));
        for (label, key) in [("env", "env"), ("headers", "headers")] {
            let names: Vec<&str> = value[key]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(Value::as_str)
                .collect();
            if !names.is_empty() {
                out.push_str(&format!("  {:<20} {label}: {}\n", "", names.join(", ")));
            }
        }
        let mut extras = Vec::new();
        if let Some(t) = server.timeout {
            extras.push(format!("timeout {}s", t.as_secs_f64()));
        }
        if server.pool.max > 1 || server.pool.min > 1 {
            extras.push(format!("pool {}..{}", server.pool.min, server.pool.max));
        }
        if !server.tools.allow.is_empty() || !server.tools.deny.is_empty() {
            extras.push(format!(
                "tools allow [{}] deny [{}]",
                server.tools.allow.join(", "),
                server.tools.deny.join(", ")
            ));
        }
        if !extras.is_empty() {
            out.push_str(&format!("  {:<20} {}\n", "", extras.join("; ")));
        }
    }
    for warning in &config.warnings {
        out.push_str(&format!("warning: {warning}\n"));
    }
    out
}
