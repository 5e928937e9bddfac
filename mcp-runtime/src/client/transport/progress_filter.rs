//! rmcp puts a `progressToken` on every request it sends. A server that sees one may do the
//! work of reporting progress (and some only report then), so we send it only for calls whose
//! caller asked for progress: those requests carry our marker in `_meta`, which this transport
//! wrapper takes out again; every other request leaves without the token.

use std::borrow::Cow;
use std::future::Future;

use rmcp::RoleClient;
use rmcp::model::{ClientJsonRpcMessage, GetMeta, JsonRpcMessage};
use rmcp::service::TxJsonRpcMessage;
use rmcp::transport::Transport;

/// The `_meta` key a request carries when its caller wants progress (never sent).
pub(crate) const WANTS_PROGRESS: &str = "mcp-toolset/wantsProgress";

/// A transport that drops the progress token from requests that did not ask for progress.
pub(crate) struct ProgressFilter<T>(pub T);

fn filter(message: &mut ClientJsonRpcMessage) {
    if let JsonRpcMessage::Request(request) = message {
        let meta = &mut request.request.get_meta_mut().0.0;
        if meta.remove(WANTS_PROGRESS).is_none() {
            meta.remove("progressToken");
        }
    }
}

impl<T: Transport<RoleClient>> Transport<RoleClient> for ProgressFilter<T> {
    type Error = T::Error;

    fn name() -> Cow<'static, str> {
        T::name()
    }

    fn send(
        &mut self,
        mut item: TxJsonRpcMessage<RoleClient>,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send + 'static {
        filter(&mut item);
        self.0.send(item)
    }

    fn receive(
        &mut self,
    ) -> impl Future<Output = Option<rmcp::service::RxJsonRpcMessage<RoleClient>>> + Send {
        self.0.receive()
    }

    fn close(&mut self) -> impl Future<Output = Result<(), Self::Error>> + Send {
        self.0.close()
    }
}
