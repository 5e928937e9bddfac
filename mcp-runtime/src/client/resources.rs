//! Resources: what a server exposes to read (`resources/list`, `resources/templates/list`,
//! `resources/read`), and subscriptions to their changes.

use rmcp::model::{
    ReadResourceRequestParams, ReadResourceResponse, Resource, ResourceContents, ResourceTemplate,
    SubscribeRequestParams, UnsubscribeRequestParams,
};

use super::round_trips::Round;
use super::session::Client;
use super::telemetry::{trace_meta, traced};
use crate::Result;

/// What `resources/read` returned.
#[derive(Debug, Clone, PartialEq)]
pub struct ResourceOutput {
    /// The contents: text or base64 blobs, each with its URI and MIME type.
    pub contents: Vec<ResourceContents>,
}

impl ResourceOutput {
    /// One text content for `uri` (what a fake reads out).
    pub fn from_text(uri: impl Into<String>, text: impl Into<String>) -> ResourceOutput {
        ResourceOutput {
            contents: vec![ResourceContents::text(text.into(), uri.into())],
        }
    }

    /// The text contents joined by newlines (blobs left out).
    pub fn text(&self) -> String {
        self.contents
            .iter()
            .filter_map(|c| match c {
                ResourceContents::TextResourceContents { text, .. } => Some(text.as_str()),
                _ => None,
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}

impl Client {
    /// All static resources, following pagination.
    pub async fn list_resources(&self) -> Result<Vec<Resource>> {
        self.all_pages("resources/list", |params| async {
            let page = self.peer().list_resources(Some(params)).await?;
            Ok((page.resources, page.next_cursor))
        })
        .await
    }

    /// All resource templates (`uriTemplate`s), following pagination.
    pub async fn list_resource_templates(&self) -> Result<Vec<ResourceTemplate>> {
        self.all_pages("resources/templates/list", |params| async {
            let page = self.peer().list_resource_templates(Some(params)).await?;
            Ok((page.resource_templates, page.next_cursor))
        })
        .await
    }

    /// Reads the resource at `uri`.
    pub async fn read_resource(&self, uri: &str) -> Result<ResourceOutput> {
        traced(
            self,
            "resources/read",
            uri,
            self.read_resource_untraced(uri),
        )
        .await
    }

    async fn read_resource_untraced(&self, uri: &str) -> Result<ResourceOutput> {
        let operation = format!("resources/read `{uri}`");
        let mut params = ReadResourceRequestParams::new(uri);
        params.meta = trace_meta();
        let rounds = self.in_rounds(&operation, params, |params| async move {
            Ok(match self.peer().read_resource_once(params).await? {
                ReadResourceResponse::Complete(result) => Round::Done(result),
                ReadResourceResponse::InputRequired(asks) => Round::Asks(asks),
                _ => Round::Unsupported(
                    "the server answered with a kind of result this client does not know",
                ),
            })
        });
        let result = self.within_request_timeout(&operation, rounds).await?;
        Ok(ResourceOutput {
            contents: result.contents,
        })
    }

    /// Asks the server to report changes to `uri`; they arrive on
    /// [`Client::resource_updates`].
    pub async fn subscribe(&self, uri: &str) -> Result<()> {
        let operation = format!("resources/subscribe `{uri}`");
        // rmcp marks it legacy (protocol 2026-07-28 listens instead); servers today use it.
        #[allow(deprecated)]
        let request = self.peer().subscribe(SubscribeRequestParams::new(uri));
        self.request(&operation, request).await
    }

    /// Stops the reports [`Client::subscribe`] asked for.
    pub async fn unsubscribe(&self, uri: &str) -> Result<()> {
        let operation = format!("resources/unsubscribe `{uri}`");
        #[allow(deprecated)]
        let request = self.peer().unsubscribe(UnsubscribeRequestParams::new(uri));
        self.request(&operation, request).await
    }
}
