"""`no_cache_hints.py` over streamable HTTP (stdlib only): speaks only 2026-07-28, refuses
`initialize` (-32601) and leaves `ttlMs` and `cacheScope` out of its `server/discover` result,
which it sends as a JSON body or, with `--sse`, as one server-sent event. Prints its port."""
import json
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

SSE = "--sse" in sys.argv


def answer(request):
    method = request.get("method")
    if method == "server/discover":
        info = {"name": "http-no-cache-hints", "version": "1.0.0"}
        return {"result": {"resultType": "complete", "supportedVersions": ["2026-07-28"],
                           "capabilities": {"tools": {}},
                           "_meta": {"io.modelcontextprotocol/serverInfo": info}}}
    if method == "tools/list":
        return {"result": {"resultType": "complete", "ttlMs": 0, "cacheScope": "private",
                           "tools": [{"name": "noop", "inputSchema": {"type": "object"}}]}}
    if method == "tools/call":
        return {"result": {"resultType": "complete", "content": [{"type": "text", "text": "ok"}]}}
    return {"error": {"code": -32601, "message": f"{method} is not supported"}}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def reply(self, status, body=b"", content_type="application/json"):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        self.reply(405)

    def do_DELETE(self):
        self.reply(200)

    def do_POST(self):
        request = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        if "id" not in request:
            return self.reply(202)
        message = json.dumps({"jsonrpc": "2.0", "id": request["id"], **answer(request)})
        if SSE:
            self.reply(200, f"event: message\ndata: {message}\n\n".encode(), "text/event-stream")
        else:
            self.reply(200, message.encode())


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
