//! What a registry holds: its tools by registry name, the warnings registering them gave, and
//! the managed servers still joining — enabled, without a snapshot, not connected when the
//! registry was built — whose tools are added the first time the registry is read after they
//! have connected and listed them. Names already given never change: a server that joins
//! later is named against the names taken before it.

use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

use serde_json::Value;

use super::naming::{PrefixPolicy, mcp_names, normalize_name};
use super::{Entry, McpTool, RegistryOptions, Target};
use crate::host::manager::{ManagedServer, ServerStatus};
use crate::model::Tool;
use crate::schema::app_only;

/// The registry's tools and the servers still joining it.
#[derive(Default)]
pub(super) struct Catalog {
    pub(super) entries: BTreeMap<String, Arc<Entry>>,
    pub(super) warnings: Vec<String>,
    pub(super) joining: Vec<Joining>,
}

/// A managed server whose tools join the registry once it has listed them.
pub(super) struct Joining {
    pub(super) server: String,
    pub(super) handle: Arc<ManagedServer>,
}

impl Joining {
    /// Its tools, once it is connected and has listed them.
    fn listed(&self) -> Option<Arc<Vec<Tool>>> {
        match self.handle.status() {
            ServerStatus::Connected => self.handle.known_tools(),
            _ => None,
        }
    }

    /// Whether registry name `name` may be one of its tools: with [`PrefixPolicy::Always`],
    /// only if it starts with `mcp_{server}_`; otherwise any name may be.
    pub(super) fn may_bring(&self, name: &str, policy: PrefixPolicy) -> bool {
        let prefix = self
            .handle
            .config()
            .prefix
            .as_deref()
            .unwrap_or(&self.server);
        policy != PrefixPolicy::Always
            || name.starts_with(&normalize_name(&format!("mcp_{prefix}_")))
    }

    /// Why its tools are not offered yet, for [`Registry::warnings`](super::Registry::warnings).
    pub(super) fn warning(&self) -> String {
        format!(
            "server `{}` is {}: its tools are not offered yet; they join the registry once it has connected (Manager::status_changes tells when)",
            self.server,
            self.handle.status()
        )
    }
}

/// A managed server's tools, as the registry registers them (the ones only an app may call
/// left out).
pub(super) fn managed_tools(
    server: &str,
    handle: &Arc<ManagedServer>,
    list: &[Tool],
) -> Vec<McpTool> {
    let prefix = handle
        .config()
        .prefix
        .clone()
        .unwrap_or_else(|| server.to_string());
    list.iter()
        .filter(|t| !app_only(t.meta.as_deref()))
        .map(|tool| McpTool {
            prefix: prefix.clone(),
            tool: tool.name.to_string(),
            title: tool.title.clone(),
            description: tool.description.as_deref().unwrap_or("").to_string(),
            schema: Value::Object((*tool.input_schema).clone()),
            target: Target::Managed {
                server: server.to_string(),
                tool: tool.name.to_string(),
                handle: handle.clone(),
            },
        })
        .collect()
}

impl Catalog {
    /// Whether a joining server has listed its tools (so [`Catalog::join`] has work).
    pub(super) fn any_ready(&self) -> bool {
        self.joining.iter().any(|j| j.listed().is_some())
    }

    /// Adds the tools of every joining server that has listed them; true if any joined.
    pub(super) fn join(&mut self, options: &RegistryOptions) -> bool {
        let mut tools = Vec::new();
        self.joining.retain(|joining| match joining.listed() {
            Some(list) => {
                tools.extend(managed_tools(&joining.server, &joining.handle, &list));
                false
            }
            None => true,
        });
        let joined = !tools.is_empty();
        self.add_mcp(options, tools);
        joined
    }

    /// Registers MCP tools under names from the prefix policy, skipping (with a warning) the
    /// ones whose name is taken.
    pub(super) fn add_mcp(&mut self, options: &RegistryOptions, mut tools: Vec<McpTool>) {
        tools.sort_by(|a, b| (&a.prefix, &a.tool).cmp(&(&b.prefix, &b.tool)));
        let pairs: Vec<(String, String)> = tools
            .iter()
            .map(|t| (t.prefix.clone(), t.tool.clone()))
            .collect();
        let taken: Vec<String> = self.entries.keys().cloned().collect();
        let names = mcp_names(&pairs, options.prefix, &taken);
        for (mut tool, name) in tools.into_iter().zip(names) {
            let Some(name) = name else {
                let (server, tool) = (tool.prefix, tool.tool);
                self.warnings.push(format!("tool `{tool}` of server `{server}` is skipped: its name is taken (prefix policy None)"));
                continue;
            };
            if options.description_prefix {
                tool.description = format!("[MCP:{}] {}", tool.prefix, tool.description);
            }
            let entry = Entry {
                title: tool.title,
                description: tool.description,
                input_schema: tool.schema,
                target: tool.target,
                validator: OnceLock::new(),
            };
            self.insert(options, name, entry);
        }
    }

    /// Registers one tool, unless the filter hides it or its name is taken.
    pub(super) fn insert(&mut self, options: &RegistryOptions, name: String, entry: Entry) {
        if !options.filter.allows(&name) {
            return;
        }
        if self.entries.contains_key(&name) {
            self.warnings.push(format!(
                "tool name `{name}` is taken; the later tool is skipped"
            ));
            return;
        }
        self.entries.insert(name, Arc::new(entry));
    }
}
