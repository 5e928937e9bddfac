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
    /// Only an app may call it (MCP Apps `_meta.ui.visibility` without `"model"`): the
    /// generated method calls it, the registry and rig adapters never offer it to a model.
    pub app_only: bool,
}

impl ToolInfo {
    /// A tool without `outputSchema` or `annotations` (add them with the two `with_` methods).
    pub const fn new(
        name: &'static str,
        description: &'static str,
        input_schema: &'static str,
        fingerprint: &'static str,
    ) -> Self {
        Self {
            name,
            description,
            input_schema,
            output_schema: None,
            annotations: None,
            fingerprint,
            app_only: false,
        }
    }
    /// A tool with `annotations` (JSON) but no `outputSchema`: most tools of servers that
    /// annotate.
    pub const fn annotated(
        name: &'static str,
        description: &'static str,
        input_schema: &'static str,
        annotations: &'static str,
        fingerprint: &'static str,
    ) -> Self {
        Self::new(name, description, input_schema, fingerprint).with_annotations(annotations)
    }
    /// With `outputSchema` (JSON).
    pub const fn with_output_schema(self, output_schema: &'static str) -> Self {
        Self {
            output_schema: Some(output_schema),
            ..self
        }
    }
    /// With `annotations` (JSON).
    pub const fn with_annotations(self, annotations: &'static str) -> Self {
        Self {
            annotations: Some(annotations),
            ..self
        }
    }
    /// Marked as callable by apps only ([`ToolInfo::app_only`]).
    pub const fn only_for_apps(self) -> Self {
        Self {
            app_only: true,
            ..self
        }
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_constructor_fills_what_it_is_given() {
        const PLAIN: ToolInfo = ToolInfo::new("t", "d", "{}", "f");
        assert_eq!((PLAIN.output_schema, PLAIN.annotations), (None, None));
        const FULL: ToolInfo = ToolInfo::annotated("t", "d", "{}", "{\"readOnlyHint\":true}", "f")
            .with_output_schema("{\"type\":\"object\"}");
        assert_eq!(FULL.output_schema, Some("{\"type\":\"object\"}"));
        assert_eq!(FULL.annotations_json().unwrap()["readOnlyHint"], true);
        assert_eq!((FULL.name, FULL.fingerprint), ("t", "f"));
    }
}
