"""A lenient legacy server: it answers every method it does not know — `server/discover`
included — with an empty result `{}`, as some hand-written servers do, and starts a child of its
own (`sleep 600`), recorded like itself."""
import subprocess

from jsonrpc import record_pid, serve

child = subprocess.Popen(["sleep", "600"])
record_pid(child.pid)
serve("lenient", lambda: {"tools": [{"name": "noop", "inputSchema": {"type": "object"}}]},
      lambda params: {"content": [{"type": "text", "text": "ok"}]},
      otherwise=lambda method: {})
