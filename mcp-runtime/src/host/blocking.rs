//! A blocking facade (like reqwest's) for apps that do not use async: load a config, list the
//! tools, dispatch LLM tool calls. It runs its own tokio runtime; calling it from inside an
//! async runtime is refused with an error instead of deadlocking.

use std::path::Path;

use serde_json::Value;

use super::config::Config;
use super::manager::{Manager, ServerStatus};
use super::registry::{DispatchResult, Format, Registry, RegistryOptions};
use crate::{ConnectOptions, Error, Result};

/// Servers from a config and a registry over their tools, driven synchronously.
pub struct Toolset {
    // Field order matters: the registry and manager are dropped before the runtime they use.
    registry: Registry,
    manager: Manager,
    runtime: tokio::runtime::Runtime,
}

fn outside_runtime(what: &str) -> Result<()> {
    if tokio::runtime::Handle::try_current().is_ok() {
        return Err(Error::Blocking(format!(
            "blocking::Toolset::{what} was called from inside an async runtime, where it would deadlock; use Manager and Registry (async) there"
        )));
    }
    Ok(())
}

impl Toolset {
    /// Finds the config ([`Config::discover`]), connects every enabled server (failures are
    /// isolated: see [`Toolset::status`]) and registers their tools.
    pub fn load(config_path: Option<&Path>, options: RegistryOptions) -> Result<Toolset> {
        let config = Config::discover(config_path)?;
        Toolset::start(config, ConnectOptions::default(), options)
    }

    /// Connects the servers of an already parsed config.
    pub fn start(
        config: Config,
        connect: ConnectOptions,
        options: RegistryOptions,
    ) -> Result<Toolset> {
        outside_runtime("start")?;
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .map_err(|e| Error::Blocking(format!("cannot start a tokio runtime: {e}")))?;
        let (manager, registry) = runtime.block_on(async {
            let manager = Manager::start_settled(config, connect).await;
            let registry = Registry::from_manager(&manager, options).await;
            (manager, registry)
        });
        Ok(Toolset {
            registry,
            manager,
            runtime,
        })
    }

    /// Registry names of every tool.
    pub fn names(&self) -> Vec<String> {
        self.registry.names()
    }

    /// Tool definitions for the LLM.
    pub fn definitions(&self, format: Format) -> Vec<Value> {
        self.registry.definitions(format)
    }

    /// Runs one tool call as the LLM sent it (name and JSON arguments).
    pub fn dispatch(&self, name: &str, arguments_json: &str) -> Result<DispatchResult> {
        outside_runtime("dispatch")?;
        Ok(self
            .runtime
            .block_on(self.registry.dispatch(name, arguments_json)))
    }

    /// Status of every server.
    pub fn status(&self) -> std::collections::BTreeMap<String, ServerStatus> {
        self.manager.status()
    }

    /// Skipped config entries and tools.
    pub fn warnings(&self) -> Vec<String> {
        self.manager
            .warnings()
            .iter()
            .cloned()
            .chain(self.registry.warnings())
            .collect()
    }

    /// Ends every server.
    pub fn shutdown(self) -> Result<()> {
        outside_runtime("shutdown")?;
        self.runtime.block_on(self.manager.shutdown());
        Ok(())
    }
}
