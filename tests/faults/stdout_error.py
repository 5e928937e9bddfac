"""A server that prints its startup error on stdout, not stderr, and exits 1 before any
answer, as `mcp-filesystem` 0.3.0 does when its SDK import fails. The client must quote that
line: stderr is empty."""
import sys

import jsonrpc  # noqa: F401 -- records this process's PID for the test

print("error: the MCP SDK is not installed; install it with 'pip install mcp'", flush=True)
sys.exit(1)
