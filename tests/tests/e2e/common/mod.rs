//! Starting the real servers the end-to-end tests talk to.
#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub mod faults;
pub mod oauth;
mod scratch;

pub use scratch::{Scratch, scratch};

use mcp_runtime::{Client, ServerSpec, StdioSpec};

/// The demo server over stdio.
pub fn demo_stdio() -> StdioSpec {
    ServerSpec::stdio(env!("CARGO_BIN_EXE_test-demo-server"))
}

/// The repository's `test-servers/` folder, where `scripts/test.sh` installs third-party servers.
pub fn test_servers() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../test-servers")
}

fn installed(path: PathBuf) -> String {
    assert!(
        path.exists(),
        "{} is missing: run `scripts/test.sh` (it installs the pinned npm/PyPI test servers)",
        path.display()
    );
    path.to_string_lossy().into_owned()
}

/// An npm-installed server's executable.
pub fn npm_bin(name: &str) -> String {
    installed(test_servers().join("node_modules/.bin").join(name))
}

/// A PyPI-installed server's executable.
pub fn python_bin(name: &str) -> String {
    installed(test_servers().join(".venv/bin").join(name))
}

/// A server process started by a test and killed when dropped.
pub struct Proc {
    pub child: Child,
    pub url: String,
}

impl Drop for Proc {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The demo server over streamable HTTP on a free port.
pub fn demo_http() -> Proc {
    let mut command = Command::new(env!("CARGO_BIN_EXE_test-demo-server"));
    command.args(["--http", "0"]);
    listening(command)
}

/// A server process that prints `listening on URL` first, once it accepts connections there.
pub fn listening(mut command: Command) -> Proc {
    let mut child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start the server");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let url = line
        .trim()
        .strip_prefix("listening on ")
        .unwrap_or_else(|| panic!("the server printed {line:?}"))
        .to_string();
    // Some servers announce the port before they accept on it.
    let authority = url
        .trim_start_matches("http://")
        .split('/')
        .next()
        .unwrap()
        .to_string();
    let start = Instant::now();
    while std::net::TcpStream::connect(&authority).is_err() {
        assert!(
            start.elapsed().as_secs() < 30,
            "{url} never accepted a connection"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    Proc { child, url }
}

/// A free TCP port on loopback.
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Connects over HTTP, retrying while the server is still starting.
pub async fn connect_http_when_ready(url: &str) -> Client {
    connect_when_ready(ServerSpec::http(url)).await
}

/// Connects, retrying while the server is still starting (up to 20 s).
pub async fn connect_when_ready(spec: impl Into<ServerSpec>) -> Client {
    let spec = spec.into();
    let url = spec.target();
    let start = Instant::now();
    loop {
        match Client::connect(spec.clone()).await {
            Ok(client) => return client,
            Err(err) if start.elapsed() < Duration::from_secs(20) => {
                let _ = err;
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
            Err(err) => panic!("server at {url} never came up: {err}"),
        }
    }
}

/// True while `pid` names a live (not zombie) process.
pub fn pid_alive(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => !stat
            .rsplit(')')
            .next()
            .unwrap_or("")
            .trim_start()
            .starts_with('Z'),
        Err(_) => false,
    }
}

/// Waits up to `limit` for `pid` to be gone (reaped or never a zombie).
pub async fn wait_gone(pid: u32, limit: Duration) -> bool {
    let start = Instant::now();
    while start.elapsed() < limit {
        if std::fs::metadata(format!("/proc/{pid}")).is_err() {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    false
}
