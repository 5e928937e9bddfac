//! OAuth peers (the demo server's own authorization server, the Python SDK's, the faulty one)
//! and the CLI run with a private token store.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use super::{Proc, listening, python_bin};

const CLI: &str = env!("CARGO_BIN_EXE_test-mcp-codegen");

/// `tests/oauth/<file>`.
pub fn oauth_file(file: &str) -> String {
    format!("{}/oauth/{file}", env!("CARGO_MANIFEST_DIR"))
}

/// The demo server behind its own authorization server; tokens live `ttl` seconds.
pub fn demo_oauth(ttl: u64) -> Proc {
    let mut command = Command::new(env!("CARGO_BIN_EXE_test-demo-server"));
    command.args(["--http", "0", "--oauth", "--token-ttl", &ttl.to_string()]);
    command.env("DEMO_OAUTH_CLIENT", "robot:robot-secret-value");
    listening(command)
}

/// The Python MCP SDK's authorization server and bearer check (installed by scripts/test.sh).
pub fn python_oauth(ttl: u64) -> Proc {
    let mut command = Command::new(python_bin("python"));
    command.args([
        &oauth_file("python_auth_server.py"),
        "--token-ttl",
        &ttl.to_string(),
    ]);
    listening(command)
}

/// The Python MCP SDK's authorization server taking workload identity (the JWT-bearer grant)
/// from the confidential client `workload-client`; the stand-in platform's token for the
/// workload is written to `token_file`.
pub fn python_oauth_workload(token_file: &Path) -> Proc {
    let mut command = Command::new(python_bin("python"));
    command.arg(oauth_file("python_auth_server.py"));
    command.arg("--workload").arg(token_file);
    listening(command)
}

/// panva's `oidc-provider` (npm) with DPoP, browser logins and the client-credentials grant,
/// its access tokens living `ttl` seconds, in front of an MCP endpoint that takes DPoP-bound
/// tokens only (`tests/oauth/oidc_provider_server.mjs`).
pub fn oidc_provider_dpop(ttl: u64) -> Proc {
    let mut command = Command::new(super::npm_bin("node"));
    command
        .arg(oauth_file("oidc_provider_server.mjs"))
        .arg(super::test_servers().join("node_modules"))
        .arg(ttl.to_string());
    listening(command)
}

/// The Python MCP SDK's authorization server taking client ID metadata documents instead of
/// registrations; the document is served at [`cimd_document`]`(port)`.
pub fn python_oauth_cimd(port: u16) -> Proc {
    let mut command = Command::new(python_bin("python"));
    command.args([
        &oauth_file("python_auth_server.py"),
        "--cimd",
        &port.to_string(),
    ]);
    listening(command)
}

/// Where [`python_oauth_cimd`] serves the client's metadata document.
pub fn cimd_document(port: u16) -> String {
    format!("https://127.0.0.1:{port}/oauth/client.json")
}

/// A protected endpoint whose authorization goes wrong as `mode` says.
pub fn faulty(mode: &str) -> Proc {
    let mut command = Command::new("python3");
    command.args([&oauth_file("faulty_auth.py"), mode]);
    listening(command)
}

/// A token store of its own for one test (removed when dropped).
pub struct Home(pub super::Scratch);

impl Home {
    pub fn new(name: &str) -> Home {
        Home(super::scratch(&format!("oauth-{name}")))
    }

    /// Where the CLI keeps tokens with `XDG_CONFIG_HOME` set to this home.
    pub fn store(&self) -> PathBuf {
        self.0.join("mcp-toolset").join("oauth")
    }

    /// The one token file, as JSON.
    pub fn token_file(&self) -> (PathBuf, serde_json::Value) {
        let path = std::fs::read_dir(self.store())
            .unwrap()
            .map(|e| e.unwrap().path())
            .find(|p| p.extension().is_some_and(|e| e == "json"))
            .expect("a token file");
        let json = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
        (path, json)
    }

    /// The login the token file's server uses now (files hold one per authorization server).
    pub fn current_login(&self) -> serde_json::Value {
        let (_, json) = self.token_file();
        let current = json["current"].as_str().expect("a keyed token file");
        json["logins"][current].clone()
    }

    /// The stored access and refresh tokens.
    pub fn tokens(&self) -> (String, String) {
        self.tokens_of(&self.current_login())
    }

    /// The access and refresh tokens of one login.
    pub fn tokens_of(&self, login: &serde_json::Value) -> (String, String) {
        let token = &login["credentials"]["token_response"];
        (
            token["access_token"]
                .as_str()
                .unwrap_or_default()
                .to_string(),
            token["refresh_token"]
                .as_str()
                .unwrap_or_default()
                .to_string(),
        )
    }

    /// Runs the CLI with this home, no browser unless `browser`, and `CI` as given.
    pub fn cli(&self, args: &[&str], browser: bool, ci: bool) -> Output {
        self.cli_env(args, browser, ci, &[])
    }

    /// The CLI command with this home, no browser, outside CI, its output piped (to spawn
    /// several at once).
    pub fn command(&self, args: &[&str]) -> Command {
        let mut command = Command::new(CLI);
        command
            .args(args)
            .env("XDG_CONFIG_HOME", &*self.0)
            .env_remove("BROWSER")
            .env_remove("CI")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        command
    }

    /// [`Home::cli`] with extra environment variables.
    pub fn cli_env(&self, args: &[&str], browser: bool, ci: bool, env: &[(&str, &str)]) -> Output {
        let mut command = self.command(args);
        if browser {
            command.env("BROWSER", oauth_file("browser.py"));
        }
        if ci {
            command.env("CI", "true");
        }
        command.envs(env.iter().copied());
        command.output().unwrap()
    }
}

/// The Unix mode bits of `path`.
pub fn mode(path: &Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).unwrap().permissions().mode() & 0o777
}

/// RFC 7009 revocation at the demo server: `POST /revoke token=…`.
pub fn revoke(server_url: &str, token: &str) {
    let answer = post_form(server_url, "/revoke", &format!("token={token}"));
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
}

/// A GET on the demo server's authority; the whole HTTP answer.
pub fn http_get(url: &str) -> String {
    let rest = url.trim_start_matches("http://");
    let (authority, path) = rest
        .split_once('/')
        .map_or((rest, "/".to_string()), |(a, p)| (a, format!("/{p}")));
    let mut stream = std::net::TcpStream::connect(authority).unwrap();
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {authority}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    answer
}

/// A form POST to `path` on the demo server's authority; the whole HTTP answer.
pub fn post_form(server_url: &str, path: &str, body: &str) -> String {
    let authority = server_url
        .trim_start_matches("http://")
        .split('/')
        .next()
        .unwrap();
    let mut stream = std::net::TcpStream::connect(authority).unwrap();
    write!(
        stream,
        "POST {path} HTTP/1.1\r\nHost: {authority}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    answer
}

/// stdout and stderr of a CLI run, for assertions and messages.
pub fn text(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// The TypeScript SDK's own example server with `--oauth --oauth-strict`: its authorization
/// server on a second port (another origin), tokens checked for this resource.
pub fn typescript_oauth() -> Proc {
    let (mcp, auth) = (super::free_port(), super::free_port());
    let script = super::test_servers().join(
        "node_modules/@modelcontextprotocol/sdk/dist/esm/examples/server/simpleStreamableHttp.js",
    );
    assert!(
        script.exists(),
        "{} is missing: run scripts/test.sh",
        script.display()
    );
    let child = Command::new("node")
        .arg(script)
        .args(["--oauth", "--oauth-strict"])
        .env("MCP_PORT", mcp.to_string())
        .env("MCP_AUTH_PORT", auth.to_string())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start the TS SDK example");
    let start = std::time::Instant::now();
    for port in [mcp, auth] {
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(start.elapsed().as_secs() < 30, "port {port} never opened");
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
    }
    Proc {
        child,
        url: format!("http://localhost:{mcp}/mcp"),
    }
}
