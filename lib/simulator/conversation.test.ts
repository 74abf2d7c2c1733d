import { App } from "@modelcontextprotocol/ext-apps";
import { InMemoryTransport } from "@modelcontextprotocol/client";
import { describe, expect, it } from "vitest";
import { loadScenarioFiles } from "../content/scenarios";
import { createViewCache, SimHost } from "./host";
import { HEADLESS_VIEWS } from "./run";
import { resolvePorts } from "./scenario";
import { Trace } from "../host/view/trace";

const happy = resolvePorts(
  (await loadScenarioFiles()).find((f) => f.scenario.id === "happy-path")!.scenario,
  3000,
);

describe("the simulated conversation (BRG-4)", () => {
  it("adds a view's ui/message to the transcript and keeps only the last ui/update-model-context for the model's next turn", async () => {
    const host = await SimHost.create(happy, HEADLESS_VIEWS, new Trace(), createViewCache());
    try {
      const turn = await host.agentTurn({});
      const bridge = host.createBridge(turn, async () => "deny");
      const app = new App({ name: "v", version: "1" }, {}, { autoResize: false });
      const [hostSide, viewSide] = InMemoryTransport.createLinkedPair();
      await bridge.connect(hostSide);
      await app.connect(viewSide);
      const changes: number[] = [];
      host.conversation.subscribe(() =>
        changes.push(host.conversation.snapshot().transcript.length),
      );

      await app.sendMessage({ role: "user", content: [{ type: "text", text: "Show me more." }] });
      await app.updateModelContext({ content: [{ type: "text", text: "Row 1 selected." }] });
      await app.updateModelContext({
        content: [{ type: "text", text: "Row 3 selected." }],
        structuredContent: { row: 3 },
      });

      const c = host.conversation.snapshot();
      expect(c.transcript).toEqual([
        { from: "agent", text: `The agent called ${happy.uiTool.name}.` },
        { from: "view", role: "user", text: "Show me more." },
      ]);
      // Context is not a message: it never joins the transcript, and the last update wins.
      expect(c.modelContext).toEqual({
        text: "Row 3 selected.",
        structured: JSON.stringify({ row: 3 }),
        updates: 2,
      });
      expect(changes).toHaveLength(3);
      await app.close();
      await bridge.close();
    } finally {
      await host.close();
    }
  });
});
