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
    /// Tool definitions in the provider's format: every tool, or with
    /// [`Deferral`](super::Deferral) the tools offered now and the search tool (with
    /// `anthropic_native`, every tool for [`Format::Anthropic`], the deferred ones marked
    /// `"defer_loading": true`).
    pub fn definitions(&self, format: Format) -> Vec<Value> {
        let native = format == Format::Anthropic
            && self
                .options
                .defer
                .as_ref()
                .is_some_and(|d| d.anthropic_native);
        let mut definitions: Vec<Value> = self
            .catalog()
            .entries
            .iter()
            .filter_map(|(name, entry)| {
                let offered = self.offered_now(name);
                let mut definition = match (offered, native) {
                    (false, false) => return None,
                    _ => self.definition(name, &entry.description, &entry.input_schema, format),
                };
                if !offered {
                    definition["defer_loading"] = json!(true);
                }
                Some(definition)
            })
            .collect();
        definitions.extend(self.search_definition(format));
        definitions
    }

    /// The definitions of `names` (registry names; unknown ones are skipped), offered or not.
    pub fn definitions_of<'a>(
        &self,
        names: impl IntoIterator<Item = &'a str>,
        format: Format,
    ) -> Vec<Value> {
        let catalog = self.catalog();
        names
            .into_iter()
            .filter_map(|name| {
                let entry = catalog.entries.get(name)?;
                Some(self.definition(name, &entry.description, &entry.input_schema, format))
            })
            .collect()
    }

    fn definition(
        &self,
        name: &str,
        description: &str,
        input_schema: &Value,
        format: Format,
    ) -> Value {
        let schema = parameters(input_schema);
        match format {
            Format::OpenAi if self.options.openai_strict => json!({
                "type": "function",
                "function": {"name": name, "description": description, "parameters": strict(&schema), "strict": true}
            }),
            Format::OpenAi => json!({
                "type": "function",
                "function": {"name": name, "description": description, "parameters": schema}
            }),
            Format::Anthropic => {
                json!({"name": name, "description": description, "input_schema": schema})
            }
        }
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
