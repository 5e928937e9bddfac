"""What the streamable HTTP fault servers share (stdlib only): a POST is answered with
`answer(request)` (the message's `result` or `error`) as a JSON body, or as one server-sent
event when `sse(request)` says so; a notification gets 202. Prints the port on stdout."""
import json
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def serve(answer, sse):
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
            if sse(request):
                self.reply(200, f"event: message\ndata: {message}\n\n".encode(), "text/event-stream")
            else:
                self.reply(200, message.encode())

    class Server(ThreadingHTTPServer):
        def handle_error(self, request, client_address):
            pass  # a client that hangs up on an answer over its limit: expected here

    server = Server(("127.0.0.1", 0), Handler)
    print(server.server_address[1], flush=True)
    server.serve_forever()
