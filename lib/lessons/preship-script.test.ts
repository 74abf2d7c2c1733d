import { readFile } from "node:fs/promises";
import path from "node:path";
import { registerAppResource, registerAppTool } from "@modelcontextprotocol/ext-apps/server";
import { Client, InMemoryTransport } from "@modelcontextprotocol/client";
import { McpServer } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { transformSync } from "esbuild";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import * as z from "zod";
import { EXTENSION_ID, PROFILE_MIME, PROTOCOL_VERSION } from "@/lib/simulator/constants";

/**
 * The testing lesson's pre-ship script is code a learner will copy, so it is run here, as printed
 * in the lesson, against real SDK servers: it must pass a UI tool built with ext-apps'
 * `registerAppTool` (which also writes the deprecated flat `_meta["ui/resourceUri"]` for older
 * hosts, TOOL-1 [SDK]) and catch a tool whose flat key names another view or that has only the
 * flat key.
 */
const LESSON = path.join(process.cwd(), "content", "checklist", "testing-before-shipping.mdx");
type Script = (client: Client, assert: (ok: unknown, message: string) => void) => Promise<void>;
let script: Script;

beforeAll(async () => {
  const mdx = await readFile(LESSON, "utf8");
  const block = /```ts\n([\s\S]*?)```/.exec(mdx)?.[1];
  if (!block) throw new Error(`${LESSON}: no ts code block`);
  const js = transformSync(block, { loader: "ts" }).code;
  const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (
    ...args: string[]
  ) => Script;
  script = new AsyncFunction("client", "assert", js);
});

const HTML = "<!doctype html><html><head><title>t</title></head><body>board</body></html>";
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** A real McpServer, served as the simulator serves its own, and a 2026-07-28 client. */
async function connect(register: (server: McpServer) => void): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const handle = serveStdio(
    () => {
      const server = new McpServer(
        { name: "preship-fixture", version: "1.0.0" },
        { capabilities: { tools: {}, resources: {}, extensions: { [EXTENSION_ID]: {} } } },
      );
      registerAppResource(server, "board", "ui://board/view", { mimeType: PROFILE_MIME }, (uri) =>
        Promise.resolve({
          contents: [{ uri: uri.href, mimeType: PROFILE_MIME, text: HTML }],
        }),
      );
      register(server);
      return server;
    },
    { transport: serverSide },
  );
  const client = new Client(
    { name: "preship-test", version: "1.0.0" },
    {
      capabilities: { extensions: { [EXTENSION_ID]: { mimeTypes: [PROFILE_MIME] } } },
      versionNegotiation: { mode: { pin: PROTOCOL_VERSION } },
    },
  );
  await client.connect(clientSide);
  closers.push(async () => {
    await client.close();
    await handle.close();
  });
  return client;
}

const answer = () =>
  Promise.resolve({ content: [{ type: "text" as const, text: "Showed the board." }] });

async function run(client: Client): Promise<string[]> {
  const failures: string[] = [];
  await script(client, (ok, message) => {
    if (!ok) failures.push(message);
  });
  return failures;
}

describe("the testing lesson's pre-ship script", () => {
  it("passes a UI tool built with registerAppTool, which also carries the flat key", async () => {
    const client = await connect((server) =>
      registerAppTool(
        server,
        "show_board",
        {
          description: "Show the board.",
          inputSchema: z.object({}),
          _meta: { ui: { resourceUri: "ui://board/view" } },
        },
        answer,
      ),
    );
    const { tools } = await client.listTools();
    // The situation the old script failed: the SDK wrote the deprecated key beside the nested one.
    expect(tools[0]?._meta?.["ui/resourceUri"]).toBe("ui://board/view");
    expect(await run(client)).toEqual([]);
  });

  it("fails a tool whose flat key names a different view", async () => {
    const client = await connect((server) =>
      server.registerTool(
        "show_board",
        {
          description: "Show the board.",
          inputSchema: z.object({}),
          _meta: { ui: { resourceUri: "ui://board/view" }, "ui/resourceUri": "ui://board/old" },
        },
        answer,
      ),
    );
    expect((await run(client)).join("\n")).toMatch(/show_board: .*flat key/);
  });

  it("fails a tool linked only through the deprecated flat key", async () => {
    const client = await connect((server) =>
      server.registerTool(
        "show_board",
        {
          description: "Show the board.",
          inputSchema: z.object({}),
          _meta: { "ui/resourceUri": "ui://board/view" },
        },
        answer,
      ),
    );
    expect((await run(client)).join("\n")).toMatch(/show_board: .*_meta\.ui\.resourceUri/);
  });
});
