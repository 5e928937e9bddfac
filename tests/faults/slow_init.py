"""A server that takes `seconds` (its first argument) to start answering, then works."""
import sys
import time

from jsonrpc import serve

time.sleep(float(sys.argv[1]))
serve("slow-init", lambda: {"tools": [{"name": "noop", "inputSchema": {"type": "object"}}]},
      lambda params: {"content": [{"type": "text", "text": "ok"}]})
