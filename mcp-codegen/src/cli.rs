//! The `mcp-codegen` command line: `snapshot`, `generate`.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, bail};
use clap::{Args, Parser, Subcommand};
use mcp_runtime::ServerSpec;
use mcp_runtime::config::Config;

use crate::{Generator, Settings, Snapshot, write_if_changed};

/// Typed Rust clients for MCP servers: snapshot a server's tools, generate code, catch drift.
#[derive(Debug, Parser)]
#[command(name = "mcp-codegen", version)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Save a live server's tools/list as a deterministic JSON snapshot.
    Snapshot {
        /// Where to write the snapshot.
        #[arg(long)]
        out: PathBuf,
        #[command(flatten)]
        source: SourceArgs,
    },
    /// Generate the typed client module for a snapshot.
    Generate {
        /// The snapshot (or a raw tools/list result).
        snapshot: PathBuf,
        /// Write here instead of standard output (only when the content changed).
        #[arg(long)]
        out: Option<PathBuf>,
        /// Name of the client struct (default: the server's name in PascalCase).
        #[arg(long)]
        client: Option<String>,
        /// Only these tools (comma-separated).
        #[arg(long, value_delimiter = ',')]
        tools: Vec<String>,
        /// Map uuid / date / date-time formats to uuid and chrono types.
        #[arg(long)]
        typed_formats: bool,
    },
}

/// Where a live server is.
#[derive(Debug, Args)]
pub struct SourceArgs {
    /// A streamable HTTP endpoint.
    #[arg(long, conflicts_with_all = ["config", "command"])]
    url: Option<String>,
    /// An HTTP header, `Name: value` (repeatable; never printed or saved).
    #[arg(long = "header", value_name = "NAME: VALUE", requires = "url")]
    headers: Vec<String>,
    /// Read a bearer token from this environment variable (never printed or saved).
    #[arg(long, value_name = "ENV_VAR", requires = "url")]
    bearer_env: Option<String>,
    /// An mcp.json (mcpServers or VS Code servers format)...
    #[arg(long, requires = "server", conflicts_with = "command")]
    config: Option<PathBuf>,
    /// ...and the server entry in it.
    #[arg(long, requires = "config")]
    server: Option<String>,
    /// A stdio server: `-- COMMAND ARGS...`.
    #[arg(last = true, value_name = "COMMAND")]
    command: Vec<String>,
}

impl SourceArgs {
    /// The server these arguments name.
    pub fn spec(&self) -> anyhow::Result<ServerSpec> {
        if let Some(url) = &self.url {
            let mut spec = ServerSpec::http(url);
            for header in &self.headers {
                let Some((name, value)) = header.split_once(':') else {
                    bail!("--header expects `Name: value`, got a value without `:`");
                };
                spec = spec.header(name.trim(), value.trim());
            }
            if let Some(var) = &self.bearer_env {
                let token = std::env::var(var).with_context(|| format!("--bearer-env: environment variable {var} is not set"))?;
                spec = spec.bearer_token(token);
            }
            return Ok(spec.into());
        }
        if let (Some(path), Some(server)) = (&self.config, &self.server) {
            let config = Config::load(path)?;
            for warning in &config.warnings {
                eprintln!("warning: {warning}");
            }
            if config.servers.is_empty() && !path.exists() {
                bail!("config file {} does not exist", path.display());
            }
            return Ok(config.server(server)?.spec.clone());
        }
        match self.command.split_first() {
            Some((command, args)) => Ok(ServerSpec::stdio(command).args(args.iter().cloned()).into()),
            None => bail!("say which server: `-- COMMAND ARGS...`, `--url URL`, or `--config mcp.json --server NAME`"),
        }
    }
}

/// Runs the command line; the exit code is 0 (ok), 1 (drift at or above `--fail-on`), and
/// errors are returned for `main` to print and exit 2.
pub fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Command::Snapshot { out, source } => {
            let spec = source.spec()?;
            let target = spec.target();
            let snapshot = crate::live::take_blocking(spec, crate::live::snapshot_options())
                .with_context(|| format!("taking a snapshot of {target}"))?;
            let changed = write_if_changed(&out, &snapshot.to_json())?;
            let who = snapshot.server.as_ref().map(|s| format!("{} {}", s.name, s.version)).unwrap_or(target);
            let verb = if changed { "wrote" } else { "unchanged:" };
            eprintln!("{verb} {} ({} tools from {who})", out.display(), snapshot.tools.len());
            Ok(ExitCode::SUCCESS)
        }
        Command::Generate { snapshot, out, client, tools, typed_formats } => {
            let loaded = Snapshot::load(&snapshot)?;
            let mut settings = Settings::default().typed_formats(typed_formats);
            if let Some(client) = client {
                settings = settings.client_name(client);
            }
            if !tools.is_empty() {
                settings = settings.tools(tools);
            }
            let label = snapshot.display().to_string();
            let (code, warnings) = Generator::new(settings).generate_source(&loaded, &label)?;
            for warning in &warnings {
                eprintln!("warning: {warning}");
            }
            match out {
                Some(path) => {
                    let changed = write_if_changed(&path, &code)?;
                    eprintln!("{} {}", if changed { "wrote" } else { "unchanged:" }, path.display());
                }
                None => print!("{code}"),
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}
