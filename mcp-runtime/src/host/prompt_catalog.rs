//! The prompts of every connected server under one namespace, for an app that offers them to
//! its users (slash commands, templates): names follow the registry's prefix policy
//! (`mcp_{server}_{prompt}` by default), and rendering goes to the right server.

use std::collections::BTreeMap;
use std::sync::Arc;

use serde_json::Value;

use super::manager::{ManagedServer, Manager};
use super::registry::{PrefixPolicy, mcp_names};
use crate::prompts::PromptOutput;
use crate::{Error, Result};

/// One prompt as the catalog offers it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PromptEntry {
    /// Its name in the catalog.
    pub name: String,
    /// The server it comes from.
    pub server: String,
    /// Its name on that server.
    pub prompt: String,
    /// Its description.
    pub description: String,
    /// Its arguments, in the server's order.
    pub arguments: Vec<PromptEntryArgument>,
}

/// One argument of a [`PromptEntry`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PromptEntryArgument {
    /// Its name.
    pub name: String,
    /// Its description (empty when the server gave none).
    pub description: String,
    /// Whether the prompt needs it.
    pub required: bool,
}

/// Prompts by catalog name.
#[derive(Default)]
pub struct PromptCatalog {
    entries: BTreeMap<String, (PromptEntry, Arc<ManagedServer>)>,
    warnings: Vec<String>,
}

impl PromptCatalog {
    /// The prompts of every connected server; a server whose prompts cannot be listed is
    /// left out with a warning.
    pub async fn from_manager(manager: &Manager, prefix: PrefixPolicy) -> PromptCatalog {
        let mut found = Vec::new();
        let mut warnings = Vec::new();
        for name in manager.connected_servers() {
            let Some(server) = manager.server(&name) else {
                continue;
            };
            match server.prompts().await {
                Ok(prompts) => found.extend(
                    prompts
                        .into_iter()
                        .map(|p| (name.clone(), p, server.clone())),
                ),
                Err(err) => warnings.push(format!("server `{name}`: prompts not listed: {err}")),
            }
        }
        let pairs: Vec<(String, String)> = found
            .iter()
            .map(|(s, p, _)| (s.clone(), p.name.clone()))
            .collect();
        let names = mcp_names(&pairs, prefix, &[]);
        let mut entries = BTreeMap::new();
        for (name, (server, prompt, handle)) in names.into_iter().zip(found) {
            let Some(name) = name else {
                warnings.push(format!(
                    "prompt `{}` of server `{server}` skipped: its name is taken",
                    prompt.name
                ));
                continue;
            };
            let arguments =
                prompt
                    .arguments
                    .unwrap_or_default()
                    .into_iter()
                    .map(|a| PromptEntryArgument {
                        name: a.name,
                        description: a.description.unwrap_or_default(),
                        required: a.required == Some(true),
                    });
            let entry = PromptEntry {
                name: name.clone(),
                server,
                prompt: prompt.name,
                description: prompt.description.unwrap_or_default(),
                arguments: arguments.collect(),
            };
            entries.insert(name, (entry, handle));
        }
        PromptCatalog { entries, warnings }
    }

    /// Every prompt, sorted by catalog name.
    pub fn entries(&self) -> Vec<&PromptEntry> {
        self.entries.values().map(|(entry, _)| entry).collect()
    }

    /// Servers left out, and prompts skipped.
    pub fn warnings(&self) -> &[String] {
        &self.warnings
    }

    /// Renders the prompt with catalog name `name`; `arguments` is an object of strings.
    pub async fn get(&self, name: &str, arguments: Value) -> Result<PromptOutput> {
        match self.entries.get(name) {
            Some((entry, server)) => server.get_prompt(&entry.prompt, arguments).await,
            None => Err(Error::InvalidArguments {
                tool: format!("prompt {name}"),
                reason: format!(
                    "no prompt `{name}` in the catalog (it has: {})",
                    self.entries.keys().cloned().collect::<Vec<_>>().join(", ")
                ),
            }),
        }
    }
}
