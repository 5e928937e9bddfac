//! Recording a session: every request the client sends and the answer it gets, written to the
//! cassette after each answer (a session that is dropped rather than closed is still on disk).

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use rmcp::model::{ClientJsonRpcMessage, JsonRpcMessage, ServerJsonRpcMessage};
use serde_json::Value;

use super::{Cassette, FORMAT, Interaction};
use crate::ServerSpec;

/// Shared by a session's transport wrapper (which feeds it) and nothing else.
#[derive(Clone)]
pub(crate) struct Recorder(Arc<Mutex<State>>);

struct State {
    path: PathBuf,
    spec: ServerSpec,
    /// Requests sent and not answered yet, by id (as JSON text): method and params.
    pending: HashMap<String, (String, Value)>,
    cassette: Cassette,
}

impl Recorder {
    pub fn new(path: PathBuf, spec: &ServerSpec) -> Recorder {
        Recorder(Arc::new(Mutex::new(State {
            path,
            spec: spec.clone(),
            pending: HashMap::new(),
            cassette: Cassette {
                format: FORMAT,
                interactions: Vec::new(),
            },
        })))
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.0.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// A message the client sends: a request is remembered until its answer comes.
    pub fn sent(&self, message: &ClientJsonRpcMessage) {
        let JsonRpcMessage::Request(request) = message else {
            return;
        };
        let Ok(Value::Object(mut body)) = serde_json::to_value(&request.request) else {
            return;
        };
        let method = body
            .get("method")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string();
        let mut params = body
            .remove("params")
            .unwrap_or(Value::Object(Default::default()));
        if let Value::Object(map) = &mut params {
            map.remove("_meta");
        }
        let id = serde_json::to_string(&request.id).unwrap_or_default();
        self.state().pending.insert(id, (method, params));
    }

    /// A message the client receives: an answer completes its request, and the cassette is
    /// written.
    pub fn received(&self, message: &ServerJsonRpcMessage) {
        let (id, result, error) = match message {
            JsonRpcMessage::Response(response) => (
                serde_json::to_string(&response.id),
                serde_json::to_value(&response.result).ok(),
                None,
            ),
            JsonRpcMessage::Error(error) => (
                serde_json::to_string(&error.id),
                None,
                serde_json::to_value(&error.error).ok(),
            ),
            _ => return,
        };
        let id = id.unwrap_or_default();
        let mut state = self.state();
        let Some((method, params)) = state.pending.remove(&id) else {
            return;
        };
        let spec = state.spec.clone();
        let interaction = Interaction {
            method,
            params: redacted(params, &spec),
            result: result.map(|v| redacted(v, &spec)),
            error: error.map(|v| redacted(v, &spec)),
        };
        state.cassette.interactions.push(interaction);
        let text = state.cassette.to_json();
        if let Err(err) = std::fs::write(&state.path, text) {
            tracing::warn!(path = %state.path.display(), "cannot write the cassette: {err}");
        }
    }
}

/// Every string of `value` with the spec's secrets replaced.
fn redacted(value: Value, spec: &ServerSpec) -> Value {
    match value {
        Value::String(text) => Value::String(spec.scrub(&text)),
        Value::Array(items) => Value::Array(items.into_iter().map(|v| redacted(v, spec)).collect()),
        Value::Object(map) => Value::Object(
            map.into_iter()
                .map(|(k, v)| (spec.scrub(&k), redacted(v, spec)))
                .collect(),
        ),
        other => other,
    }
}
