//! A server started as a child process: its command line, environment and working directory.

use std::collections::BTreeMap;
use std::fmt;
use std::path::PathBuf;

use super::redact::Redacted;
use super::redact_args::redact_args;

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
    /// The arguments as a config wrote them, `${VAR}` unexpanded: what is shown of them.
    pub(crate) written_args: Option<Vec<String>>,
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
    /// Shows the arguments as `written` (a config's text, `${VAR}` unexpanded) wherever the
    /// command line is shown, so that no value from the environment is.
    pub fn written_args(mut self, written: Vec<String>) -> Self {
        self.written_args = Some(written);
        self
    }

    /// The arguments as messages, logs and `Debug` show them: as written in a config, and the
    /// value of a secret-named flag or a token-shaped argument as `<redacted>`.
    pub fn shown_args(&self) -> Vec<String> {
        redact_args(self.written_args.as_ref().unwrap_or(&self.args))
    }

    /// What the shown arguments leave out: in each argument shown otherwise than it is, the
    /// part that differs (an env value, a redacted secret), for scrubbing messages.
    pub(crate) fn hidden_values(&self) -> Vec<String> {
        let shown = self.shown_args();
        self.args
            .iter()
            .zip(&shown)
            .filter(|(real, shown)| real != shown)
            .map(|(real, shown)| differing_part(real, shown))
            .collect()
    }

    /// The command line, quoted where needed, as [`StdioSpec::shown_args`] shows it.
    pub fn target(&self) -> String {
        let mut out = String::from("`");
        let args = self.shown_args();
        for (i, part) in std::iter::once(&self.command).chain(&args).enumerate() {
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

/// The middle of `real` that `shown` does not share: what is left after their common prefix
/// and suffix (`--key=sk_live_x` against `--key=<redacted>`: `sk_live_x`).
fn differing_part(real: &str, shown: &str) -> String {
    let prefix = real
        .char_indices()
        .zip(shown.chars())
        .find(|((_, a), b)| a != b)
        .map_or(real.len().min(shown.len()), |((at, _), _)| at);
    let (real_rest, shown_rest) = (&real[prefix..], shown.get(prefix..).unwrap_or(""));
    let suffix = real_rest
        .chars()
        .rev()
        .zip(shown_rest.chars().rev())
        .take_while(|(a, b)| a == b)
        .map(|(a, _)| a.len_utf8())
        .sum::<usize>();
    real_rest[..real_rest.len() - suffix].to_string()
}

impl fmt::Debug for StdioSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("StdioSpec")
            .field("command", &self.command)
            .field("args", &self.shown_args())
            .field("env", &Redacted(&self.env))
            .field("cwd", &self.cwd)
            .finish()
    }
}
