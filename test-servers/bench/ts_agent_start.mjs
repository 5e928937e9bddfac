// The official TypeScript SDK client (@modelcontextprotocol/sdk) starting an agent over several
// stdio servers as such apps do, for agent_start.rs: connect to every server at once, each
// within a connect timeout, list their tools, hand the model the definitions, then call the
// first server's `add`.
// Usage: node ts_agent_start.mjs TIMEOUT_MS SERVERS_JSON   (SERVERS_JSON: [[command, ...args], ...])
// Prints `definitions N` once the tools are known and `result TEXT` after the call.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const timeoutMs = Number(process.argv[2]);
const servers = JSON.parse(process.argv[3]);
const withTimeout = (promise, ms) =>
  Promise.race([promise, new Promise((_, reject) => setTimeout(() => reject(new Error("connect timeout")), ms))]);
const connect = async ([command, ...args]) => {
  const client = new Client({ name: "agent", version: "1.0.0" });
  await client.connect(new StdioClientTransport({ command, args, stderr: "ignore" }));
  const { tools } = await client.listTools();
  return { client, tools };
};
const settled = await Promise.allSettled(servers.map((s) => withTimeout(connect(s), timeoutMs)));
const live = settled.filter((s) => s.status === "fulfilled").map((s) => s.value);
console.log(`definitions ${live.reduce((n, s) => n + s.tools.length, 0)}`);
const result = await live[0].client.callTool({ name: "add", arguments: { a: 1, b: 2 } });
console.log(`result ${result.content[0].text}`);
await Promise.all(live.map((s) => s.client.close()));
process.exit(0);
