//! Snapshot → generate → typed calls, against live servers, through both the macro and build.rs.
//!
//! The snapshots in `tests/mcp/` were taken with `mcp-codegen snapshot`; `live_snapshots_match`
//! re-takes them from the running servers and requires byte-identical files, so what the
//! macro and build.rs compiled is what the servers serve today.

use std::time::Duration;

use mcp_codegen::Snapshot;
use mcp_runtime::{Client, ConnectOptions, Error, ServerSpec, StdioSpec};

use crate::common::*;

// The macro front door.
mcp_macros::mcp_toolset!(Demo, "mcp/demo.json");
mcp_macros::mcp_toolset!(Everything, "mcp/everything.json");
mcp_macros::mcp_toolset!(Filesystem, "mcp/filesystem.json");
mcp_macros::mcp_toolset!(Memory, "mcp/memory.json");
mcp_macros::mcp_toolset!(
    Time,
    "mcp/time.json",
    tools = ["get_current_time", "convert_time"]
);

// The build.rs front door (tests/build.rs).
mod built {
    pub mod demo {
        mcp_runtime::include_client!("demo");
    }
    pub mod everything {
        mcp_runtime::include_client!("everything");
    }
    pub mod filesystem {
        mcp_runtime::include_client!("filesystem");
    }
    pub mod memory {
        mcp_runtime::include_client!("memory");
    }
    pub mod time {
        mcp_runtime::include_client!("time");
    }
}

fn everything_spec() -> StdioSpec {
    ServerSpec::stdio(npm_bin("mcp-server-everything")).arg("stdio")
}

fn memory_spec(dir: &std::path::Path) -> StdioSpec {
    ServerSpec::stdio(npm_bin("mcp-server-memory")).env(
        "MEMORY_FILE_PATH",
        dir.join("memory.jsonl").to_string_lossy(),
    )
}

fn time_spec() -> StdioSpec {
    ServerSpec::stdio(python_bin("mcp-server-time")).arg("--local-timezone=UTC")
}

fn temp_dir(name: &str) -> crate::common::Scratch {
    crate::common::scratch(&format!("toolset-{name}"))
}

/// Asserts that `live` is the committed `mcp/{name}.json`; with `EXPECTORATE=overwrite` (as
/// the goldens), writes it instead.
fn assert_committed(name: &str, live: String) {
    let path = format!("{}/mcp/{name}.json", env!("CARGO_MANIFEST_DIR"));
    if std::env::var("EXPECTORATE").as_deref() == Ok("overwrite") {
        std::fs::write(&path, &live).unwrap();
    }
    assert_eq!(live, std::fs::read_to_string(&path).unwrap(), "{path}");
}

async fn live(spec: impl Into<ServerSpec>) -> String {
    mcp_codegen::snapshot::live::take(spec.into(), ConnectOptions::default())
        .await
        .unwrap()
        .to_json()
}

#[tokio::test]
async fn live_snapshots_match_the_committed_ones() {
    let dir = temp_dir("snap");
    assert_committed("demo", live(demo_stdio()).await);
    assert_committed("everything", live(everything_spec()).await);
    let filesystem = ServerSpec::stdio(npm_bin("mcp-server-filesystem")).arg(dir.to_string_lossy());
    assert_committed("filesystem", live(filesystem).await);
    assert_committed("memory", live(memory_spec(&dir)).await);
    assert_committed("time", live(time_spec()).await);
    // The same server over HTTP gives the same file.
    let server = demo_http();
    assert_committed("demo", live(ServerSpec::http(&server.url)).await);
}

#[tokio::test]
async fn demo_through_the_macro() {
    let demo = Demo::connect(demo_stdio()).await.unwrap();
    assert_eq!(demo.add(2.5, 4.0).await.unwrap().sum, 6.5);

    let echoed = demo.echo("quiet").uppercase(true).await.unwrap();
    assert_eq!(echoed.text(), "QUIET");

    use demo::create_order::{Address, Customer, LineItem, Priority};
    let home = Address {
        street: "1 Loop".into(),
        city: "Zurich".into(),
        country: "CH".into(),
        postal_code: None,
    };
    let receipt = demo
        .create_order(
            Customer {
                name: "Ada".into(),
                email: Some("ada@example.com".into()),
                address: home,
            },
            vec![LineItem {
                sku: "BO-1".into(),
                quantity: std::num::NonZeroU32::new(2).unwrap(),
                gift_wrap: true,
            }],
        )
        .priority(Priority::High)
        .await
        .unwrap();
    assert_eq!(receipt.item_count, 2);
    assert_eq!(receipt.gift_wrapped, 2);
    assert_eq!(receipt.priority, Priority::High);
    assert_eq!(receipt.status, demo::create_order::OrderStatus::Backordered);
    assert_eq!(
        receipt.confirmation_sent_to.as_deref(),
        Some("ada@example.com")
    );
    assert_eq!(receipt.ship_city, "Zurich");

    let found = demo.search("rust").limit(4u32).await.unwrap();
    assert_eq!(found.hits.len(), 4);
    assert_eq!(found.next_cursor, None);

    match demo.fail("nope").await {
        Err(Error::Tool { message, .. }) => assert_eq!(message, "nope"),
        other => panic!("expected a tool error, got {other:?}"),
    }
    let err = demo
        .sleep(5_000u64)
        .with_timeout(Duration::from_millis(200))
        .await
        .unwrap_err();
    assert!(matches!(err, Error::Timeout { .. }), "{err:?}");
    assert_eq!(Demo::tools().len(), 13);
    demo.close().await;
}

#[tokio::test]
async fn demo_through_build_rs_over_http() {
    let server = demo_http();
    let client = Client::connect(ServerSpec::http(&server.url))
        .await
        .unwrap();
    let demo = built::demo::McpToolsetDemo::from_client(client);
    assert_eq!(demo.add(1.0, 2.0).await.unwrap().sum, 3.0);
    let found = demo.search("q").limit(2u32).await.unwrap();
    assert_eq!(found.hits.iter().map(|h| h.id).collect::<Vec<_>>(), [1, 2]);
    demo.close().await;
}

#[tokio::test]
async fn everything_server() {
    let everything = Everything::connect(everything_spec()).await.unwrap();
    let echoed = everything.echo("typed hello").await.unwrap();
    assert!(echoed.text().contains("typed hello"), "{}", echoed.text());
    let weather = everything
        .get_structured_content(everything::get_structured_content::InputLocation::Chicago)
        .await
        .unwrap();
    assert!(!weather.conditions.is_empty());
    assert!(weather.humidity >= 0.0);
    everything.close().await;

    let built = built::everything::McpServersEverything::connect(everything_spec())
        .await
        .unwrap();
    let sum = built.get_sum(19.0, 23.0).await.unwrap();
    assert!(sum.text().contains("42"), "{}", sum.text());
    built.close().await;
}

#[tokio::test]
async fn filesystem_server_on_a_temp_dir() {
    let dir = temp_dir("fs");
    let spec = || ServerSpec::stdio(npm_bin("mcp-server-filesystem")).arg(dir.to_string_lossy());
    let fs = Filesystem::connect(spec()).await.unwrap();
    let file = dir.join("note.txt").to_string_lossy().into_owned();
    fs.write_file(file.clone(), "typed bindings").await.unwrap();
    let read = fs.read_text_file(file.clone()).await.unwrap();
    assert_eq!(read.content, "typed bindings");
    let head = fs.read_text_file(file.clone()).head(1.0).await.unwrap();
    assert_eq!(head.content, "typed bindings");
    fs.close().await;

    let built = built::filesystem::SecureFilesystemServer::connect(spec())
        .await
        .unwrap();
    let listing = built.list_directory(dir.to_string_lossy()).await.unwrap();
    assert!(listing.content.contains("note.txt"), "{}", listing.content);
    built.close().await;
}

#[tokio::test]
async fn memory_server() {
    let dir = temp_dir("memory");
    let memory = Memory::connect(memory_spec(&dir)).await.unwrap();
    let created = memory
        .create_entities(vec![memory::create_entities::InputEntitiesItem {
            name: "Ada".into(),
            entity_type: "person".into(),
            observations: vec!["wrote the first program".into()],
        }])
        .await
        .unwrap();
    assert_eq!(created.entities.len(), 1);
    memory.close().await;

    let built = built::memory::MemoryServer::connect(memory_spec(&dir))
        .await
        .unwrap();
    let graph = built.read_graph().await.unwrap();
    assert_eq!(graph.entities.len(), 1);
    assert_eq!(graph.entities[0].name, "Ada");
    assert_eq!(graph.entities[0].entity_type, "person");
    let found = built.search_nodes("Ada").await.unwrap();
    assert_eq!(found.entities[0].observations, ["wrote the first program"]);
    built.close().await;
}

#[tokio::test]
async fn time_server() {
    let time = Time::connect(time_spec()).await.unwrap();
    let now = time.get_current_time("Asia/Tokyo").await.unwrap();
    assert_eq!(now.timezone, "Asia/Tokyo");
    assert!(!now.is_dst);
    let converted = time
        .convert_time("Europe/London", "12:00", "UTC")
        .await
        .unwrap();
    assert_eq!(converted.target.timezone, "UTC");
    assert!(
        converted.source.datetime.contains("T12:00"),
        "{converted:?}"
    );
    time.close().await;

    let built = built::time::McpTime::connect(time_spec()).await.unwrap();
    let now = built.get_current_time("UTC").await.unwrap();
    assert_eq!(now.timezone, "UTC");
    built.close().await;
}

#[test]
fn builder_refreshes_from_a_live_server() {
    let dir = temp_dir("builder");
    let snapshot_path = dir.join("demo.json");
    let written = mcp_codegen::Builder::new()
        .out_dir(dir.join("out"))
        .snapshot(&snapshot_path)
        .refresh_from(demo_stdio())
        .refresh(true)
        .generate()
        .unwrap();
    assert_committed("demo", std::fs::read_to_string(&snapshot_path).unwrap());
    let code = std::fs::read_to_string(&written[0]).unwrap();
    assert!(code.starts_with("// @generated by mcp-codegen"));
    let modified = std::fs::metadata(&written[0]).unwrap().modified().unwrap();
    // Unchanged input: the file is not rewritten.
    mcp_codegen::Builder::new()
        .out_dir(dir.join("out"))
        .snapshot(&snapshot_path)
        .refresh(false)
        .generate()
        .unwrap();
    assert_eq!(
        std::fs::metadata(&written[0]).unwrap().modified().unwrap(),
        modified
    );
    let _ = Snapshot::load(&snapshot_path).unwrap();
}

#[tokio::test]
async fn a_generated_tools_table_goes_into_the_registry() {
    use mcp_runtime::host::registry::{Format, Registry, RegistryOptions};
    let client = std::sync::Arc::new(Client::connect(demo_stdio()).await.unwrap());
    let mut registry = Registry::new(RegistryOptions::default());
    registry.add_generated("demo", Demo::tools(), client.clone());
    assert_eq!(registry.names().len(), 13);
    assert_eq!(
        registry.resolve("mcp_demo_add"),
        Some(("demo".to_string(), "add".to_string()))
    );
    assert_eq!(registry.definitions(Format::OpenAi).len(), 13);
    let result = registry
        .dispatch("mcp_demo_add", r#"{"a": 2, "b": 3}"#)
        .await;
    assert!(!result.is_error, "{}", result.content);
    assert_eq!(result.structured, Some(serde_json::json!({"sum": 5.0})));
    client.close().await;
}

#[tokio::test]
async fn generated_prompts_templates_and_resources() {
    // The macro's client for the demo server.
    let demo = Demo::connect(demo_stdio()).await.unwrap();
    let bullets = demo
        .summarize_thread("a: hi\nb: bye")
        .style("bullets")
        .await
        .unwrap();
    assert_eq!(
        bullets.text(),
        "Summarize this thread as bullets:\n\na: hi\nb: bye"
    );
    let prose = demo.summarize_thread("x").await.unwrap();
    assert!(
        prose.text().starts_with("Summarize this thread as prose:"),
        "{}",
        prose.text()
    );
    // Template variables are percent-encoded; the query variable is optional.
    assert_eq!(
        demo.greeting("Zoë & co/x", None).await.unwrap().text(),
        "Hello, Zoë & co/x!"
    );
    assert_eq!(
        demo.greeting("Zoë", Some("fr")).await.unwrap().text(),
        "Bonjour, Zoë!"
    );
    assert_eq!(demo::resources::README, "demo://readme");
    let readme = demo
        .client()
        .read_resource(demo::resources::README)
        .await
        .unwrap();
    assert!(readme.text().starts_with("# mcp-toolset demo server"));
    assert_eq!(demo::PROMPTS[0].name, "summarize-thread");
    assert!(demo::PROMPTS[0].arguments[0].required && !demo::PROMPTS[0].arguments[1].required);
    let template = demo::RESOURCES.iter().find(|r| r.template).unwrap();
    assert_eq!(template.uri, "demo://greeting/{name}{?lang}");
    // The snapshot's skill, loaded against the digests approved with it.
    let [skill] = demo::SKILLS else {
        panic!("one skill")
    };
    assert_eq!(skill.name, "demo-orders");
    let loaded = demo.client().load_pinned_skill(skill).await.unwrap();
    assert!(loaded.text.starts_with("---\nname: demo-orders"));
    // A digest that is not the approved one: the live SKILL.md is refused.
    let mut files = skill.files.unwrap().to_vec();
    files[0] = mcp_runtime::skills::PinnedFile::new(files[0].uri, "sha256:00", files[0].size);
    let files: &'static [mcp_runtime::skills::PinnedFile] = Box::leak(files.into_boxed_slice());
    let changed = mcp_runtime::skills::PinnedSkill::new(
        skill.uri,
        skill.name,
        skill.frontmatter,
        Some(files),
    );
    let refused = demo.client().load_pinned_skill(&changed).await;
    assert!(
        matches!(refused, Err(mcp_runtime::Error::SkillRejected { .. })),
        "{refused:?}"
    );
    demo.close().await;

    // build.rs's client for server-everything, a server from another SDK.
    let everything = built::everything::McpServersEverything::connect(everything_spec())
        .await
        .unwrap();
    let rendered = everything
        .args_prompt("Paris")
        .state("Texas")
        .await
        .unwrap();
    assert!(
        rendered.text().contains("Paris") && rendered.text().contains("Texas"),
        "{}",
        rendered.text()
    );
    let dynamic = everything.dynamic_text_resource("3").await.unwrap();
    assert!(dynamic.text().contains('3'), "{}", dynamic.text());
    assert_eq!(built::everything::PROMPTS.len(), 4);
    // A generated call with a progress callback.
    let reports = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let sink = reports.clone();
    everything
        .trigger_long_running_operation()
        .duration(0.6)
        .steps(3.0)
        .on_progress(move |p| sink.lock().unwrap().push((p.progress, p.total)))
        .await
        .unwrap();
    assert_eq!(
        *reports.lock().unwrap(),
        [(1.0, Some(3.0)), (2.0, Some(3.0)), (3.0, Some(3.0))]
    );
    assert_eq!(
        built::everything::RESOURCES
            .iter()
            .filter(|r| !r.template)
            .count(),
        7
    );
    everything.close().await;
}
