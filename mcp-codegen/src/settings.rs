//! The one settings struct shared by the macro, build.rs and the CLI.

use serde::Deserialize;

/// How code is generated. The macro's `key = value` options deserialize into this struct.
///
/// ```
/// let settings = mcp_codegen::Settings::default()
///     .client_name("Demo")
///     .tools(["echo", "add"]);
/// ```
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
#[non_exhaustive]
pub struct Settings {
    /// Name of the client struct (default: the server's name in PascalCase).
    pub client_name: Option<String>,
    /// Generate only these tools (default: all). Unknown names are an error.
    pub tools: Option<Vec<String>>,
    /// Map `format: uuid` to `uuid::Uuid` and `date`/`date-time` to `chrono` types; the crate
    /// using the bindings must then depend on `uuid` / `chrono` with serde support. Off by
    /// default: such strings are plain `String`.
    pub typed_formats: bool,
    /// Every generated type derives both `Serialize` and `Deserialize`. Off by default: a type
    /// derives the direction it travels — arguments `Serialize`, outputs `Deserialize` — which
    /// halves what a bindings crate compiles. Turn it on to parse an LLM's JSON arguments into
    /// a tool's `Input`, or to serialize a typed output again.
    pub serde_both_ways: bool,
    /// Also generate a typed fake for tests: a `…Fake` trait with one method per tool and
    /// `Client::fake(impl Trait)`, served in-process. The crate using the bindings needs
    /// `mcp-runtime`'s `fake` feature (a dev-dependency feature is enough when the bindings
    /// are generated for tests only). Implies [`Settings::serde_both_ways`]. Off by default.
    pub fakes: bool,
    /// Where the bindings are reachable from outside their crate (`my_crate::time`): the
    /// client's docs then carry an example (connect, call a tool, close) that
    /// `cargo test --doc` compiles. Off by default: a doc test is another crate, and code
    /// included in a private module cannot be named from one.
    pub doc_path: Option<String>,
}

impl Settings {
    /// Sets [`Settings::client_name`].
    pub fn client_name(mut self, name: impl Into<String>) -> Self {
        self.client_name = Some(name.into());
        self
    }
    /// Sets [`Settings::tools`].
    pub fn tools<I, S>(mut self, names: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        self.tools = Some(names.into_iter().map(Into::into).collect());
        self
    }
    /// Sets [`Settings::typed_formats`].
    pub fn typed_formats(mut self, on: bool) -> Self {
        self.typed_formats = on;
        self
    }
    /// Sets [`Settings::doc_path`].
    pub fn doc_path(mut self, path: impl Into<String>) -> Self {
        self.doc_path = Some(path.into());
        self
    }
    /// Sets [`Settings::fakes`].
    pub fn fakes(mut self, on: bool) -> Self {
        self.fakes = on;
        self
    }
    /// Sets [`Settings::serde_both_ways`].
    pub fn serde_both_ways(mut self, on: bool) -> Self {
        self.serde_both_ways = on;
        self
    }
}
