"""A server that, started over stdio, serves streamable HTTP instead, as `influxdb-mcp` 0.1.1
does: it announces its address on stderr and never answers on stdout. The failed handshake
must name that address and how to connect to it."""
import sys

import jsonrpc  # noqa: F401 (records the PID)

print("INFO:     Started server process", file=sys.stderr, flush=True)
print(
    "INFO:     Uvicorn running on http://0.0.0.0:5001 (Press CTRL+C to quit)",
    file=sys.stderr,
    flush=True,
)
for _ in sys.stdin:
    pass
sys.exit(0)
