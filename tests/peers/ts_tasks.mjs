// A TypeScript SDK 1.x server with (experimental, 2025-11-25) tasks over streamable HTTP, whose
// tasks outlive the session that started them: the SDK's in-memory store scopes a task to its
// HTTP session, so a client that reconnects would never see it again; this one keeps one store
// for the process. `long_job` runs steps in the background, reporting each as the task's status
// message, stops when cancelled, and fails at `fail_at` when asked.
//
//   node ts_tasks.mjs NODE_MODULES_DIR    # prints `listening on http://127.0.0.1:PORT/mcp`
import http from "node:http";
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const modules = process.argv[2];
const load = (path) => import(pathToFileURL(join(modules, path)).href);
const { McpServer } = await load("@modelcontextprotocol/sdk/dist/esm/server/mcp.js");
const { StreamableHTTPServerTransport } = await load(
  "@modelcontextprotocol/sdk/dist/esm/server/streamableHttp.js",
);
const { InMemoryTaskStore, InMemoryTaskMessageQueue } = await load(
  "@modelcontextprotocol/sdk/dist/esm/experimental/tasks/stores/in-memory.js",
);
const z = await load("zod/v4/index.js");

/** The SDK's store with the session left out of every lookup. */
class ProcessTaskStore extends InMemoryTaskStore {
  createTask(params, requestId, request) { return super.createTask(params, requestId, request); }
  getTask(id) { return super.getTask(id); }
  storeTaskResult(id, status, result) { return super.storeTaskResult(id, status, result); }
  getTaskResult(id) { return super.getTaskResult(id); }
  updateTaskStatus(id, status, message) { return super.updateTaskStatus(id, status, message); }
  listTasks(cursor) { return super.listTasks(cursor); }
}
const store = new ProcessTaskStore();

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function run(taskId, { steps, step_ms, fail_at }) {
  for (let step = 1; step <= steps; step++) {
    const task = await store.getTask(taskId);
    if (!task || task.status === "cancelled") return;
    await store.updateTaskStatus(taskId, "working", `step ${step} of ${steps}`);
    if (fail_at === step) {
      const text = `step ${step} failed`;
      await store.storeTaskResult(taskId, "failed", { content: [{ type: "text", text }], isError: true });
      return;
    }
    await sleep(step_ms);
  }
  const text = `done after ${steps} steps`;
  await store.storeTaskResult(taskId, "completed", { content: [{ type: "text", text }] });
}

function server() {
  const mcp = new McpServer(
    { name: "ts-tasks", version: "1.0.0" },
    {
      capabilities: { tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } },
      taskStore: store,
      taskMessageQueue: new InMemoryTaskMessageQueue(),
    },
  );
  mcp.experimental.tasks.registerToolTask(
    "long_job",
    {
      description: "Run `steps` steps of `step_ms` each in the background, as a task.",
      inputSchema: {
        steps: z.number().int().default(5).describe("How many steps"),
        step_ms: z.number().int().default(200).describe("Milliseconds per step"),
        fail_at: z.number().int().optional().describe("Fail at this step"),
      },
      execution: { taskSupport: "optional" },
    },
    {
      async createTask(args, { taskStore, taskRequestedTtl }) {
        const task = await taskStore.createTask({ ttl: taskRequestedTtl ?? 600000, pollInterval: 100 });
        run(task.taskId, args).catch((error) => console.error(error));
        return { task };
      },
      async getTask(_args, { taskId, taskStore }) {
        return await taskStore.getTask(taskId);
      },
      async getTaskResult(_args, { taskId, taskStore }) {
        return await taskStore.getTaskResult(taskId);
      },
    },
  );
  return mcp;
}

const transports = new Map();
const body = (request) =>
  new Promise((resolve) => {
    let text = "";
    request.on("data", (chunk) => (text += chunk));
    request.on("end", () => resolve(text ? JSON.parse(text) : undefined));
  });

http
  .createServer(async (request, response) => {
    const parsed = request.method === "POST" ? await body(request) : undefined;
    let transport = transports.get(request.headers["mcp-session-id"]);
    if (!transport) {
      transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => transports.set(id, transport),
      });
      await server().connect(transport);
    }
    await transport.handleRequest(request, response, parsed);
  })
  .listen(0, "127.0.0.1", function () {
    console.log(`listening on http://127.0.0.1:${this.address().port}/mcp`);
  });
