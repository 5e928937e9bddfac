"""The JSON-RPC loop the misbehaving servers share: one message per line on stdin and stdout.
A server gives its name, what `tools/list` returns and how `tools/call` answers (`None`
from either: no answer at all), may answer other `methods` (a dict by method name) and, with `otherwise`, every
method it does not know, may watch notifications, may take whole requests and answer them itself (`requests`, by method), and may claim capabilities it does not serve (every method it does not know is answered "method not found", -32601).

Every process that imports it leaves an empty file named after its PID in `$FAULT_PID_DIR`
(when set), so a test can check that none is left running. With `$FAULT_ERA=2026-07-28` it
also answers `server/discover`, so a client negotiates that revision (and sends `_meta` on every
request instead of `initialize`); otherwise `server/discover` is an unknown method and clients
fall back to the legacy handshake."""
import json
import os
import sys


def record_pid(pid):
    directory = os.environ.get("FAULT_PID_DIR")
    if directory:
        open(os.path.join(directory, str(pid)), "w").close()


record_pid(os.getpid())


ERA = os.environ.get("FAULT_ERA")


def discover(name):
    info = {"name": name, "version": "1.0.0"}
    return {"resultType": "complete", "supportedVersions": [ERA], "capabilities": {"tools": {}},
            "ttlMs": 0, "cacheScope": "private", "_meta": {"io.modelcontextprotocol/serverInfo": info}}


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def serve(name, list_tools, call_tool=None, on_notification=None, capabilities=None, methods=None,
          otherwise=None, requests=None):
    for line in sys.stdin:
        request = json.loads(line)
        if "id" not in request:
            if on_notification is not None:
                on_notification(request)
            continue
        method = request.get("method")
        if requests and method in requests:
            requests[method](request)
            continue
        if method == "initialize":
            result = {
                "protocolVersion": request["params"]["protocolVersion"],
                "capabilities": capabilities or {"tools": {}},
                "serverInfo": {"name": name, "version": "1.0.0"},
            }
        elif method == "server/discover" and ERA:
            result = discover(name)
        elif method == "tools/list":
            result = list_tools()
        elif method == "tools/call" and call_tool is not None:
            result = call_tool(request["params"])
        elif methods and method in methods:
            result = methods[method](request.get("params") or {})
        elif otherwise is not None:
            result = otherwise(method)
        else:
            error = {"code": -32601, "message": f"{method} is not supported"}
            send({"jsonrpc": "2.0", "id": request["id"], "error": error})
            continue
        if result is not None:
            send({"jsonrpc": "2.0", "id": request["id"], "result": result})
