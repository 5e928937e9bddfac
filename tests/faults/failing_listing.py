"""A server that offers prompts and resources, lists its prompts, but fails `resources/list`
with an internal error (-32603) whose message names a private path, as the reference Google
Drive server does without credentials. With `--resources` it lists one resource instead."""
import sys

from jsonrpc import send, serve

TOOLS = {"tools": [{"name": "search", "inputSchema": {"type": "object"}}]}
PROMPTS = {"prompts": [{"name": "summarize", "description": "Summarize a file."}]}
RESOURCE = {"uri": "gdrive:///abc", "name": "Plan", "mimeType": "text/plain"}


def send_error(request):
    message = "invalid_grant: no credentials at /home/someone/.gdrive-server-credentials.json"
    error = {"code": -32603, "message": message}
    send({"jsonrpc": "2.0", "id": request["id"], "error": error})


listing = {"prompts/list": lambda params: PROMPTS}
requests = None
if "--resources" in sys.argv:
    listing["resources/list"] = lambda params: {"resources": [RESOURCE]}
else:
    requests = {"resources/list": send_error}
serve("failing-listing", lambda: TOOLS, methods=listing, requests=requests,
      capabilities={"tools": {}, "prompts": {}, "resources": {}})
