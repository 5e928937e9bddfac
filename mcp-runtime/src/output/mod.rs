//! What a tool call returns.

pub(crate) mod decode;

use serde_json::Value;

use crate::model::{CallToolResult, ContentBlock, ResourceContents};

/// The result of one tool call, as the server sent it.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolOutput {
    /// Content blocks (text, image, audio, resource, resource link).
    pub content: Vec<ContentBlock>,
    /// `structuredContent`, present when the tool declares an `outputSchema`.
    pub structured: Option<Value>,
    /// The server's `isError` flag. [`Client::call_tool`](crate::Client::call_tool) turns `true`
    /// into [`Error::Tool`](crate::Error::Tool), so outputs seen by callers normally have `false` here.
    pub is_error: bool,
}

const CUT_MARKER: &str = "…[truncated]";

impl ToolOutput {
    /// A result of one text block (what a fake answers for a tool without `outputSchema`).
    pub fn from_text(text: impl Into<String>) -> ToolOutput {
        ToolOutput {
            content: vec![ContentBlock::text(text.into())],
            structured: None,
            is_error: false,
        }
    }

    /// The `CallToolResult` JSON a server would send for this output.
    #[cfg_attr(not(feature = "fake"), allow(dead_code))]
    pub(crate) fn to_result_json(&self) -> Value {
        let mut result = serde_json::json!({"content": self.content, "isError": self.is_error});
        if let Some(structured) = &self.structured {
            result["structuredContent"] = structured.clone();
        }
        result
    }

    /// The text blocks, joined by newlines.
    pub fn text(&self) -> String {
        let mut out = String::new();
        for block in &self.content {
            if let ContentBlock::Text(t) = block {
                if !out.is_empty() {
                    out.push('\n');
                }
                out.push_str(&t.text);
            }
        }
        out
    }

    /// A string to hand to an LLM: text blocks as they are, other blocks as compact JSON with
    /// binary data replaced by its size, everything joined by newlines and cut to at most
    /// `max_chars` characters with a visible marker where it was cut.
    pub fn to_llm_string(&self, max_chars: usize) -> String {
        let mut parts = Vec::with_capacity(self.content.len());
        for block in &self.content {
            match block {
                ContentBlock::Text(t) => parts.push(t.text.clone()),
                other => parts.push(elide_binary(other).to_string()),
            }
        }
        if parts.is_empty()
            && let Some(structured) = &self.structured
        {
            parts.push(structured.to_string());
        }
        truncate_chars(parts.join("\n"), max_chars)
    }
}

impl From<CallToolResult> for ToolOutput {
    fn from(result: CallToolResult) -> Self {
        ToolOutput {
            content: result.content,
            structured: result.structured_content,
            is_error: result.is_error.unwrap_or(false),
        }
    }
}

fn truncate_chars(mut text: String, max_chars: usize) -> String {
    if let Some((cut, _)) = text.char_indices().nth(max_chars) {
        let keep = max_chars.saturating_sub(CUT_MARKER.chars().count());
        let keep_at = text.char_indices().nth(keep).map_or(cut, |(i, _)| i);
        text.truncate(keep_at);
        text.push_str(CUT_MARKER);
    }
    text
}

fn elide_binary(block: &ContentBlock) -> Value {
    let mut value = serde_json::to_value(block).unwrap_or(Value::Null);
    elide(&mut value);
    value
}

fn elide(value: &mut Value) {
    if let Value::Object(map) = value {
        for key in ["data", "blob"] {
            if let Some(Value::String(s)) = map.get(key) {
                let note = format!("<{} bytes of base64 elided>", s.len());
                map.insert(key.to_string(), Value::String(note));
            }
        }
        for child in map.values_mut() {
            elide(child);
        }
    }
}

/// Text of an embedded text resource, for callers that want it.
pub fn resource_text(block: &ContentBlock) -> Option<&str> {
    match block {
        ContentBlock::Resource(r) => match &r.resource {
            ResourceContents::TextResourceContents { text, .. } => Some(text),
            _ => None,
        },
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::decode::decode_value;
    use super::*;
    use crate::Error;
    use crate::model::{ImageContent, TextContent};

    fn output(content: Vec<ContentBlock>) -> ToolOutput {
        ToolOutput {
            content,
            structured: None,
            is_error: false,
        }
    }

    #[test]
    fn text_joins_text_blocks_only() {
        let out = output(vec![
            ContentBlock::Text(TextContent::new("a")),
            ContentBlock::Image(ImageContent::new("AAAA", "image/png")),
            ContentBlock::Text(TextContent::new("b")),
        ]);
        assert_eq!(out.text(), "a\nb");
    }

    #[test]
    fn llm_string_elides_binary_and_marks_cuts() {
        let out = output(vec![
            ContentBlock::Text(TextContent::new("hello")),
            ContentBlock::Image(ImageContent::new("A".repeat(5000), "image/png")),
        ]);
        let s = out.to_llm_string(10_000);
        assert!(s.starts_with("hello\n{"), "{s}");
        assert!(s.contains("<5000 bytes of base64 elided>"), "{s}");
        assert!(!s.contains("AAAA"));
        let cut = out.to_llm_string(20);
        assert_eq!(cut.chars().count(), 20, "{cut}");
        assert!(cut.ends_with(CUT_MARKER));
    }

    #[test]
    fn structured_falls_back_to_single_json_text_block() {
        let out = output(vec![ContentBlock::Text(TextContent::new(r#"{"n": 3}"#))]);
        #[derive(serde::Deserialize)]
        struct N {
            n: u8,
        }
        assert_eq!(out.structured::<N>("t").unwrap().n, 3);
        let err = out.structured::<Vec<u8>>("t").unwrap_err();
        assert!(matches!(err, Error::Decode { .. }), "{err}");
    }

    #[test]
    fn decode_error_names_the_path() {
        #[derive(Debug, serde::Deserialize)]
        #[allow(dead_code)]
        struct Outer {
            inner: Vec<Inner>,
        }
        #[derive(Debug, serde::Deserialize)]
        #[allow(dead_code)]
        struct Inner {
            x: u8,
        }
        let err = decode_value::<Outer>("t", serde_json::json!({"inner": [{"x": 1}, {"x": "no"}]}))
            .unwrap_err();
        match err {
            Error::Decode { path, excerpt, .. } => {
                assert_eq!(path, "inner[1].x");
                assert!(excerpt.contains("\"no\""));
            }
            other => panic!("{other}"),
        }
    }
}
