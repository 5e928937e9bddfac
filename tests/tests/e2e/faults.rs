//! Misbehaving servers (`tests/faults/`): the error names the cause, waits are bounded, and no
//! process is left behind.

use std::time::{Duration, Instant};

use crate::common::Proc;
use crate::common::faults::{Era, Pids, script};
use mcp_runtime::{Client, ConnectOptions, Error, ServerSpec};
use serde_json::json;

async fn a_mute_server_is_no_answer_not_an_exit(era: Era) {
    let pids = Pids::in_era("mute", era);
    let options = ConnectOptions::default().connect_timeout(Duration::from_secs(1));
    let start = Instant::now();
    let err = Client::connect_with(pids.spec("mute.py", &[]), options)
        .await
        .unwrap_err();
    let elapsed = start.elapsed();
    let text = err.to_string();
    assert!(matches!(err, Error::Connect { .. }), "{err:?}");
    assert!(
        text.contains("no answer to `server/discover` within 1s"),
        "{text}"
    );
    assert!(text.contains("connect_timeout"), "{text}");
    assert!(
        !text.contains("exited"),
        "the mute server is blamed for exiting: {text}"
    );
    assert!(elapsed < Duration::from_secs(5), "took {elapsed:?}");
    assert_eq!(pids.all().len(), 1);
    pids.assert_all_gone(Duration::from_secs(2)).await;
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
    // Other tests' threads (no subscriber) may have cached the `mcp_server` span's callsite as
    // disabled; interest is cached per callsite for every subscriber, so ask again with ours.
    tracing::callsite::rebuild_interest_cache();
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

/// A server that offers prompts and resources but answers their listings "method not found"
/// has none: its snapshot holds its tools and no catalog sections.
#[tokio::test]
async fn a_snapshot_leaves_out_listings_the_server_does_not_serve() {
    let spec = ServerSpec::stdio("python3").arg(script("unlisted_catalog.py"));
    let snapshot =
        mcp_codegen::snapshot::live::take(spec.into(), mcp_runtime::ConnectOptions::default())
            .await
            .expect("a snapshot despite the unserved listings");
    assert_eq!(snapshot.tools.len(), 1);
    assert!(snapshot.prompts.is_none() && snapshot.resources.is_none());
}

/// Starts `http_big_result.py`; its endpoint once it listens.
fn http_big_result() -> Proc {
    http_script("http_big_result.py", &[])
}

/// Starts a script that serves streamable HTTP and prints its port; ended when dropped, a
/// failed assertion included.
fn http_script(name: &str, args: &[&str]) -> Proc {
    use std::io::BufRead;
    let mut child = std::process::Command::new("python3")
        .arg(script(name))
        .args(args)
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    std::io::BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let url = format!("http://127.0.0.1:{}/mcp", line.trim());
    Proc { child, url }
}

#[tokio::test]
async fn a_message_over_the_limit_fails_an_http_call_at_once() {
    let server = http_big_result();
    let url = &server.url;
    // As one JSON body and as one server-sent event.
    for sse in [false, true] {
        let client = Client::connect(ServerSpec::http(url)).await.unwrap();
        let out = client
            .call_tool("big", serde_json::json!({"megabytes": 1, "sse": sse}))
            .await
            .unwrap();
        assert_eq!(out.text().len(), 1_000_000);
        for megabytes in [20, 50] {
            let client = Client::connect(ServerSpec::http(url)).await.unwrap();
            let start = Instant::now();
            let err = client
                .call_tool(
                    "big",
                    serde_json::json!({ "megabytes": megabytes, "sse": sse }),
                )
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
    let client = Client::connect_with(ServerSpec::http(url), roomy)
        .await
        .unwrap();
    let out = client
        .call_tool("big", serde_json::json!({"megabytes": 20, "sse": true}))
        .await
        .unwrap();
    assert_eq!(out.text().len(), 20_000_000);
    client.close().await;
}

async fn a_slow_starter_connects_within_the_timeout_and_is_no_answer_past_it(era: Era) {
    let pids = Pids::in_era("slow-init", era);
    let patient = ConnectOptions::default().connect_timeout(Duration::from_secs(10));
    let client = Client::connect_with(pids.spec("slow_init.py", &["1"]), patient)
        .await
        .unwrap();
    assert_eq!(
        client.call_tool("noop", json!({})).await.unwrap().text(),
        "ok"
    );
    client.close().await;

    let hasty = ConnectOptions::default().connect_timeout(Duration::from_millis(500));
    let start = Instant::now();
    let err = Client::connect_with(pids.spec("slow_init.py", &["5"]), hasty)
        .await
        .unwrap_err();
    let text = err.to_string();
    assert!(
        text.contains("no answer to `server/discover` within 500ms"),
        "{text}"
    );
    assert!(
        start.elapsed() < Duration::from_secs(4),
        "took {:?}",
        start.elapsed()
    );
    assert_eq!(pids.all().len(), 2);
    pids.assert_all_gone(Duration::from_secs(3)).await;
}

/// rmcp's `server/discover` probe gives up after 10 s and sends `initialize`; a server whose
/// first answer comes later (an OpenAPI server parsing a large spec) answered the probe, in
/// its era — so it is started again and spoken to in that era.
async fn a_server_slower_than_the_discover_probe_is_started_again_in_its_era(era: Era) {
    let pids = Pids::in_era("slower-than-probe", era);
    let patient = ConnectOptions::default().connect_timeout(Duration::from_secs(30));
    let client = Client::connect_with(pids.spec("slow_init.py", &["10.5", "once"]), patient)
        .await
        .unwrap();
    assert_eq!(client.protocol_version(), pids.version());
    let out = client.call_tool("noop", json!({})).await.unwrap();
    assert_eq!(out.text(), "ok");
    assert_eq!(pids.all().len(), 2, "the slow start, then one more");
    client.close().await;
    pids.assert_all_gone(Duration::from_secs(3)).await;
}

/// A server that answers every method it does not know with `{}` gives `server/discover` no
/// discovery result: it is a legacy server, reached with `initialize`; the process started for
/// the probe is ended with everything it started.
#[tokio::test]
async fn a_lenient_server_answering_discover_with_nothing_is_reached_as_legacy() {
    let pids = Pids::new("lenient");
    let client = Client::connect(pids.spec("lenient.py", &[])).await.unwrap();
    assert_eq!(client.protocol_version(), "2025-11-25");
    let out = client.call_tool("noop", json!({})).await.unwrap();
    assert_eq!(out.text(), "ok");
    // Two servers, each with its child: the first pair is gone already.
    assert_eq!(pids.all().len(), 4);
    let gone = pids
        .all()
        .into_iter()
        .filter(|p| !crate::common::pid_alive(*p))
        .count();
    assert_eq!(gone, 2, "the probe's server and its child are ended");
    client.close().await;
    pids.assert_all_gone(Duration::from_secs(3)).await;
}

/// A server of the 2026-07-28 revision alone whose discovery result leaves out the caching
/// hints is reached in that revision, read with the revision's defaults for them: one server
/// started, none started again for `initialize`, which it refuses.
#[tokio::test]
async fn a_discovery_result_without_caching_hints_is_read_with_their_defaults() {
    let pids = Pids::new("no-cache-hints");
    let client = Client::connect(pids.spec("no_cache_hints.py", &[]))
        .await
        .unwrap();
    assert_eq!(client.protocol_version(), "2026-07-28");
    let out = client.call_tool("noop", json!({})).await.unwrap();
    assert_eq!(out.text(), "ok");
    assert_eq!(pids.all().len(), 1, "started once");
    client.close().await;
    pids.assert_all_gone(Duration::from_secs(3)).await;
}

/// The same over streamable HTTP, the discovery result as a JSON body and as an event.
#[tokio::test]
async fn a_discovery_result_without_caching_hints_is_read_with_their_defaults_over_http() {
    for args in [&[][..], &["--sse"]] {
        let server = http_script("http_no_cache_hints.py", args);
        let url = &server.url;
        let client = Client::connect(ServerSpec::http(url)).await;
        let client = client.unwrap_or_else(|err| panic!("{args:?}: {err}"));
        assert_eq!(client.protocol_version(), "2026-07-28", "{args:?}");
        let out = client.call_tool("noop", json!({})).await.unwrap();
        assert_eq!(out.text(), "ok");
        client.close().await;
    }
}

/// A server that refuses `server/discover` and then dies (its startup check failed) is said to
/// have exited, with its stderr, not that both handshakes failed.
#[tokio::test]
async fn a_server_that_exits_after_refusing_discover_is_said_to_have_exited() {
    let pids = Pids::new("exits-after-refusal");
    let err = Client::connect(pids.spec("exits_after_refusal.py", &[]))
        .await
        .unwrap_err();
    let Error::Connect { reason, stderr, .. } = &err else {
        panic!("{err:?}")
    };
    assert!(reason.contains("exited (exit status: 1)"), "{reason}");
    assert!(
        stderr.iter().any(|l| l.contains("ECONNREFUSED")),
        "{stderr:?}"
    );
    pids.assert_all_gone(Duration::from_secs(3)).await;
}

/// A server that prints its startup error on stdout and exits, with nothing on stderr, is said
/// to have exited, and the error quotes what it printed: the only account of why.
#[tokio::test]
async fn a_server_that_prints_its_error_on_stdout_and_exits_is_quoted() {
    let pids = Pids::new("stdout-error");
    let err = Client::connect(pids.spec("stdout_error.py", &[]))
        .await
        .unwrap_err();
    let Error::Connect { reason, .. } = &err else {
        panic!("{err:?}")
    };
    assert!(reason.contains("exited (exit status: 1)"), "{reason}");
    assert!(
        reason.contains("it wrote to stdout, where only MCP messages belong: `error: the MCP SDK is not installed"),
        "{reason}"
    );
    pids.assert_all_gone(Duration::from_secs(3)).await;
}

/// A server that serves HTTP when started over stdio stays silent; the error names the
/// address its stderr announced and how to connect to it there.
#[tokio::test]
async fn a_server_that_serves_http_is_named_with_its_address() {
    let pids = Pids::new("serves-http");
    let options = ConnectOptions::default().connect_timeout(Duration::from_secs(2));
    let err = Client::connect_with(pids.spec("serves_http.py", &[]), options)
        .await
        .unwrap_err();
    let Error::Connect { reason, .. } = &err else {
        panic!("{err:?}")
    };
    assert!(
        reason.contains("no answer to `server/discover`"),
        "{reason}"
    );
    assert!(
        reason.contains("serves HTTP at http://127.0.0.1:5001")
            && reason.contains("`--url http://127.0.0.1:5001/mcp`"),
        "{reason}"
    );
    pids.assert_all_gone(Duration::from_secs(3)).await;
}

/// A legacy server that exits on the `server/discover` probe (early Python SDKs cannot parse a
/// method they do not know) is started again with `initialize`, and works; a server that
/// exits whatever it is sent still fails, with its own stderr.
#[tokio::test]
async fn a_server_that_dies_on_the_discover_probe_is_started_again_in_the_legacy_era() {
    let pids = Pids::new("dies-on-discover");
    let client = Client::connect(pids.spec("dies_on_discover.py", &[]))
        .await
        .unwrap();
    assert_eq!(client.protocol_version(), "2025-11-25");
    let out = client.call_tool("noop", json!({})).await.unwrap();
    assert_eq!(out.text(), "ok");
    assert_eq!(
        pids.all().len(),
        2,
        "the probe's process and the legacy one"
    );
    client.close().await;
    pids.assert_all_gone(Duration::from_secs(3)).await;
}

async fn a_call_that_hangs_times_out_is_cancelled_and_the_session_goes_on(era: Era) {
    let pids = Pids::in_era("hang-once", era);
    let client = Client::connect(pids.spec("hang_once.py", &[]))
        .await
        .unwrap();
    assert_eq!(client.protocol_version(), pids.version());
    let start = Instant::now();
    let err = client
        .call_tool("work", json!({}))
        .with_timeout(Duration::from_millis(500))
        .await
        .unwrap_err();
    let elapsed = start.elapsed();
    assert!(matches!(err, Error::Timeout { .. }), "{err:?}");
    assert!(err.to_string().contains("tools/call `work`"), "{err}");
    assert!(elapsed < Duration::from_secs(3), "took {elapsed:?}");
    // The same session answers the next call, and the server heard the cancellation.
    let out = client.call_tool("work", json!({})).await.unwrap();
    assert_eq!(out.text(), "done 2");
    let cancelled = client
        .call_tool("cancelled", json!({}))
        .await
        .unwrap()
        .text();
    assert!(
        cancelled.len() > 2,
        "no notifications/cancelled arrived: {cancelled}"
    );
    client.close().await;
    pids.assert_all_gone(Duration::from_secs(3)).await;
}

async fn a_crash_mid_call_names_the_exit_status_or_signal_and_stderr(era: Era) {
    let pids = Pids::in_era("crash", era);
    let client = Client::connect(pids.spec("crash.py", &[])).await.unwrap();
    assert_eq!(client.protocol_version(), pids.version());
    assert_eq!(
        client
            .call_tool("echo", json!({"message": "hi"}))
            .await
            .unwrap()
            .text(),
        "hi"
    );
    let start = Instant::now();
    let err = client
        .call_tool("crash", json!({"code": 3}))
        .await
        .unwrap_err();
    assert!(
        start.elapsed() < Duration::from_secs(3),
        "took {:?}",
        start.elapsed()
    );
    match &err {
        Error::TransportClosed {
            exit,
            stderr,
            operation,
            ..
        } => {
            assert_eq!(exit.as_deref(), Some("exit status: 3"), "{err}");
            assert!(stderr.iter().any(|l| l.contains("out of cheese")), "{err}");
            assert_eq!(operation.as_deref(), Some("tools/call `crash`"));
        }
        other => panic!("{other:?}"),
    }
    assert!(!client.is_open());
    // `closed()` has resolved and `end_reason()` tells the same story.
    tokio::time::timeout(Duration::from_secs(1), client.closed())
        .await
        .unwrap();
    assert!(
        client
            .end_reason()
            .await
            .to_string()
            .contains("exit status: 3")
    );

    let client = Client::connect(pids.spec("crash.py", &[])).await.unwrap();
    let err = client.call_tool("kill", json!({})).await.unwrap_err();
    let text = err.to_string();
    assert!(text.contains("signal: 9"), "{text}");
    pids.assert_all_gone(Duration::from_secs(3)).await;
}

async fn an_answer_under_the_wrong_id_is_a_timeout_not_a_hang(era: Era) {
    let pids = Pids::in_era("wrong-ids", era);
    let client = Client::connect(pids.spec("wrong_ids.py", &[]))
        .await
        .unwrap();
    let start = Instant::now();
    let err = client
        .call_tool("noop", json!({}))
        .with_timeout(Duration::from_millis(500))
        .await
        .unwrap_err();
    assert!(matches!(err, Error::Timeout { .. }), "{err:?}");
    assert!(
        start.elapsed() < Duration::from_secs(3),
        "took {:?}",
        start.elapsed()
    );
    // The stray answer did not break the session.
    assert_eq!(client.list_tools().await.unwrap().len(), 1);
    client.close().await;
    pids.assert_all_gone(Duration::from_secs(3)).await;
}

#[tokio::test]
async fn structured_output_against_its_schema_is_a_decode_error_naming_the_field() {
    #[derive(Debug, serde::Deserialize)]
    struct Measure {
        #[allow(dead_code)]
        value: f64,
    }
    let pids = Pids::new("bad-output");
    let client = Client::connect(pids.spec("bad_output.py", &[]))
        .await
        .unwrap();
    let err = client
        .call_tool("measure", json!({}))
        .structured::<Measure>()
        .await
        .unwrap_err();
    match &err {
        Error::Decode {
            tool,
            path,
            excerpt,
            ..
        } => {
            assert_eq!(tool, "measure");
            assert!(path.contains("value"), "{err}");
            assert!(excerpt.contains("tall"), "{err}");
        }
        other => panic!("{other:?}"),
    }
    // The raw output is still there for a caller that wants it.
    let raw = client.call_tool("measure", json!({})).await.unwrap();
    assert_eq!(raw.structured, Some(json!({"value": "tall"})));
    client.close().await;
    pids.assert_all_gone(Duration::from_secs(3)).await;
}

async fn a_stderr_flood_neither_blocks_the_server_nor_fills_memory(era: Era) {
    let pids = Pids::in_era("stderr-flood", era);
    let options = ConnectOptions::default()
        .connect_timeout(Duration::from_secs(60))
        .stderr_lines(5);
    let start = Instant::now();
    let client = Client::connect_with(pids.spec("stderr_flood.py", &["20"]), options)
        .await
        .unwrap();
    let out = client.call_tool("flood", json!({})).await.unwrap();
    assert_eq!(out.text(), "flooded");
    assert!(
        start.elapsed() < Duration::from_secs(60),
        "took {:?}",
        start.elapsed()
    );
    client.close().await;
    pids.assert_all_gone(Duration::from_secs(3)).await;
}

async fn close_ends_a_server_that_ignores_sigterm(era: Era) {
    let pids = Pids::in_era("stubborn", era);
    let options = ConnectOptions::default().shutdown_grace(Duration::from_millis(300));
    let client = Client::connect_with(pids.spec("stubborn.py", &[]), options)
        .await
        .unwrap();
    let start = Instant::now();
    client.close().await;
    // Grace, then SIGTERM (ignored) and one second, then SIGKILL.
    assert!(
        start.elapsed() < Duration::from_secs(4),
        "took {:?}",
        start.elapsed()
    );
    pids.assert_all_gone(Duration::from_secs(2)).await;
}

async fn close_and_drop_end_the_servers_own_children(era: Era) {
    let pids = Pids::in_era("grandchild", era);
    let client = Client::connect(pids.spec("grandchild.py", &[]))
        .await
        .unwrap();
    assert_eq!(pids.all().len(), 2, "the server and its sleep");
    client.close().await;
    pids.assert_all_gone(Duration::from_secs(3)).await;

    let pids = Pids::new("grandchild-drop");
    let client = Client::connect(pids.spec("grandchild.py", &[]))
        .await
        .unwrap();
    assert_eq!(pids.all().len(), 2);
    drop(client);
    pids.assert_all_gone(Duration::from_secs(3)).await;
}

/// Every fault above that runs a fault server, against a server of each era: the legacy
/// `initialize` handshake, and 2026-07-28 (`server/discover`, `_meta` on every request).
macro_rules! both_eras {
    ($($test:ident),* $(,)?) => {
        mod legacy {
            $(#[tokio::test]
            async fn $test() {
                super::$test(super::Era::Legacy).await
            })*
        }
        mod current {
            $(#[tokio::test]
            async fn $test() {
                super::$test(super::Era::Current).await
            })*
        }
    };
}

both_eras!(
    a_mute_server_is_no_answer_not_an_exit,
    a_slow_starter_connects_within_the_timeout_and_is_no_answer_past_it,
    a_server_slower_than_the_discover_probe_is_started_again_in_its_era,
    a_call_that_hangs_times_out_is_cancelled_and_the_session_goes_on,
    a_crash_mid_call_names_the_exit_status_or_signal_and_stderr,
    an_answer_under_the_wrong_id_is_a_timeout_not_a_hang,
    a_stderr_flood_neither_blocks_the_server_nor_fills_memory,
    close_ends_a_server_that_ignores_sigterm,
    close_and_drop_end_the_servers_own_children
);
