//! `generate SNAPSHOT`: the typed client module, to standard output or a file; with
//! `--explain TOOL`, what one tool becomes in Rust and why.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use mcp_codegen::{Generator, Settings, Snapshot, write_if_changed};

/// What to generate, and how.
#[derive(Debug, Args)]
pub(crate) struct GenerateArgs {
    /// The snapshot (or a raw tools/list result).
    pub snapshot: PathBuf,
    /// Write here instead of standard output (only when the content changed).
    #[arg(short, long)]
    pub out: Option<PathBuf>,
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
    /// Also generate a typed fake for tests (a `…Fake` trait and `Client::fake`); the
    /// bindings then need mcp-runtime's `fake` feature.
    #[arg(long)]
    fakes: bool,
    /// Where the bindings are reachable from outside their crate (`my_crate::time`): the
    /// client's docs then carry an example that `cargo test --doc` compiles.
    #[arg(long, value_name = "PATH")]
    doc_path: Option<String>,
    /// Instead of the code, show what this tool's arguments and output become in Rust, and
    /// why an argument is a JSON value when it is one.
    #[arg(long, value_name = "TOOL", conflicts_with_all = ["out", "tools"])]
    explain: Option<String>,
}

impl GenerateArgs {
    /// The generator settings these flags stand for.
    fn settings(&self) -> Settings {
        let mut settings = Settings::default()
            .typed_formats(self.typed_formats)
            .serde_both_ways(self.serde_both_ways)
            .fakes(self.fakes);
        if let Some(client) = &self.client {
            settings = settings.client_name(client.clone());
        }
        if !self.tools.is_empty() {
            settings = settings.tools(self.tools.clone());
        }
        if let Some(path) = &self.doc_path {
            settings = settings.doc_path(path.clone());
        }
        settings
    }

    pub(crate) fn run(&self) -> anyhow::Result<ExitCode> {
        if let Some(tool) = &self.explain {
            let loaded = Snapshot::load(&self.snapshot)?;
            let label = self.snapshot.display().to_string();
            crate::stdout::text(format_args!(
                "{}",
                Generator::new(self.settings()).explain(&loaded, &label, tool)?
            ))?;
            return Ok(ExitCode::SUCCESS);
        }
        generate(&self.snapshot, self.out.as_deref(), self.settings())
    }
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
        None => crate::stdout::text(format_args!("{code}"))?,
    }
    Ok(ExitCode::SUCCESS)
}
