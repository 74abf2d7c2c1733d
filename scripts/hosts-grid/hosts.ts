/**
 * The hosts `npm run hosts:grid` installs and drives: each with its pinned packages, its record's
 * metadata, how to start it against one MCP URL, and how a user would open a UI tool's view and
 * close it again. Node only; the drivers use Playwright.
 */
import path from "node:path";
import type { Page } from "@playwright/test";
import type { HostMeta } from "./record";
import { startAppRendererHost } from "./apprenderer";
import { startProcess } from "./process";

interface HostRun {
  /** The page a user opens. */
  pageUrl: string;
  /** Opens the UI tool `tool` as a user would (connect, choose the tool, run it). */
  open(page: Page, tool: string): Promise<void>;
  /** Closes the view as a user would; says what was done. */
  close(page: Page): Promise<string>;
  stop(): void;
}

interface StartOptions {
  /** The host's install folder (.hosts-grid/<install>). */
  dir: string;
  /** The URL the host is given: the logging pass-through's /mcp. */
  mcpUrl: string;
  /** Free ports for the host's own servers. */
  ports: [number, number];
  log: string;
}

export interface GridHost {
  meta: HostMeta;
  /** The folder under .hosts-grid/ and the exact packages installed there. */
  install: { dir: string; packages: string[] };
  /** The page origins that call the MCP server from the browser (its CORS allow-list). */
  origins(ports: [number, number]): string[];
  start(o: StartOptions): Promise<HostRun>;
}

const bin = (dir: string, name: string) => path.join(dir, "node_modules", ".bin", name);

const INSPECTOR: GridHost["install"] = {
  dir: "inspector",
  packages: ["@modelcontextprotocol/inspector@2.12.0"],
};

/** MCP Inspector's web UI: connect, Apps tab, the tool; its Close button ends the view. */
const inspector: GridHost = {
  meta: {
    id: "mcp-inspector",
    name: "MCP Inspector",
    version: "2.12.0",
    setup:
      "@modelcontextprotocol/inspector 2.12.0 from the npm registry: its web UI (mcp-inspector --web) connected over Streamable HTTP, the tool opened from its Apps tab and closed with the view's Close button.",
    note: "Seen by hand on 2026-12-06, from the srcdoc its sandbox proxy received: the Inspector host wraps the server's HTML in a document of its own (a new head holding a CSP meta and a charset, the server's whole document inside the new body), so the view's own head elements end up in the body. That is why the view's document differs from the served HTML (security/sandbox-resource-ready).",
  },
  install: INSPECTOR,
  origins: ([client]) => [`http://127.0.0.1:${client}`, `http://localhost:${client}`],
  async start(o) {
    const started = await startProcess(
      bin(o.dir, "mcp-inspector"),
      ["--web", "--transport", "http", "--server-url", o.mcpUrl],
      {
        cwd: o.dir,
        log: o.log,
        ready: /(http:\/\/127\.0\.0\.1:\d+\/?\?MCP_INSPECTOR_API_TOKEN=[0-9a-f]+)/,
        env: {
          ...process.env,
          CLIENT_PORT: String(o.ports[0]),
          MCP_SANDBOX_PORT: String(o.ports[1]),
          MCP_AUTO_OPEN_ENABLED: "false",
          MCP_INSPECTOR_SECRET_STORE: "memory",
          HOME: path.join(o.dir, "home"),
        },
      },
    );
    return {
      pageUrl: started.match[1]!,
      async open(page, tool) {
        await page.getByRole("switch").first().check({ force: true });
        await page.getByText("Connected", { exact: true }).waitFor({ timeout: 30_000 });
        await page.getByText("Apps", { exact: true }).click();
        await page.getByText(tool, { exact: true }).click();
      },
      async close(page) {
        await page.getByRole("button", { name: "Close", exact: true }).click();
        return "pressed the view's Close button";
      },
      stop: started.stop,
    };
  },
};

/** sunpeak's inspector in one host runtime: choose the runtime and the tool, press Run. */
function sunpeak(runtime: "chatgpt" | "claude", label: string): GridHost {
  return {
    meta: {
      id: `sunpeak-${runtime}`,
      name: `sunpeak inspector, ${label} runtime`,
      version: "0.20.79",
      setup: `sunpeak 0.20.79 from the npm registry: sunpeak inspect --server <url>, host runtime ${label}, the tool chosen and run with its Run button, the view closed by choosing another tool.`,
    },
    install: { dir: "sunpeak", packages: ["sunpeak@0.20.79"] },
    origins: ([port]) => [`http://127.0.0.1:${port}`, `http://localhost:${port}`],
    async start(o) {
      const started = await startProcess(
        bin(o.dir, "sunpeak"),
        ["inspect", "--server", o.mcpUrl, "--port", String(o.ports[0])],
        { cwd: o.dir, log: o.log, ready: /Local:\s+(http:\/\/\S+)/ },
      );
      const selects = (page: Page) => page.locator("select");
      return {
        pageUrl: started.match[1]!,
        async open(page, tool) {
          await page.getByRole("button", { name: "Run" }).waitFor({ timeout: 60_000 });
          await selects(page).nth(2).selectOption(runtime);
          await selects(page).nth(0).selectOption(tool);
          await page.getByRole("button", { name: "Run" }).click();
        },
        async close(page) {
          await selects(page).nth(0).selectOption("conformance_ping");
          return "chose another tool (conformance_ping) in the Tool list";
        },
        stop: started.stop,
      };
    },
  };
}

/** @mcp-ui/client's AppRenderer on a page of ours, with or without the declared csp. */
function appRenderer(passCsp: boolean): GridHost {
  return {
    meta: passCsp
      ? {
          id: "apprenderer-csp",
          name: "@mcp-ui/client AppRenderer, passing the declared CSP",
          version: "7.1.1",
          setup:
            "The same page as the README variant, except that it reads the tool's resource and hands its declared csp to AppRenderer as sandbox.csp.",
          note: "The page unmounts AppRenderer as the README shows, without calling teardownResource(): AppRenderer then sends no ui/resource-teardown. The page of the 2026-12-06 measurement called teardownResource() before unmounting, hence its PASS on the teardown rows.",
        }
      : {
          id: "apprenderer-readme",
          name: "@mcp-ui/client AppRenderer, as its README shows",
          version: "7.1.1",
          setup:
            "A minimal page rendering the view with @mcp-ui/client 7.1.1's AppRenderer as its README shows (client, toolName, sandbox.url, toolInput, toolResult), unmounted by a Close button, behind a minimal sandbox proxy written for the grid from the spec (it applies the csp of its URL's query as a header, the restrictive default when there is none); ext-apps' reference proxy is not published on npm.",
        },
    install: {
      dir: "apprenderer",
      packages: ["@mcp-ui/client@7.1.1", "react@19.3.1", "react-dom@19.3.1"],
    },
    origins: ([page]) => [`http://localhost:${page}`],
    async start(o) {
      const started = await startAppRendererHost({ ...o, passCsp });
      return {
        pageUrl: started.pageUrl,
        async open(page, tool) {
          await page.goto(`${started.pageUrl}&tool=${encodeURIComponent(tool)}`);
        },
        async close(page) {
          await page.getByRole("button", { name: "Close" }).click();
          return "pressed the page's Close button, which unmounts AppRenderer";
        },
        stop: started.stop,
      };
    },
  };
}

export const GRID_HOSTS: GridHost[] = [
  inspector,
  sunpeak("chatgpt", "ChatGPT"),
  sunpeak("claude", "Claude"),
  appRenderer(false),
  appRenderer(true),
];
