"""A server that prints a banner and a stray line on stdout, between its JSON-RPC messages."""
import json
import sys

print("Starting banner-server v1.0 ... ready!", flush=True)
for line in sys.stdin:
    request = json.loads(line)
    if "id" not in request:
        continue
    method = request.get("method")
    if method == "initialize":
        result = {
            "protocolVersion": request["params"]["protocolVersion"],
            "capabilities": {"tools": {}},
            "serverInfo": {"name": "banner", "version": "1.0.0"},
        }
    elif method == "tools/list":
        print("debug: listing tools", flush=True)
        result = {"tools": [{"name": "noop", "inputSchema": {"type": "object"}}]}
    else:
        result = {"content": [{"type": "text", "text": "ok"}]}
    sys.stdout.write(json.dumps({"jsonrpc": "2.0", "id": request["id"], "result": result}) + "\n")
    sys.stdout.flush()
