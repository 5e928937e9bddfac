"""A server that ignores SIGTERM and keeps running after its stdin closes."""
import signal
import time

from jsonrpc import serve

signal.signal(signal.SIGTERM, signal.SIG_IGN)
serve("stubborn", lambda: {"tools": [{"name": "noop", "inputSchema": {"type": "object"}}]})
while True:
    time.sleep(60)
