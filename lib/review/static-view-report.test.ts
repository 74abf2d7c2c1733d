/**
 * The static view items in the report (issue #21, item 4): each tool's view HTML, as read with
 * resources/read, against the CSP the host would act on (RES-4: the content item's _meta.ui, else
 * the listing's). The inputs are what a review observes on the wire, written out by hand.
 */
import { describe, expect, it } from "vitest";
import type { UiToolReview } from "../host";
import { staticViewItems } from "./static-view-items";

const PROFILE = "text/html;profile=mcp-app";

/** The part of a tool review these items read: its name, the read and the listing. */
function observed(html: string, ui?: Record<string, unknown>, listingUi?: Record<string, unknown>) {
  return {
    name: "show_scene",
    read: {
      ok: true,
      result: {
        contents: [
          {
            uri: "ui://scene/view.html",
            mimeType: PROFILE,
            text: html,
            ...(ui ? { _meta: { ui } } : {}),
          },
        ],
      },
      hints: {},
    },
    listing: listingUi
      ? { uri: "ui://scene/view.html", name: "scene", mimeType: PROFILE, _meta: { ui: listingUi } }
      : undefined,
  } as unknown as UiToolReview;
}

const CDN_VIEW = `<!doctype html><html><head>
<script src="https://cdn.jsdelivr.net/npm/three@0.160/build/three.module.js"></script>
</head><body><script type="module">
const data = await fetch("https://api.scenes.example/v1/scene/1").then((r) => r.json());
const shader = new Function("uv", data.source);
if (app.getHostContext()?.availableDisplayModes?.includes("fullscreen"))
  app.requestDisplayMode({ mode: "fullscreen" });
</script></body></html>`;

const byId = (items: ReturnType<typeof staticViewItems>) =>
  Object.fromEntries(items.map((i) => [i.id.split(":")[0], i]));

describe("static view items", () => {
  it("a view that loads a CDN script and fetches an API with no CSP declared fails, naming each origin and where (CSP-4)", () => {
    const items = byId(staticViewItems(observed(CDN_VIEW)));
    expect(items["view-origins"]).toMatchObject({
      status: "fail",
      tool: "show_scene",
      ruleIds: ["CSP-4", "CSP-6"],
    });
    expect(items["view-origins"]!.evidence).toContain(
      "https://cdn.jsdelivr.net (<script src>, line 2): no csp declared",
    );
    expect(items["view-origins"]!.evidence).toContain(
      "https://api.scenes.example (fetch(), line 4)",
    );
  });

  it("the same view passes once each origin is in the right list (resourceDomains, connectDomains)", () => {
    const csp = {
      resourceDomains: ["https://cdn.jsdelivr.net"],
      connectDomains: ["https://api.scenes.example"],
    };
    const items = byId(staticViewItems(observed(CDN_VIEW, { csp })));
    expect(items["view-origins"]!.status).toBe("pass");
    expect(items["view-origins"]!.evidence).toMatch(
      /all declared: https:\/\/cdn\.jsdelivr\.net, https:\/\/api\.scenes\.example/,
    );
    // The listing's csp is not used when the content item carries its own _meta.ui (RES-4).
    const hidden = byId(staticViewItems(observed(CDN_VIEW, { prefersBorder: true }, { csp })));
    expect(hidden["view-origins"]!.status).toBe("fail");
  });

  it("an API declared under resourceDomains instead of connectDomains still fails: fetch needs connect-src (CSP-2)", () => {
    const csp = { resourceDomains: ["https://cdn.jsdelivr.net", "https://api.scenes.example"] };
    const item = byId(staticViewItems(observed(CDN_VIEW, { csp })))["view-origins"]!;
    expect(item.status).toBe("fail");
    expect(item.ruleIds).toEqual(["CSP-2", "CSP-3", "CSP-6"]);
    expect(item.evidence).toBe(
      "https://api.scenes.example (fetch(), line 4): not in csp.connectDomains",
    );
  });

  it("new Function is a warning that no MCP Apps CSP allows, citing CSP-2 and CSP-4", () => {
    const item = byId(staticViewItems(observed(CDN_VIEW)))["view-eval"]!;
    expect(item.status).toBe("warning");
    expect(item.ruleIds).toEqual(["CSP-2", "CSP-4"]);
    expect(item.evidence).toMatch(/^new Function\( at line 5: .*no MCP Apps CSP allows it/);
  });

  it("a feature test alone (an empty new Function in a try) passes, and says it is one", () => {
    const html = `<!doctype html><html><body><script>function Hf(){try{return new Function(""),!0}catch{return!1}}</script></body></html>`;
    const item = byId(staticViewItems(observed(html)))["view-eval"]!;
    expect(item.status).toBe("pass");
    expect(item.evidence).toMatch(/^only a feature test: new Function\(""\) in a try at line 1; /);
  });

  it("a display-mode request after reading availableDisplayModes passes; without the read it warns, labelled heuristic (BRG-6)", () => {
    const checked = byId(staticViewItems(observed(CDN_VIEW)))["view-display-mode"]!;
    expect(checked).toMatchObject({ status: "pass", ruleIds: ["BRG-6"] });
    expect(checked.title).toContain("(heuristic)");
    const blind = byId(
      staticViewItems(
        observed(`<!doctype html><html><body><script>
app.requestDisplayMode({ mode: "fullscreen" });
</script></body></html>`),
      ),
    )["view-display-mode"]!;
    expect(blind.status).toBe("warning");
    expect(blind.evidence).toMatch(
      /^heuristic: requests a display mode \(line 2\) but never reads/,
    );
  });

  it("a view that could not be read gets no static items (the read item already fails)", () => {
    const t = { name: "x", read: { ok: false, error: "boom" } } as unknown as UiToolReview;
    expect(staticViewItems(t)).toEqual([]);
  });
});
