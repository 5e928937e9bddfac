//! Misbehaving servers (`tests/faults/`): the error names the cause, waits are bounded, and no
//! process is left behind.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use mcp_runtime::{Client, ConnectOptions, Error, ServerSpec};

fn script(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("faults")
        .join(name)
        .to_string_lossy()
        .into_owned()
}

fn alive(pid: u32) -> bool {
    // A reaped process has no /proc entry; a zombie would still show as state Z.
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .map(|stat| !stat.contains(") Z "))
        .unwrap_or(false)
}

#[tokio::test]
async fn a_mute_server_is_no_answer_not_an_exit() {
    let pid_file = std::env::temp_dir().join(format!("mcp-mute-{}.pid", std::process::id()));
    let spec = ServerSpec::stdio("python3")
        .arg(script("mute.py"))
        .arg(pid_file.to_string_lossy());
    let options = ConnectOptions::default().connect_timeout(Duration::from_secs(1));
    let start = Instant::now();
    let err = Client::connect_with(spec, options).await.unwrap_err();
    let elapsed = start.elapsed();
    let text = err.to_string();
    assert!(matches!(err, Error::Connect { .. }), "{err:?}");
    assert!(
        text.contains("no answer to `initialize` within 1s"),
        "{text}"
    );
    assert!(text.contains("connect_timeout"), "{text}");
    assert!(
        !text.contains("exited"),
        "the mute server is blamed for exiting: {text}"
    );
    assert!(elapsed < Duration::from_secs(5), "took {elapsed:?}");
    let pid: u32 = std::fs::read_to_string(&pid_file)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    let _ = std::fs::remove_file(&pid_file);
    let deadline = Instant::now() + Duration::from_secs(2);
    while alive(pid) && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(!alive(pid), "the mute server (pid {pid}) is still running");
}

#[tokio::test]
async fn a_looping_cursor_is_an_error_at_once() {
    let spec = ServerSpec::stdio("python3").arg(script("looping_cursor.py"));
    let client = Client::connect(spec).await.unwrap();
    let start = Instant::now();
    let err = client.list_tools().await.unwrap_err();
    let text = err.to_string();
    assert!(
        text.contains("pagination loops") && text.contains("\"again\""),
        "{text}"
    );
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "took {:?}",
        start.elapsed()
    );
    // The session is still usable after the protocol error.
    assert!(client.list_tools().await.is_err());
    client.close().await;
}

#[tokio::test]
async fn a_message_over_the_limit_fails_the_call_at_once() {
    let spec = || ServerSpec::stdio("python3").arg(script("big_result.py"));
    let client = Client::connect(spec()).await.unwrap();
    let small = client
        .call_tool("big", serde_json::json!({"megabytes": 1}))
        .await
        .unwrap();
    assert_eq!(small.text().len(), 1_000_000);
    for megabytes in [20u64, 50] {
        let client = Client::connect(spec()).await.unwrap();
        let start = Instant::now();
        let err = client
            .call_tool("big", serde_json::json!({ "megabytes": megabytes }))
            .await
            .unwrap_err();
        let elapsed = start.elapsed();
        match &err {
            Error::MessageTooLarge {
                size: Some(size),
                limit,
                ..
            } => {
                assert!(*size > megabytes as usize * 1_000_000, "{size}");
                assert_eq!(*limit, 16 * 1024 * 1024);
            }
            other => panic!("{megabytes} MB: {other:?}"),
        }
        let text = err.to_string();
        assert!(text.contains("max_message_size"), "{text}");
        assert!(
            elapsed < Duration::from_secs(20),
            "{megabytes} MB took {elapsed:?}"
        );
        client.close().await;
    }
    let roomy = ConnectOptions::default().max_message_size(64 * 1024 * 1024);
    let client = Client::connect_with(spec(), roomy).await.unwrap();
    let out = client
        .call_tool("big", serde_json::json!({"megabytes": 20}))
        .await
        .unwrap();
    assert_eq!(out.text().len(), 20_000_000);
    client.close().await;
}

/// Log lines written while `f` runs on this thread.
#[derive(Clone, Default)]
struct Captured(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

impl std::io::Write for Captured {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[tokio::test(flavor = "current_thread")]
async fn stdout_junk_is_skipped_with_a_debug_log_naming_the_server() {
    let captured = Captured::default();
    let writer = captured.clone();
    let subscriber = tracing_subscriber::fmt()
        .with_max_level(tracing::Level::DEBUG)
        .with_ansi(false)
        .with_writer(move || writer.clone())
        .finish();
    let _guard = tracing::subscriber::set_default(subscriber);
    let spec = ServerSpec::stdio("python3").arg(script("banner.py"));
    let client = Client::connect(spec).await.unwrap();
    let tools = client.list_tools().await.unwrap();
    assert_eq!(tools.len(), 1);
    client.close().await;
    let logs = String::from_utf8(captured.0.lock().unwrap().clone()).unwrap();
    let junk: Vec<&str> = logs.lines().filter(|l| l.contains("unparsable")).collect();
    assert!(!junk.is_empty(), "no debug log for the banner:\n{logs}");
    assert!(junk.iter().all(|l| l.contains("banner.py")), "{junk:?}");
}

/// Starts `http_big_result.py`; its port once it listens.
fn http_big_result() -> (std::process::Child, String) {
    use std::io::BufRead;
    let mut child = std::process::Command::new("python3")
        .arg(script("http_big_result.py"))
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    std::io::BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    (child, format!("http://127.0.0.1:{}/mcp", line.trim()))
}

#[tokio::test]
async fn a_message_over_the_limit_fails_an_http_call_at_once() {
    let (mut server, url) = http_big_result();
    // As one JSON body and as one server-sent event.
    for sse in [false, true] {
        let client = Client::connect(ServerSpec::http(&url)).await.unwrap();
        let out = client
            .call_tool("big", serde_json::json!({"megabytes": 1, "sse": sse}))
            .await
            .unwrap();
        assert_eq!(out.text().len(), 1_000_000);
        for megabytes in [20, 50] {
            let client = Client::connect(ServerSpec::http(&url)).await.unwrap();
            let start = Instant::now();
            let err = client
                .call_tool("big", serde_json::json!({ "megabytes": megabytes, "sse": sse }))
                .await
                .unwrap_err();
            let elapsed = start.elapsed();
            assert!(
                matches!(err, Error::MessageTooLarge { limit, .. } if limit == 16 * 1024 * 1024),
                "sse {sse}, {megabytes} MB: {err:?}"
            );
            let text = err.to_string();
            assert!(text.contains("max_message_size"), "{text}");
            assert!(elapsed < Duration::from_secs(20), "took {elapsed:?}");
        }
    }
    // A larger limit lets a 20 MB event through.
    let roomy = ConnectOptions::default().max_message_size(64 * 1024 * 1024);
    let client = Client::connect_with(ServerSpec::http(&url), roomy).await.unwrap();
    let out = client
        .call_tool("big", serde_json::json!({"megabytes": 20, "sse": true}))
        .await
        .unwrap();
    assert_eq!(out.text().len(), 20_000_000);
    client.close().await;
    server.kill().unwrap();
    server.wait().unwrap();
}
