//! The registry's tool search as a rig vector index: rig's per-prompt tool retrieval
//! (`AgentBuilder::retrieved_tools`) asks it which tools fit the prompt, and offers those.

use std::sync::Arc;

use rig_core::vector_store::request::{Filter, VectorSearchRequest};
use rig_core::vector_store::{
    VectorSearchIdResult, VectorSearchResult, VectorStoreError, VectorStoreIndex,
};
use serde::de::DeserializeOwned;
use serde_json::json;

use crate::host::registry::Registry;

/// [`Registry::search`] (BM25 over names, descriptions and parameter names) as a rig
/// [`VectorStoreIndex`]: ids are registry names, documents `{"name", "description"}`.
#[derive(Clone)]
pub struct ToolSearch {
    registry: Arc<Registry>,
}

impl ToolSearch {
    /// Searches `registry`'s tools.
    pub fn new(registry: Arc<Registry>) -> ToolSearch {
        ToolSearch { registry }
    }

    fn found(
        &self,
        request: &VectorSearchRequest<Filter<serde_json::Value>>,
    ) -> Vec<(String, f64)> {
        let limit = usize::try_from(request.samples()).unwrap_or(usize::MAX);
        let threshold = request.threshold().unwrap_or(f64::MIN);
        self.registry
            .search(request.query(), limit)
            .into_iter()
            .map(|(name, score)| (name, f64::from(score)))
            .filter(|(_, score)| *score >= threshold)
            .collect()
    }
}

impl VectorStoreIndex for ToolSearch {
    type Filter = Filter<serde_json::Value>;

    async fn top_n<T: DeserializeOwned + Send>(
        &self,
        request: VectorSearchRequest<Self::Filter>,
    ) -> Result<Vec<VectorSearchResult<T>>, VectorStoreError> {
        let mut results = Vec::new();
        for (name, score) in self.found(&request) {
            let description = self.registry.description(&name).unwrap_or_default();
            let document = json!({"name": name, "description": description});
            let document = serde_json::from_value(document)?;
            results.push(VectorSearchResult {
                score,
                id: name,
                document,
            });
        }
        Ok(results)
    }

    async fn top_n_ids(
        &self,
        request: VectorSearchRequest<Self::Filter>,
    ) -> Result<Vec<VectorSearchIdResult>, VectorStoreError> {
        let found = self.found(&request).into_iter();
        Ok(found
            .map(|(id, score)| VectorSearchIdResult { score, id })
            .collect())
    }
}
