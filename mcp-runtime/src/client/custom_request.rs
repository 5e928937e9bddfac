//! A request of a method rmcp does not model (the tasks extension's, the skills extension's),
//! its answer read as the server sent it.

use rmcp::ServiceError;
use rmcp::model::{ClientRequest, CustomRequest};
use rmcp::service::PeerRequestOptions;
use serde_json::Value;

use super::Client;

impl Client {
    /// `method` with `params`; the answer's `result` as sent (through the raw tap), else the
    /// typed answer serialized back (a transport without the tap: in-process).
    pub(crate) async fn custom_request(
        &self,
        method: &str,
        params: Value,
    ) -> std::result::Result<Value, ServiceError> {
        let _armed = self.routes.raw.arm(method);
        let request = ClientRequest::CustomRequest(CustomRequest::new(method, Some(params)));
        let handle = self
            .peer()
            .send_request_with_option(request, PeerRequestOptions::no_options())
            .await?;
        let id = handle.id.clone();
        let typed = handle.await_response().await?;
        Ok(self
            .routes
            .raw
            .take_id(&id)
            .unwrap_or_else(|| serde_json::to_value(&typed).unwrap_or(Value::Null)))
    }
}
