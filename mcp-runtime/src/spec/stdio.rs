//! A server started as a child process: its command line, environment and working directory.

use std::collections::BTreeMap;
use std::fmt;
use std::path::PathBuf;

use super::redact::Redacted;

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
