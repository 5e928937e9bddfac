//! Where a server lives and how to reach it: [`ServerSpec`], a stdio command (`stdio.rs`), an
//! HTTP endpoint (`http.rs`, with its OAuth settings in `oauth.rs`), or a recorded session to
//! replay (`replay.rs`). Plain data, compiled
//! without any feature: the generator and configs name servers too.
//!
//! `Debug` output and [`ServerSpec::target`] never contain env values, header values or tokens:
//! specs end up in logs and error messages.

mod http;
mod oauth;
pub(crate) mod redact;
mod redact_args;
mod replay;
mod stdio;

use std::collections::BTreeMap;
use std::fmt;

pub use http::HttpSpec;
pub use oauth::{EnterpriseIdp, OAuthSpec, WorkloadToken};
pub use replay::ReplaySpec;
pub use stdio::StdioSpec;

/// How to reach one MCP server.
#[derive(Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ServerSpec {
    /// A child process speaking MCP over stdin/stdout.
    Stdio(StdioSpec),
    /// A server speaking streamable HTTP.
    Http(HttpSpec),
    /// A recorded session (a cassette) answering in-process: no process, no port.
    Replay(ReplaySpec),
    /// A server in this process (a typed fake), named: it is connected by whatever serves it
    /// (`FakeServer::connect`), not by its spec.
    InProcess(String),
}

impl ServerSpec {
    /// A stdio server: `ServerSpec::stdio("npx").args(["-y", "some-server"])`.
    pub fn stdio(command: impl Into<String>) -> StdioSpec {
        StdioSpec {
            command: command.into(),
            args: Vec::new(),
            env: BTreeMap::new(),
            cwd: None,
            written_args: None,
        }
    }

    /// A streamable HTTP server: `ServerSpec::http("http://127.0.0.1:8000/mcp")`.
    pub fn http(url: impl Into<String>) -> HttpSpec {
        HttpSpec {
            url: url.into(),
            headers: BTreeMap::new(),
            bearer_token: None,
            legacy_sse: false,
            oauth: None,
        }
    }

    /// A legacy HTTP+SSE server (protocol 2024-11-05): `ServerSpec::sse("http://host/sse")`.
    pub fn sse(url: impl Into<String>) -> HttpSpec {
        HttpSpec {
            legacy_sse: true,
            ..ServerSpec::http(url)
        }
    }

    /// A cassette served back in-process: `ServerSpec::replay("tests/cassettes/time.json")`.
    pub fn replay(path: impl Into<std::path::PathBuf>) -> ReplaySpec {
        ReplaySpec {
            path: path.into(),
            ignore: Vec::new(),
        }
    }

    /// A server in this process called `name` (a typed fake).
    pub fn in_process(name: &str) -> ServerSpec {
        ServerSpec::InProcess(name.to_string())
    }

    /// Removes this spec's secrets (env values, header values, token, the full URL) from a
    /// message that came from elsewhere (a transport error, the server's stderr).
    #[cfg_attr(not(any(feature = "stdio", feature = "http")), allow(dead_code))]
    pub(crate) fn scrub(&self, text: &str) -> String {
        let mut out = text.to_string();
        let mut replace = |needle: &str, with: &str| {
            // Very short values ("1", "true") are not worth mangling every message over.
            if needle.len() >= 4 && out.contains(needle) {
                out = out.replace(needle, with);
            }
        };
        match self {
            ServerSpec::Stdio(s) => {
                s.env.values().for_each(|v| replace(v, "<redacted>"));
                s.hidden_values()
                    .iter()
                    .for_each(|v| replace(v, "<redacted>"));
            }
            ServerSpec::Http(h) => {
                replace(&h.url, &h.target());
                h.headers.values().for_each(|v| replace(v, "<redacted>"));
                if let Some(token) = &h.bearer_token {
                    replace(token, "<redacted>");
                }
            }
            ServerSpec::Replay(_) | ServerSpec::InProcess(_) => {}
        }
        out
    }

    /// How the server is named in logs and errors: the command line, or the URL without its
    /// query string and credentials.
    pub fn target(&self) -> String {
        match self {
            ServerSpec::Stdio(s) => s.target(),
            ServerSpec::Http(h) => h.target(),
            ServerSpec::Replay(r) => r.target(),
            ServerSpec::InProcess(name) => format!("in-process server `{name}`"),
        }
    }
}

impl From<StdioSpec> for ServerSpec {
    fn from(spec: StdioSpec) -> Self {
        ServerSpec::Stdio(spec)
    }
}

impl From<ReplaySpec> for ServerSpec {
    fn from(spec: ReplaySpec) -> Self {
        ServerSpec::Replay(spec)
    }
}

impl From<HttpSpec> for ServerSpec {
    fn from(spec: HttpSpec) -> Self {
        ServerSpec::Http(spec)
    }
}

impl fmt::Debug for ServerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ServerSpec::Stdio(s) => s.fmt(f),
            ServerSpec::Http(h) => h.fmt(f),
            ServerSpec::Replay(r) => r.fmt(f),
            ServerSpec::InProcess(name) => f.debug_tuple("InProcess").field(name).finish(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_and_target_never_show_secrets() {
        let stdio = ServerSpec::from(
            ServerSpec::stdio("srv")
                .arg("--x")
                .env("API_KEY", "s3cret-env"),
        );
        let http = ServerSpec::from(
            ServerSpec::http("https://user:pw-secret@example.com/mcp?key=q-secret")
                .header("X-Api-Key", "h-secret")
                .bearer_token("t-secret"),
        );
        for text in [
            format!("{stdio:?}"),
            stdio.target(),
            format!("{http:?}"),
            http.target(),
        ] {
            for secret in [
                "s3cret-env",
                "pw-secret",
                "q-secret",
                "h-secret",
                "t-secret",
            ] {
                assert!(!text.contains(secret), "{secret} leaked in {text}");
            }
        }
        assert!(format!("{stdio:?}").contains("API_KEY"));
        assert_eq!(http.target(), "https://example.com/mcp?…");
        assert_eq!(stdio.target(), "`srv --x`");
    }

    #[test]
    fn a_server_echoing_a_hidden_argument_is_scrubbed() {
        let spec = ServerSpec::from(
            ServerSpec::stdio("srv")
                .args(["--api-key=sk_live_from_env_123", "serve", "env-value-9"])
                .written_args(vec![
                    "--api-key=${KEY}".into(),
                    "serve".into(),
                    "${TOKEN}".into(),
                ]),
        );
        assert_eq!(spec.target(), "`srv --api-key=<redacted> serve ${TOKEN}`");
        let said = "invalid key sk_live_from_env_123; token env-value-9 refused";
        assert_eq!(
            spec.scrub(said),
            "invalid key <redacted>; token <redacted> refused"
        );
    }
}
