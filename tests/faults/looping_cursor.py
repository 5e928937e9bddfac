"""A server whose tools/list pagination never ends: every page's nextCursor is the same."""
from jsonrpc import serve

TOOL = {"name": "page_tool", "inputSchema": {"type": "object"}}
serve("looping-cursor", lambda: {"tools": [TOOL], "nextCursor": "again"})
