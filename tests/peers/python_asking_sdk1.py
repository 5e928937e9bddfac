"""The server of python_asking.py on the Python MCP SDK 1.x (FastMCP), which speaks only the
legacy era: `book` elicits a form (`ctx.elicit`), `haiku` samples the client's model, `where`
lists its roots — each a server-to-client request mid-call. Over stdio."""
from mcp.server.fastmcp import Context, FastMCP
from mcp.types import SamplingMessage, TextContent
from pydantic import BaseModel, Field

app = FastMCP("python-asking-sdk1")


class Seat(BaseModel):
    confirm: bool = Field(description="Book it")
    seat: str = Field(default="aisle", description="aisle or window")


@app.tool(description="Book a flight after the user confirms (elicitation).")
async def book(flight: str, ctx: Context) -> str:
    answer = await ctx.elicit(f"Book flight {flight}?", Seat)
    if answer.action != "accept":
        return f"{answer.action}: {flight}"
    if answer.data.confirm:
        return f"booked {flight}, {answer.data.seat} seat"
    return f"not confirmed: {flight}"


@app.tool(description="Ask the client's model for a haiku (sampling).")
async def haiku(topic: str, ctx: Context) -> str:
    message = SamplingMessage(role="user", content=TextContent(type="text", text=f"a haiku about {topic}"))
    reply = await ctx.session.create_message(messages=[message], max_tokens=60)
    text = reply.content.text if isinstance(reply.content, TextContent) else "?"
    return f"{reply.model}: {text}"


@app.tool(description="The client's roots, one URI a line (roots).")
async def where(ctx: Context) -> str:
    roots = await ctx.session.list_roots()
    return "\n".join(str(root.uri) for root in roots.roots) or "no roots"


if __name__ == "__main__":
    app.run()
