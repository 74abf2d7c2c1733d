import { describe, expect, it } from "vitest";
import type { Tool } from "@modelcontextprotocol/client";
import { resourceScope, templatePattern } from "./resource-scope";

const tool = (name: string, meta: Record<string, unknown>): Tool =>
  ({ name, inputSchema: { type: "object" }, _meta: meta }) as Tool;

const own = {
  server: "Video Resource Server",
  resources: [{ uri: "ui://video-player/mcp-app.html", name: "view" }],
  templates: [{ uriTemplate: "videos://{id}", name: "video" }],
  tools: [tool("play", { "ui/resourceUri": "ui://flat-only/view.html" })],
};

describe("resourceScope (a view reads its own server's resources only)", () => {
  it("accepts a listed URI, a template match and a view a tool names", () => {
    expect(resourceScope(own, "ui://video-player/mcp-app.html")).toMatchObject({
      own: true,
      via: "listed",
    });
    expect(resourceScope(own, "videos://bunny-1mb")).toMatchObject({ own: true, via: "template" });
    expect(resourceScope(own, "ui://flat-only/view.html")).toMatchObject({
      own: true,
      via: "tool",
    });
  });

  it("refuses anything else, saying whose it is not and why", () => {
    const r = resourceScope(own, "ui://system-monitor/mcp-app.html");
    expect(r.own).toBe(false);
    if (r.own) return;
    expect(r.reason).toContain("not a resource of this view's own server (Video Resource Server)");
    expect(r.reason).toContain("SBX-6");
    // One segment only: a template variable does not swallow a path.
    expect(resourceScope(own, "videos://a/b").own).toBe(false);
  });
});

describe("templatePattern", () => {
  it("reads the RFC 6570 operators", () => {
    expect(templatePattern("file:///{+path}").test("file:///a/b/c")).toBe(true);
    expect(templatePattern("api://items{?q,page}").test("api://items?q=x&page=2")).toBe(true);
    expect(templatePattern("api://items{?q,page}").test("api://items")).toBe(true);
    expect(templatePattern("x://{a}.json").test("x://one.json")).toBe(true);
    expect(templatePattern("x://{a}.json").test("x://oneXjson")).toBe(false);
  });
});
