//! Where a live server is, as the command line names it: `-- COMMAND…`, `--url`, or an entry
//! of a config file; and the command that re-takes a snapshot from it, secrets left out.

use std::path::Path;

use anyhow::{Context, bail};
use clap::Args;
use std::time::Duration;

use mcp_codegen::snapshot::live;
use mcp_runtime::host::config::Config;
use mcp_runtime::{ConnectOptions, ServerSpec};

use crate::auth::LoginArgs;

/// Where a live server is.
#[derive(Debug, Args)]
pub struct SourceArgs {
    /// A streamable HTTP endpoint.
    #[arg(long, conflicts_with_all = ["config", "command"])]
    pub url: Option<String>,
    /// A cassette (`call --record`, `ConnectOptions::record`) answering instead of a server.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["url", "config", "command"])]
    pub replay: Option<std::path::PathBuf>,
    /// The URL is a legacy HTTP+SSE endpoint (protocol 2024-11-05), not streamable HTTP.
    #[arg(long, requires = "url")]
    sse: bool,
    /// An HTTP header, `Name: value` (repeatable; never printed or saved).
    #[arg(long = "header", value_name = "NAME: VALUE", requires = "url")]
    headers: Vec<String>,
    /// Read a bearer token from this environment variable (never printed or saved).
    #[arg(long, value_name = "ENV_VAR", requires = "url")]
    bearer_env: Option<String>,
    /// A config file (mcp.json and the other clients' formats; see `servers`)...
    #[arg(long, conflicts_with = "command")]
    pub config: Option<std::path::PathBuf>,
    /// ...and the server entry in it.
    #[arg(long, requires = "config")]
    pub server: Option<String>,
    /// Seconds to wait for the server to answer its handshake (default 120; with --config,
    /// the entry's `connect_timeout` if it has one).
    #[arg(long, value_name = "SECS")]
    connect_timeout: Option<u64>,
    /// A stdio server: `-- COMMAND ARGS...`.
    #[arg(last = true, value_name = "COMMAND")]
    command: Vec<String>,
    /// With --url, when the server asks for an OAuth login and none is stored.
    #[command(flatten)]
    pub login: LoginArgs,
}

impl SourceArgs {
    /// The `mcp-codegen snapshot` command that re-takes `out` from this source, with secrets
    /// replaced by placeholders.
    pub(crate) fn refresh_command(&self, out: &std::path::Path) -> String {
        let file = shell_quote(&out.display().to_string());
        self.command(vec![
            "mcp-codegen".into(),
            "snapshot".into(),
            "--out".into(),
            file,
        ])
    }

    /// The `mcp-codegen approve` command that reviews `snapshot` against this source.
    pub(crate) fn approve_command(&self, snapshot: &std::path::Path) -> String {
        let file = shell_quote(&snapshot.display().to_string());
        self.command(vec!["mcp-codegen".into(), "approve".into(), file])
    }

    /// `parts` followed by this source's arguments, secrets replaced by placeholders.
    fn command(&self, mut parts: Vec<String>) -> String {
        if let Some(url) = &self.url {
            parts.extend([
                "--url".into(),
                shell_quote(&ServerSpec::http(url).target().replace("?…", "")),
            ]);
            for header in &self.headers {
                let name = header.split(':').next().unwrap_or_default().trim();
                parts.extend(["--header".into(), shell_quote(&format!("{name}: <value>"))]);
            }
            if let Some(var) = &self.bearer_env {
                parts.extend(["--bearer-env".into(), var.clone()]);
            }
        } else if let Some(cassette) = &self.replay {
            parts.extend([
                "--replay".into(),
                shell_quote(&cassette.display().to_string()),
            ]);
        } else if let (Some(config), Some(server)) = (&self.config, &self.server) {
            parts.extend([
                "--config".into(),
                shell_quote(&config.display().to_string()),
                "--server".into(),
                shell_quote(server),
            ]);
        } else {
            parts.push("--".into());
            parts.extend(self.command.iter().map(|a| shell_quote(a)));
        }
        parts.join(" ")
    }

    /// The server these arguments name and how to connect to it: a snapshot's options
    /// (`live::snapshot_options`), the handshake given `--connect-timeout`, else the config
    /// entry's `connect_timeout`. A config is read once.
    pub fn connection(&self) -> anyhow::Result<(ServerSpec, ConnectOptions)> {
        let (spec, entry_timeout) = self.resolve()?;
        let mut options = live::snapshot_options();
        let seconds = self.connect_timeout.map(Duration::from_secs);
        if let Some(timeout) = seconds.or(entry_timeout) {
            options = options.connect_timeout(timeout);
        }
        Ok((spec, options))
    }

    /// The server these arguments name.
    pub fn spec(&self) -> anyhow::Result<ServerSpec> {
        Ok(self.resolve()?.0)
    }

    /// The server these arguments name, and its config entry's `connect_timeout`.
    fn resolve(&self) -> anyhow::Result<(ServerSpec, Option<Duration>)> {
        if let Some(cassette) = &self.replay {
            return Ok((ServerSpec::replay(cassette).into(), None));
        }
        if let Some(url) = &self.url {
            let mut spec = if self.sse {
                ServerSpec::sse(url)
            } else {
                ServerSpec::http(url)
            };
            for header in &self.headers {
                let Some((name, value)) = header.split_once(':') else {
                    bail!("--header expects `Name: value`, got a value without `:`");
                };
                spec = spec.header(name.trim(), value.trim());
            }
            if let Some(var) = &self.bearer_env {
                let token = std::env::var(var).with_context(|| {
                    format!("--bearer-env: environment variable {var} is not set")
                })?;
                spec = spec.bearer_token(token);
            }
            return Ok((spec.into(), None));
        }
        if let (Some(path), Some(server)) = (&self.config, &self.server) {
            let config = load_config(path)?;
            for warning in &config.warnings {
                eprintln!("warning: {warning}");
            }
            let entry = config.server(server)?;
            return Ok((entry.spec.clone(), entry.connect_timeout));
        }
        if self.config.is_some() {
            bail!(
                "--config needs --server NAME (or `snapshot --all --out-dir DIR` for every server)"
            );
        }
        match self.command.split_first() {
            Some((command, args)) => {
                let spec = ServerSpec::stdio(command).args(args.iter().cloned());
                Ok((spec.into(), None))
            }
            None => bail!(
                "say which server: `-- COMMAND ARGS...`, `--url URL`, `--config mcp.json --server NAME`, or `--replay CASSETTE`"
            ),
        }
    }
}

/// A config file that must exist (a missing file is an empty config to the runtime).
pub(crate) fn load_config(path: &Path) -> anyhow::Result<Config> {
    if !path.exists() {
        bail!("config file {} does not exist", path.display());
    }
    Ok(Config::load(path)?)
}

pub(crate) fn shell_quote(arg: &str) -> String {
    if !arg.is_empty()
        && arg
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./=:@,+%".contains(c))
    {
        arg.to_string()
    } else {
        format!("'{}'", arg.replace('\'', r"'\''"))
    }
}
