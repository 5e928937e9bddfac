//! The `TOOLS` table that generated modules embed: what the snapshot said about each tool.

/// One tool as recorded in the snapshot a client was generated from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ToolInfo {
    /// The tool's name on the server.
    pub name: &'static str,
    /// The tool's description.
    pub description: &'static str,
    /// `inputSchema` as JSON.
    pub input_schema: &'static str,
    /// `outputSchema` as JSON, if the tool has one.
    pub output_schema: Option<&'static str>,
    /// `annotations` as JSON, if the tool has them (what a pinned check compares).
    pub annotations: Option<&'static str>,
    /// [`schema::fingerprint`](super::fingerprint) of the two schemas.
    pub fingerprint: &'static str,
}

impl ToolInfo {
    /// `inputSchema`, parsed.
    pub fn input_schema_json(&self) -> serde_json::Value {
        serde_json::from_str(self.input_schema).unwrap_or_default()
    }
    /// `annotations`, parsed.
    pub fn annotations_json(&self) -> Option<serde_json::Value> {
        self.annotations.and_then(|s| serde_json::from_str(s).ok())
    }
    /// `outputSchema`, parsed.
    pub fn output_schema_json(&self) -> Option<serde_json::Value> {
        self.output_schema
            .and_then(|s| serde_json::from_str(s).ok())
    }
}
