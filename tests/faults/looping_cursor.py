"""A server whose tools/list pagination never ends: every page's nextCursor is the same."""
import json
import sys


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


for line in sys.stdin:
    request = json.loads(line)
    if "id" not in request:
        continue
    method = request.get("method")
    if method == "initialize":
        result = {
            "protocolVersion": request["params"]["protocolVersion"],
            "capabilities": {"tools": {}},
            "serverInfo": {"name": "looping-cursor", "version": "1.0.0"},
        }
    elif method == "tools/list":
        tool = {"name": "page_tool", "inputSchema": {"type": "object"}}
        result = {"tools": [tool], "nextCursor": "again"}
    else:
        send({"jsonrpc": "2.0", "id": request["id"], "error": {"code": -32601, "message": "no"}})
        continue
    send({"jsonrpc": "2.0", "id": request["id"], "result": result})
