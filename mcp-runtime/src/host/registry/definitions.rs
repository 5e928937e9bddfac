//! Tool definitions as the LLM providers take them: OpenAI functions (with strict mode) and
//! Anthropic tools.

use serde_json::{Map, Value, json};

use super::Registry;
use crate::schema::{required, resolve_refs};

/// The JSON shape of [`Registry::definitions`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Format {
    /// `{"type": "function", "function": {"name", "description", "parameters"}}`.
    OpenAi,
    /// `{"name", "description", "input_schema"}`.
    Anthropic,
}

impl Registry {
    /// Tool definitions in the provider's format.
    pub fn definitions(&self, format: Format) -> Vec<Value> {
        self.entries
            .iter()
            .map(|(name, entry)| {
                let schema = parameters(&entry.input_schema);
                match format {
                    Format::OpenAi if self.options.openai_strict => json!({
                        "type": "function",
                        "function": {"name": name, "description": entry.description, "parameters": strict(&schema), "strict": true}
                    }),
                    Format::OpenAi => json!({
                        "type": "function",
                        "function": {"name": name, "description": entry.description, "parameters": schema}
                    }),
                    Format::Anthropic => json!({"name": name, "description": entry.description, "input_schema": schema}),
                }
            })
            .collect()
    }
}

/// An inputSchema as function parameters: an object schema without `$schema`.
fn parameters(schema: &Value) -> Value {
    let mut schema = match schema {
        Value::Object(map) => map.clone(),
        _ => Map::new(),
    };
    schema.remove("$schema");
    schema.entry("type").or_insert_with(|| json!("object"));
    schema.entry("properties").or_insert_with(|| json!({}));
    Value::Object(schema)
}

/// OpenAI strict mode: refs inlined, every object closed with all properties required, the
/// optional ones made nullable.
pub(super) fn strict(schema: &Value) -> Value {
    fn walk(node: &mut Value) {
        match node {
            Value::Object(map) => {
                if map.get("type") == Some(&json!("object")) || map.contains_key("properties") {
                    let props = map.entry("properties").or_insert_with(|| json!({})).clone();
                    let needed: Vec<String> =
                        required(map).into_iter().map(str::to_string).collect();
                    if let (Some(Value::Object(props_mut)), Value::Object(props)) =
                        (map.get_mut("properties"), &props)
                    {
                        for name in props.keys() {
                            if !needed.contains(name)
                                && let Some(prop) = props_mut.get_mut(name)
                            {
                                *prop = json!({"anyOf": [prop.clone(), {"type": "null"}]});
                            }
                        }
                    }
                    map.insert(
                        "required".into(),
                        Value::Array(
                            props
                                .as_object()
                                .map(|p| p.keys().map(|k| json!(k)).collect())
                                .unwrap_or_default(),
                        ),
                    );
                    map.insert("additionalProperties".into(), json!(false));
                }
                for unsupported in [
                    "default",
                    "format",
                    "pattern",
                    "minLength",
                    "maxLength",
                    "minimum",
                    "maximum",
                    "title",
                    "examples",
                ] {
                    map.remove(unsupported);
                }
                map.values_mut().for_each(walk);
            }
            Value::Array(items) => items.iter_mut().for_each(walk),
            _ => {}
        }
    }
    let mut resolved = resolve_refs(schema);
    walk(&mut resolved);
    resolved
}
