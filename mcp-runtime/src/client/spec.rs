//! Where a server lives and how to reach it.
//!
//! `Debug` output and [`ServerSpec::target`] never contain env values, header values or tokens:
//! specs end up in logs and error messages.

use std::collections::BTreeMap;
use std::fmt;
use std::path::PathBuf;

use super::oauth_spec::OAuthSpec;

/// How to reach one MCP server.
#[derive(Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ServerSpec {
    /// A child process speaking MCP over stdin/stdout.
    Stdio(StdioSpec),
    /// A server speaking streamable HTTP.
    Http(HttpSpec),
}

/// A server started as a child process.
#[derive(Clone, PartialEq, Eq)]
pub struct StdioSpec {
    /// The program to run (looked up on `PATH`).
    pub command: String,
    /// Its arguments.
    pub args: Vec<String>,
    /// Extra environment variables, on top of the inherited environment.
    pub env: BTreeMap<String, String>,
    /// Working directory (default: the current one).
    pub cwd: Option<PathBuf>,
}

/// A server reached over streamable HTTP.
#[derive(Clone, PartialEq, Eq)]
pub struct HttpSpec {
    /// The endpoint, e.g. `http://127.0.0.1:8000/mcp`.
    pub url: String,
    /// Extra headers sent with every request.
    pub headers: BTreeMap<String, String>,
    /// Sent as `Authorization: Bearer <token>`.
    pub bearer_token: Option<String>,
    /// Speak the legacy HTTP+SSE transport (protocol 2024-11-05) instead of streamable HTTP.
    pub legacy_sse: bool,
    /// Authorize with OAuth (MCP authorization) using the stored token for this URL.
    pub oauth: Option<OAuthSpec>,
}

impl ServerSpec {
    /// A stdio server: `ServerSpec::stdio("npx").args(["-y", "some-server"])`.
    pub fn stdio(command: impl Into<String>) -> StdioSpec {
        StdioSpec {
            command: command.into(),
            args: Vec::new(),
            env: BTreeMap::new(),
            cwd: None,
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
            ServerSpec::Stdio(s) => s.env.values().for_each(|v| replace(v, "<redacted>")),
            ServerSpec::Http(h) => {
                replace(&h.url, &h.target());
                h.headers.values().for_each(|v| replace(v, "<redacted>"));
                if let Some(token) = &h.bearer_token {
                    replace(token, "<redacted>");
                }
            }
        }
        out
    }

    /// How the server is named in logs and errors: the command line, or the URL without its
    /// query string and credentials.
    pub fn target(&self) -> String {
        match self {
            ServerSpec::Stdio(s) => s.target(),
            ServerSpec::Http(h) => h.target(),
        }
    }
}

impl StdioSpec {
    /// Adds one argument.
    pub fn arg(mut self, arg: impl Into<String>) -> Self {
        self.args.push(arg.into());
        self
    }
    /// Adds arguments.
    pub fn args<I, S>(mut self, args: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        self.args.extend(args.into_iter().map(Into::into));
        self
    }
    /// Sets an environment variable for the server (its value is never logged).
    pub fn env(mut self, key: impl Into<String>, value: impl Into<String>) -> Self {
        self.env.insert(key.into(), value.into());
        self
    }
    /// Sets the working directory.
    pub fn cwd(mut self, dir: impl Into<PathBuf>) -> Self {
        self.cwd = Some(dir.into());
        self
    }
    /// The command line, quoted where needed.
    pub fn target(&self) -> String {
        let mut out = String::from("`");
        for (i, part) in std::iter::once(&self.command).chain(&self.args).enumerate() {
            if i > 0 {
                out.push(' ');
            }
            if part.is_empty() || part.contains(char::is_whitespace) {
                out.push_str(&format!("{part:?}"));
            } else {
                out.push_str(part);
            }
        }
        out.push('`');
        out
    }
}

impl HttpSpec {
    /// Adds a header sent with every request (its value is never logged).
    pub fn header(mut self, name: impl Into<String>, value: impl Into<String>) -> Self {
        self.headers.insert(name.into(), value.into());
        self
    }
    /// Sets a bearer token (never logged).
    pub fn bearer_token(mut self, token: impl Into<String>) -> Self {
        self.bearer_token = Some(token.into());
        self
    }
    /// Authorizes with OAuth: the token `mcp-codegen login URL` stored, refreshed silently
    /// (needs the `oauth` feature).
    pub fn oauth(mut self, oauth: OAuthSpec) -> Self {
        self.oauth = Some(oauth);
        self
    }
    /// The URL without credentials or query string.
    pub fn target(&self) -> String {
        redact_url(&self.url)
    }
}

/// A server's URL as OAuth logins are keyed and named: no credentials, query or trailing slash.
#[cfg_attr(not(feature = "http"), allow(dead_code))]
pub(crate) fn url_key(url: &str) -> String {
    redact_url(url)
        .trim_end_matches("?…")
        .trim_end_matches('/')
        .to_string()
}

/// Drops `user:pass@` and the query string, which is where secrets hide in URLs.
pub(crate) fn redact_url(url: &str) -> String {
    let (without_query, had_query) = match url.split_once(['?', '#']) {
        Some((head, _)) => (head, true),
        None => (url, false),
    };
    let redacted = match without_query.split_once("://") {
        Some((scheme, rest)) => {
            let (authority, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
            let host = authority
                .rsplit_once('@')
                .map_or(authority, |(_, host)| host);
            format!("{scheme}://{host}{path}")
        }
        None => without_query.to_string(),
    };
    if had_query {
        format!("{redacted}?…")
    } else {
        redacted
    }
}

impl From<StdioSpec> for ServerSpec {
    fn from(spec: StdioSpec) -> Self {
        ServerSpec::Stdio(spec)
    }
}

impl From<HttpSpec> for ServerSpec {
    fn from(spec: HttpSpec) -> Self {
        ServerSpec::Http(spec)
    }
}

struct Redacted<'a, K>(&'a BTreeMap<K, String>);

impl<K: fmt::Debug> fmt::Debug for Redacted<'_, K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map()
            .entries(self.0.keys().map(|k| (k, "<redacted>")))
            .finish()
    }
}

impl fmt::Debug for StdioSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("StdioSpec")
            .field("command", &self.command)
            .field("args", &self.args)
            .field("env", &Redacted(&self.env))
            .field("cwd", &self.cwd)
            .finish()
    }
}

impl fmt::Debug for HttpSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("HttpSpec")
            .field("url", &redact_url(&self.url))
            .field("headers", &Redacted(&self.headers))
            .field(
                "bearer_token",
                &self.bearer_token.as_ref().map(|_| "<redacted>"),
            )
            .field("oauth", &self.oauth)
            .finish()
    }
}

impl fmt::Debug for ServerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ServerSpec::Stdio(s) => s.fmt(f),
            ServerSpec::Http(h) => h.fmt(f),
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
}
