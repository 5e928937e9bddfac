//! The raw tap: the results of chosen requests as the server sent them, fields rmcp's model
//! does not know included (a tool's `execution`, extension fields). Armed for a method (a
//! snapshot's listings), a transport notes the ids of outgoing requests of that method and
//! keeps the JSON of the answers to them, read from the wire before rmcp parses it. Disarmed
//! — every ordinary call — it costs one atomic load per message.

use std::collections::{HashMap, HashSet};

use rmcp::model::RequestId;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use rmcp::model::{ClientJsonRpcMessage, JsonRpcMessage};
use serde_json::Value;

/// Shared by a session's transport (which fills it) and its client (which arms and reads it).
#[derive(Clone, Default)]
pub(crate) struct RawTap(Arc<Inner>);

#[derive(Default)]
struct Inner {
    /// How many arms are out: zero means the transports skip all of this.
    armed: AtomicUsize,
    state: Mutex<State>,
}

#[derive(Default)]
struct State {
    /// Armed methods, and how many arms each has out (concurrent tasks poll at once).
    methods: HashMap<String, usize>,
    /// Ids (as JSON text) of requests whose answers are wanted.
    wanted: HashSet<String>,
    /// Answers' `result`s by id, as they arrived.
    results: HashMap<String, Value>,
}

/// Keeps the tap armed for one method while alive.
pub(crate) struct Armed {
    tap: RawTap,
    method: String,
}

impl Drop for Armed {
    fn drop(&mut self) {
        let mut state = self.tap.state();
        if let Some(count) = state.methods.get_mut(&self.method) {
            *count -= 1;
            if *count == 0 {
                state.methods.remove(&self.method);
            }
        }
        if state.methods.is_empty() {
            state.wanted.clear();
            state.results.clear();
        }
        self.tap.0.armed.fetch_sub(1, Ordering::Release);
    }
}

impl RawTap {
    fn state(&self) -> MutexGuard<'_, State> {
        self.0
            .state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Whether anything is wanted at all (the transports' fast path).
    pub(crate) fn is_armed(&self) -> bool {
        self.0.armed.load(Ordering::Acquire) > 0
    }

    /// Keeps the answers to `method` requests until the guard is dropped.
    pub(crate) fn arm(&self, method: &str) -> Armed {
        *self.state().methods.entry(method.to_string()).or_default() += 1;
        self.0.armed.fetch_add(1, Ordering::Release);
        Armed {
            tap: self.clone(),
            method: method.to_string(),
        }
    }

    /// An outgoing message: a request of an armed method makes its answer wanted. True when
    /// it did (a transport that cannot see raw answers then fetches this one itself).
    pub(crate) fn sent(&self, message: &ClientJsonRpcMessage) -> bool {
        if !self.is_armed() {
            return false;
        }
        let JsonRpcMessage::Request(request) = message else {
            return false;
        };
        let method = request.request.method();
        let Ok(id) = serde_json::to_string(&request.id) else {
            return false;
        };
        let mut state = self.state();
        state.methods.contains_key(method) && state.wanted.insert(id)
    }

    /// An incoming message as text (a line, an event's data): kept if it answers a wanted id.
    pub(crate) fn received_text(&self, text: &[u8]) {
        if !self.is_armed() {
            return;
        }
        if let Ok(message) = serde_json::from_slice::<Value>(text) {
            self.received(message);
        }
    }

    /// An incoming message already read as JSON.
    pub(crate) fn received(&self, mut message: Value) {
        let Some(id) = message.get("id").map(Value::to_string) else {
            return;
        };
        let mut state = self.state();
        if state.wanted.remove(&id)
            && let Some(result) = message.get_mut("result").map(Value::take)
        {
            state.results.insert(id, result);
        }
    }

    /// The result kept, if any. A listing sends one page at a time and takes its answer before
    /// the next, so at most one is kept: the answer to the request just made.
    pub(crate) fn take(&self) -> Option<Value> {
        let mut state = self.state();
        let id = state.results.keys().next()?.clone();
        state.results.remove(&id)
    }

    /// The result kept for the request `id`, if any (requests that may run side by side).
    pub(crate) fn take_id(&self, id: &RequestId) -> Option<Value> {
        let id = serde_json::to_string(id).ok()?;
        let mut state = self.state();
        state.wanted.remove(&id);
        state.results.remove(&id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rmcp::model::{ClientRequest, JsonRpcRequest, ListToolsRequest, NumberOrString};

    fn list_request(id: i64) -> ClientJsonRpcMessage {
        let request = ClientRequest::ListToolsRequest(ListToolsRequest::default());
        JsonRpcMessage::Request(JsonRpcRequest::new(NumberOrString::Number(id), request))
    }

    #[test]
    fn an_armed_method_keeps_its_answers_as_sent_and_nothing_else() {
        let tap = RawTap::default();
        assert!(!tap.sent(&list_request(1)), "disarmed: nothing is wanted");
        let armed = tap.arm("tools/list");
        assert!(tap.sent(&list_request(2)));
        tap.received_text(br#"{"jsonrpc":"2.0","id":3,"result":{"tools":[]}}"#);
        tap.received_text(br#"{"jsonrpc":"2.0","id":2,"result":{"tools":[{"name":"a","execution":{"taskSupport":"optional"}}]}}"#);
        let kept = tap.take().unwrap();
        assert_eq!(kept["tools"][0]["execution"]["taskSupport"], "optional");
        assert!(tap.take().is_none());
        drop(armed);
        assert!(!tap.is_armed());
    }
}
