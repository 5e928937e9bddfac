//! Servers that ask: the handlers an application installs for elicitation, sampling and roots,
//! offered in the client's capabilities only when installed. One set serves both eras: the
//! legacy server-to-client requests (through rmcp's handler) and, on 2026-07-28, the
//! `inputRequests` of a Multi Round-Trip Request (`input_required.rs`).

pub(crate) mod elicitation;
pub(crate) mod input_required;
pub(crate) mod roots;
pub(crate) mod sampling;

use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use serde_json::{Value, json};

use elicitation::{ElicitAnswer, Elicitation};
use roots::Root;
use sampling::{SamplingReply, SamplingRequest};

type Boxed<T> = Pin<Box<dyn Future<Output = T> + Send>>;
type ElicitFn = Arc<dyn Fn(Elicitation) -> Boxed<ElicitAnswer> + Send + Sync>;
type SampleFn = Arc<dyn Fn(SamplingRequest) -> Boxed<Result<SamplingReply, String>> + Send + Sync>;

/// The installed handlers (none by default: a server then sees a client that cannot be asked).
#[derive(Clone, Default)]
pub(crate) struct Asks {
    elicitation: Option<ElicitFn>,
    sampling: Option<SampleFn>,
    roots: Option<Arc<[Root]>>,
}

impl fmt::Debug for Asks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Asks")
            .field("elicitation", &self.elicitation.is_some())
            .field("sampling", &self.sampling.is_some())
            .field("roots", &self.roots.as_ref().map(|roots| roots.len()))
            .finish()
    }
}

/// Why a server's question got no answer; sent back to the server as a JSON-RPC error.
#[derive(Debug)]
pub(crate) struct Unanswered(pub(crate) String);

impl Asks {
    pub(crate) fn set_elicitation<F, Fut>(&mut self, handler: F)
    where
        F: Fn(Elicitation) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = ElicitAnswer> + Send + 'static,
    {
        self.elicitation = Some(Arc::new(move |request| Box::pin(handler(request))));
    }

    pub(crate) fn set_sampling<F, Fut>(&mut self, handler: F)
    where
        F: Fn(SamplingRequest) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Result<SamplingReply, String>> + Send + 'static,
    {
        self.sampling = Some(Arc::new(move |request| Box::pin(handler(request))));
    }

    pub(crate) fn set_roots(&mut self, roots: Vec<Root>) {
        self.roots = Some(roots.into());
    }

    /// The client capabilities: exactly what is installed, and the tasks extension
    /// (2026-07-28), which every session follows (`tasks/`).
    pub(crate) fn capabilities(&self) -> Value {
        let mut capabilities = json!({"extensions": {rmcp::model::TASKS_EXTENSION_ID: {}}});
        if self.elicitation.is_some() {
            capabilities["elicitation"] = json!({"form": {}, "url": {}});
        }
        if self.sampling.is_some() {
            capabilities["sampling"] = json!({});
        }
        if self.roots.is_some() {
            capabilities["roots"] = json!({"listChanged": false});
        }
        capabilities
    }

    /// Answers one server request (`elicitation/create`, `sampling/createMessage`,
    /// `roots/list`) with its result.
    pub(crate) async fn answer(&self, method: &str, params: &Value) -> Result<Value, Unanswered> {
        match method {
            "elicitation/create" => self.elicit(params).await,
            "sampling/createMessage" => self.sample(params).await,
            "roots/list" => match &self.roots {
                Some(list) => Ok(roots::result(list)),
                None => Err(not_installed("roots", "ConnectOptions::roots")),
            },
            other => Err(Unanswered(format!("the client does not answer `{other}`"))),
        }
    }

    async fn elicit(&self, params: &Value) -> Result<Value, Unanswered> {
        let Some(handler) = &self.elicitation else {
            return Err(not_installed(
                "elicitation",
                "ConnectOptions::on_elicitation",
            ));
        };
        let request = Elicitation::from_params(params)
            .ok_or_else(|| Unanswered("malformed elicitation/create: it needs `message` and `requestedSchema` (or a `url`)".into()))?;
        let answer = handler(request.clone()).await;
        Ok(request.result(answer))
    }

    async fn sample(&self, params: &Value) -> Result<Value, Unanswered> {
        let Some(handler) = &self.sampling else {
            return Err(not_installed("sampling", "ConnectOptions::on_sampling"));
        };
        let request = SamplingRequest::from_params(params).ok_or_else(|| {
            Unanswered("malformed sampling/createMessage: it needs `messages`".into())
        })?;
        match handler(request).await {
            Ok(reply) => Ok(reply.result()),
            Err(message) => Err(Unanswered(format!("sampling failed: {message}"))),
        }
    }
}

fn not_installed(what: &str, setting: &str) -> Unanswered {
    Unanswered(format!(
        "this client offers no {what} (the application installs it with {setting})"
    ))
}
