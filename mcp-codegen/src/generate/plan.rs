//! The plan: every name the module will hold, chosen up front and in order (so collisions
//! resolve the same way every time), before tools are built in parallel.

use std::collections::{BTreeMap, BTreeSet};

use super::Generator;
use super::emit::catalog::{self, CatalogPlan};
use super::emit::pending_call;
use super::emit::task::TaskUse;
use super::polish::share::SHARED_MODULE;
use super::text::names::{Namer, pascal, snake};
use super::types::{TypeOptions, name_shared_shapes};
use crate::snapshot::{Snapshot, ToolDef};
use crate::{Error, Result, Settings};

/// Methods of the generated client struct; tool methods must not take these names.
pub(super) const CLIENT_METHODS: &[&str] = &[
    "connect",
    "connect_with",
    "from_client",
    "client",
    "into_client",
    "close",
    "verify",
    "tools",
    "fake",
    "fake_with",
    "call",
];

impl Generator {
    /// Names everything up front (sequentially, so collisions resolve the same way every time).
    pub(super) fn plan(&self, snapshot: &Snapshot, source: &str) -> Result<Plan> {
        let mut typed_inputs = typed_inputs(snapshot);
        let mut snapshot = snapshot.clone();
        if let Some(tools) = &self.settings.tools {
            snapshot.retain_tools(tools, source)?;
        }
        let client_name = match &self.settings.client_name {
            Some(name) => {
                if syn::parse_str::<syn::Ident>(name).is_err() {
                    return Err(Error::Settings(format!(
                        "client name `{name}` is not a Rust identifier"
                    )));
                }
                name.clone()
            }
            None => pascal(
                snapshot
                    .server
                    .as_ref()
                    .map_or("McpServer", |s| s.name.as_str()),
            ),
        };
        let mut reserved_modules = vec![SHARED_MODULE];
        reserved_modules.extend(catalog::MODULES);
        let mut modules = Namer::with_reserved(&reserved_modules);
        let mut methods = Namer::with_reserved(CLIENT_METHODS);
        let server_line = match &snapshot.server {
            Some(s) => format!(
                "Typed client for the MCP server `{}` {}, generated from `{source}`.",
                s.name, s.version
            ),
            None => format!("Typed client for the MCP server described by `{source}`."),
        };
        let tools: Vec<NamedTool> = snapshot
            .tools
            .iter()
            .map(|tool| NamedTool {
                module: modules.unique(snake(&tool.name)),
                method: methods.unique(snake(&tool.name)),
                task: TaskUse::of(tool, snapshot.protocol_version.as_deref()),
                typed_input: typed_inputs.remove(tool.name.as_str()),
                generic_call: pending_call::generic_name(&client_name).to_string(),
                tool: tool.clone(),
            })
            .collect();
        let server_name = snapshot
            .server
            .as_ref()
            .map_or_else(|| client_name.clone(), |s| s.name.clone());
        let head_names = head_names(&client_name, &self.settings, &tools);
        Ok(Plan {
            head_names,
            catalog: CatalogPlan::new(&snapshot, &mut methods),
            fake_trait: self.settings.fakes.then(|| format!("{client_name}Fake")),
            server_name,
            client_name,
            server_line,
            doc_path: self.settings.doc_path.clone(),
            tools,
            options: TypeOptions {
                typed_formats: self.settings.typed_formats,
                // A fake reads arguments and writes results: the reverse of a client.
                serde_both_ways: self.settings.serde_both_ways || self.settings.fakes,
            },
        })
    }
}

/// Per tool name, the input schema typify gets when it is not the server's (shared shapes
/// moved into `$defs`). Shapes are named across all the snapshot's tools, so that a type's
/// name does not depend on which tools `tools = [..]` keeps.
pub(super) fn typed_inputs(snapshot: &Snapshot) -> BTreeMap<&str, serde_json::Value> {
    let inputs: Vec<&serde_json::Value> = snapshot.tools.iter().map(|t| &t.input_schema).collect();
    snapshot
        .tools
        .iter()
        .zip(name_shared_shapes(&inputs))
        .filter_map(|(tool, typed)| Some((tool.name.as_str(), typed?)))
        .collect()
}

/// The names the generated module defines beside the header's items: a path in a client
/// method must not be shortened to one of them (`prelude.rs`).
pub(super) fn head_names(
    client: &str,
    settings: &Settings,
    tools: &[NamedTool],
) -> BTreeSet<String> {
    let mut names: BTreeSet<String> = [
        client,
        "TOOLS",
        "PROMPTS",
        "RESOURCES",
        "SKILLS",
        SHARED_MODULE,
    ]
    .into_iter()
    .chain(catalog::MODULES.iter().copied())
    .map(str::to_string)
    .collect();
    names.insert(pending_call::generic_name(client).to_string());
    if settings.fakes {
        names.insert(format!("{client}Fake"));
    }
    names.extend(tools.iter().map(|t| t.module.clone()));
    names
}

pub(super) struct Plan {
    /// Every name the generated module's top level holds.
    pub(super) head_names: BTreeSet<String>,
    pub(super) catalog: CatalogPlan,
    pub(super) client_name: String,
    /// The fake trait's name (`DemoFake`), when `Settings::fakes` is on.
    pub(super) fake_trait: Option<String>,
    /// The server's name, for the fake's `serverInfo`.
    pub(super) server_name: String,
    pub(super) server_line: String,
    /// `Settings::doc_path`: where a doc example finds the client.
    pub(super) doc_path: Option<String>,
    pub(super) tools: Vec<NamedTool>,
    pub(super) options: TypeOptions,
}

pub(super) struct NamedTool {
    pub(super) tool: ToolDef,
    pub(super) module: String,
    pub(super) method: String,
    pub(super) task: TaskUse,
    /// The input schema typify gets, when it is not the server's: shapes other tools share
    /// moved into `$defs` (`types/shared_shapes.rs`).
    pub(super) typed_input: Option<serde_json::Value>,
    /// The client's generic pending call, which the tool's `Call` is an instance of.
    pub(super) generic_call: String,
}
