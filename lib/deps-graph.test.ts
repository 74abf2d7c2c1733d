import { describe, expect, it } from "vitest";
import { folderGraph, folderOf, mermaid } from "./deps-graph";

describe("the folder graph drawn for ARCHITECTURE.md", () => {
  it("puts each file in its layer folder, the host's view side apart", () => {
    expect(folderOf("lib/host/view/session.ts")).toBe("lib/host/view");
    expect(folderOf("lib/host/connect.ts")).toBe("lib/host");
    expect(folderOf("lib/shape.ts")).toBe("lib/*.ts");
    expect(folderOf("app/review/review-app.tsx")).toBe("app");
    expect(folderOf("node_modules/zod/index.js")).toBeUndefined();
    expect(folderOf("lib/review/report.test.ts")).toBeUndefined();
  });

  it("keeps one edge per pair of folders, none within a folder, and draws it bottom-up", () => {
    const edges = folderGraph([
      {
        source: "lib/review/live-view.ts",
        dependencies: [
          { resolved: "lib/host/view/session.ts" },
          { resolved: "lib/host/view/trace.ts" },
          { resolved: "lib/review/items.ts" },
          { resolved: "node:fs", coreModule: true },
        ],
      },
    ]);
    expect(edges).toEqual([["lib/review", "lib/host/view"]]);
    expect(mermaid(edges)).toBe(
      'flowchart BT\n  lib_host_view["lib/host/view"]\n  lib_review["lib/review"]\n  lib_review --> lib_host_view\n',
    );
  });
});
