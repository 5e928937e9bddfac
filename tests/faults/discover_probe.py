"""Not a fault, a probe: with `--era 2026-07-28` it answers `server/discover` one second late
(from another thread, while it answers everything else at once), claiming the capabilities
given as `--capabilities JSON`; without it, `server/discover` is an unknown method and only
`initialize` works, and with `--ignore-discover` it never answers `server/discover` at all (as
some older servers do with any method they do not know). Its `probe` tool answers whether `server/discover` was seen and answered
before the call, so a test can tell a session opened on a cached discovery result."""
import json
import sys
import threading

from jsonrpc import send, serve

ERA = sys.argv[sys.argv.index("--era") + 1] if "--era" in sys.argv else None
CAPABILITIES = json.loads(sys.argv[sys.argv.index("--capabilities") + 1]) \
    if "--capabilities" in sys.argv else {"tools": {}}
SEEN = {"discoverSeen": False, "discoverAnswered": False}


def discover(request_id):
    info = {"name": "discover-probe", "version": "1.0.0"}
    result = {"resultType": "complete", "supportedVersions": [ERA], "capabilities": CAPABILITIES,
              "ttlMs": 0, "cacheScope": "private",
              "_meta": {"io.modelcontextprotocol/serverInfo": info}}
    SEEN["discoverAnswered"] = True
    send({"jsonrpc": "2.0", "id": request_id, "result": result})


def on_discover(request):
    SEEN["discoverSeen"] = True
    if "--ignore-discover" in sys.argv:
        return
    if ERA is None:
        error = {"code": -32601, "message": "server/discover is not supported"}
        send({"jsonrpc": "2.0", "id": request["id"], "error": error})
        return
    threading.Timer(1.0, discover, [request["id"]]).start()


def call_tool(params):
    return {"content": [{"type": "text", "text": json.dumps(SEEN)}], "structuredContent": dict(SEEN)}


serve("discover-probe", lambda: {"tools": [{"name": "probe", "inputSchema": {"type": "object"}}]},
      call_tool, capabilities=CAPABILITIES, requests={"server/discover": on_discover})
