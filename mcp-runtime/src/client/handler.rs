//! Our side of an MCP session.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use rmcp::model::{ClientCapabilities, ClientConfig, Implementation};
use rmcp::service::{NotificationContext, RunningService};
use rmcp::{ClientHandler, RoleClient};

use crate::ConnectOptions;

/// A running session, whatever the transport underneath.
pub(crate) type Service = RunningService<RoleClient, Handler>;

/// Fixed capabilities (none offered, so every server shows the same tools to every client of
/// ours) and a counter of `tools/list_changed` notifications.
#[derive(Clone)]
pub(crate) struct Handler {
    config: ClientConfig,
    tools_changed: Arc<AtomicU64>,
}

impl Handler {
    pub(crate) fn new(options: &ConnectOptions, tools_changed: Arc<AtomicU64>) -> Self {
        Handler {
            config: ClientConfig::new(
                ClientCapabilities::default(),
                Implementation::new(options.client_name.clone(), options.client_version.clone()),
            ),
            tools_changed,
        }
    }
}

impl ClientHandler for Handler {
    fn get_info(&self) -> ClientConfig {
        self.config.clone()
    }

    async fn on_tool_list_changed(&self, _context: NotificationContext<RoleClient>) {
        self.tools_changed.fetch_add(1, Ordering::Relaxed);
    }
}
