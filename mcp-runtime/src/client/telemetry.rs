//! OpenTelemetry (feature `otel`), by the semantic conventions for MCP: a client span per
//! request named `{mcp.method.name} {target}` under the caller's current context (an
//! OpenTelemetry context, or a `tracing` span through `tracing-opentelemetry`), the W3C trace
//! context of that span in the request's `_meta` (`traceparent`, `tracestate`; SEP-414) so the
//! server's spans join the trace, and the `mcp.client.operation.duration` histogram. Spans and
//! metrics go to the global providers the app installs; without them, or without the feature,
//! nothing is recorded and no `_meta` is added.

use std::future::Future;

use rmcp::model::RequestMetaObject;

use super::session::Client;
use crate::{Error, Result};

/// Runs `work` (request `method` about `target`: a tool's name, or empty) in a client span.
#[cfg(feature = "otel")]
pub(crate) async fn traced<T>(
    client: &Client,
    method: &'static str,
    target: &str,
    work: impl Future<Output = Result<T>>,
) -> Result<T> {
    use opentelemetry::trace::{FutureExt, SpanKind, Status, TraceContextExt, Tracer};
    use opentelemetry::{Context, KeyValue, global};

    let tracer = global::tracer(SCOPE);
    let name = match target {
        "" => method.to_string(),
        target => format!("{method} {target}"),
    };
    let attributes = attributes(client, method, target);
    let span = tracer
        .span_builder(name)
        .with_kind(SpanKind::Client)
        .with_attributes(attributes.clone())
        .start(&tracer);
    let context = Context::current_with_span(span);
    let started = std::time::Instant::now();
    let result = work.with_context(context.clone()).await;
    let span = context.span();
    let mut metric = attributes;
    if let Err(err) = &result {
        let kind = KeyValue::new("error.type", error_type(err));
        span.set_attribute(kind.clone());
        span.set_status(Status::error(err.to_string()));
        metric.push(kind);
    }
    span.end();
    global::meter(SCOPE)
        .f64_histogram("mcp.client.operation.duration")
        .with_unit("s")
        .build()
        .record(started.elapsed().as_secs_f64(), &metric);
    result
}

/// Without the feature: the work itself. Not an `async fn` wrapper: that would hold the work
/// twice (as its argument and as what it awaits) and copy it on the first poll, a copy the
/// size of the whole call's state on every call.
#[cfg(not(feature = "otel"))]
pub(crate) fn traced<T>(
    _client: &Client,
    _method: &'static str,
    _target: &str,
    work: impl Future<Output = Result<T>>,
) -> impl Future<Output = Result<T>> {
    work
}

/// The current span's W3C trace context as request `_meta`, when there is a sampled or
/// unsampled but valid span (inside [`traced`], the request's own span).
#[cfg(feature = "otel")]
pub(crate) fn trace_meta() -> Option<RequestMetaObject> {
    use opentelemetry::trace::TraceContextExt;

    let context = opentelemetry::Context::current();
    let span = context.span();
    let span = span.span_context();
    if !span.is_valid() {
        return None;
    }
    let mut meta = RequestMetaObject::default();
    meta.set_traceparent(format!(
        "00-{}-{}-{:02x}",
        span.trace_id(),
        span.span_id(),
        span.trace_flags().to_u8()
    ));
    let state = span.trace_state().header();
    if !state.is_empty() {
        meta.set_tracestate(state);
    }
    Some(meta)
}

/// Without the feature: no trace context.
#[cfg(not(feature = "otel"))]
pub(crate) fn trace_meta() -> Option<RequestMetaObject> {
    None
}

#[cfg(feature = "otel")]
const SCOPE: &str = "mcp-runtime";

#[cfg(feature = "otel")]
fn attributes(client: &Client, method: &'static str, target: &str) -> Vec<opentelemetry::KeyValue> {
    use opentelemetry::KeyValue;

    let transport = if client.pid().is_some() {
        "pipe"
    } else {
        "tcp"
    };
    let mut attributes = vec![
        KeyValue::new("mcp.method.name", method),
        KeyValue::new(
            "mcp.protocol.version",
            client.protocol_version().to_string(),
        ),
        KeyValue::new("network.transport", transport),
    ];
    if method == "tools/call" {
        attributes.push(KeyValue::new("gen_ai.tool.name", target.to_string()));
        attributes.push(KeyValue::new("gen_ai.operation.name", "execute_tool"));
    }
    attributes
}

/// `error.type`: what kind of failure, low in cardinality.
#[cfg_attr(not(feature = "otel"), allow(dead_code))]
fn error_type(err: &Error) -> &'static str {
    match err {
        Error::Tool { .. } => "tool_error",
        Error::Timeout { .. } => "timeout",
        Error::Protocol { .. } => "jsonrpc_error",
        Error::TransportClosed { .. } | Error::Connect { .. } => "transport",
        Error::Decode { .. } => "decode",
        Error::InvalidArguments { .. } => "invalid_arguments",
        _ => "_OTHER",
    }
}
