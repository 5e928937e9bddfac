"""Speaks only 2026-07-28 and leaves out the caching hints that revision asks of its
`server/discover` result (`ttlMs`, `cacheScope`); `initialize` it refuses (-32601)."""
from jsonrpc import send, serve


def discover(request):
    info = {"name": "no-cache-hints", "version": "1.0.0"}
    result = {"resultType": "complete", "supportedVersions": ["2026-07-28"],
              "capabilities": {"tools": {}}, "_meta": {"io.modelcontextprotocol/serverInfo": info}}
    send({"jsonrpc": "2.0", "id": request["id"], "result": result})


def refuse(request):
    error = {"code": -32601, "message": "initialize is not supported: this server speaks 2026-07-28"}
    send({"jsonrpc": "2.0", "id": request["id"], "error": error})


serve("no-cache-hints", lambda: {"tools": [{"name": "noop", "inputSchema": {"type": "object"}}]},
      lambda params: {"resultType": "complete", "content": [{"type": "text", "text": "ok"}]},
      requests={"server/discover": discover, "initialize": refuse})
