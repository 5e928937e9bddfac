"""A Python MCP SDK 2.x server whose tools ask the client, for the era tests: `book` elicits a
form, `haiku` samples the client's model, `where` lists its roots. The SDK's resolvers ask as
the session's revision says: an `InputRequiredResult` on 2026-07-28, a server-to-client request
on earlier ones. Usage: python_asking.py [--http PORT] (stdio by default)."""
import sys
from typing import Annotated

from mcp.server.mcpserver import (
    AcceptedElicitation,
    Elicit,
    ElicitationResult,
    ListRoots,
    MCPServer,
    Resolve,
    Sample,
)
from mcp_types import CreateMessageResult, ListRootsResult, SamplingMessage, TextContent
from pydantic import BaseModel, Field

app = MCPServer("python-asking")


class Seat(BaseModel):
    confirm: bool = Field(description="Book it")
    seat: str = Field(default="aisle", description="aisle or window")


def ask_seat(flight: str) -> Elicit[Seat]:
    return Elicit(f"Book flight {flight}?", Seat)


@app.tool(description="Book a flight after the user confirms (elicitation).")
def book(flight: str, answer: Annotated[ElicitationResult[Seat], Resolve(ask_seat)]) -> str:
    if isinstance(answer, AcceptedElicitation):
        if answer.data.confirm:
            return f"booked {flight}, {answer.data.seat} seat"
        return f"not confirmed: {flight}"
    return f"{answer.action}: {flight}"


def ask_model(topic: str) -> Sample:
    message = SamplingMessage(role="user", content=TextContent(type="text", text=f"a haiku about {topic}"))
    return Sample([message], max_tokens=60)


@app.tool(description="Ask the client's model for a haiku (sampling).")
def haiku(topic: str, reply: Annotated[CreateMessageResult, Resolve(ask_model)]) -> str:
    text = reply.content.text if isinstance(reply.content, TextContent) else "?"
    return f"{reply.model}: {text}"


def ask_roots() -> ListRoots:
    return ListRoots()


@app.tool(description="The client's roots, one URI a line (roots).")
def where(roots: Annotated[ListRootsResult, Resolve(ask_roots)]) -> str:
    return "\n".join(str(root.uri) for root in roots.roots) or "no roots"


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--http":
        app.run("streamable-http", host="127.0.0.1", port=int(sys.argv[2]))
    else:
        app.run()
