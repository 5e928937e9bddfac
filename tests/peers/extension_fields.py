"""A legacy-era server whose tools carry fields the runtime's model does not know — the
`execution.taskSupport` of 2025-11-25, an extension's tool-level `id`, a vendor field — and
whose `tools/list` pages and states cache hints. Over stdio by default; with `--http PORT`
over streamable HTTP answering plain JSON bodies (no event streams). `--ttl MS` sets the
`ttlMs` it states (60000 by default; `none` leaves it out); the `wait` tool's description
counts the listings served, so a client's cache can be seen. Stdlib only."""
import json
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

TOOLS = [
    {"name": "plan", "description": "Plans a trip.", "inputSchema": {"type": "object"},
     "execution": {"taskSupport": "optional"}, "id": "tool-plan-v2", "x-vendor": {"tier": 3}},
    {"name": "wait", "description": "Waits.", "inputSchema": {"type": "object"},
     "execution": {"taskSupport": "required"}},
]


TTL = 60000
LISTINGS = 0


def answer(request):
    """The response to one request (None for a notification)."""
    if "id" not in request:
        return None
    method = request.get("method")
    params = request.get("params") or {}
    if method == "initialize":
        result = {"protocolVersion": "2025-11-25", "capabilities": {"tools": {}},
                  "serverInfo": {"name": "extension-fields", "version": "1.0.0"}}
    elif method == "tools/list":
        # One tool a page: the second page comes with the cursor of the first.
        global LISTINGS
        page = 1 if params.get("cursor") == "2" else 0
        tool = dict(TOOLS[page])
        if page == 0:
            LISTINGS += 1
        else:
            tool["description"] = f"Waits. (listing {LISTINGS})"
        result = {"tools": [tool], "cacheScope": "public"}
        if TTL is not None:
            result["ttlMs"] = TTL
        if page == 0:
            result["nextCursor"] = "2"
    else:
        error = {"code": -32601, "message": f"{method} is not supported"}
        return {"jsonrpc": "2.0", "id": request["id"], "error": error}
    return {"jsonrpc": "2.0", "id": request["id"], "result": result}


class Http(BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("content-length", 0)))
        response = answer(json.loads(body))
        if response is None:
            self.send_response(202)
            self.end_headers()
            return
        data = json.dumps(response).encode()
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        self.send_response(405)
        self.end_headers()

    def log_message(self, *args):
        pass


if __name__ == "__main__":
    if len(sys.argv) >= 3 and sys.argv[1] == "--ttl":
        TTL = None if sys.argv[2] == "none" else int(sys.argv[2])
        del sys.argv[1:3]
    if len(sys.argv) == 3 and sys.argv[1] == "--http":
        server = ThreadingHTTPServer(("127.0.0.1", int(sys.argv[2])), Http)
        print(f"listening on http://127.0.0.1:{server.server_address[1]}/mcp", flush=True)
        server.serve_forever()
    else:
        for line in sys.stdin:
            response = answer(json.loads(line))
            if response is not None:
                print(json.dumps(response), flush=True)
