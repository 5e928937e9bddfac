//! A transport wrapper that shows every message to the session's cassette recorder, when
//! `ConnectOptions::record` asked for one; without one it only passes messages through.

use std::borrow::Cow;
use std::future::Future;

use rmcp::RoleClient;
use rmcp::service::{RxJsonRpcMessage, TxJsonRpcMessage};
use rmcp::transport::Transport;

use crate::client::cassette::Recorder;

/// `T`, recorded by `recorder` if there is one.
pub(crate) struct Recorded<T> {
    inner: T,
    recorder: Option<Recorder>,
}

impl<T> Recorded<T> {
    pub(crate) fn new(inner: T, recorder: Option<Recorder>) -> Self {
        Recorded { inner, recorder }
    }
}

impl<T: Transport<RoleClient>> Transport<RoleClient> for Recorded<T> {
    type Error = T::Error;

    fn name() -> Cow<'static, str> {
        T::name()
    }

    fn send(
        &mut self,
        item: TxJsonRpcMessage<RoleClient>,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send + 'static {
        if let Some(recorder) = &self.recorder {
            recorder.sent(&item);
        }
        self.inner.send(item)
    }

    async fn receive(&mut self) -> Option<RxJsonRpcMessage<RoleClient>> {
        let message = self.inner.receive().await;
        if let (Some(recorder), Some(message)) = (&self.recorder, &message) {
            recorder.received(message);
        }
        message
    }

    fn close(&mut self) -> impl Future<Output = Result<(), Self::Error>> + Send {
        self.inner.close()
    }
}
