//! Answers rmcp's opening `server/discover` from a snapshot's discovery result
//! (`client/known_discovery.rs`), so the session's first requests leave at once, right behind
//! it. The request still goes to the server: its answer is checked when it comes and, if it
//! matches, kept from rmcp, which has had one. An answer that does not match (or an error: the
//! server no longer speaks the revision) marks the snapshot's result stale and ends the session,
//! so the requests sent on its word fail as a closed transport and the next connect discovers
//! afresh; so does a session that ends before the answer came (an HTTP server that refused
//! the request outright, a server that died).

use std::borrow::Cow;
use std::collections::VecDeque;
use std::future::Future;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use rmcp::RoleClient;
use rmcp::model::{ClientRequest, JsonRpcMessage, RequestId, ServerJsonRpcMessage, ServerResult};
use rmcp::service::{RxJsonRpcMessage, TxJsonRpcMessage};
use rmcp::transport::Transport;

use crate::client::known_discovery::KnownDiscovery;

/// A transport that answers the first `server/discover` itself when it has a cached result.
pub(crate) struct CachedAnswer<T> {
    inner: T,
    known: Option<KnownDiscovery>,
    /// The id of the discover request answered from the cache, until the server's answer comes.
    checking: Option<RequestId>,
    /// Whether the cache has answered: only the session's opening discover is answered so.
    answered: bool,
    answers: VecDeque<ServerJsonRpcMessage>,
    /// Set at the first message from the server.
    heard: Arc<AtomicBool>,
}

impl<T> CachedAnswer<T> {
    /// Wraps `inner`; with `known` a 2026-07-28 result, its first discover is answered from it.
    pub(crate) fn new(inner: T, known: Option<KnownDiscovery>) -> CachedAnswer<T> {
        let known = known.filter(|k| k.result().is_some());
        CachedAnswer {
            inner,
            known,
            checking: None,
            answered: false,
            answers: VecDeque::new(),
            heard: Arc::default(),
        }
    }

    /// Whether a discover will be answered from the cache; then the flag set once the server
    /// has sent anything.
    pub(crate) fn heard(&self) -> Option<Arc<AtomicBool>> {
        self.known.as_ref().map(|_| self.heard.clone())
    }

    /// Takes note of a `server/discover` going out and answers it from the cache.
    fn answer_from_cache(&mut self, message: &TxJsonRpcMessage<RoleClient>) {
        let JsonRpcMessage::Request(request) = message else {
            return;
        };
        if !matches!(request.request, ClientRequest::DiscoverRequest(_)) || self.answered {
            return;
        }
        let Some(result) = self.known.as_ref().and_then(KnownDiscovery::result) else {
            return;
        };
        let answer = ServerResult::DiscoverResult(result.clone());
        self.answers
            .push_back(JsonRpcMessage::response(answer, request.id.clone()));
        self.checking = Some(request.id.clone());
        self.answered = true;
    }

    /// `Some(true)`: the server's answer to the cached discover, as the snapshot says (dropped);
    /// `Some(false)`: its answer, which says it changed; `None`: any other message.
    fn check(&mut self, message: &ServerJsonRpcMessage) -> Option<bool> {
        let (id, result) = match message {
            JsonRpcMessage::Response(response) => (Some(&response.id), Some(&response.result)),
            JsonRpcMessage::Error(error) => (error.id.as_ref(), None),
            _ => return None,
        };
        if id.is_none() || id != self.checking.as_ref() {
            return None;
        }
        self.checking = None;
        let known = self.known.as_ref()?;
        let same = match result {
            Some(ServerResult::DiscoverResult(live)) => known.matches(live),
            _ => false,
        };
        if !same {
            tracing::info!(
                "the server's server/discover answer differs from its snapshot's; ending the session to discover afresh"
            );
            known.mark_stale();
        }
        Some(same)
    }
}

impl<T: Transport<RoleClient>> Transport<RoleClient> for CachedAnswer<T> {
    type Error = T::Error;

    fn name() -> Cow<'static, str> {
        T::name()
    }

    fn send(
        &mut self,
        item: TxJsonRpcMessage<RoleClient>,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send + 'static {
        self.answer_from_cache(&item);
        self.inner.send(item)
    }

    async fn receive(&mut self) -> Option<RxJsonRpcMessage<RoleClient>> {
        if let Some(answer) = self.answers.pop_front() {
            return Some(answer);
        }
        loop {
            let Some(message) = self.inner.receive().await else {
                // Ended before the server's answer could be checked: trust it no more.
                if let (Some(_), Some(known)) = (&self.checking, &self.known) {
                    known.mark_stale();
                }
                return None;
            };
            self.heard.store(true, Ordering::Release);
            match self.check(&message) {
                Some(true) => continue,
                Some(false) => return None,
                None => return Some(message),
            }
        }
    }

    fn close(&mut self) -> impl Future<Output = Result<(), Self::Error>> + Send {
        self.inner.close()
    }
}
