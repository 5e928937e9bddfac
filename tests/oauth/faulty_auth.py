"""A protected MCP endpoint whose authorization goes wrong in one chosen way (stdlib only).

Usage: faulty_auth.py MODE, MODE one of
  no-metadata      401 without WWW-Authenticate, and no metadata anywhere
  insecure-issuer  the resource metadata names an authorization server on plain http:// that
                   is not loopback
  insecure-token   the authorization server's token endpoint is plain http:// off loopback
  deny             /authorize redirects back with error=access_denied and a description
  bad-state        /authorize redirects back with a state the client never sent
  wrong-iss        the metadata promises `iss` in authorization responses (RFC 9207) and
                   /authorize sends another issuer's
Prints `listening on URL` once it serves.
"""

import json
import sys
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

MODE = sys.argv[1]


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def base(self):
        return f"http://127.0.0.1:{self.server.server_port}"

    def send_json(self, status, body, headers=()):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(data)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        url = urllib.parse.urlparse(self.path)
        if MODE == "no-metadata":
            return self.send_json(404, {"error": "not found"})
        if url.path.startswith("/.well-known/oauth-protected-resource"):
            server = "http://auth.example.com" if MODE == "insecure-issuer" else self.base()
            return self.send_json(200, {"resource": self.base() + "/mcp",
                                        "authorization_servers": [server]})
        if url.path == "/.well-known/oauth-authorization-server":
            token = "http://auth.example.com/token" if MODE == "insecure-token" else self.base() + "/token"
            return self.send_json(200, {
                "issuer": self.base(),
                "authorization_endpoint": self.base() + "/authorize",
                "token_endpoint": token,
                "registration_endpoint": self.base() + "/register",
                "response_types_supported": ["code"],
                "code_challenge_methods_supported": ["S256"],
                "authorization_response_iss_parameter_supported": MODE == "wrong-iss",
            })
        if url.path == "/authorize":
            query = dict(urllib.parse.parse_qsl(url.query))
            if MODE == "deny":
                back = {"error": "access_denied",
                        "error_description": "the demo user said no",
                        "state": query.get("state", "")}
            elif MODE == "wrong-iss":
                back = {"code": "c0de", "state": query.get("state", ""),
                        "iss": "https://evil.example"}
            else:
                back = {"code": "c0de", "state": "forged-state"}
            location = query["redirect_uri"] + "?" + urllib.parse.urlencode(back)
            self.send_response(302)
            self.send_header("location", location)
            self.send_header("content-length", "0")
            return self.end_headers()
        return self.send_json(404, {"error": "not found"})

    def do_POST(self):
        length = int(self.headers.get("content-length", "0"))
        body = self.rfile.read(length)
        if self.path == "/register" and MODE != "no-metadata":
            meta = json.loads(body or b"{}")
            meta["client_id"] = "faulty-client"
            return self.send_json(201, meta)
        headers = []
        if MODE != "no-metadata":
            headers.append(("www-authenticate", f'Bearer resource_metadata="{self.base()}/.well-known/oauth-protected-resource/mcp"'))
        return self.send_json(401, {"error": "unauthorized"}, headers)


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(f"listening on http://127.0.0.1:{server.server_port}/mcp", flush=True)
server.serve_forever()
