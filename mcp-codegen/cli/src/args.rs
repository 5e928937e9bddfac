//! The command line's grammar (clap): commands and their arguments. What each does lives in
//! the file named after it.

use std::path::PathBuf;

use clap::{Parser, Subcommand};

use crate::approve::ApproveArgs;
use crate::audit::AuditArgs;
use crate::auth::LoginArgs;
use crate::call::CallArgs;
use crate::complete::CompleteArgs;
use crate::drift::ReportArgs;
use crate::generate::GenerateArgs;
use crate::prompt::PromptArgs;
use crate::read::ReadArgs;
use crate::servers::ServersFormat;
use crate::skills::SkillsArgs;
use crate::source::SourceArgs;

/// Typed Rust clients for MCP servers: snapshot a server's tools, generate code, catch drift.
#[derive(Debug, Parser)]
#[command(name = "mcp-codegen", version)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub(crate) enum Command {
    /// Save a live server's tools/list as a deterministic JSON snapshot (or, with --all,
    /// every enabled server of a config).
    Snapshot {
        /// Where to write the snapshot.
        #[arg(short, long, required_unless_present = "all", conflicts_with = "all")]
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
    /// Call one tool of a live server and print its result (`call TOOL key=value… -- COMMAND`).
    Call(Box<CallArgs>),
    /// Render one prompt of a live server (`prompt NAME key=value… -- COMMAND`).
    Prompt(Box<PromptArgs>),
    /// Read one resource of a live server (`read URI -- COMMAND`).
    Read(Box<ReadArgs>),
    /// A live server's skills (SEP-2640): `skills list`, and `skills get SKILL [FILE]`, which
    /// loads one and prints its `SKILL.md` (or a file of it), each checked against the listing.
    Skills(Box<SkillsArgs>),
    /// What a live server suggests for a prompt's argument or a resource template's variable
    /// (`complete --prompt NAME ARGUMENT [VALUE] -- COMMAND`).
    Complete(Box<CompleteArgs>),
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
    Generate(GenerateArgs),
    /// Compare a live server with a snapshot; exit 1 on drift at or above --fail-on, 3 when a
    /// security change (text a model reads, a widened annotation) is among it.
    Check {
        /// The committed snapshot.
        snapshot: PathBuf,
        #[command(flatten)]
        source: SourceArgs,
        #[command(flatten)]
        report: ReportArgs,
    },
    /// Review the security changes (text a model reads, widened annotations) between a
    /// snapshot and the live server, word by word, and on confirmation (or --yes) rewrite the
    /// snapshot: the approval a pinned Manager or Registry then follows. Never in CI. Exit 0
    /// approved or nothing to approve, 1 not approved, 2 error.
    Approve(Box<ApproveArgs>),
    /// Lint the text a model reads in snapshots for tool poisoning: invisible or bidi
    /// characters, hidden instructions, requests for secrets or the model's context,
    /// shadowing of other tools, commands in data, overlong text, encoded blobs; with
    /// --config, a whole config too (unpinned packages, plain http://, inline secrets,
    /// servers without a snapshot, toxic flows). Exit 1 on a finding at or above --deny
    /// (default high).
    Audit(AuditArgs),
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
    /// Compare two snapshots; exit 1 on drift at or above --fail-on, 3 with a security change.
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
pub(crate) enum AuthCommand {
    /// The stored logins: server, issuer, scopes, expiry.
    Status,
}
