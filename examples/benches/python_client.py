"""The Python MCP SDK's ClientSession on the same server and calls, for call_overhead.rs.

Usage: python_client.py CALLS WARMUP IN_FLIGHT SERVER [ARGS...]; prints
{"calls": N, "seconds": S}. IN_FLIGHT calls are kept outstanding at once (1: sequential).
A SERVER starting with http:// is a streamable HTTP endpoint.
"""
import asyncio
import json
import sys
import time

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client


def transport(server, args):
    if server.startswith("http://"):
        return streamable_http_client(server)
    return stdio_client(StdioServerParameters(command=server, args=args))


async def main() -> None:
    calls, warmup, in_flight = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    async with transport(sys.argv[4], sys.argv[5:]) as streams:
        read, write = streams[0], streams[1]
        async with ClientSession(read, write) as session:
            await session.initialize()
            for _ in range(warmup):
                await session.call_tool("add", {"a": 1, "b": 2})
            numbers = iter(range(calls))

            async def worker():
                for i in numbers:
                    result = await session.call_tool("add", {"a": i, "b": 2})
                    assert result.structured_content["sum"] == i + 2

            start = time.perf_counter()
            await asyncio.gather(*(worker() for _ in range(in_flight)))
            seconds = time.perf_counter() - start
    print(json.dumps({"calls": calls, "seconds": seconds}))


asyncio.run(main())
