//! What a caller gets from a tool's result: `isError` as [`Error::Tool`], structured content
//! decoded into a Rust type with errors that name the JSON path.
//! Apart from the data type because it speaks the crate's error, which holds a `ToolOutput`.

use serde::de::DeserializeOwned;
use serde_json::Value;

use super::{ToolOutput, truncate_chars};
use crate::model::ContentBlock;
use crate::{Error, Result};

/// Turns a tool's output into what the call resolves to.
pub(crate) type Decode<O> = fn(ToolOutput, &str) -> Result<O>;

/// What a typed call of a tool resolves to: the output as it came ([`ToolOutput`], for a tool
/// without an `outputSchema`), or any type its structured result decodes into (a generated
/// `Output`). One generic call type serves both, so no tool module writes a constructor.
pub trait FromToolOutput: Sized {
    /// Turns the output of `tool` into `Self`; errors name the tool and the JSON path.
    fn from_tool_output(output: ToolOutput, tool: &str) -> Result<Self>;
}

impl FromToolOutput for ToolOutput {
    fn from_tool_output(output: ToolOutput, _tool: &str) -> Result<Self> {
        Ok(output)
    }
}

impl<T: DeserializeOwned> FromToolOutput for T {
    fn from_tool_output(output: ToolOutput, tool: &str) -> Result<Self> {
        output.into_structured(tool)
    }
}

impl ToolOutput {
    /// Decodes the structured result: `structuredContent` if present, else a single text block
    /// holding JSON.
    pub fn structured<T: DeserializeOwned>(&self, tool: &str) -> Result<T> {
        match self.json_value() {
            Some(value) => decode_value(tool, value),
            None => Err(Error::Decode {
                tool: tool.to_string(),
                path: ".".to_string(),
                message: "the result has no structuredContent and no single JSON text block".into(),
                excerpt: excerpt(&self.to_llm_string(200)),
            }),
        }
    }

    /// [`ToolOutput::structured`] that takes the output, avoiding a copy of the JSON.
    pub fn into_structured<T: DeserializeOwned>(self, tool: &str) -> Result<T> {
        match self.structured {
            Some(value) => decode_value(tool, value),
            None => self.structured(tool),
        }
    }

    fn json_value(&self) -> Option<Value> {
        if let Some(value) = &self.structured {
            return Some(value.clone());
        }
        match self.content.as_slice() {
            [ContentBlock::Text(t)] => serde_json::from_str(&t.text).ok(),
            _ => None,
        }
    }
}

/// Decodes `value` into `T`, naming the JSON path where it failed.
pub(super) fn decode_value<T: DeserializeOwned>(tool: &str, value: Value) -> Result<T> {
    let text_for_errors = excerpt(&value.to_string());
    serde_path_to_error::deserialize(value).map_err(|err| Error::Decode {
        tool: tool.to_string(),
        path: err.path().to_string(),
        message: err.inner().to_string(),
        excerpt: text_for_errors,
    })
}

fn excerpt(text: &str) -> String {
    truncate_chars(text.to_string(), 300)
}

/// A call's result as the caller sees it: `isError: true` is [`Error::Tool`].
pub(crate) fn finished(name: &str, result: rmcp::model::CallToolResult) -> Result<ToolOutput> {
    let output = ToolOutput::from(result);
    if output.is_error {
        let message = match output.text() {
            text if !text.is_empty() => text,
            _ => output.to_llm_string(2_000),
        };
        return Err(Error::Tool {
            tool: name.to_string(),
            message,
            output: Box::new(output),
        });
    }
    Ok(output)
}
