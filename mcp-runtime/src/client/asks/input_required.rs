//! Multi Round-Trip Requests (2026-07-28): a server that needs the user, a model or the roots
//! answers `tools/call` with `input_required` — its questions (`inputRequests`) and an opaque
//! `requestState`. The client answers each question with the installed handlers and sends the
//! request again with `inputResponses` and the state echoed back.

use rmcp::model::{InputRequests, InputRequiredResult, InputResponses};
use serde_json::Value;

use super::{Asks, Unanswered};

/// What the next round sends: the answers and the server's state, echoed unread.
pub(crate) struct NextRound {
    pub(crate) input_responses: Option<InputResponses>,
    pub(crate) request_state: Option<String>,
}

impl Asks {
    /// Answers every question of an `input_required` result (concurrently: a form and a
    /// sampling request do not wait for each other).
    pub(crate) async fn next_round(
        &self,
        result: InputRequiredResult,
    ) -> Result<NextRound, Unanswered> {
        let requests = result.input_requests.unwrap_or_default();
        if requests.is_empty() && result.request_state.is_none() {
            return Err(Unanswered(
                "the server asked for input without saying what (no inputRequests, no requestState)".into(),
            ));
        }
        let responses = self.answer_all(requests).await?;
        Ok(NextRound {
            input_responses: (!responses.is_empty()).then_some(responses),
            request_state: result.request_state,
        })
    }

    pub(crate) async fn answer_all(
        &self,
        requests: InputRequests,
    ) -> Result<InputResponses, Unanswered> {
        let answers = requests.into_iter().map(|(key, request)| async move {
            let request = serde_json::to_value(&request).unwrap_or(Value::Null);
            let method = request
                .get("method")
                .and_then(Value::as_str)
                .unwrap_or_default();
            let params = request
                .get("params")
                .cloned()
                .unwrap_or_else(|| Value::Object(Default::default()));
            self.answer(method, &params)
                .await
                .map(|result| (key, result))
        });
        let answers = futures::future::join_all(answers).await;
        answers.into_iter().collect()
    }
}
