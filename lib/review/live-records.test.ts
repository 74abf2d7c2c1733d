import { describe, expect, it } from "vitest";
import { ConsentQueue } from "@/lib/host/view/consent-queue";
import { createLiveBridge } from "./live-bridge";
import { createLiveContext, RECORD_CHARS } from "./live-context";
import type { LiveViewOptions } from "./live-types";

// Issue #39: /review kept each logged message whole and wrote every one as JSON again on each
// redraw, so forty 250 KiB logs cost the page ~50 ms more each than small ones (and kept 10 MB).
describe("what /review's records keep of the view's messages", () => {
  function live() {
    let changes = 0;
    const ctx = createLiveContext({
      connection: { client: {} },
      tool: { name: "t", inputSchema: { type: "object" } },
      onChange: () => changes++,
    } as unknown as LiveViewOptions);
    const bridge = createLiveBridge(ctx, {
      tools: [],
      own: { server: "s", resources: [], templates: [], tools: [] },
      consents: new ConsentQueue(),
      granted: [],
    });
    return { ctx, bridge, changes: () => changes };
  }

  it("keeps the start of a 250 KiB log's JSON and counts the rest, as text", () => {
    const { ctx, bridge, changes } = live();
    const data = "<b>data</b>".padEnd(250 * 1024, "z");
    bridge.onloggingmessage!({ level: "info", data });
    expect(ctx.view.logs).toEqual([
      {
        at: expect.any(Number),
        level: "info",
        data: {
          json: JSON.stringify(data).slice(0, RECORD_CHARS),
          more: data.length + 2 - RECORD_CHARS,
        },
      },
    ]);
    expect(changes()).toBe(1);
  });

  it("keeps ui/message and ui/update-model-context the same way", async () => {
    const { ctx, bridge } = live();
    const text = "m".repeat(10_000);
    await bridge.onmessage!({ role: "user", content: [{ type: "text", text }] }, {} as never);
    await bridge.onupdatemodelcontext!({ content: [{ type: "text", text: "short" }] }, {} as never);
    const [message, context] = ctx.view.messages;
    expect(message!.method).toBe("ui/message");
    expect(message!.params.json).toHaveLength(RECORD_CHARS);
    expect(message!.params.more).toBe(
      JSON.stringify({ role: "user", content: [{ type: "text", text }] }).length - RECORD_CHARS,
    );
    expect(context).toMatchObject({
      method: "ui/update-model-context",
      params: { json: '{"content":[{"type":"text","text":"short"}]}', more: 0 },
    });
  });
});
