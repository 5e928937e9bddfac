//! The `mcp-codegen` command line: `snapshot`, `generate`, `check`, `diff`, `servers`, and
//! the OAuth commands `login`, `logout`, `auth status` (in `auth_cmd.rs`).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, bail};
use clap::{Args, Parser, Subcommand};
use mcp_runtime::ServerSpec;
use mcp_runtime::host::config::Config;
use mcp_runtime::schema::drift::{Severity, max_severity};

use crate::auth_cmd::{LoginArgs, with_login};
use crate::report::{Format, compare, render};
use crate::write::write_if_changed;
use crate::{Generator, Settings, Snapshot};

/// Runs the `mcp-codegen` command line on `args` (the program name first, as
/// `std::env::args_os()` gives them): what the `mcp-codegen` binary does, for tools that embed
/// it (an `xtask`, a test harness). Errors are printed as `error: …`; the exit code is 0, 1
/// (drift at or above `--fail-on`) or 2 (an error).
pub fn run_cli<I, T>(args: I) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(err) => {
            let _ = err.print();
            return if err.use_stderr() {
                ExitCode::from(2)
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    match run(cli) {
        Ok(code) => code,
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::from(2)
        }
    }
}

/// Typed Rust clients for MCP servers: snapshot a server's tools, generate code, catch drift.
#[derive(Debug, Parser)]
#[command(name = "mcp-codegen", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Save a live server's tools/list as a deterministic JSON snapshot (or, with --all,
    /// every enabled server of a config).
    Snapshot {
        /// Where to write the snapshot.
        #[arg(long, required_unless_present = "all", conflicts_with = "all")]
        out: Option<PathBuf>,
        /// Every enabled server of --config, concurrently, one file each in --out-dir.
        #[arg(long, requires_all = ["config", "out_dir"])]
        all: bool,
        /// With --all: the directory for the snapshots (NAME.json per server).
        #[arg(long, requires = "all")]
        out_dir: Option<PathBuf>,
        #[command(flatten)]
        source: SourceArgs,
    },
    /// Show the servers a config resolves to (and what in it was not understood).
    Servers {
        /// The config file (default: the search order of the runtime: ./mcp.json,
        /// ./.mcp.json, ./.vscode/mcp.json, ./.cursor/mcp.json, ~/.config/mcp-toolset/mcp.json).
        #[arg(long)]
        config: Option<PathBuf>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = ServersFormat::Human)]
        format: ServersFormat,
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
        /// Derive both Serialize and Deserialize on every type (default: the direction it
        /// travels).
        #[arg(long)]
        serde_both_ways: bool,
    },
    /// Compare a live server with a snapshot; exit 1 on drift at or above --fail-on.
    Check {
        /// The committed snapshot.
        snapshot: PathBuf,
        #[command(flatten)]
        source: SourceArgs,
        #[command(flatten)]
        report: ReportArgs,
    },
    /// Log in to an OAuth-protected server (MCP authorization) and store its tokens in
    /// $XDG_CONFIG_HOME/mcp-toolset/oauth (files 0600).
    Login {
        /// The server's MCP endpoint.
        url: String,
        #[command(flatten)]
        login: LoginArgs,
    },
    /// Forget the tokens stored for a server.
    Logout {
        /// The server's MCP endpoint.
        url: String,
    },
    /// OAuth logins: `auth status` lists servers, expiry and scopes (never tokens).
    Auth {
        #[command(subcommand)]
        command: AuthCommand,
    },
    /// Compare two snapshots; exit 1 on drift at or above --fail-on.
    Diff {
        /// The old snapshot.
        old: PathBuf,
        /// The new snapshot.
        new: PathBuf,
        #[command(flatten)]
        report: ReportArgs,
    },
}

#[derive(Debug, Subcommand)]
enum AuthCommand {
    /// The stored logins: server, issuer, scopes, expiry.
    Status,
}

/// How drift is judged and printed.
#[derive(Debug, Args)]
struct ReportArgs {
    /// Exit 1 when a change is at least this severe: breaking, compatible or cosmetic (any
    /// difference: the snapshot is stale).
    #[arg(long, default_value = "cosmetic", value_parser = |s: &str| s.parse::<Severity>())]
    fail_on: Severity,
    /// human (grouped, colored on a terminal), json, or github (workflow commands).
    #[arg(long, default_value = "human", value_parser = |s: &str| s.parse::<Format>())]
    format: Format,
}

impl ReportArgs {
    fn finish(
        &self,
        changes: &[mcp_runtime::schema::drift::Change],
        file: &str,
        refresh: &str,
    ) -> ExitCode {
        use std::io::IsTerminal;
        let color = std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
        print!(
            "{}",
            render(changes, self.format, color, file, refresh, self.fail_on)
        );
        if max_severity(changes).is_some_and(|worst| worst >= self.fail_on) {
            ExitCode::from(1)
        } else {
            ExitCode::SUCCESS
        }
    }
}

/// How `servers` prints.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum ServersFormat {
    Human,
    Json,
}

/// Where a live server is.
#[derive(Debug, Args)]
pub struct SourceArgs {
    /// A streamable HTTP endpoint.
    #[arg(long, conflicts_with_all = ["config", "command"])]
    url: Option<String>,
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
    config: Option<PathBuf>,
    /// ...and the server entry in it.
    #[arg(long, requires = "config")]
    server: Option<String>,
    /// A stdio server: `-- COMMAND ARGS...`.
    #[arg(last = true, value_name = "COMMAND")]
    command: Vec<String>,
    /// With --url, when the server asks for an OAuth login and none is stored.
    #[command(flatten)]
    login: LoginArgs,
}

impl SourceArgs {
    /// The `mcp-codegen snapshot` command that re-takes `out` from this source, with secrets
    /// replaced by placeholders.
    fn refresh_command(&self, out: &std::path::Path) -> String {
        let mut parts = vec![
            "mcp-codegen".to_string(),
            "snapshot".into(),
            "--out".into(),
            shell_quote(&out.display().to_string()),
        ];
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

    /// The server these arguments name.
    pub fn spec(&self) -> anyhow::Result<ServerSpec> {
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
            return Ok(spec.into());
        }
        if let (Some(path), Some(server)) = (&self.config, &self.server) {
            let config = load_config(path)?;
            for warning in &config.warnings {
                eprintln!("warning: {warning}");
            }
            return Ok(config.server(server)?.spec.clone());
        }
        if self.config.is_some() {
            bail!(
                "--config needs --server NAME (or `snapshot --all --out-dir DIR` for every server)"
            );
        }
        match self.command.split_first() {
            Some((command, args)) => {
                Ok(ServerSpec::stdio(command).args(args.iter().cloned()).into())
            }
            None => bail!(
                "say which server: `-- COMMAND ARGS...`, `--url URL`, or `--config mcp.json --server NAME`"
            ),
        }
    }
}

/// Runs the command line; the exit code is 0 (ok), 1 (drift at or above `--fail-on`), and
/// errors are returned for `run_cli` to print and exit 2.
fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Command::Snapshot {
            out,
            all,
            out_dir,
            source,
        } => match (out, all, out_dir) {
            (_, true, Some(dir)) => {
                let path = source.config.as_deref().context("--all needs --config")?;
                crate::snapshot_all::snapshot_all(&load_config(path)?, &dir)
            }
            (Some(out), false, _) => snapshot(&out, &source),
            _ => bail!("say where to write: --out FILE, or --all --out-dir DIR"),
        },
        Command::Servers { config, format } => {
            let config = match config {
                Some(path) => load_config(&path)?,
                None => Config::discover(None)?,
            };
            match format {
                ServersFormat::Json => println!(
                    "{}",
                    serde_json::to_string_pretty(&crate::servers::to_json(&config))?
                ),
                ServersFormat::Human => print!("{}", crate::servers::to_human(&config)),
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Generate {
            snapshot,
            out,
            client,
            tools,
            typed_formats,
            serde_both_ways,
        } => {
            let mut settings = Settings::default()
                .typed_formats(typed_formats)
                .serde_both_ways(serde_both_ways);
            if let Some(client) = client {
                settings = settings.client_name(client);
            }
            if !tools.is_empty() {
                settings = settings.tools(tools);
            }
            generate(&snapshot, out.as_deref(), settings)
        }
        Command::Check {
            snapshot,
            source,
            report,
        } => check(&snapshot, &source, &report),
        Command::Login { url, login } => crate::auth_cmd::login(&url, &login),
        Command::Logout { url } => crate::auth_cmd::logout(&url),
        Command::Auth {
            command: AuthCommand::Status,
        } => crate::auth_cmd::status(),
        Command::Diff { old, new, report } => {
            let (before, after) = (Snapshot::load(&old)?, Snapshot::load(&new)?);
            let changes = compare(&before, &after);
            let refresh = format!(
                "cp {} {}",
                shell_quote(&new.display().to_string()),
                shell_quote(&old.display().to_string())
            );
            Ok(report.finish(&changes, &old.display().to_string(), &refresh))
        }
    }
}

fn snapshot(out: &Path, source: &SourceArgs) -> anyhow::Result<ExitCode> {
    let spec = source.spec()?;
    let target = spec.target();
    let snapshot = with_login(spec, &source.login, |spec| {
        crate::live::take_blocking(spec, crate::live::snapshot_options())
    })
    .with_context(|| format!("taking a snapshot of {target}"))?;
    let changed = write_if_changed(out, &snapshot.to_json())?;
    let who = snapshot
        .server
        .as_ref()
        .map(|s| format!("{} {}", s.name, s.version).trim().to_string())
        .unwrap_or(target);
    let verb = if changed { "wrote" } else { "unchanged:" };
    eprintln!(
        "{verb} {} ({} from {who})",
        out.display(),
        snapshot.counts()
    );
    Ok(ExitCode::SUCCESS)
}

fn generate(snapshot: &Path, out: Option<&Path>, settings: Settings) -> anyhow::Result<ExitCode> {
    let loaded = Snapshot::load(snapshot)?;
    let label = snapshot.display().to_string();
    let (code, warnings) = Generator::new(settings).generate_source(&loaded, &label)?;
    for warning in &warnings {
        eprintln!("warning: {warning}");
    }
    match out {
        Some(path) => {
            let changed = write_if_changed(path, &code)?;
            eprintln!(
                "{} {}",
                if changed { "wrote" } else { "unchanged:" },
                path.display()
            );
        }
        None => print!("{code}"),
    }
    Ok(ExitCode::SUCCESS)
}

fn check(snapshot: &Path, source: &SourceArgs, report: &ReportArgs) -> anyhow::Result<ExitCode> {
    let committed = Snapshot::load(snapshot)?;
    let spec = source.spec()?;
    let target = spec.target();
    // Unreachable is an error (exit 2), not drift.
    let live = with_login(spec, &source.login, |spec| {
        crate::live::take_blocking(spec, crate::live::snapshot_options())
    })
    .with_context(|| format!("checking {} against {target}", snapshot.display()))?;
    let changes = compare(&committed, &live);
    Ok(report.finish(
        &changes,
        &snapshot.display().to_string(),
        &source.refresh_command(snapshot),
    ))
}

/// A config file that must exist (a missing file is an empty config to the runtime).
fn load_config(path: &Path) -> anyhow::Result<Config> {
    if !path.exists() {
        bail!("config file {} does not exist", path.display());
    }
    Ok(Config::load(path)?)
}

fn shell_quote(arg: &str) -> String {
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
