"""A server that refuses `server/discover` ("method not found", as a legacy server should),
then exits with status 1 before answering `initialize`, as a database server does when its
startup check finds no database (@benborla29/mcp-server-mysql 2.0.9 without a MySQL). The
client must say the server exited, with its stderr, not that both handshakes failed."""
import json
import sys

from jsonrpc import send

for line in sys.stdin:
    request = json.loads(line)
    if request.get("method") == "server/discover":
        error = {"code": -32601, "message": "Method not found"}
        send({"jsonrpc": "2.0", "id": request["id"], "error": error})
        sys.stderr.write("Fatal error during server startup: connect ECONNREFUSED 127.0.0.1:3306\n")
        sys.stderr.flush()
        sys.exit(1)
