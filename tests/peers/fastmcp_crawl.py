"""A FastMCP 4 server with its tasks extension (`fastmcp[tasks]`: the 2026-07-28
`io.modelcontextprotocol/tasks`, on an in-memory Docket), for the tasks tests: `crawl` runs as
a task, one page every `page_ms`, and fails at `fail_at` when asked.

    python fastmcp_crawl.py          # stdio
    python fastmcp_crawl.py --http   # prints `listening on http://127.0.0.1:PORT/mcp`, then serves
"""

import asyncio
import socket
import sys

from fastmcp import Context, FastMCP
from fastmcp_tasks import TasksExtension

mcp = FastMCP("fastmcp-tasks")
mcp.add_extension(TasksExtension(url="memory://"))


@mcp.tool(task=True)
async def crawl(pages: int, ctx: Context, page_ms: int = 200, fail_at: int | None = None) -> str:
    """Crawl `pages` pages, one every `page_ms` milliseconds."""
    for page in range(1, pages + 1):
        if page == fail_at:
            raise RuntimeError(f"page {page} could not be fetched")
        await ctx.report_progress(page, pages, f"page {page} of {pages}")
        await asyncio.sleep(page_ms / 1000)
    return f"crawled {pages} pages"


if __name__ == "__main__":
    if "--http" in sys.argv:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        print(f"listening on http://127.0.0.1:{port}/mcp", flush=True)
        mcp.run(transport="http", host="127.0.0.1", port=port, show_banner=False)
    else:
        mcp.run(show_banner=False)
