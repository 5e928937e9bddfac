//! mcp-runtime against third-party servers installed from npm and PyPI by `scripts/test.sh`.

use std::process::{Command, Stdio};
use std::time::Duration;

use mcp_runtime::{Client, ServerSpec};
use serde::Deserialize;
use serde_json::json;

use crate::common::*;

fn everything_stdio() -> mcp_runtime::StdioSpec {
    ServerSpec::stdio(npm_bin("mcp-server-everything")).arg("stdio")
}

#[tokio::test]
async fn everything_over_stdio() {
    let client = Client::connect(everything_stdio()).await.unwrap();
    let tools = client.list_tools().await.unwrap();
    assert!(tools.iter().any(|t| t.name == "echo"), "{tools:?}");
    assert!(tools.iter().any(|t| t.name == "get-sum"));

    let echoed = client
        .call_tool("echo", json!({"message": "from rust"}))
        .await
        .unwrap();
    assert!(echoed.text().contains("from rust"), "{}", echoed.text());

    let sum = client
        .call_tool("get-sum", json!({"a": 40, "b": 2}))
        .await
        .unwrap();
    assert!(sum.text().contains("42"), "{}", sum.text());

    let pid = client.pid().unwrap();
    client.close().await;
    assert!(wait_gone(pid, Duration::from_secs(5)).await);
}

#[tokio::test]
async fn everything_over_streamable_http() {
    let port = free_port();
    let child = Command::new(npm_bin("mcp-server-everything"))
        .arg("streamableHttp")
        .env("PORT", port.to_string())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let _server = Proc {
        child,
        url: format!("http://127.0.0.1:{port}/mcp"),
    };
    let client = connect_http_when_ready(&_server.url).await;
    let tools = client.list_tools().await.unwrap();
    assert!(
        tools.iter().any(|t| t.name == "get-structured-content"),
        "{tools:?}"
    );

    #[derive(Debug, Deserialize)]
    struct Weather {
        temperature: f64,
        conditions: String,
    }
    let weather: Weather = client
        .call_tool("get-structured-content", json!({"location": "New York"}))
        .structured()
        .await
        .unwrap();
    assert!(
        weather.temperature > -100.0 && !weather.conditions.is_empty(),
        "{weather:?}"
    );
    client.close().await;
}

#[tokio::test]
async fn time_server_from_pypi() {
    let client = Client::connect(
        ServerSpec::stdio(python_bin("mcp-server-time")).arg("--local-timezone=UTC"),
    )
    .await
    .unwrap();
    let tools = client.list_tools().await.unwrap();
    let mut names: Vec<&str> = tools.iter().map(|t| t.name.as_ref()).collect();
    names.sort();
    assert_eq!(names, ["convert_time", "get_current_time"]);

    #[derive(Debug, Deserialize)]
    struct TimeResult {
        timezone: String,
        datetime: String,
    }
    let now: TimeResult = client
        .call_tool("get_current_time", json!({"timezone": "Europe/Zurich"}))
        .structured()
        .await
        .unwrap();
    assert_eq!(now.timezone, "Europe/Zurich");
    assert!(now.datetime.starts_with("20"), "{now:?}");
    client.close().await;
}

#[tokio::test]
async fn everything_over_legacy_sse() {
    let port = free_port();
    let child = Command::new(npm_bin("mcp-server-everything"))
        .arg("sse")
        .env("PORT", port.to_string())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let server = Proc {
        child,
        url: format!("http://127.0.0.1:{port}/sse"),
    };
    let client = connect_when_ready(ServerSpec::sse(&server.url)).await;
    let tools = client.list_tools().await.unwrap();
    assert!(tools.iter().any(|t| t.name == "echo"), "{tools:?}");
    let echoed = client
        .call_tool("echo", json!({"message": "over sse"}))
        .await
        .unwrap();
    assert!(echoed.text().contains("over sse"), "{}", echoed.text());
    let sum = client
        .call_tool("get-sum", json!({"a": 2, "b": 3}))
        .await
        .unwrap();
    assert!(sum.text().contains('5'), "{}", sum.text());
    client.close().await;
}
