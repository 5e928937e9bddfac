"""A server that starts a long-lived child of its own (`sleep 600`), recorded like itself."""
import subprocess

from jsonrpc import record_pid, serve

child = subprocess.Popen(["sleep", "600"])
record_pid(child.pid)
serve("grandchild", lambda: {"tools": [{"name": "noop", "inputSchema": {"type": "object"}}]})
