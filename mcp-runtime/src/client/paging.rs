//! Requests under the request timeout, and listing requests that page (`tools/list`, `prompts/list`, `resources/list`,
//! `resources/templates/list`): every page within one request timeout, and a `nextCursor` the
//! server already gave reported at once as a loop instead of paging until the timeout.

use std::future::Future;

use rmcp::ServiceError;
use rmcp::model::PaginatedRequestParams;

use super::session::{Client, timeout_error};
use super::telemetry::{trace_meta, traced};
use crate::{Error, Result};

/// One page: its items and the cursor of the next one.
pub(crate) type Page<T> = std::result::Result<(Vec<T>, Option<String>), ServiceError>;

impl Client {
    /// One request under the request timeout, its errors in our terms.
    pub(crate) async fn request<T>(
        &self,
        operation: &str,
        request: impl Future<Output = std::result::Result<T, ServiceError>>,
    ) -> Result<T> {
        let (timeout, hint) = self.request_timeout_now();
        match tokio::time::timeout(timeout, request).await {
            Ok(Ok(value)) => Ok(value),
            Ok(Err(err)) => Err(self.service_error(err, operation).await),
            Err(_) => Err(timeout_error(operation, timeout, hint)),
        }
    }

    /// A request that may take rounds (or anything already in our error terms) under the
    /// request timeout: the whole exchange, questions to the user included.
    pub(crate) async fn within_request_timeout<T>(
        &self,
        operation: &str,
        request: impl Future<Output = Result<T>>,
    ) -> Result<T> {
        let (timeout, hint) = self.request_timeout_now();
        tokio::time::timeout(timeout, request)
            .await
            .unwrap_or_else(|_| Err(timeout_error(operation, timeout, hint)))
    }

    /// Every item of a paged listing; `fetch` asks for one page. All pages share one
    /// request timeout.
    /// The listing is one client span (feature `otel`), each page carrying its context.
    pub(crate) async fn all_pages<T, F, Fut>(
        &self,
        operation: &'static str,
        fetch: F,
    ) -> Result<Vec<T>>
    where
        F: FnMut(PaginatedRequestParams) -> Fut,
        Fut: Future<Output = Page<T>>,
    {
        let listing = async {
            self.request(operation, pages(fetch))
                .await?
                .map_err(|looping| Error::Protocol {
                    target: self.target().to_string(),
                    operation: operation.into(),
                    message: looping,
                })
        };
        traced(self, operation, "", listing).await
    }
}

/// The pages in order; the inner error names a pagination loop.
async fn pages<T, F, Fut>(
    mut fetch: F,
) -> std::result::Result<std::result::Result<Vec<T>, String>, ServiceError>
where
    F: FnMut(PaginatedRequestParams) -> Fut,
    Fut: Future<Output = Page<T>>,
{
    let mut items = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut cursor: Option<String> = None;
    loop {
        let mut params = PaginatedRequestParams::default().with_cursor(cursor);
        params.meta = trace_meta();
        let (page, next) = fetch(params).await?;
        items.extend(page);
        match next {
            None => return Ok(Ok(items)),
            Some(next) if !seen.insert(next.clone()) => {
                let count = seen.len() + 1;
                return Ok(Err(format!(
                    "the server's pagination loops: `nextCursor` {next:?} came back after {count} pages; it is a server bug (report it to the server's authors)"
                )));
            }
            Some(next) => cursor = Some(next),
        }
    }
}
