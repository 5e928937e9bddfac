//! A stdio server's process: spawned in its own process group, its stderr routed to `tracing`,
//! reaped as soon as it exits (a task waits on it), and ended when its owner is dropped.

use std::process::{ExitStatus, Stdio};
use std::time::Duration;

use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::{ChildStdin, ChildStdout, Command};
use tokio::sync::watch;
use tokio::task::JoinHandle;

use super::last_lines::LastLines;
use crate::StdioSpec;
use crate::{Error, Result};

pub(crate) struct ChildProcess {
    pid: Option<u32>,
    /// `Some(status)` once the process has exited and been reaped.
    exit: watch::Receiver<Option<ExitStatus>>,
    /// Cleared once the process is known to be gone, so `Drop` does not signal a reused pid.
    running: bool,
    /// Set once `shutdown` has ended the process group: what the server started goes with it
    /// even when the server itself had already exited (a failed connect reads its exit first).
    group_ended: bool,
    tail: LastLines,
    stderr_task: Option<JoinHandle<()>>,
}

pub(crate) struct Spawned {
    pub process: ChildProcess,
    pub stdout: ChildStdout,
    pub stdin: ChildStdin,
}

pub(crate) fn spawn(spec: &StdioSpec, keep_lines: usize) -> Result<Spawned> {
    let target = spec.target();
    let mut cmd = Command::new(&spec.command);
    cmd.args(&spec.args)
        .envs(&spec.env)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true);
    if let Some(dir) = &spec.cwd {
        cmd.current_dir(dir);
    }
    // Its own process group, so that ending it also ends what it started (`npx` → `node`).
    #[cfg(unix)]
    cmd.process_group(0);

    let mut child = cmd.spawn().map_err(|err| Error::Connect {
        target: target.clone(),
        reason: spawn_failure(spec, &err),
        stderr: Vec::new(),
    })?;
    let pid = child.id();
    let (Some(stdin), Some(stdout), Some(stderr)) =
        (child.stdin.take(), child.stdout.take(), child.stderr.take())
    else {
        return Err(Error::Connect {
            target,
            reason: "the child process has no piped stdio".into(),
            stderr: Vec::new(),
        });
    };
    tracing::debug!(server = %target, pid, "started MCP server");

    let tail = LastLines::new(keep_lines);
    let task_tail = tail.clone();
    let stderr_task = tokio::spawn(async move {
        let mut lines = BufReader::new(stderr).lines();
        while let Ok(Some(line)) = lines.next_line().await {
            tracing::debug!(target: "mcp_runtime::server_stderr", server = %target, "{line}");
            task_tail.push(line);
        }
    });

    let (exit_tx, exit) = watch::channel(None);
    // This task owns the `Child` and waits on it, so a crashed server never lingers as a
    // zombie; `kill_on_drop` covers the task being dropped with the runtime.
    tokio::spawn(async move {
        let status = child.wait().await.ok();
        let _ = exit_tx.send(status);
    });
    Ok(Spawned {
        process: ChildProcess {
            pid,
            exit,
            running: true,
            group_ended: false,
            tail,
            stderr_task: Some(stderr_task),
        },
        stdout,
        stdin,
    })
}

fn spawn_failure(spec: &StdioSpec, err: &std::io::Error) -> String {
    match err.kind() {
        std::io::ErrorKind::NotFound => match &spec.cwd {
            Some(dir) if !dir.is_dir() => {
                format!("the working directory {} does not exist", dir.display())
            }
            _ => format!(
                "command `{}` was not found (install it, or give its absolute path; PATH is searched)",
                spec.command
            ),
        },
        std::io::ErrorKind::PermissionDenied => {
            format!(
                "command `{}` is not executable (check its permissions)",
                spec.command
            )
        }
        _ => format!("could not start `{}`: {err}", spec.command),
    }
}

impl ChildProcess {
    pub fn pid(&self) -> Option<u32> {
        self.pid
    }

    /// Turns `Some(status)` once the process has exited and been reaped.
    pub fn exit_watch(&self) -> watch::Receiver<Option<ExitStatus>> {
        self.exit.clone()
    }

    /// Waits up to `limit` for the process to exit; true if it has.
    async fn wait_exit(&mut self, limit: Duration) -> bool {
        let mut exit = self.exit.clone();
        let exited = tokio::time::timeout(limit, exit.wait_for(Option::is_some))
            .await
            .is_ok_and(|r| r.is_ok());
        if exited {
            self.running = false;
        }
        exited
    }

    /// The last stderr lines, once the reader has caught up with a process that has exited
    /// (bounded wait: a live process keeps its stderr open).
    pub async fn stderr_tail(&mut self) -> Vec<String> {
        if self.wait_exit(Duration::from_millis(300)).await
            && let Some(mut task) = self.stderr_task.take()
            && tokio::time::timeout(Duration::from_millis(300), &mut task)
                .await
                .is_err()
        {
            // Still reading (a grandchild holds stderr open): keep it for later.
            self.stderr_task = Some(task);
        }
        self.tail.lines()
    }

    /// The exit status, if the process has already ended.
    pub fn try_exit_status(&mut self) -> Option<ExitStatus> {
        *self.exit.borrow()
    }

    /// MCP's stdio shutdown: the caller has closed stdin; wait `grace` for the server to exit,
    /// then SIGTERM the group, then SIGKILL it.
    pub async fn shutdown(&mut self, grace: Duration) {
        if self.group_ended {
            return;
        }
        if !self.wait_exit(grace).await {
            signal_group(self.pid, Signal::Term);
            if !self.wait_exit(Duration::from_secs(1)).await {
                signal_group(self.pid, Signal::Kill);
                self.wait_exit(Duration::from_secs(5)).await;
            }
        }
        // Whatever the leader left behind in its group goes too.
        signal_group(self.pid, Signal::Kill);
        self.running = false;
        self.group_ended = true;
        tracing::debug!(pid = self.pid, "MCP server stopped");
    }
}

impl Drop for ChildProcess {
    fn drop(&mut self) {
        if self.running {
            // The waiter task reaps it; without a runtime, tokio's orphan reaper does.
            signal_group(self.pid, Signal::Kill);
        }
    }
}

enum Signal {
    Term,
    Kill,
}

#[cfg(unix)]
fn signal_group(pid: Option<u32>, signal: Signal) {
    let Some(pid) = pid.and_then(|p| libc::pid_t::try_from(p).ok()) else {
        return;
    };
    let sig = match signal {
        Signal::Term => libc::SIGTERM,
        Signal::Kill => libc::SIGKILL,
    };
    // SAFETY: killpg has no memory-safety preconditions; the group id is the child's pid because
    // it was spawned with process_group(0). ESRCH (already gone) is expected and ignored.
    unsafe {
        libc::killpg(pid, sig);
    }
}

#[cfg(not(unix))]
fn signal_group(_pid: Option<u32>, _signal: Signal) {
    // Elsewhere `kill_on_drop` ends the direct child.
}
