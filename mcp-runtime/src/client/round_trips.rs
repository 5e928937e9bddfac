//! Multi Round-Trip Requests (2026-07-28) from the requester's side: `tools/call`,
//! `prompts/get` and `resources/read` may be answered `input_required`; the installed handlers
//! answer the questions (`asks/input_required.rs`) and the request goes again with `inputResponses` and
//! the server's `requestState`, at most `ConnectOptions::max_input_rounds` times.

use std::future::Future;

use rmcp::ServiceError;
use rmcp::model::{
    CallToolRequestParams, GetPromptRequestParams, InputRequiredResult, ReadResourceRequestParams,
};

use super::asks::Unanswered;
use super::asks::input_required::NextRound;
use super::session::Client;
use crate::{Error, Result};

/// One answer to a request that may take rounds.
pub(crate) enum Round<R> {
    /// The result.
    Done(R),
    /// Questions first.
    Asks(InputRequiredResult),
    /// Something this client does not run (a task), said in words.
    Unsupported(&'static str),
}

/// Request parameters that carry a round's answers.
pub(crate) trait Answered: Clone {
    fn answered(&mut self, next: NextRound);
}

macro_rules! answered {
    ($($params:ty),*) => {$(
        impl Answered for $params {
            fn answered(&mut self, next: NextRound) {
                self.input_responses = next.input_responses;
                self.request_state = next.request_state;
            }
        }
    )*};
}
answered!(
    CallToolRequestParams,
    GetPromptRequestParams,
    ReadResourceRequestParams
);

impl Client {
    /// Sends `params` with `send` until the server completes the request.
    pub(crate) async fn in_rounds<P, R, F, Fut>(
        &self,
        operation: &str,
        mut params: P,
        mut send: F,
    ) -> Result<R>
    where
        P: Answered,
        F: FnMut(P) -> Fut,
        Fut: Future<Output = std::result::Result<Round<R>, ServiceError>>,
    {
        let max_rounds = self.options().max_input_rounds;
        for _ in 0..=max_rounds {
            let asks = match send(params.clone()).await {
                Ok(Round::Done(result)) => return Ok(result),
                Ok(Round::Asks(asks)) => asks,
                Ok(Round::Unsupported(what)) => {
                    return Err(self.protocol_error(
                        operation,
                        format!("{what}, which this client does not run yet"),
                    ));
                }
                Err(err) => return Err(self.service_error(err, operation).await),
            };
            let next = self.options().asks.next_round(asks).await;
            params.answered(next.map_err(|Unanswered(why)| self.protocol_error(operation, why))?);
        }
        Err(self.protocol_error(
            operation,
            format!("the server still asked for input after {max_rounds} rounds; raise ConnectOptions::max_input_rounds if it needs more"),
        ))
    }

    pub(crate) fn protocol_error(&self, operation: &str, message: String) -> Error {
        Error::Protocol {
            target: self.target().to_string(),
            operation: operation.to_string(),
            message,
        }
    }
}
