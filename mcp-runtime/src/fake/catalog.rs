//! A fake's prompts and resources: declared from a generated client's `PROMPTS` and
//! `RESOURCES` tables, each answered by a Rust function (a prompt gets its arguments, a
//! resource template the URI and the variables it gives the template).

use std::collections::BTreeMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use serde_json::{Value, json};

use super::FakeResult;
use crate::prompts::{PromptInfo, PromptOutput};
use crate::resources::{ResourceInfo, ResourceOutput};

type Pending<T> = Pin<Box<dyn Future<Output = FakeResult<T>> + Send>>;
pub(super) type PromptFn =
    Arc<dyn Fn(BTreeMap<String, String>) -> Pending<PromptOutput> + Send + Sync>;
pub(super) type ResourceFn =
    Arc<dyn Fn(String, BTreeMap<String, String>) -> Pending<ResourceOutput> + Send + Sync>;

/// The prompts and resources of a fake.
#[derive(Default)]
pub(super) struct Catalog {
    pub prompts: BTreeMap<String, (PromptInfo, Option<PromptFn>)>,
    pub resources: Vec<(ResourceInfo, Option<ResourceFn>)>,
}

impl Catalog {
    pub fn capabilities(&self) -> Value {
        let mut capabilities = json!({"tools": {}});
        if !self.prompts.is_empty() {
            capabilities["prompts"] = json!({});
        }
        if !self.resources.is_empty() {
            capabilities["resources"] = json!({});
        }
        capabilities
    }

    pub fn list_prompts(&self) -> Value {
        let prompts: Vec<Value> = self
            .prompts
            .values()
            .map(|(info, _)| {
                let arguments: Vec<Value> = info
                    .arguments
                    .iter()
                    .map(|a| json!({"name": a.name, "description": a.description, "required": a.required}))
                    .collect();
                json!({"name": info.name, "description": info.description, "arguments": arguments})
            })
            .collect();
        json!({"prompts": prompts})
    }

    pub fn list_resources(&self, templates: bool) -> Value {
        let entries: Vec<Value> = self
            .resources
            .iter()
            .filter(|(info, _)| info.template == templates)
            .map(|(info, _)| {
                let key = if templates { "uriTemplate" } else { "uri" };
                let mut entry =
                    json!({"name": info.name, key: info.uri, "description": info.description});
                if let Some(mime) = info.mime_type {
                    entry["mimeType"] = json!(mime);
                }
                entry
            })
            .collect();
        match templates {
            true => json!({"resourceTemplates": entries}),
            false => json!({"resources": entries}),
        }
    }

    /// `prompts/get`: the rendering, or an error object naming what is missing.
    pub async fn get_prompt(&self, params: &Value) -> Result<Value, Value> {
        let name = params
            .get("name")
            .and_then(Value::as_str)
            .unwrap_or_default();
        let Some((_, answer)) = self.prompts.get(name) else {
            return Err(invalid(format!("the fake has no prompt `{name}`")));
        };
        let Some(answer) = answer else {
            return Err(invalid(super::FakeError::not_implemented(name).to_string()));
        };
        let arguments = strings(params.get("arguments"));
        let output = answer(arguments)
            .await
            .map_err(|e| invalid(e.to_string()))?;
        let mut result = json!({"messages": output.messages});
        if let Some(description) = output.description {
            result["description"] = json!(description);
        }
        Ok(result)
    }

    /// `resources/read`: a static resource by its URI, else the first template it matches.
    pub async fn read(&self, params: &Value) -> Result<Value, Value> {
        let uri = params
            .get("uri")
            .and_then(Value::as_str)
            .unwrap_or_default();
        let found = self
            .resources
            .iter()
            .find_map(|(info, answer)| match info.template {
                false => (info.uri == uri).then(|| (info, answer, BTreeMap::new())),
                true => crate::uri_template::matches(info.uri, uri)
                    .map(|vars| (info, answer, vars.into_iter().collect())),
            });
        let Some((info, answer, variables)) = found else {
            return Err(invalid(format!(
                "the fake has no resource or template for `{uri}`"
            )));
        };
        let Some(answer) = answer else {
            return Err(invalid(
                super::FakeError::not_implemented(info.name).to_string(),
            ));
        };
        let output = answer(uri.to_string(), variables)
            .await
            .map_err(|e| invalid(e.to_string()))?;
        Ok(json!({"contents": output.contents}))
    }
}

/// A prompt's arguments as strings (MCP's prompt arguments are strings).
fn strings(arguments: Option<&Value>) -> BTreeMap<String, String> {
    arguments
        .and_then(Value::as_object)
        .map(|map| {
            map.iter()
                .map(|(k, v)| {
                    (
                        k.clone(),
                        v.as_str().map_or_else(|| v.to_string(), str::to_string),
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

fn invalid(message: String) -> Value {
    json!({"code": -32602, "message": message})
}
