import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { registerAppResource, registerAppTool } from "@modelcontextprotocol/ext-apps/server";
import { type Client, InMemoryTransport } from "@modelcontextprotocol/client";
import { McpServer } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { createServer as createBasicVanillaServer } from "@modelcontextprotocol/server-basic-vanillajs";
import { transformSync } from "esbuild";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as z from "zod";
import { EXTENSION_ID, PROFILE_MIME } from "@/lib/simulator/constants";

/**
 * The testing lesson's pre-ship script is code a learner will copy, so it is run here, as printed
 * in the lesson (its `ts check` module, client factory included), against real SDK servers of
 * both eras (NEG-6): a 2026-07-28 server, a legacy-only one built with ext-apps'
 * `registerAppTool` (which also writes the deprecated flat `_meta["ui/resourceUri"]` for older
 * hosts, TOOL-1 [SDK]), and the published `server-basic-vanillajs` 2.0.3, which is legacy-only.
 * It must pass them and catch a tool whose flat key names another view or that has only the flat
 * key.
 */
const LESSON = path.join(process.cwd(), "content", "checklist", "testing-before-shipping.mdx");
type Assert = (ok: unknown, message: string) => void;
interface PreShipModule {
  createPreShipClient(): Client;
  preShip(client: Client, assert: Assert): Promise<void>;
}
let lesson: PreShipModule;
// Inside the worktree, so that the module's imports resolve to this repository's packages.
const SCRATCH = path.join(process.cwd(), "node_modules", ".preship-script-test");

beforeAll(async () => {
  const mdx = await readFile(LESSON, "utf8");
  const block = [...mdx.matchAll(/```ts check\n([\s\S]*?)```/g)]
    .map((m) => m[1]!)
    .find((code) => code.includes("export async function preShip"));
  if (!block) throw new Error(`${LESSON}: no ts check block exporting preShip`);
  const js = transformSync(block, { loader: "ts", format: "esm" }).code;
  await mkdir(SCRATCH, { recursive: true });
  const file = path.join(SCRATCH, `preship-${process.pid}.mjs`);
  await writeFile(file, js);
  lesson = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as PreShipModule;
});
afterAll(() => rm(SCRATCH, { recursive: true, force: true }));

const HTML = "<!doctype html><html><head><title>t</title></head><body>board</body></html>";
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

function fixture(register: (server: McpServer) => void, extensions = true): McpServer {
  const server = new McpServer(
    { name: "preship-fixture", version: "1.0.0" },
    {
      capabilities: {
        tools: {},
        resources: {},
        ...(extensions ? { extensions: { [EXTENSION_ID]: {} } } : {}),
      },
    },
  );
  registerAppResource(server, "board", "ui://board/view", { mimeType: PROFILE_MIME }, (uri) =>
    Promise.resolve({ contents: [{ uri: uri.href, mimeType: PROFILE_MIME, text: HTML }] }),
  );
  register(server);
  return server;
}

/** The lesson's own client, connected to a server served as the simulator serves its own (dual-era). */
async function connectModern(register: (server: McpServer) => void): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const handle = serveStdio(() => fixture(register), { transport: serverSide });
  const client = lesson.createPreShipClient();
  await client.connect(clientSide);
  closers.push(async () => {
    await client.close();
    await handle.close();
  });
  return client;
}

/** The lesson's own client, connected to a legacy-only server (a bare `connect()`). */
async function connectLegacy(server: {
  connect(t: InMemoryTransport): Promise<void>;
  close(): Promise<void>;
}): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = lesson.createPreShipClient();
  await client.connect(clientSide);
  closers.push(async () => {
    await client.close();
    await server.close();
  });
  return client;
}

const answer = () =>
  Promise.resolve({ content: [{ type: "text" as const, text: "Showed the board." }] });

const showBoard = (server: McpServer) =>
  registerAppTool(
    server,
    "show_board",
    {
      description: "Show the board.",
      inputSchema: z.object({}),
      _meta: { ui: { resourceUri: "ui://board/view" } },
    },
    answer,
  );

async function run(client: Client): Promise<string[]> {
  const failures: string[] = [];
  await lesson.preShip(client, (ok, message) => {
    if (!ok) failures.push(message);
  });
  return failures;
}

describe("the testing lesson's pre-ship script", () => {
  it("passes a UI tool built with registerAppTool, which also carries the flat key", async () => {
    const client = await connectModern(showBoard);
    expect(client.getProtocolEra()).toBe("modern");
    const { tools } = await client.listTools();
    // The situation the old script failed: the SDK wrote the deprecated key beside the nested one.
    expect(tools[0]?._meta?.["ui/resourceUri"]).toBe("ui://board/view");
    expect(await run(client)).toEqual([]);
  });

  it("reaches a legacy-only server through initialize and passes its UI tool, without asking for 2026-07-28 caching hints", async () => {
    const client = await connectLegacy(fixture(showBoard, false));
    expect(client.getProtocolEra()).toBe("legacy");
    expect(await run(client)).toEqual([]);
  });

  it("passes the published server-basic-vanillajs 2.0.3, a legacy-only server", async () => {
    const client = await connectLegacy(createBasicVanillaServer());
    expect(client.getProtocolEra()).toBe("legacy");
    expect(client.getServerVersion()?.name).toBe("Basic MCP App Server (Vanilla JS)");
    expect(await run(client)).toEqual([]);
  });

  it("fails a 2026-07-28 server whose server/discover does not list the extension", async () => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const handle = serveStdio(() => fixture(showBoard, false), { transport: serverSide });
    const client = lesson.createPreShipClient();
    await client.connect(clientSide);
    closers.push(async () => {
      await client.close();
      await handle.close();
    });
    expect(client.getProtocolEra()).toBe("modern");
    expect((await run(client)).join("\n")).toMatch(
      /server\/discover.*io\.modelcontextprotocol\/ui/,
    );
  });

  it("fails a tool whose flat key names a different view", async () => {
    const client = await connectModern((server) =>
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
    const client = await connectModern((server) =>
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
