// The official TypeScript SDK client (@modelcontextprotocol/sdk, installed by scripts/test.sh)
// on the same server and calls, for clients.rs.
// Usage: node ts_client.mjs CALLS IN_FLIGHT SERVER [ARGS...]; prints {"calls": N, "seconds": S}.
// A SERVER starting with http:// is a streamable HTTP endpoint.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const [calls, inFlight] = process.argv.slice(2, 4).map(Number);
const [command, ...args] = process.argv.slice(4);
const client = new Client({ name: "bench", version: "1.0.0" });
const transport = command.startsWith("http://")
  ? new StreamableHTTPClientTransport(new URL(command))
  : new StdioClientTransport({ command, args, stderr: "ignore" });
await client.connect(transport);
const call = async (i) => {
  const result = await client.callTool({ name: "add", arguments: { a: i, b: 2 } });
  if (result.structuredContent.sum !== i + 2) throw new Error(`wrong sum for ${i}`);
};
for (let i = 0; i < 200; i++) await call(i);
let next = 0;
const worker = async () => {
  while (next < calls) await call(next++);
};
const start = process.hrtime.bigint();
await Promise.all(Array.from({ length: inFlight }, worker));
const seconds = Number(process.hrtime.bigint() - start) / 1e9;
await client.close();
console.log(JSON.stringify({ calls, seconds }));
