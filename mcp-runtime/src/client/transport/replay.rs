//! The replay transport: a cassette (`cassette::Matcher`) answering in-process.

use std::future::Future;
use std::pin::Pin;

use serde_json::Value;

use super::connected::Connected;
use super::in_process::{self, Answer, Responder};
use crate::client::cassette::{Cassette, Matcher};
use crate::client::handler::Handler;
use crate::{ConnectOptions, ReplaySpec, Result, ServerSpec};

/// Loads the cassette and connects to it.
pub(crate) async fn connect(
    spec: &ServerSpec,
    replay: &ReplaySpec,
    handler: Handler,
    options: &ConnectOptions,
) -> Result<Connected> {
    let cassette = Cassette::load(&replay.path, &spec.target())?;
    let matcher = Matcher::new(cassette, replay.ignore.clone());
    in_process::connect(spec, matcher, handler, options).await
}

impl Responder for Matcher {
    fn answer<'a>(
        &'a mut self,
        method: &'a str,
        params: Value,
    ) -> Pin<Box<dyn Future<Output = Answer> + Send + 'a>> {
        let answer = Matcher::answer(self, method, &params);
        Box::pin(std::future::ready(answer))
    }
}
