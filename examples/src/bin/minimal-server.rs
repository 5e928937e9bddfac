//! The floor for call benchmarks: an MCP stdio server with no framework — a blocking loop that
//! reads a line, parses it, writes the answer and flushes. One tool, `add`. Whatever a client
//! spends beyond this server's cost is the client's.
//!
//! It speaks both revisions: the `initialize` era, and 2026-07-28 (`server/discover`, the
//! version in each request's `_meta`, `resultType` on each result). A request's `_meta` is
//! skipped, not built into a map, and replies are written from structs, so either era costs
//! this server a fraction of what a client spends on a call: against it, what the newer era
//! costs a client shows as the client's own.

use std::borrow::Cow;
use std::io::{BufRead, Write};

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

/// The revision that carries its version in every request's `_meta`.
const PER_REQUEST: &str = "2026-07-28";
const SUPPORTED: [&str; 4] = ["2025-03-26", "2025-06-18", "2025-11-25", PER_REQUEST];

#[derive(Deserialize)]
struct Request<'a> {
    id: Option<Value>,
    #[serde(borrow)]
    method: Cow<'a, str>,
    #[serde(default, borrow)]
    params: Option<Params<'a>>,
}

#[derive(Deserialize, Default)]
struct Params<'a> {
    #[serde(rename = "_meta", default, borrow)]
    meta: Option<Meta<'a>>,
    /// `initialize`'s: echoed back.
    #[serde(rename = "protocolVersion", default)]
    protocol_version: Value,
    #[serde(default)]
    arguments: Value,
}

/// Of a request's `_meta`, only the version is read; the rest is skipped unbuilt.
#[derive(Deserialize)]
struct Meta<'a> {
    #[serde(rename = "io.modelcontextprotocol/protocolVersion", borrow)]
    protocol_version: Option<Cow<'a, str>>,
}

/// A reply (a result or an error) for `id`.
#[derive(Serialize)]
struct Reply<'a, R> {
    jsonrpc: &'static str,
    id: &'a Value,
    #[serde(flatten)]
    outcome: Outcome<R>,
}

#[derive(Serialize)]
#[serde(rename_all = "lowercase")]
enum Outcome<R> {
    Result(R),
    Error(Value),
}

/// `add`'s result, written field by field: the call every bench measures builds no map.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Added {
    #[serde(skip_serializing_if = "Option::is_none")]
    result_type: Option<&'static str>,
    content: [Text; 1],
    structured_content: Sum,
}

#[derive(Serialize)]
struct Text {
    r#type: &'static str,
    text: String,
}

#[derive(Serialize)]
struct Sum {
    sum: f64,
}

/// Writes the reply to `request` into `out`; false for a notification (no reply).
fn answer(request: Request, out: &mut Vec<u8>) -> serde_json::Result<bool> {
    let Some(id) = request.id else {
        return Ok(false);
    };
    let params = request.params.unwrap_or_default();
    let version = params.meta.as_ref();
    let version = version.and_then(|meta| meta.protocol_version.as_deref());
    if let Some(version) = version.filter(|v| !SUPPORTED.contains(v)) {
        let data = json!({"supported": SUPPORTED, "requested": version});
        let error =
            json!({"code": -32022, "message": "Unsupported protocol version", "data": data});
        return write::<()>(out, &id, Outcome::Error(error));
    }
    let result_type = (version == Some(PER_REQUEST)).then_some("complete");
    if request.method == "tools/call" {
        let args = &params.arguments;
        let sum = args["a"].as_f64().unwrap_or(0.0) + args["b"].as_f64().unwrap_or(0.0);
        let text = Text {
            r#type: "text",
            text: sum.to_string(),
        };
        let added = Added {
            result_type,
            content: [text],
            structured_content: Sum { sum },
        };
        return write(out, &id, Outcome::Result(added));
    }
    let outcome = match result(&request.method, params) {
        Ok(mut result) => {
            if let Some(result_type) = result_type {
                result["resultType"] = json!(result_type);
            }
            Outcome::Result(result)
        }
        Err(error) => Outcome::Error(error),
    };
    write(out, &id, outcome)
}

fn write<R: Serialize>(
    out: &mut Vec<u8>,
    id: &Value,
    outcome: Outcome<R>,
) -> serde_json::Result<bool> {
    let reply = Reply {
        jsonrpc: "2.0",
        id,
        outcome,
    };
    serde_json::to_writer(&mut *out, &reply)?;
    out.push(b'\n');
    Ok(true)
}

fn result(method: &str, params: Params) -> Result<Value, Value> {
    Ok(match method {
        "initialize" => json!({
            "protocolVersion": params.protocol_version,
            "capabilities": {"tools": {}},
            "serverInfo": {"name": "minimal", "version": "1.0.0"}
        }),
        "server/discover" => json!({
            "supportedVersions": SUPPORTED,
            "capabilities": {"tools": {}},
            "ttlMs": 0,
            "cacheScope": "private",
            "_meta": {"io.modelcontextprotocol/serverInfo": {"name": "minimal", "version": "1.0.0"}}
        }),
        "tools/list" => json!({"tools": [{
            "name": "add",
            "inputSchema": {"type": "object", "properties": {"a": {"type": "number"}, "b": {"type": "number"}}, "required": ["a", "b"]},
            "outputSchema": {"type": "object", "properties": {"sum": {"type": "number"}}, "required": ["sum"]}
        }]}),
        "ping" => json!({}),
        other => {
            return Err(json!({"code": -32601, "message": format!("{other} is not supported")}));
        }
    })
}

fn main() -> std::io::Result<()> {
    let mut stdin = std::io::stdin().lock();
    let mut stdout = std::io::stdout().lock();
    // One line and one reply buffer for the whole session, and the reply written whole: stdout
    // is line-buffered, and writing a reply piece by piece scans each piece for a line end.
    let (mut line, mut reply) = (String::new(), Vec::new());
    while stdin.read_line(&mut line)? > 0 {
        reply.clear();
        let request = serde_json::from_str(&line).ok();
        if request.is_some_and(|request| answer(request, &mut reply).unwrap_or(false)) {
            stdout.write_all(&reply)?;
            stdout.flush()?;
        }
        line.clear();
    }
    Ok(())
}
