//! The app against a typed fake: the three tools it uses, kept in a map. Everything else of the
//! server answers "not implemented", naming the method, should the app start calling it.

use std::collections::BTreeMap;
use std::sync::Mutex;

use mcp_runtime::fake::{FakeError, FakeResult};

use super::memory::{MemoryFake, add_observations, create_entities, open_nodes};
use super::{Memory, Notes};

/// People and what is known about them.
#[derive(Default)]
struct FakeMemory(Mutex<BTreeMap<String, Vec<String>>>);

impl FakeMemory {
    fn entity(name: &str, observations: &[String]) -> open_nodes::OutputEntitiesItem {
        open_nodes::OutputEntitiesItem {
            name: name.to_string(),
            entity_type: "person".to_string(),
            observations: observations.to_vec(),
        }
    }
}

impl MemoryFake for FakeMemory {
    async fn create_entities(
        &self,
        input: create_entities::Input,
    ) -> FakeResult<create_entities::Output> {
        let mut people = self.0.lock().unwrap();
        let mut created = Vec::new();
        for entity in input.entities {
            people.insert(entity.name.clone(), entity.observations.clone());
            created.push(Self::entity(&entity.name, &entity.observations));
        }
        Ok(create_entities::Output { entities: created })
    }

    async fn add_observations(
        &self,
        input: add_observations::Input,
    ) -> FakeResult<add_observations::Output> {
        let mut people = self.0.lock().unwrap();
        let mut results = Vec::new();
        for item in input.observations {
            let Some(known) = people.get_mut(&item.entity_name) else {
                return Err(FakeError::new(format!(
                    "Entity with name {} not found",
                    item.entity_name
                )));
            };
            known.extend(item.contents.iter().cloned());
            results.push(add_observations::OutputResultsItem {
                entity_name: item.entity_name,
                added_observations: item.contents,
            });
        }
        Ok(add_observations::Output { results })
    }

    async fn open_nodes(&self, input: open_nodes::Input) -> FakeResult<open_nodes::Output> {
        let people = self.0.lock().unwrap();
        let entities = input
            .names
            .iter()
            .filter_map(|name| people.get(name).map(|facts| Self::entity(name, facts)))
            .collect();
        Ok(open_nodes::Output {
            entities,
            relations: Vec::new(),
        })
    }
}

#[tokio::test]
async fn notes_remember_and_recall_against_a_fake() {
    let notes = Notes::new(Memory::fake(FakeMemory::default()).await.unwrap());
    notes
        .remember("Ada", "writes the first program")
        .await
        .unwrap();
    notes.remember("Ada", "likes engines").await.unwrap();
    assert_eq!(
        notes.recall("Ada").await.unwrap(),
        ["writes the first program", "likes engines"]
    );
    assert!(notes.recall("Grace").await.unwrap().is_empty());
}

#[tokio::test]
async fn a_tool_the_fake_does_not_answer_names_the_method() {
    let memory = Memory::fake(FakeMemory::default()).await.unwrap();
    let err = memory.read_graph().await.unwrap_err();
    assert!(
        err.to_string().contains("`MemoryFake::read_graph`"),
        "{err}"
    );
}
