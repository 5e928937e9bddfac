//! The floor for call benchmarks: an MCP stdio server with no framework — a blocking loop that
//! reads a line, parses it, writes the answer and flushes. One tool, `add`. Whatever a client
//! spends beyond this server's cost is the client's.

use std::io::{BufRead, Write};

use serde_json::{Value, json};

fn answer(request: &Value) -> Option<Value> {
    let id = request.get("id")?.clone();
    let result = match request["method"].as_str()? {
        "initialize" => json!({
            "protocolVersion": request["params"]["protocolVersion"],
            "capabilities": {"tools": {}},
            "serverInfo": {"name": "minimal", "version": "1.0.0"}
        }),
        "tools/list" => json!({"tools": [{
            "name": "add",
            "inputSchema": {"type": "object", "properties": {"a": {"type": "number"}, "b": {"type": "number"}}, "required": ["a", "b"]},
            "outputSchema": {"type": "object", "properties": {"sum": {"type": "number"}}, "required": ["sum"]}
        }]}),
        "tools/call" => {
            let args = &request["params"]["arguments"];
            let sum = args["a"].as_f64().unwrap_or(0.0) + args["b"].as_f64().unwrap_or(0.0);
            json!({"content": [{"type": "text", "text": sum.to_string()}], "structuredContent": {"sum": sum}})
        }
        "ping" => json!({}),
        other => {
            let error = json!({"code": -32601, "message": format!("{other} is not supported")});
            return Some(json!({"jsonrpc": "2.0", "id": id, "error": error}));
        }
    };
    Some(json!({"jsonrpc": "2.0", "id": id, "result": result}))
}

fn main() -> std::io::Result<()> {
    let stdin = std::io::stdin().lock();
    let mut stdout = std::io::stdout().lock();
    for line in stdin.lines() {
        let Ok(request) = serde_json::from_str::<Value>(&line?) else {
            continue;
        };
        if let Some(reply) = answer(&request) {
            serde_json::to_writer(&mut stdout, &reply)?;
            stdout.write_all(b"\n")?;
            stdout.flush()?;
        }
    }
    Ok(())
}
