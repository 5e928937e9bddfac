//! OpenTelemetry (feature `otel`), against a real stdio server in both eras: a client span per
//! request with the MCP semantic conventions, parented under the caller's span; the server
//! receives that span's `traceparent` in `_meta`; failures mark the span and the duration
//! metric. Its own test binary: the global providers it installs would otherwise trace every
//! other test's calls.

use std::future::IntoFuture;
use std::path::PathBuf;

use mcp_runtime::{Client, ServerSpec};
use opentelemetry::trace::{FutureExt, SpanKind, Status, TraceContextExt, Tracer};
use opentelemetry::{Context, KeyValue, Value, global};
use opentelemetry_sdk::metrics::data::{AggregatedMetrics, MetricData};
use opentelemetry_sdk::metrics::{InMemoryMetricExporter, PeriodicReader, SdkMeterProvider};
use opentelemetry_sdk::trace::{InMemorySpanExporter, SdkTracerProvider, SpanData};
use serde_json::json;

fn probe(era: Option<&str>) -> ServerSpec {
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("faults/meta_echo.py");
    let spec = ServerSpec::stdio("python3").arg(script.to_string_lossy());
    match era {
        Some(era) => spec.env("FAULT_ERA", era).into(),
        None => spec.into(),
    }
}

fn attribute<'a>(span: &'a SpanData, key: &str) -> Option<&'a Value> {
    span.attributes
        .iter()
        .find(|kv| kv.key.as_str() == key)
        .map(|kv| &kv.value)
}

fn durations(metrics: &InMemoryMetricExporter) -> Vec<(u64, Vec<KeyValue>)> {
    let mut points = Vec::new();
    for resource in metrics.get_finished_metrics().unwrap() {
        for scope in resource.scope_metrics() {
            for metric in scope
                .metrics()
                .filter(|m| m.name() == "mcp.client.operation.duration")
            {
                assert_eq!(metric.unit(), "s");
                if let AggregatedMetrics::F64(MetricData::Histogram(h)) = metric.data() {
                    points.extend(
                        h.data_points()
                            .map(|p| (p.count(), p.attributes().cloned().collect())),
                    );
                }
            }
        }
    }
    points
}

#[tokio::test]
async fn calls_are_client_spans_under_the_callers_span_and_the_server_sees_their_traceparent() {
    let spans = InMemorySpanExporter::default();
    global::set_tracer_provider(
        SdkTracerProvider::builder()
            .with_simple_exporter(spans.clone())
            .build(),
    );
    let metrics = InMemoryMetricExporter::default();
    let meters = SdkMeterProvider::builder()
        .with_reader(PeriodicReader::builder(metrics.clone()).build())
        .build();
    global::set_meter_provider(meters.clone());

    for era in [None, Some("2026-07-28")] {
        spans.reset();
        let client = Client::connect(probe(era)).await.unwrap();
        let turn = global::tracer("agent").start("agent turn");
        let turn = Context::current_with_span(turn);
        let parent = turn.span().span_context().clone();

        let echoed = client
            .call_tool("echo_meta", json!({}))
            .into_future()
            .with_context(turn.clone())
            .await
            .unwrap();
        let failed = client
            .call_tool("fail", json!({}))
            .into_future()
            .with_context(turn.clone())
            .await;
        assert!(failed.is_err());
        let listed = client
            .list_tools()
            .with_context(turn.clone())
            .await
            .unwrap();
        assert_eq!(listed.len(), 2);
        let prompt = client
            .get_prompt("echo_meta", json!({}))
            .with_context(turn.clone());
        let prompt: serde_json::Value =
            serde_json::from_str(&prompt.await.unwrap().text()).unwrap();
        let resource = client
            .read_resource("meta://echo")
            .with_context(turn.clone());
        let resource: serde_json::Value =
            serde_json::from_str(&resource.await.unwrap().text()).unwrap();
        turn.span().end();

        let finished = spans.get_finished_spans().unwrap();
        let call = finished
            .iter()
            .find(|s| s.name == "tools/call echo_meta")
            .expect("a tools/call span");
        assert_eq!(call.span_kind, SpanKind::Client);
        assert_eq!(call.parent_span_id, parent.span_id(), "{era:?}");
        assert_eq!(call.span_context.trace_id(), parent.trace_id());
        assert_eq!(
            attribute(call, "mcp.method.name"),
            Some(&Value::from("tools/call"))
        );
        assert_eq!(
            attribute(call, "gen_ai.tool.name"),
            Some(&Value::from("echo_meta"))
        );
        assert_eq!(
            attribute(call, "network.transport"),
            Some(&Value::from("pipe"))
        );
        let version = era.unwrap_or("2025-11-25");
        assert_eq!(
            attribute(call, "mcp.protocol.version"),
            Some(&Value::from(version))
        );

        // The server got the client span's context, so its own spans join the trace.
        let expected = format!(
            "00-{}-{}-01",
            call.span_context.trace_id(),
            call.span_context.span_id()
        );
        let meta = echoed.structured.expect("the echoed _meta");
        assert_eq!(meta["traceparent"], json!(expected), "{era:?}: {meta}");

        let fail = finished
            .iter()
            .find(|s| s.name == "tools/call fail")
            .unwrap();
        assert!(
            matches!(fail.status, Status::Error { .. }),
            "{:?}",
            fail.status
        );
        assert_eq!(
            attribute(fail, "error.type"),
            Some(&Value::from("tool_error"))
        );
        // Every request is a client span under the caller's, and carries its own context.
        for (name, sent) in [
            ("prompts/get echo_meta", &prompt),
            ("resources/read meta://echo", &resource),
        ] {
            let span = finished.iter().find(|s| s.name == name).expect(name);
            assert_eq!(span.parent_span_id, parent.span_id(), "{name}");
            let expected = format!(
                "00-{}-{}-01",
                span.span_context.trace_id(),
                span.span_context.span_id()
            );
            assert_eq!(sent["traceparent"], json!(expected), "{name}: {sent}");
        }
        let list = finished.iter().find(|s| s.name == "tools/list").unwrap();
        assert_eq!(list.parent_span_id, parent.span_id());
        client.close().await;
    }

    meters.force_flush().unwrap();
    let points = durations(&metrics);
    let errors = KeyValue::new("error.type", "tool_error");
    let failed: u64 = points
        .iter()
        .filter(|(_, a)| a.contains(&errors))
        .map(|(n, _)| n)
        .sum();
    let all: u64 = points.iter().map(|(n, _)| n).sum();
    // One failed call and five requests in all per era.
    assert_eq!((failed, all), (2, 10), "{points:?}");
}
