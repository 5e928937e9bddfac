"""A legacy server that exits on any request before `initialize` it cannot parse, as servers on
early releases of the Python MCP SDK do (chroma-mcp 0.2.6 on mcp 1.6.0: `server/discover`
fails its request model's validation, the error escapes the stdio loop and the process exits
with status 1). Started with `initialize` first, it serves a `noop` tool."""
import json
import sys

from jsonrpc import serve

first = sys.stdin.readline()
if json.loads(first).get("method") != "initialize":
    sys.stderr.write("pydantic_core._pydantic_core.ValidationError: 18 validation errors for ClientRequest\n")
    sys.stderr.write("  Input should be 'initialize' [type=literal_error, input_value='server/discover']\n")
    sys.stderr.flush()
    sys.exit(1)
# Answer the `initialize` already read, then serve the rest.
request = json.loads(first)
result = {
    "protocolVersion": request["params"]["protocolVersion"],
    "capabilities": {"tools": {}},
    "serverInfo": {"name": "dies-on-discover", "version": "1.0.0"},
}
sys.stdout.write(json.dumps({"jsonrpc": "2.0", "id": request["id"], "result": result}) + "\n")
sys.stdout.flush()
TOOLS = [{"name": "noop", "inputSchema": {"type": "object"}}]
serve("dies-on-discover", lambda: {"tools": TOOLS}, lambda _: {"content": [{"type": "text", "text": "ok"}]})
