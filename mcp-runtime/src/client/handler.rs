//! Our side of an MCP session.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

// Sampling and roots are deprecated by SEP-2577, yet servers of both eras still ask for them.
use rmcp::model::{
    ClientConfig, ElicitRequestParams, ElicitResult, Implementation, ProgressNotificationParam,
    ResourceUpdatedNotificationParam,
};
#[allow(deprecated)]
use rmcp::model::{CreateMessageRequestParams, CreateMessageResult, ListRootsResult};
use rmcp::service::{NotificationContext, RequestContext, RunningService};
use rmcp::{ClientHandler, ErrorData, RoleClient};
use serde::Serialize;
use serde::de::DeserializeOwned;
use tokio::sync::broadcast;

use super::asks::{Asks, Unanswered};
use super::cassette::Recorder;
use super::progress::{Progress, ProgressRoutes};
use super::raw_tap::RawTap;
use super::scope_challenge::ScopeChallenge;
use crate::ConnectOptions;

/// A running session, whatever the transport underneath.
pub(crate) type Service = RunningService<RoleClient, Handler>;

/// The capabilities of the handlers the application installed (`asks/`: none by default) and
/// their answers to a legacy server's requests, a counter of `tools/list_changed` notifications, progress reports routed to their
/// calls, and resource updates broadcast to subscribers.
#[derive(Clone)]
pub(crate) struct Handler {
    config: ClientConfig,
    asks: Asks,
    pub(crate) tools_changed: Arc<AtomicU64>,
    pub(crate) progress: ProgressRoutes,
    pub(crate) updates: broadcast::Sender<String>,
    /// Where the transport keeps answers as sent while a listing wants them.
    pub(crate) raw: RawTap,
    /// Where an HTTP transport notes a 403 `insufficient_scope` challenge.
    pub(crate) scope: ScopeChallenge,
    /// The cassette this session is recorded to (`ConnectOptions::record`).
    pub(crate) recorder: Option<Recorder>,
}

impl Handler {
    pub(crate) fn new(options: &ConnectOptions) -> Self {
        Handler {
            config: legacy_config(options),
            asks: options.asks.clone(),
            tools_changed: Arc::default(),
            progress: ProgressRoutes::default(),
            updates: broadcast::channel(64).0,
            raw: RawTap::default(),
            scope: ScopeChallenge::default(),
            recorder: None,
        }
    }
}

/// What `initialize` (or, in the 2026-07-28 era, every request's `_meta`) sends. `initialize`
/// names a revision that has the handshake: rmcp's default is its newest revision overall,
/// which replaced `initialize` with `server/discover`, and a strict server rejects an
/// `initialize` that names it.
fn legacy_config(options: &ConnectOptions) -> ClientConfig {
    // The capabilities are built as JSON: rmcp's capability structs are non-exhaustive.
    let capabilities = serde_json::from_value(options.asks.capabilities()).unwrap_or_default();
    let mut config = ClientConfig::new(
        capabilities,
        Implementation::new(options.client_name.clone(), options.client_version.clone()),
    );
    config.protocol_version = options.protocol.initialize_version();
    config
}

impl Handler {
    /// A legacy server-to-client request answered by the installed handlers; rmcp's types go
    /// through JSON both ways, so the handlers see what the server sent.
    async fn answer<P: Serialize, R: DeserializeOwned>(
        &self,
        method: &str,
        params: &P,
    ) -> Result<R, ErrorData> {
        let params = serde_json::to_value(params).unwrap_or_default();
        let result = self
            .asks
            .answer(method, &params)
            .await
            .map_err(|Unanswered(message)| ErrorData::invalid_request(message, None))?;
        serde_json::from_value(result)
            .map_err(|err| ErrorData::internal_error(format!("{method} answer: {err}"), None))
    }
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

    async fn create_elicitation(
        &self,
        request: ElicitRequestParams,
        _context: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        self.answer("elicitation/create", &request).await
    }

    #[allow(deprecated)]
    async fn create_message(
        &self,
        params: CreateMessageRequestParams,
        _context: RequestContext<RoleClient>,
    ) -> Result<CreateMessageResult, ErrorData> {
        self.answer("sampling/createMessage", &params).await
    }

    #[allow(deprecated)]
    async fn list_roots(
        &self,
        _context: RequestContext<RoleClient>,
    ) -> Result<ListRootsResult, ErrorData> {
        self.answer("roots/list", &serde_json::json!({})).await
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
