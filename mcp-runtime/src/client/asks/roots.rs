//! Roots: the directories or other URIs the application lets servers work in.

use serde_json::{Value, json};

/// A root the client tells servers about (`roots/list`).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Root {
    /// The root's URI (`file:///…` for a directory).
    pub uri: String,
    /// A name to show for it.
    pub name: Option<String>,
}

impl Root {
    /// A root at `uri` (`file:///home/me/project`).
    pub fn new(uri: impl Into<String>) -> Self {
        Root {
            uri: uri.into(),
            name: None,
        }
    }

    /// The root's display name.
    pub fn name(mut self, name: impl Into<String>) -> Self {
        self.name = Some(name.into());
        self
    }
}

/// The `roots/list` result.
pub(crate) fn result(roots: &[Root]) -> Value {
    let roots: Vec<Value> = roots
        .iter()
        .map(|root| match &root.name {
            Some(name) => json!({"uri": root.uri, "name": name}),
            None => json!({"uri": root.uri}),
        })
        .collect();
    json!({ "roots": roots })
}
