"""A streamable HTTP server (stdlib only) whose `big` tool returns `megabytes` MB of text, as a
JSON body or, with `"sse": true`, as one server-sent event. Prints its port on stdout."""
import json
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

SCHEMA = {"type": "object", "properties": {"megabytes": {"type": "number"}, "sse": {"type": "boolean"}}}


def answer(request):
    method = request.get("method")
    if method == "initialize":
        return {
            "protocolVersion": request["params"]["protocolVersion"],
            "capabilities": {"tools": {}},
            "serverInfo": {"name": "http-big-result", "version": "1.0.0"},
        }
    if method == "tools/list":
        return {"tools": [{"name": "big", "inputSchema": SCHEMA}]}
    arguments = request["params"]["arguments"]
    text = "x" * int(arguments["megabytes"] * 1_000_000)
    return {"content": [{"type": "text", "text": text}]}


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
        message = json.dumps({"jsonrpc": "2.0", "id": request["id"], "result": answer(request)})
        if request.get("params", {}).get("arguments", {}).get("sse"):
            self.reply(200, f"event: message\ndata: {message}\n\n".encode(), "text/event-stream")
        else:
            self.reply(200, message.encode())


class Server(ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        pass  # the client hangs up on an answer over its limit: expected here


server = Server(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
