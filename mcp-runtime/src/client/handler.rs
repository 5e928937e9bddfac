//! Our side of an MCP session.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use rmcp::model::{
    ClientCapabilities, ClientConfig, Implementation, ProgressNotificationParam,
    ResourceUpdatedNotificationParam,
};
use rmcp::service::{NotificationContext, RunningService};
use rmcp::{ClientHandler, RoleClient};
use tokio::sync::broadcast;

use super::progress::{Progress, ProgressRoutes};
use crate::ConnectOptions;

/// A running session, whatever the transport underneath.
pub(crate) type Service = RunningService<RoleClient, Handler>;

/// Fixed capabilities (none offered, so every server shows the same tools to every client of
/// ours), a counter of `tools/list_changed` notifications, progress reports routed to their
/// calls, and resource updates broadcast to subscribers.
#[derive(Clone)]
pub(crate) struct Handler {
    config: ClientConfig,
    pub(crate) tools_changed: Arc<AtomicU64>,
    pub(crate) progress: ProgressRoutes,
    pub(crate) updates: broadcast::Sender<String>,
}

impl Handler {
    pub(crate) fn new(options: &ConnectOptions) -> Self {
        Handler {
            config: legacy_config(options),
            tools_changed: Arc::default(),
            progress: ProgressRoutes::default(),
            updates: broadcast::channel(64).0,
        }
    }
}

/// What `initialize` (or, in the 2026-07-28 era, every request's `_meta`) sends. `initialize`
/// names a revision that has the handshake: rmcp's default is its newest revision overall,
/// which replaced `initialize` with `server/discover`, and a strict server rejects an
/// `initialize` that names it.
fn legacy_config(options: &ConnectOptions) -> ClientConfig {
    let mut config = ClientConfig::new(
        ClientCapabilities::default(),
        Implementation::new(options.client_name.clone(), options.client_version.clone()),
    );
    config.protocol_version = options.protocol.initialize_version();
    config
}

// Only the direct stdio path adds `_meta` itself; rmcp's transports do it for their own requests.
#[cfg(feature = "stdio")]
impl Handler {
    /// The client info and capabilities a 2026-07-28 request carries in its `_meta` (the
    /// protocol version is added once negotiated).
    pub(crate) fn request_meta(&self) -> rmcp::model::RequestMetaObject {
        let mut meta = rmcp::model::RequestMetaObject::default();
        meta.set_client_info(self.config.client_info.clone());
        meta.set_client_capabilities(self.config.capabilities.clone());
        meta
    }
}

impl ClientHandler for Handler {
    fn get_info(&self) -> ClientConfig {
        self.config.clone()
    }

    async fn on_tool_list_changed(&self, _context: NotificationContext<RoleClient>) {
        self.tools_changed.fetch_add(1, Ordering::Relaxed);
    }

    async fn on_progress(
        &self,
        params: ProgressNotificationParam,
        _context: NotificationContext<RoleClient>,
    ) {
        let progress = Progress {
            progress: params.progress,
            total: params.total,
            message: params.message,
        };
        self.progress.deliver(&params.progress_token, progress);
    }

    async fn on_resource_updated(
        &self,
        params: ResourceUpdatedNotificationParam,
        _context: NotificationContext<RoleClient>,
    ) {
        // No subscriber is fine: nobody is watching.
        let _ = self.updates.send(params.uri);
    }
}
