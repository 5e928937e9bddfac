"""A server that takes `seconds` (its first argument) to start answering, then works. With a
second argument `once`, only its first start in `$FAULT_PID_DIR` is slow."""
import os
import sys
import time

from jsonrpc import serve

marker = os.path.join(os.environ.get("FAULT_PID_DIR", "."), "slow-once")
if sys.argv[2:] != ["once"] or not os.path.exists(marker):
    if sys.argv[2:] == ["once"]:
        open(marker, "w").close()
    time.sleep(float(sys.argv[1]))
serve("slow-init", lambda: {"tools": [{"name": "noop", "inputSchema": {"type": "object"}}]},
      lambda params: {"content": [{"type": "text", "text": "ok"}]})
