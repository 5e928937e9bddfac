//! The misbehaving servers of `tests/faults/`, each run with `$FAULT_PID_DIR` set so that every
//! process they start can be checked afterwards.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use mcp_runtime::StdioSpec;

use super::pid_alive;

/// `sh -c` arguments that record the PID the moment the process starts, then `exec` Python
/// in it (the same PID). A loaded machine can take over a second to start Python, and a
/// client that gives up first kills a process that would never have recorded itself.
const RECORDED: [&str; 3] = [
    "-c",
    r#": > "$FAULT_PID_DIR/$$" && exec python3 "$@""#,
    "sh",
];

/// The path of a script in `tests/faults/`.
pub fn script(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("faults")
        .join(name)
        .to_string_lossy()
        .into_owned()
}

/// The protocol era a fault server speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Era {
    /// `initialize` only (`server/discover` is an unknown method).
    Legacy,
    /// 2026-07-28: `server/discover`, `_meta` on every request.
    Current,
}

/// A directory where the fault servers leave one file per process they run, and the era they
/// speak.
pub struct Pids(PathBuf, Era);

impl Pids {
    pub fn new(test: &str) -> Pids {
        Pids::in_era(test, Era::Legacy)
    }

    pub fn in_era(test: &str, era: Era) -> Pids {
        let name = format!("mcp-faults-{test}-{era:?}-{}", std::process::id());
        let dir = std::env::temp_dir().join(name);
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Pids(dir, era)
    }

    /// `python3 tests/faults/{name} args…`, recording its PIDs here.
    pub fn spec(&self, name: &str, args: &[&str]) -> StdioSpec {
        let spec = mcp_runtime::ServerSpec::stdio("sh")
            .args(RECORDED)
            .arg(script(name))
            .args(args.iter().copied())
            .env("FAULT_PID_DIR", self.0.to_string_lossy());
        match self.1 {
            Era::Current => spec.env("FAULT_ERA", "2026-07-28"),
            Era::Legacy => spec,
        }
    }

    /// The revision a client negotiates with these servers.
    pub fn version(&self) -> &'static str {
        match self.1 {
            Era::Legacy => "2025-11-25",
            Era::Current => "2026-07-28",
        }
    }

    /// The same as an mcp.json entry.
    pub fn entry(&self, name: &str, args: &[&str]) -> serde_json::Value {
        let mut argv: Vec<String> = RECORDED.iter().map(|a| a.to_string()).collect();
        argv.push(script(name));
        argv.extend(args.iter().map(|a| a.to_string()));
        serde_json::json!({
            "command": "sh",
            "args": argv,
            "env": {"FAULT_PID_DIR": self.0.to_string_lossy()}
        })
    }

    /// Every PID recorded so far.
    pub fn all(&self) -> Vec<u32> {
        std::fs::read_dir(&self.0)
            .unwrap()
            .filter_map(|e| e.ok()?.file_name().to_str()?.parse().ok())
            .collect()
    }

    /// Waits up to `limit` for every recorded process to be gone; panics naming the ones left.
    pub async fn assert_all_gone(&self, limit: Duration) {
        let start = Instant::now();
        loop {
            let left: Vec<u32> = self.all().into_iter().filter(|p| pid_alive(*p)).collect();
            if left.is_empty() {
                return;
            }
            assert!(start.elapsed() < limit, "processes left running: {left:?}");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

impl Drop for Pids {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
