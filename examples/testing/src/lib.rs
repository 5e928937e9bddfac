//! An app on generated MCP bindings, tested without the server. The app keeps notes about
//! people in the knowledge graph of `@modelcontextprotocol/server-memory` (npm): `remember`
//! and `recall` are what its own code calls. Its tests run offline two ways:
//!
//! - against a **typed fake** (`src/tests.rs`): the bindings are generated with
//!   `fakes = true` in test builds only, and a test implements the three tools it needs;
//! - against a **cassette** (`tests/replay.rs`): a session recorded once from the real server
//!   (`tests/cassettes/memory.json`, re-recorded with `cargo test -p
//!   mcp-toolset-example-testing -- --ignored` when the npm server is installed) and replayed
//!   in-process.

// Test builds also get the `MemoryFake` trait and `Memory::fake`.
#[cfg(not(test))]
mcp_macros::mcp_toolset!(Memory, "mcp/memory.json");
#[cfg(test)]
mcp_macros::mcp_toolset!(Memory, "mcp/memory.json", fakes = true);

#[cfg(test)]
mod tests;

pub use memory::{add_observations, create_entities, open_nodes};

/// Notes about people, kept by the memory server.
pub struct Notes {
    memory: Memory,
}

impl Notes {
    /// Notes kept through `memory` (connected to the real server, a fake, or a cassette).
    pub fn new(memory: Memory) -> Notes {
        Notes { memory }
    }

    /// Remembers `fact` about `person`, creating the person the first time.
    pub async fn remember(&self, person: &str, fact: &str) -> mcp_runtime::Result<()> {
        let known = self.memory.open_nodes(vec![person.to_string()]).await?;
        if known.entities.is_empty() {
            let entity = create_entities::InputEntitiesItem {
                name: person.to_string(),
                entity_type: "person".to_string(),
                observations: vec![fact.to_string()],
            };
            self.memory.create_entities(vec![entity]).await?;
            return Ok(());
        }
        let observation = add_observations::InputObservationsItem {
            entity_name: person.to_string(),
            contents: vec![fact.to_string()],
        };
        self.memory.add_observations(vec![observation]).await?;
        Ok(())
    }

    /// Everything remembered about `person`, oldest first (nothing for a stranger).
    pub async fn recall(&self, person: &str) -> mcp_runtime::Result<Vec<String>> {
        let found = self.memory.open_nodes(vec![person.to_string()]).await?;
        Ok(found
            .entities
            .into_iter()
            .filter(|e| e.name == person)
            .flat_map(|e| e.observations)
            .collect())
    }

    /// The bindings underneath.
    pub fn memory(&self) -> &Memory {
        &self.memory
    }
}
