"""A server whose capabilities offer prompts and resources, but which answers their listings
"method not found" (-32601), as some servers on npm do."""
from jsonrpc import serve

TOOLS = {"tools": [{"name": "ping", "inputSchema": {"type": "object"}}]}
serve("unlisted-catalog", lambda: TOOLS,
      capabilities={"tools": {}, "prompts": {}, "resources": {}})
