"""A server that completes the handshake but never answers `tools/list`."""
from jsonrpc import serve

serve("no-tools-list", lambda: None)
