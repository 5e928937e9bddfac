//! The app against a cassette recorded from the real `@modelcontextprotocol/server-memory`:
//! no server, no npm, no network in the test run. `record_the_cassette` (ignored) records it
//! again from the server `scripts/test.sh` installs: `cargo test -p
//! mcp-toolset-example-testing -- --ignored`.

use mcp_runtime::{ConnectOptions, ServerSpec};
use mcp_toolset_example_testing::{Memory, Notes};

const CASSETTE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/cassettes/memory.json");

/// What the app does in both runs, and what it must get back.
async fn session(notes: &Notes) {
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
async fn notes_remember_and_recall_against_the_recorded_server() {
    let memory = Memory::connect(ServerSpec::replay(CASSETTE)).await.unwrap();
    session(&Notes::new(memory)).await;
}

#[tokio::test]
async fn a_call_the_cassette_lacks_names_the_closest_recorded_one() {
    let notes = Notes::new(Memory::connect(ServerSpec::replay(CASSETTE)).await.unwrap());
    let err = notes.recall("Ada Lovelace").await.unwrap_err();
    let message = err.to_string();
    assert!(
        message.contains("closest recorded one differs at /arguments/names/0"),
        "{message}"
    );
}

#[tokio::test]
#[ignore = "records from the real npm server: run with --ignored after scripts/test.sh"]
async fn record_the_cassette() {
    let server = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../test-servers/node_modules/.bin/mcp-server-memory"
    );
    let store = std::env::temp_dir().join(format!("memory-{}.jsonl", std::process::id()));
    let _ = std::fs::remove_file(&store);
    let spec = ServerSpec::stdio(server).env("MEMORY_FILE_PATH", store.to_string_lossy());
    let options = ConnectOptions::default().record(CASSETTE);
    let memory = Memory::connect_with(spec, options).await.unwrap();
    session(&Notes::new(memory)).await;
}
