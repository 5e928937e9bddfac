//! The committed snapshot of a server's `tools/list`.
//!
//! ```json
//! {"format": 2, "protocolVersion": "…", "server": {"name": "…", "version": "…"},
//!  "instructions": "…", "capabilities": { … }, "tools": [ … ],
//!  "prompts": [ … ], "resources": [ … ], "resourceTemplates": [ … ], "skills": [ … ],
//!  "cache": {"tools": {"ttlMs": 60000, "cacheScope": "public"}}}
//! ```
//! The entries are the objects as the server sent them, every field kept; `instructions` is
//! the text the server gave for models when connecting, kept because a model reads it too;
//! `capabilities` are the server's as the client read them (with `protocolVersion` and `server`,
//! a pinned server's runtime opens its session on them: `server/discover` answered from the
//! snapshot for a 2026-07-28 server, `initialize` without a probe for an older one). `cache` holds the
//! cache hints a 2026-07-28 server gave per listing, when it gave any; `unlisted` the catalog
//! sections the server offered but failed to list (`{"resources": "JSON-RPC error -32603"}`),
//! when one failed.
//! Tools and prompts sorted by name, resources by URI, templates by name, every object's keys
//! sorted, pretty-printed, trailing newline, so the same server gives byte-identical files.
//! `prompts`, `resources`, `resourceTemplates` and `skills` are absent when the server does
//! not offer them; a snapshot with none of them is written as format 1, which older readers know. A raw
//! `tools/list` result (`{"tools": [...]}`) is accepted as input too.

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::{Map, Value};

pub(crate) mod catalog;
#[cfg(feature = "live")]
pub mod live;
pub(crate) mod skills;
pub mod unlisted;

use crate::{Error, Result};

pub use catalog::{PromptArg, PromptDef, ResourceDef, TemplateDef};
pub use skills::SkillDef;

/// The newest snapshot format this version reads and writes (it reads format 1 too).
pub const FORMAT: u64 = 2;

/// A server's tools, as recorded.
#[derive(Debug, Clone, PartialEq)]
pub struct Snapshot {
    /// `serverInfo` name and version, when known.
    pub server: Option<ServerIdentity>,
    /// The protocol version negotiated when the snapshot was taken.
    pub protocol_version: Option<String>,
    /// The server's `instructions` (text for the model about using its tools), when it gave
    /// any.
    pub instructions: Option<String>,
    /// The server's capabilities, as the client read them when the snapshot was taken: with
    /// `protocolVersion` and `server`, what a managed server's first connect uses as its cached
    /// discovery result (snapshots taken before this field discover as before).
    pub capabilities: Option<Value>,
    /// The tools, sorted by name.
    pub tools: Vec<ToolDef>,
    /// The prompts, sorted by name; `None` when the server offers none.
    pub prompts: Option<Vec<PromptDef>>,
    /// The static resources, sorted by URI; `None` when the server offers none.
    pub resources: Option<Vec<ResourceDef>>,
    /// The resource templates, sorted by name; `None` when the server offers none.
    pub resource_templates: Option<Vec<TemplateDef>>,
    /// The skills (SEP-2640), sorted by URI, with their files' digests; `None` when the server
    /// does not offer the skills extension.
    pub skills: Option<Vec<SkillDef>>,
    /// What the server said about caching each listing (2026-07-28: `ttlMs`, `cacheScope`),
    /// by section (`tools`, `prompts`, …); empty when it said nothing.
    pub cache: BTreeMap<String, CacheHint>,
    /// The catalog sections (`prompts`, `resources`, `resourceTemplates`) the server offered
    /// but failed to list when the snapshot was taken, each with the error's code
    /// (see [`unlisted`]); empty when every listing answered.
    pub unlisted: BTreeMap<String, String>,
}

/// A listing's cache hints, as the server gave them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CacheHint {
    /// `ttlMs`: how long the listing may be reused.
    pub ttl_ms: Option<u64>,
    /// `cacheScope`: `public` (the same for every client) or `private`.
    pub scope: Option<String>,
}

impl CacheHint {
    fn from_value(value: &Value) -> CacheHint {
        CacheHint {
            ttl_ms: value.get("ttlMs").and_then(Value::as_u64),
            scope: value
                .get("cacheScope")
                .and_then(Value::as_str)
                .map(str::to_string),
        }
    }

    fn to_value(&self) -> Value {
        let mut hint = Map::new();
        if let Some(ttl) = self.ttl_ms {
            hint.insert("ttlMs".into(), Value::from(ttl));
        }
        if let Some(scope) = &self.scope {
            hint.insert("cacheScope".into(), Value::from(scope.as_str()));
        }
        Value::Object(hint)
    }
}

/// Who the server said it was.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServerIdentity {
    /// `serverInfo.name`.
    pub name: String,
    /// `serverInfo.version`.
    pub version: String,
}

/// One tool, with the fields the generator reads pulled out of the raw object.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolDef {
    /// Its name on the server.
    pub name: String,
    /// `title`, if any.
    pub title: Option<String>,
    /// `description`, if any.
    pub description: Option<String>,
    /// `inputSchema` (an object schema).
    pub input_schema: Value,
    /// `outputSchema`, if any.
    pub output_schema: Option<Value>,
    /// The tool object as the server sent it.
    pub raw: Value,
}

impl Snapshot {
    /// Reads a snapshot file.
    pub fn load(path: impl AsRef<Path>) -> Result<Snapshot> {
        let path = path.as_ref();
        let text = std::fs::read_to_string(path).map_err(|source| Error::Io {
            action: "cannot read snapshot",
            path: path.to_path_buf(),
            source,
        })?;
        Snapshot::parse(&text, &path.display().to_string())
    }

    /// Parses snapshot text (or a raw `tools/list` result); `origin` names it in errors.
    pub fn parse(text: &str, origin: &str) -> Result<Snapshot> {
        let root: Value = serde_json::from_str(text).map_err(|err| {
            Error::snapshot(
                origin,
                format!(
                    "not valid JSON: {err} (is this a snapshot written by `mcp-codegen snapshot`?)"
                ),
            )
        })?;
        Snapshot::from_value(root, origin)
    }

    /// Builds a snapshot from parsed JSON.
    pub fn from_value(root: Value, origin: &str) -> Result<Snapshot> {
        let Value::Object(mut root) = root else {
            return Err(Error::snapshot(
                origin,
                "the top level must be a JSON object with a `tools` array",
            ));
        };
        if let Some(format) = root.get("format")
            && !matches!(format.as_u64(), Some(1..=FORMAT))
        {
            return Err(Error::snapshot(
                origin,
                format!(
                    "format {format} is not supported (this mcp-codegen reads formats 1 to {FORMAT}; upgrade mcp-codegen or re-take the snapshot)"
                ),
            ));
        }
        let server = match root.get("server") {
            Some(Value::Object(s)) => Some(ServerIdentity {
                name: s
                    .get("name")
                    .and_then(Value::as_str)
                    .unwrap_or_default()
                    .to_string(),
                version: s
                    .get("version")
                    .and_then(Value::as_str)
                    .unwrap_or_default()
                    .to_string(),
            }),
            _ => None,
        };
        let text = |key: &str| root.get(key).and_then(Value::as_str).map(str::to_string);
        let protocol_version = text("protocolVersion");
        let instructions = text("instructions");
        let capabilities = root.get("capabilities").filter(|c| c.is_object()).cloned();
        let Some(Value::Array(raw_tools)) = root.remove("tools") else {
            return Err(Error::snapshot(
                origin,
                "no `tools` array (expected a snapshot or a `tools/list` result)",
            ));
        };
        let mut tools = Vec::with_capacity(raw_tools.len());
        for (index, raw) in raw_tools.into_iter().enumerate() {
            tools.push(ToolDef::from_raw(raw, index, origin)?);
        }
        tools.sort_by(|a, b| a.name.cmp(&b.name));
        if let Some(pair) = tools.windows(2).find(|pair| pair[0].name == pair[1].name) {
            return Err(Error::snapshot(
                origin,
                format!(
                    "tool `{}` appears twice; tool names must be unique",
                    pair[0].name
                ),
            ));
        }
        let (prompts, resources, resource_templates) =
            crate::snapshot::catalog::sections(&mut root, origin)?;
        let skills = skills::section(&mut root, origin)?;
        let cache = match root.get("cache") {
            Some(Value::Object(hints)) => hints
                .iter()
                .map(|(section, hint)| (section.clone(), CacheHint::from_value(hint)))
                .collect(),
            _ => BTreeMap::new(),
        };
        let unlisted = unlisted::read(&root);
        Ok(Snapshot {
            cache,
            unlisted,
            server,
            protocol_version,
            instructions,
            capabilities,
            tools,
            prompts,
            resources,
            resource_templates,
            skills,
        })
    }

    /// The canonical file text: sorted, pretty, trailing newline.
    pub fn to_json(&self) -> String {
        let mut root = Map::new();
        let extended = self.prompts.is_some()
            || self.resources.is_some()
            || self.resource_templates.is_some()
            || self.skills.is_some()
            || !self.unlisted.is_empty();
        root.insert(
            "format".into(),
            Value::from(if extended { FORMAT } else { 1 }),
        );
        if let Some(version) = &self.protocol_version {
            root.insert("protocolVersion".into(), Value::from(version.as_str()));
        }
        if let Some(server) = &self.server {
            let mut s = Map::new();
            s.insert("name".into(), Value::from(server.name.as_str()));
            s.insert("version".into(), Value::from(server.version.as_str()));
            root.insert("server".into(), Value::Object(s));
        }
        if let Some(instructions) = &self.instructions {
            root.insert("instructions".into(), Value::from(instructions.as_str()));
        }
        if let Some(capabilities) = &self.capabilities {
            root.insert("capabilities".into(), capabilities.clone());
        }
        root.insert(
            "tools".into(),
            Value::Array(self.tools.iter().map(|t| t.raw.clone()).collect()),
        );
        let raws = |items: Vec<&Value>| Value::Array(items.into_iter().cloned().collect());
        if let Some(prompts) = &self.prompts {
            root.insert(
                "prompts".into(),
                raws(prompts.iter().map(|p| &p.raw).collect()),
            );
        }
        if let Some(resources) = &self.resources {
            root.insert(
                "resources".into(),
                raws(resources.iter().map(|r| &r.raw).collect()),
            );
        }
        if let Some(templates) = &self.resource_templates {
            let items = templates.iter().map(|t| &t.raw).collect();
            root.insert("resourceTemplates".into(), raws(items));
        }
        if let Some(skills) = &self.skills {
            root.insert(
                "skills".into(),
                raws(skills.iter().map(|s| &s.raw).collect()),
            );
        }
        if !self.cache.is_empty() {
            let hints = self
                .cache
                .iter()
                .map(|(k, hint)| (k.clone(), hint.to_value()));
            root.insert("cache".into(), Value::Object(hints.collect()));
        }
        if !self.unlisted.is_empty() {
            let sections = self.unlisted.iter();
            let reasons = sections.map(|(k, why)| (k.clone(), Value::from(why.as_str())));
            root.insert("unlisted".into(), Value::Object(reasons.collect()));
        }
        let canonical = mcp_runtime::schema::sort_keys(&Value::Object(root));
        let mut text = serde_json::to_string_pretty(&canonical).unwrap_or_default();
        text.push('\n');
        text
    }

    /// What it holds, for people: `9 tools, 1 prompt, 1 resource, 1 template`.
    pub fn counts(&self) -> String {
        let plural = |n: usize, what: &str| format!("{n} {what}{}", if n == 1 { "" } else { "s" });
        let mut parts = vec![plural(self.tools.len(), "tool")];
        let sections = [
            (self.prompts.as_ref().map(Vec::len), "prompt"),
            (self.resources.as_ref().map(Vec::len), "resource"),
            (self.resource_templates.as_ref().map(Vec::len), "template"),
            (self.skills.as_ref().map(Vec::len), "skill"),
        ];
        for (count, what) in sections {
            if let Some(n) = count.filter(|n| *n > 0) {
                parts.push(plural(n, what));
            }
        }
        parts.join(", ")
    }

    /// Keeps only the named tools; names not in the snapshot are an error that lists what is.
    pub fn retain_tools(&mut self, names: &[String], origin: &str) -> Result<()> {
        for name in names {
            if !self.tools.iter().any(|t| &t.name == name) {
                let available: Vec<&str> = self.tools.iter().map(|t| t.name.as_str()).collect();
                return Err(Error::Settings(format!(
                    "tool `{name}` is not in snapshot {origin} (it has: {})",
                    available.join(", ")
                )));
            }
        }
        self.tools.retain(|t| names.contains(&t.name));
        Ok(())
    }
}

impl ToolDef {
    fn from_raw(raw: Value, index: usize, origin: &str) -> Result<ToolDef> {
        let Value::Object(map) = &raw else {
            return Err(Error::snapshot(
                origin,
                format!("tools[{index}] is not an object"),
            ));
        };
        let name = match map.get("name") {
            Some(Value::String(name)) if !name.is_empty() => name.clone(),
            _ => {
                return Err(Error::snapshot(
                    origin,
                    format!("tools[{index}] has no `name` string"),
                ));
            }
        };
        let input_schema = match map.get("inputSchema") {
            Some(schema @ Value::Object(_)) => schema.clone(),
            // MCP requires inputSchema; servers that omit it take no arguments in practice.
            None | Some(Value::Null) => serde_json::json!({"type": "object"}),
            Some(other) => {
                return Err(Error::snapshot(
                    origin,
                    format!(
                        "tool `{name}`: `inputSchema` must be a JSON Schema object, found {}",
                        mcp_runtime::__private::json_kind(other)
                    ),
                ));
            }
        };
        let output_schema = match map.get("outputSchema") {
            None | Some(Value::Null) => None,
            Some(schema @ Value::Object(_)) => Some(schema.clone()),
            Some(other) => {
                return Err(Error::snapshot(
                    origin,
                    format!(
                        "tool `{name}`: `outputSchema` must be a JSON Schema object, found {}",
                        mcp_runtime::__private::json_kind(other)
                    ),
                ));
            }
        };
        let text = |key: &str| map.get(key).and_then(Value::as_str).map(str::to_string);
        Ok(ToolDef {
            title: text("title"),
            description: text("description"),
            name,
            input_schema,
            output_schema,
            raw,
        })
    }

    /// Whether the snapshot had no `inputSchema` for this tool.
    pub fn input_schema_missing(&self) -> bool {
        self.raw.get("inputSchema").is_none_or(Value::is_null)
    }

    /// [`mcp_runtime::schema::fingerprint`] of this tool's schemas.
    pub fn fingerprint(&self) -> String {
        mcp_runtime::schema::fingerprint(&self.input_schema, self.output_schema.as_ref())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_text_is_sorted_and_stable() {
        let raw = r#"{"tools": [{"name": "b", "inputSchema": {"type": "object", "properties": {"z": {}, "a": {}}}},
                                 {"name": "a", "description": "d", "inputSchema": {"type": "object"}}]}"#;
        let snap = Snapshot::parse(raw, "raw").unwrap();
        let text = snap.to_json();
        assert!(text.ends_with("}\n"));
        assert!(text.find("\"name\": \"a\"").unwrap() < text.find("\"name\": \"b\"").unwrap());
        assert!(text.find("\"a\": {}").unwrap() < text.find("\"z\": {}").unwrap());
        assert_eq!(Snapshot::parse(&text, "again").unwrap().to_json(), text);
    }

    #[test]
    fn bad_snapshots_say_what_is_wrong() {
        let cases = [
            ("not json", "not valid JSON"),
            ("[]", "top level"),
            ("{}", "no `tools` array"),
            (r#"{"format": 9, "tools": []}"#, "format 9 is not supported"),
            (
                r#"{"tools": [{"name": "x", "inputSchema": {}}, {"name": "x", "inputSchema": {}}]}"#,
                "`x` appears twice",
            ),
            (
                r#"{"tools": [{"name": "x", "inputSchema": "string"}]}"#,
                "tool `x`: `inputSchema` must be",
            ),
            (
                r#"{"tools": [{"inputSchema": {}}]}"#,
                "tools[0] has no `name`",
            ),
        ];
        for (text, expected) in cases {
            let err = Snapshot::parse(text, "f.json").unwrap_err().to_string();
            assert!(err.contains(expected) && err.contains("f.json"), "{err}");
        }
        let missing = Snapshot::parse(r#"{"tools": [{"name": "x"}]}"#, "f").unwrap();
        assert!(missing.tools[0].input_schema_missing());
    }
}
