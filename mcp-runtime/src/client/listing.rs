//! Listings as the server sent them: every entry of `tools/list`, `prompts/list`,
//! `resources/list` or `resources/templates/list` with all its fields — those rmcp's model
//! drops included (a tool's `execution.taskSupport`, extension fields) — and the cache hints
//! of the 2026-07-28 era. What snapshots are made of; calls use the typed listings.

use rmcp::model::PaginatedRequestParams;
use serde_json::{Map, Value};

use super::session::Client;
use crate::Result;

/// Which listing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Listing {
    /// `tools/list`
    Tools,
    /// `prompts/list`
    Prompts,
    /// `resources/list`
    Resources,
    /// `resources/templates/list`
    ResourceTemplates,
}

impl Listing {
    /// The request's method.
    pub fn method(self) -> &'static str {
        match self {
            Listing::Tools => "tools/list",
            Listing::Prompts => "prompts/list",
            Listing::Resources => "resources/list",
            Listing::ResourceTemplates => "resources/templates/list",
        }
    }

    /// The field of the result that holds the entries.
    fn field(self) -> &'static str {
        match self {
            Listing::Tools => "tools",
            Listing::Prompts => "prompts",
            Listing::Resources => "resources",
            Listing::ResourceTemplates => "resourceTemplates",
        }
    }
}

/// A listing's entries as sent, and what the first page said about caching it.
#[derive(Clone, Debug, Default, PartialEq)]
#[non_exhaustive]
pub struct Listed {
    /// Every entry of every page, in the server's order, each the JSON object it sent.
    pub entries: Vec<Value>,
    /// `ttlMs`: how long the listing may be cached (2026-07-28).
    pub ttl_ms: Option<u64>,
    /// `cacheScope`: `public` (the same for every client) or `private`.
    pub cache_scope: Option<String>,
}

impl Client {
    /// Every entry of `listing` as the server sent it, following pagination.
    pub async fn list_as_sent(&self, listing: Listing) -> Result<Listed> {
        let _armed = self.routes.raw.arm(listing.method());
        // The cache hints are the first page's.
        let first_page = std::sync::Mutex::new(None::<Map<String, Value>>);
        let entries = self
            .all_pages(listing.method(), |params| {
                let first_page = &first_page;
                async move {
                    let (mut result, next) = self.page_as_sent(listing, params).await?;
                    // The entries move out; what is left (cache hints) is all the first page
                    // is kept for.
                    let entries = match result.remove(listing.field()) {
                        Some(Value::Array(entries)) => entries,
                        _ => Vec::new(),
                    };
                    let mut first = first_page.lock().unwrap_or_else(|e| e.into_inner());
                    first.get_or_insert(result);
                    Ok((entries, next))
                }
            })
            .await?;
        let first = first_page
            .into_inner()
            .unwrap_or_else(|e| e.into_inner())
            .unwrap_or_default();
        Ok(Listed {
            entries,
            ttl_ms: first.get("ttlMs").and_then(Value::as_u64),
            cache_scope: first
                .get("cacheScope")
                .and_then(Value::as_str)
                .map(str::to_string),
        })
    }

    /// One page: the typed request, and its result as the transport's tap kept it (the typed
    /// result, serialized, where a transport could not keep it).
    async fn page_as_sent(
        &self,
        listing: Listing,
        params: PaginatedRequestParams,
    ) -> Result<(Map<String, Value>, Option<String>), rmcp::ServiceError> {
        let peer = self.peer();
        let params = Some(params);
        let (typed, next) = match listing {
            Listing::Tools => {
                with_cursor(peer.list_tools(params).await?, |p| p.next_cursor.clone())
            }
            Listing::Prompts => {
                with_cursor(peer.list_prompts(params).await?, |p| p.next_cursor.clone())
            }
            Listing::Resources => with_cursor(peer.list_resources(params).await?, |p| {
                p.next_cursor.clone()
            }),
            Listing::ResourceTemplates => {
                with_cursor(peer.list_resource_templates(params).await?, |p| {
                    p.next_cursor.clone()
                })
            }
        };
        let result = match self.routes.raw.take() {
            Some(Value::Object(raw)) => raw,
            _ => typed,
        };
        Ok((result, next))
    }
}

fn with_cursor<T: serde::Serialize>(
    page: T,
    cursor: impl Fn(&T) -> Option<String>,
) -> (Map<String, Value>, Option<String>) {
    let next = cursor(&page);
    match serde_json::to_value(&page) {
        Ok(Value::Object(map)) => (map, next),
        _ => (Map::new(), next),
    }
}
