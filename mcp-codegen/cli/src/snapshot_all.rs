//! `mcp-codegen snapshot --config F --all --out-dir DIR`: every enabled server of a config,
//! concurrently, one file per server named after it. A live progress display on a terminal
//! (indicatif), plain lines otherwise; a summary table at the end. One server failing does not
//! stop the others: their snapshots are still written, and the exit code is 1.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use indicatif::{MultiProgress, ProgressBar, ProgressDrawTarget, ProgressStyle};
use mcp_runtime::host::config::{Config, ServerConfig};

use mcp_codegen::snapshot::live;
use mcp_codegen::write_if_changed;

/// What became of one server.
struct Outcome {
    name: String,
    file: PathBuf,
    result: Result<(usize, bool), String>,
    took: Duration,
    /// What people should know of a snapshot written: sections kept from the earlier file,
    /// or left unlisted.
    notes: Vec<String>,
}

/// Snapshots every enabled server of `config` into `out_dir`.
pub(crate) fn snapshot_all(config: &Config, out_dir: &Path) -> anyhow::Result<ExitCode> {
    for warning in &config.warnings {
        eprintln!("warning: {warning}");
    }
    let servers: Vec<ServerConfig> = config
        .servers
        .values()
        .filter(|s| !s.disabled)
        .cloned()
        .collect();
    if servers.is_empty() {
        anyhow::bail!("{} has no enabled servers to snapshot", config.origin);
    }
    std::fs::create_dir_all(out_dir)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let progress = Progress::new(servers.len());
    let outcomes = runtime.block_on(async {
        let tasks: Vec<_> = servers
            .into_iter()
            .map(|server| {
                let file = out_dir.join(format!("{}.json", file_stem(&server.name)));
                let bar = progress.start(&server.name);
                tokio::spawn(async move {
                    let outcome = one(server, file).await;
                    Progress::finish(&bar, &outcome);
                    outcome
                })
            })
            .collect();
        let mut outcomes = Vec::new();
        for task in tasks {
            if let Ok(outcome) = task.await {
                outcomes.push(outcome);
            }
        }
        outcomes
    });
    progress.clear();
    eprint!("{}", summary(&outcomes));
    let failed = outcomes.iter().any(|o| o.result.is_err());
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

async fn one(server: ServerConfig, file: PathBuf) -> Outcome {
    let start = Instant::now();
    let mut options = live::snapshot_options();
    if let Some(timeout) = server.connect_timeout {
        options.connect_timeout = timeout;
    }
    let mut notes = Vec::new();
    let result = match live::take(server.spec.clone(), options).await {
        Ok(mut snapshot) => {
            notes = snapshot.settle_unlisted_at(&file);
            write_if_changed(&file, &snapshot.to_json())
                .map(|changed| (snapshot.tools.len(), changed))
                .map_err(|e| e.to_string())
        }
        Err(err) => Err(err.to_string()),
    };
    Outcome {
        name: server.name,
        file,
        result,
        took: start.elapsed(),
        notes,
    }
}

/// A server name as a file name: anything but letters, digits, `.`, `_`, `-` becomes `-`.
fn file_stem(name: &str) -> String {
    let stem: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "._-".contains(c) {
                c
            } else {
                '-'
            }
        })
        .collect();
    if stem.trim_matches('.').is_empty() {
        "server".into()
    } else {
        stem
    }
}

fn summary(outcomes: &[Outcome]) -> String {
    let width = outcomes
        .iter()
        .map(|o| o.name.len())
        .max()
        .unwrap_or(6)
        .max(6);
    let mut out = format!(
        "\n{:<width$}  {:>5}  {:>7}  result\n",
        "server", "tools", "time"
    );
    for o in outcomes {
        let (tools, result) = match &o.result {
            Ok((n, changed)) => {
                let verb = if *changed { "wrote" } else { "unchanged" };
                (n.to_string(), format!("{verb} {}", o.file.display()))
            }
            Err(err) => ("-".into(), format!("FAILED: {err}")),
        };
        out.push_str(&format!(
            "{:<width$}  {tools:>5}  {:>6.1}s  {result}\n",
            o.name,
            o.took.as_secs_f64()
        ));
        for note in &o.notes {
            out.push_str(&format!("{:<width$}  note: {note}\n", ""));
        }
    }
    let failed = outcomes.iter().filter(|o| o.result.is_err()).count();
    out.push_str(&format!("{} servers, {} failed\n", outcomes.len(), failed));
    out
}

/// Spinners on a terminal; on anything else, one plain line per finished server.
struct Progress {
    bars: Option<MultiProgress>,
}

impl Progress {
    fn new(count: usize) -> Progress {
        let terminal = ProgressDrawTarget::stderr();
        let bars = (!terminal.is_hidden() && std::env::var_os("CI").is_none()).then(|| {
            eprintln!("taking {count} snapshots …");
            MultiProgress::with_draw_target(terminal)
        });
        Progress { bars }
    }

    fn start(&self, name: &str) -> ProgressBar {
        let Some(bars) = &self.bars else {
            return ProgressBar::hidden();
        };
        let bar = bars.add(ProgressBar::new_spinner());
        bar.set_style(
            ProgressStyle::with_template("{spinner} {prefix:20} {msg} ({elapsed})")
                .unwrap_or_else(|_| ProgressStyle::default_spinner()),
        );
        bar.set_prefix(name.to_string());
        bar.set_message("connecting");
        bar.enable_steady_tick(Duration::from_millis(120));
        bar
    }

    fn finish(bar: &ProgressBar, outcome: &Outcome) {
        let line = match &outcome.result {
            Ok((n, _)) => format!("{n} tools"),
            Err(err) => format!("failed: {}", err.lines().next().unwrap_or_default()),
        };
        if bar.is_hidden() {
            eprintln!("{}: {line}", outcome.name);
        } else {
            bar.finish_with_message(line);
        }
    }

    fn clear(&self) {
        if let Some(bars) = &self.bars {
            let _ = bars.clear();
        }
    }
}
