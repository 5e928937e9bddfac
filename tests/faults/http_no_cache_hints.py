"""`no_cache_hints.py` over streamable HTTP (stdlib only): speaks only 2026-07-28, refuses
`initialize` (-32601) and leaves `ttlMs` and `cacheScope` out of its `server/discover` result,
which it sends as a JSON body or, with `--sse`, as one server-sent event. Prints its port."""
import sys

from http_fault import serve

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


serve(answer, lambda request: SSE)
