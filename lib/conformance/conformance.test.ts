/**
 * The conformance server and its view's verdicts, with real parts: the 2.4 server SDK served in
 * both eras (stdio-shaped and Streamable HTTP), the project's own host connection, and the view's
 * session talking to a real ext-apps AppBridge over an in-memory pair. Browser-only probes (CSP,
 * window.top, the viewport) are left to the e2e; here they must say NOT OBSERVABLE, never PASS.
 */
import { AppBridge } from "@modelcontextprotocol/ext-apps/app-bridge";
import { InMemoryTransport, type CallToolResult } from "@modelcontextprotocol/client";
import { afterEach, describe, expect, it } from "vitest";
import {
  connectServer,
  eraKeyForUrl,
  HOST_INFO,
  type ClientEra,
  type HostConnection,
} from "../host";
import { httpServer, stdioServer, TEST_URL, type InProcessServer } from "../host/test-servers";
import { decideVisibility, toolVisibility } from "../decide/visibility";
import { readFileSync } from "node:fs";
import path from "node:path";
import { loadSpecCatalogue } from "../content/spec";
import { specCopiesDir } from "../content/spec-links";
import { ruleIdSchema } from "../rules/schema";
import {
  CONTROL_TOOL,
  CONTROL_VIEW_URI,
  DEFAULT_CSP_VIEW_URI,
  isAutomatic,
  judgeLink,
  judgeProbes,
  NOT_OBSERVABLE,
  REPORT_URI,
  SPEC_WIDTH_WORDING,
  TOOLS,
  VIEW_URI,
  type ConformanceReport,
  type Observation,
  type ServerSeen,
} from "./probes";
import { controlOutcome, NEGATIVE_CONTROL_NOTE } from "./control";
import { compareDocuments } from "./document";
import { answerProbe } from "./probe-endpoints";
import { judgeTeardown } from "./teardown";
import { reportMarkdown } from "./report";
import { rowName } from "./summary";
import { ConformanceSession } from "./session";
import { ConformanceState, createConformanceServerFactory } from "./server";

const ORIGINS = { declared: "http://127.0.0.1:41001", undeclared: "http://127.0.0.1:41002" };
/** The settings the server wrote into a view document. */
const configOf = (html: string) =>
  JSON.parse(/<script[^>]*>(.*?)<\/script>/.exec(html)![1]!) as { read?: string };
const SHELL = '<script type="application/json">/*CONFORMANCE_CONFIG*/</script><p>view</p>';

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((o) => o.close().catch(() => undefined)));
});

function serve(transport: "stdio" | "http", negativeControl?: "csp") {
  const state = new ConformanceState();
  const factory = createConformanceServerFactory({
    viewHtml: SHELL,
    origins: ORIGINS,
    state,
    negativeControl,
  });
  // Dual era, as the CLI serves it by default: modern and legacy hosts alike can load it.
  const server: InProcessServer =
    transport === "stdio" ? stdioServer(factory, "dual") : httpServer(factory, "dual");
  open.push(server);
  return { server, state };
}

async function connect(server: InProcessServer, clientEra: ClientEra): Promise<HostConnection> {
  const conn = await connectServer({
    clientEra,
    transport: server.transport,
    key: eraKeyForUrl(TEST_URL),
    timeoutMs: 5000,
  });
  open.push(conn);
  return conn;
}

/** A well-behaved observation: what a conforming host gives a view that can see everything. */
function goodObservation(): Observation {
  const at = (seq: number, rest: Partial<Observation["inbound"][number]>) => ({
    seq,
    at: seq * 10,
    kind: "notification" as const,
    beforeInitialized: false,
    ...rest,
  });
  return {
    init: {
      ok: true,
      protocolVersion: "2026-01-26",
      hostInfo: { name: "h", version: "1" },
      hostCapabilities: { serverTools: {} },
      hostContext: {
        theme: "dark",
        displayMode: "inline",
        availableDisplayModes: ["inline", "fullscreen"],
      },
    },
    inbound: [
      at(0, { kind: "response", answers: "ui/initialize", beforeInitialized: true }),
      at(1, { method: "ui/notifications/tool-input" }),
      at(2, { method: "ui/notifications/tool-result" }),
      at(3, { kind: "response", answers: "ui/request-display-mode" }),
      at(4, { method: "ui/notifications/host-context-changed", displayMode: "fullscreen" }),
      at(5, { kind: "response", answers: "tools/call" }),
    ],
    resultRun: "run-1",
    csp: {
      declared: { url: `${ORIGINS.declared}/probe/csp`, ok: true, status: 200, violations: [] },
      undeclared: {
        url: `${ORIGINS.undeclared}/probe/csp`,
        ok: false,
        error: "Failed to fetch",
        violations: ["connect-src"],
      },
    },
    frame: { url: `${ORIGINS.declared}/probe/frame`, violations: ["frame-src"] },
    top: { reachable: false, detail: "SecurityError" },
    size: {
      requestedHeight: 321,
      observedHeight: 321,
      requestedWidth: 640,
      observedWidth: 640,
      waitedMs: 40,
    },
    displayMode: {
      requested: "fullscreen",
      answer: { mode: "fullscreen" },
      hostModes: ["inline", "fullscreen"],
      viewModes: ["inline", "fullscreen"],
      modeAfter: "fullscreen",
    },
    modelOnlyCall: { refused: true, detail: "isError: Refused by the host" },
    appOnlyCall: { ok: true, detail: "answered" },
    server: {
      toolCalls: [TOOLS.run, TOOLS.ping],
      hits: ["declared"],
      runIssued: true,
      read: { served: true, uri: VIEW_URI, firstRun: "run-1" },
    },
    readId: "read-1",
    document: { same: true, length: 4321 },
  };
}

const verdicts = (o: Observation) =>
  Object.fromEntries(judgeProbes(o).map((p) => [p.id, p.verdict]));
const failing = (o: Observation) =>
  judgeProbes(o)
    .filter((p) => p.verdict === "FAIL")
    .map(rowName)
    .sort();

describe("conformance verdicts", () => {
  it("every host- and sandbox-proxy-directed catalogue entry gets a row (two for height and width), by the catalogue's id, each row named once and citing known rules", async () => {
    const catalogue = await loadSpecCatalogue();
    const directed = catalogue
      .filter((e) => e.party === "host" || e.party === "sandbox-proxy")
      .map((e) => e.id)
      .sort();
    const rows = judgeProbes(goodObservation());
    expect([...new Set(rows.map((p) => p.id))].sort()).toEqual(directed);
    const names = rows.map(rowName);
    expect(new Set(names).size, "each row's name is unique").toBe(names.length);
    expect(rows.filter((p) => p.probe).map(rowName)).toEqual([
      "dimensions/listen-size-changed (height)",
      "dimensions/listen-size-changed (width)",
    ]);
    for (const p of rows) {
      expect(p.rules.length, p.id).toBeGreaterThan(0);
      for (const rule of p.rules)
        expect(ruleIdSchema.safeParse(rule).success, `${p.id}: ${rule}`).toBe(true);
      expect(p.evidence.length, p.id).toBeGreaterThan(5);
      // Where the catalogue names rules, the row cites at least one of them.
      const listed = catalogue.find((e) => e.id === p.id)!.rules;
      if (listed.length)
        expect(
          p.rules.filter((x) => (listed as readonly string[]).includes(x)),
          p.id,
        ).not.toEqual([]);
    }
    for (const id of Object.keys(NOT_OBSERVABLE)) expect(directed).toContain(id);
  });

  it("a conforming host passes every automatic probe", () => {
    const rows = judgeProbes(goodObservation()).filter(isAutomatic);
    expect(rows.filter((p) => p.verdict !== "PASS")).toEqual([]);
    expect(rows.length).toBeGreaterThanOrEqual(17);
  });

  it("a host that sends tool-input before the view's initialized fails the order probes and nothing else", () => {
    const o = goodObservation();
    o.inbound[1] = { ...o.inbound[1]!, beforeInitialized: true };
    expect(failing(o)).toEqual(["lifecycle/tool-input", "sandbox/no-messages-before-initialized"]);
  });

  it("a host that lets the view reach an undeclared origin fails exactly the CSP-block probes", () => {
    const o = goodObservation();
    o.csp!.undeclared = { url: o.csp!.undeclared.url, ok: true, status: 200, violations: [] };
    expect(failing(o)).toEqual([
      "security/csp-block-undeclared",
      "security/csp-no-loosening",
      "security/sandbox-csp-enforced",
    ]);
  });

  it("a frame of the declared origin that loads fails sandbox-csp-enforced alone (frame-src stays 'none' without frameDomains)", () => {
    const o = goodObservation();
    o.frame = { url: o.frame!.url, violations: [] };
    o.server!.hits.push("frame");
    expect(failing(o)).toEqual(["security/sandbox-csp-enforced"]);
  });

  it("an undeclared fetch that fails without a CSP violation is NOT OBSERVABLE, never credited as a pass", () => {
    const o = goodObservation();
    o.csp!.undeclared.violations = [];
    expect(verdicts(o)["security/csp-block-undeclared"]).toBe("NOT OBSERVABLE");
  });

  it("a view call to a model-only tool that reaches the server fails the app-call guard", () => {
    const o = goodObservation();
    o.modelOnlyCall = { refused: false, detail: "answered" };
    o.server!.toolCalls.push(TOOLS.modelOnly);
    expect(failing(o)).toEqual(["visibility/app-tool-call-guard"]);
  });

  it("an app-only call the host answers as a success without the server seeing it fails passthrough; a refused one is NOT OBSERVABLE (a person may say no)", () => {
    const faked = goodObservation();
    faked.server = undefined;
    expect(failing(faked)).toEqual(["transport/server-passthrough"]);
    const refused = goodObservation();
    refused.server = undefined;
    refused.appOnlyCall = { ok: false, detail: "the user denied the call" };
    expect(failing(refused)).toEqual([]);
    expect(verdicts(refused)["transport/server-passthrough"]).toBe("NOT OBSERVABLE");
  });

  it("a display-mode answer the host context then contradicts fails return-resulting-mode", () => {
    const o = goodObservation();
    o.displayMode = {
      ...(o.displayMode as object),
      modeAfter: "inline",
    } as Observation["displayMode"];
    expect(failing(o)).toEqual(["display-mode/return-resulting-mode"]);
  });

  it("a size-changed height the host ignores fails the height row alone", () => {
    const o = goodObservation();
    o.size = { requestedHeight: 321, observedHeight: 150, waitedMs: 3000 };
    expect(failing(o)).toEqual(["dimensions/listen-size-changed (height)"]);
  });

  it("height and width are separate rows: a flexible width kept as a minimum fails the width row alone, which quotes the spec's wording with its lines; a fixed width is not asked", () => {
    const o = goodObservation();
    o.size = {
      requestedHeight: 321,
      observedHeight: 321,
      requestedWidth: 640,
      observedWidth: 700,
      waitedMs: 3000,
    };
    expect(failing(o)).toEqual(["dimensions/listen-size-changed (width)"]);
    const rows = judgeProbes(o).filter((p) => p.id === "dimensions/listen-size-changed");
    expect(rows.map((p) => [p.probe, p.verdict])).toEqual([
      ["height", "PASS"],
      ["width", "FAIL"],
    ]);
    const width = rows[1]!.evidence;
    expect(width).toContain(`line 718: “${SPEC_WIDTH_WORDING[718]}”`);
    expect(width).toContain(`line 566: “${SPEC_WIDTH_WORDING[566]}”`);
    o.size = {
      requestedHeight: 321,
      observedHeight: 321,
      widthSkipped: "the host gave a fixed width (700 px)",
      waitedMs: 40,
    };
    expect(failing(o)).toEqual([]);
    expect(
      judgeProbes(o).find((p) => p.probe === "width")?.verdict,
      "a fixed width is the host's to keep",
    ).toBe("NOT OBSERVABLE");
  });

  it("the width row's quotations are the spec's own words at the lines it gives", () => {
    const dir = specCopiesDir();
    if (!dir) return; // no ../shared/reference/specs here: nothing to compare with
    const lines = readFileSync(path.join(dir, "apps-2026-01-26.mdx"), "utf8").split("\n");
    for (const [line, words] of Object.entries(SPEC_WIDTH_WORDING))
      expect(lines[Number(line) - 1], `line ${line}`).toContain(words);
  });

  it("sandbox-distinct-origin judges self.origin: a view whose self.origin is the host page's fails even when window.top could not be read, and the evidence names self.origin", () => {
    const o = goodObservation();
    o.top = {
      reachable: false,
      detail: "window.top.document threw SecurityError",
      selfOrigin: "http://localhost:3000",
      ancestorOrigins: ["http://localhost:3000"],
    };
    expect(failing(o)).toEqual(["security/sandbox-distinct-origin"]);
    const row = () => judgeProbes(o).find((p) => p.id === "security/sandbox-distinct-origin")!;
    expect(row().evidence).toContain("self.origin http://localhost:3000");
    o.top = {
      reachable: false,
      detail: "window.top.document threw SecurityError",
      selfOrigin: "http://sandbox.localhost:3001",
      ancestorOrigins: ["http://sandbox.localhost:3001", "http://localhost:3000"],
    };
    expect(row().verdict).toBe("PASS");
    expect(row().evidence).toContain("self.origin http://sandbox.localhost:3001");
    expect(row().evidence).not.toContain("location.origin");
  });

  it("a host that does not advertise openLinks gets the link row NOT OBSERVABLE, saying so, not a request to the operator", () => {
    const o = goodObservation();
    const link = (obs: Observation) =>
      judgeProbes(obs).find((p) => p.id === "links/open-external")!;
    o.init = { ...(o.init as { ok: true }), hostCapabilities: { openLinks: {}, serverTools: {} } };
    expect(link(o).evidence).toContain("needs a person");
    o.init = { ...o.init, hostCapabilities: { serverTools: {} } };
    expect(link(o).verdict).toBe("NOT OBSERVABLE");
    expect(link(o).evidence).toContain("does not advertise openLinks");
  });

  it("the operator's link probe passes only when the server served the page the host opened", () => {
    expect(judgeLink({ ok: true, detail: "{}" }, true).verdict).toBe("PASS");
    expect(judgeLink({ ok: true, detail: "{}" }, false).verdict).toBe("FAIL");
    // A person may say no: that is the host asking, not a fault.
    expect(judgeLink({ ok: false, detail: "the user declined" }, false).verdict).toBe(
      "NOT OBSERVABLE",
    );
    expect(
      judgeProbes(goodObservation()).find((p) => p.id === "links/open-external"),
    ).toMatchObject({
      verdict: "NOT OBSERVABLE",
      needsPerson: true,
    });
  });

  it("the Markdown report has one table row per probe, with pipes in evidence escaped", () => {
    const results = judgeProbes(goodObservation());
    results[0] = { ...results[0]!, evidence: "a | b" };
    const md = reportMarkdown({ run: "r", finishedAt: "t", host: { name: "h" }, results });
    expect(
      md
        .split("\n")
        .filter((l) => l.startsWith("| ") && !l.startsWith("| Probe") && !l.startsWith("| ---")),
    ).toHaveLength(results.length);
    expect(md).toContain("a \\| b");
  });
});

describe("the CSP negative control says what it proves", () => {
  const blockedEverything = () => {
    const o = goodObservation();
    o.viewUri = CONTROL_VIEW_URI;
    o.server!.read = { served: true, uri: CONTROL_VIEW_URI };
    o.csp!.declared = {
      ...o.csp!.declared,
      ok: false,
      status: undefined,
      error: "Failed to fetch",
      violations: ["connect-src"],
    };
    return o;
  };

  it("on a host that honours declared origins the control fails the CSP block rows, and says that shows they can fail", () => {
    const o = goodObservation();
    o.csp!.undeclared = { url: o.csp!.undeclared.url, ok: true, status: 200, violations: [] };
    const outcome = controlOutcome(judgeProbes(o));
    expect(outcome.proved).toBe(true);
    expect(outcome.text).toContain("can fail");
  });

  it("on a host that blocks everything the control cannot fail, and says it proves nothing there", () => {
    const outcome = controlOutcome(judgeProbes(blockedEverything()));
    expect(outcome.proved).toBe(false);
    expect(outcome.text).toContain("proves nothing");
    expect(outcome.text).toContain("blocks the declared origin too");
  });

  it("its note and its tool's description never claim it fails on any host, and name the host where it proves nothing", async () => {
    expect(NEGATIVE_CONTROL_NOTE).not.toMatch(/on any host/);
    expect(NEGATIVE_CONTROL_NOTE).toContain("blocks declared origins as well");
    const { server } = serve("stdio", "csp");
    const conn = await connect(server, "modern");
    const { tools } = await conn.client.listTools();
    const description = tools.find((t) => t.name === CONTROL_TOOL)!.description!;
    expect(description).not.toMatch(/on any host/);
    expect(description).toContain("blocks declared origins as well");
  });
});

describe("teardown seen from the server", () => {
  const withReport = () => {
    const state = new ConformanceState();
    state.teardownWaitMs = 50;
    const printed: ConformanceReport[] = [];
    state.onReport((r) => printed.push(r));
    state.addReport({
      run: "r1",
      finishedAt: "t",
      host: {},
      results: judgeProbes(goodObservation()),
    });
    const row = (id: string) => printed.at(-1)!.results.find((p) => p.id === id)!;
    return { state, printed, row };
  };

  it("amends and reprints the report when the view's beacons show it received teardown and was still there to answer", () => {
    const { state, printed, row } = withReport();
    expect(row("lifecycle/teardown-notify").verdict).toBe("NOT OBSERVABLE");
    state.recordHit("r1", "teardown-received");
    state.recordHit("r1", "teardown-answering");
    expect(printed).toHaveLength(3);
    expect(row("lifecycle/teardown-notify").verdict).toBe("PASS");
    expect(row("lifecycle/teardown-await").verdict).toBe("PASS");
  });

  it("fails teardown-await when the view received teardown but never got to answer", async () => {
    const { state, row } = withReport();
    state.recordHit("r1", "teardown-received");
    expect(row("lifecycle/teardown-await").verdict).toBe("NOT OBSERVABLE");
    await expect.poll(() => row("lifecycle/teardown-await").verdict).toBe("FAIL");
    expect(row("lifecycle/teardown-notify").verdict).toBe("PASS");
  });
});

describe("the default CSP and the unmodified document", () => {
  const defaultView = (self: Partial<NonNullable<Observation["defaultCsp"]>["self"]>) => {
    const o = goodObservation();
    o.noCsp = true;
    o.csp = undefined;
    o.frame = undefined;
    o.defaultCsp = {
      declared: {
        url: `${ORIGINS.declared}/probe/csp`,
        ok: false,
        error: "blocked",
        violations: ["connect-src"],
      },
      self: {
        url: "http://sandbox.test/conformance-default-csp-probe",
        ok: false,
        violations: [],
        ...self,
      },
      frame: { url: `${ORIGINS.declared}/probe/frame`, violations: ["frame-src"] },
    };
    return o;
  };

  it("a view without csp fails csp-default-deny when a request to its own origin leaves it (connect-src 'self'), quoting the spec's default, and passes when everything is blocked", () => {
    const loose = defaultView({ status: 404 });
    expect(failing(loose)).toEqual(["security/csp-default-deny"]);
    const row = judgeProbes(loose).find((p) => p.id === "security/csp-default-deny")!;
    expect(row.evidence).toContain("its own origin: the default is connect-src 'none', not 'self'");
    expect(row.evidence).toContain("line 275");
    const strict = defaultView({ error: "blocked", violations: ["connect-src"] });
    expect(verdicts(strict)["security/csp-default-deny"]).toBe("PASS");
    expect(
      judgeProbes(strict)
        .filter(isAutomatic)
        .filter((p) => p.verdict !== "PASS"),
    ).toEqual([]);
  });

  it("each view checks one side of the CSP: the declared-origin rows are not the default view's, the default row is not conformance_run's", () => {
    const unseen = (o: Observation) =>
      judgeProbes(o)
        .filter((p) => p.unseen && p.id.includes("csp"))
        .map((p) => p.id)
        .sort();
    expect(unseen(goodObservation())).toEqual([
      "csp/host-may-restrict",
      "security/csp-audit-log",
      "security/csp-default-deny",
    ]);
    expect(unseen(defaultView({ error: "blocked", violations: ["connect-src"] }))).toEqual([
      "csp/host-may-restrict",
      "security/csp-audit-log",
      "security/csp-block-undeclared",
      "security/csp-construct-from-domains",
      "security/csp-no-loosening",
      "security/sandbox-csp-enforced",
    ]);
  });

  it("a document that differs from the HTML the server served fails sandbox-resource-ready, showing both around the first difference", () => {
    const served = '<!DOCTYPE html><html><head><script id="c">{}</script></head>';
    const loaded =
      '<!DOCTYPE html><html><head><script src="https://host.test/x.js"></script><script id="c">{}</script></head>';
    expect(compareDocuments(served, served)).toEqual({ same: true, length: served.length });
    const o = goodObservation();
    o.document = compareDocuments(loaded, served);
    expect(failing(o)).toEqual(["security/sandbox-resource-ready"]);
    const row = judgeProbes(o).find((p) => p.id === "security/sandbox-resource-ready")!;
    expect(row.evidence).toContain(`differ at character ${served.indexOf('id="c"')}`);
    expect(row.evidence).toContain("host.test/x.js");
  });
});

describe("teardown rows that can fail, and say when they cannot be judged", () => {
  const teardownRows = (o: Observation) =>
    judgeProbes(o).filter(
      (p) => p.id.startsWith("lifecycle/teardown-") && p.id !== "lifecycle/teardown-reason",
    );

  it("a beacon the host's CSP blocks leaves both teardown rows NOT OBSERVABLE, naming the CSP and the directive", () => {
    const o = goodObservation();
    o.beacon = {
      url: `${ORIGINS.declared}/probe/teardown?run=run-1&step=channel`,
      queued: true,
      violations: ["connect-src"],
    };
    const rows = teardownRows(o);
    expect(rows.map((p) => p.verdict)).toEqual(["NOT OBSERVABLE", "NOT OBSERVABLE"]);
    for (const p of rows) {
      expect(p.evidence).toContain("the host's CSP blocked the view's beacon");
      expect(p.evidence).toContain("connect-src");
      expect(p.evidence).toContain(ORIGINS.declared);
    }
    expect(
      rows.every((p) => !isAutomatic(p)),
      "judged by the server, not counted as probes",
    ).toBe(true);
  });

  it("a test beacon the server never heard, without a violation, says so too", () => {
    const o = goodObservation();
    o.beacon = { url: `${ORIGINS.declared}/probe/teardown`, queued: true, violations: [] };
    expect(teardownRows(o)[0]!.evidence).toContain("never reached the server");
    o.server!.hits.push("beacon-channel");
    expect(teardownRows(o)[0]!.evidence).toContain("judged by the server when the view ends");
  });

  it("the server fails teardown-notify on a pagehide before teardown, and teardown-await at once on a pagehide during it", () => {
    const before = judgeTeardown(["beacon-channel", "teardown-gone-before"], false);
    expect(before.map((p) => [p.id, p.verdict])).toEqual([
      ["lifecycle/teardown-notify", "FAIL"],
      ["lifecycle/teardown-await", "NOT OBSERVABLE"],
    ]);
    expect(before[0]!.evidence).toContain("cannot tell a host that never sent teardown");
    const during = judgeTeardown(["teardown-received", "teardown-gone-during"], false);
    expect(during.map((p) => [p.id, p.verdict])).toEqual([
      ["lifecycle/teardown-notify", "PASS"],
      ["lifecycle/teardown-await", "FAIL"],
    ]);
  });

  it("when the server stops waiting with a working beacon and no teardown beacon, both rows say so, NOT OBSERVABLE", () => {
    const state = new ConformanceState();
    state.addReport({
      run: "r1",
      finishedAt: "t",
      host: {},
      results: judgeProbes(goodObservation()),
    });
    state.recordHit("r1", "beacon-channel");
    state.finishRun("r1");
    const rows = state.reports[0]!.results.filter(
      (p) => p.id === "lifecycle/teardown-notify" || p.id === "lifecycle/teardown-await",
    );
    expect(rows.map((p) => p.verdict)).toEqual(["NOT OBSERVABLE", "NOT OBSERVABLE"]);
    expect(rows[0]!.evidence).toContain("no teardown beacon came before it stopped waiting");
  });

  it("a probe listener records the origin it is, whatever the query says (via is never read)", () => {
    const state = new ConformanceState();
    answerProbe(state, "declared", new URL(`${ORIGINS.declared}/probe/csp?run=r&via=undeclared`));
    answerProbe(state, "undeclared", new URL(`${ORIGINS.undeclared}/probe/csp?run=r&via=declared`));
    expect(state.hits).toEqual([
      { run: "r", via: "declared" },
      { run: "r", via: "undeclared" },
    ]);
    // Teardown beacons go to the declared origin only, and only with a step the view sends.
    expect(
      answerProbe(
        state,
        "undeclared",
        new URL(`${ORIGINS.undeclared}/probe/teardown?run=r&step=received`),
      )?.status,
    ).toBe(400);
    expect(
      answerProbe(
        state,
        "declared",
        new URL(`${ORIGINS.declared}/probe/teardown?run=r&step=anything`),
      )?.status,
    ).toBe(400);
    expect(state.hits).toHaveLength(2);
  });
});

describe.each(["stdio", "http"] as const)("conformance server over %s, dual era", (transport) => {
  it.each(["modern", "legacy"] as const)(
    "a %s host sees the UI tool, the model-only tool and the view whose CSP declares only the first probe origin",
    async (clientEra) => {
      const { server } = serve(transport);
      const conn = await connect(server, clientEra);
      expect(conn.era).toBe(clientEra);
      const { tools } = await conn.client.listTools();
      const byName = new Map(tools.map((t) => [t.name, t]));
      expect([...byName.keys()].sort()).toEqual(Object.values(TOOLS).sort());
      expect(toolVisibility(byName.get(TOOLS.modelOnly)!)).toEqual(["model"]);
      expect(toolVisibility(byName.get(TOOLS.ping)!)).toEqual(["app"]);
      expect(toolVisibility(byName.get(TOOLS.report)!)).toEqual(["app"]);
      const read = await conn.client.readResource({ uri: VIEW_URI });
      const item = read.contents[0] as { text: string; _meta?: { ui?: { csp?: unknown } } };
      expect(item._meta?.ui?.csp).toEqual({ connectDomains: [ORIGINS.declared] });
      expect(JSON.parse(/<script[^>]*>(.*)<\/script>/.exec(item.text)![1]!)).toEqual({
        origins: ORIGINS,
        viewUri: VIEW_URI,
        read: expect.stringMatching(/^[0-9a-f-]{36}$/),
      });
    },
  );

  it("serves conformance_run_default_csp's view with no csp key at all, so the host's default applies (CSP-4)", async () => {
    const { server } = serve(transport);
    const conn = await connect(server, "legacy");
    const read = await conn.client.readResource({ uri: DEFAULT_CSP_VIEW_URI });
    const item = read.contents[0] as { text: string; _meta?: { ui?: Record<string, unknown> } };
    expect(item._meta?.ui).toEqual({ prefersBorder: true });
    expect(configOf(item.text)).toMatchObject({ viewUri: DEFAULT_CSP_VIEW_URI, noCsp: true });
  });

  it("keeps a report sent through conformance_report, tells its listener, and serves it as a resource with Markdown", async () => {
    const { server, state } = serve(transport);
    const heard: ConformanceReport[] = [];
    state.onReport((r) => heard.push(r));
    const conn = await connect(server, "modern");
    const run = (await conn.client.callTool({ name: TOOLS.run, arguments: {} })) as CallToolResult;
    const token = (run.structuredContent as { run: string }).run;
    const report: ConformanceReport = {
      run: token,
      finishedAt: new Date(0).toISOString(),
      host: { name: "test-host" },
      results: judgeProbes(goodObservation()),
    };
    const reportToken = (run.structuredContent as { reportToken: string }).reportToken;
    const sent = (await conn.client.callTool({
      name: TOOLS.report,
      arguments: { report, token: reportToken },
    })) as CallToolResult;
    expect(sent.isError).toBeFalsy();
    expect(heard.map((r) => r.run)).toEqual([token]);
    const read = await conn.client.readResource({ uri: REPORT_URI });
    const body = JSON.parse((read.contents[0] as { text: string }).text) as {
      report: ConformanceReport;
      markdown: string;
    };
    expect(body.report.run).toBe(token);
    expect(body.markdown).toContain("| sandbox/no-messages-before-initialized | PASS |");
  });

  it("stores a report only with the token issued with its run's result: none, another run's or a guess is refused", async () => {
    const { server, state } = serve(transport);
    const conn = await connect(server, "modern");
    const issue = async () =>
      ((await conn.client.callTool({ name: TOOLS.run, arguments: {} })) as CallToolResult)
        .structuredContent as { run: string; reportToken: string };
    const [mine, other] = [await issue(), await issue()];
    const report = (run: string) => ({
      run,
      finishedAt: "t",
      host: { name: "forged" },
      results: judgeProbes(goodObservation()),
    });
    const send = async (args: Record<string, unknown>) =>
      ((await conn.client.callTool({ name: TOOLS.report, arguments: args })) as CallToolResult)
        .isError;
    expect(await send({ report: report(mine.run) })).toBe(true);
    expect(await send({ report: report(mine.run), token: other.reportToken })).toBe(true);
    expect(await send({ report: report("never-issued"), token: mine.reportToken })).toBe(true);
    expect(state.reports).toEqual([]);
    expect(await send({ report: report(mine.run), token: mine.reportToken })).toBeFalsy();
    expect(state.reports.map((r) => r.run)).toEqual([mine.run]);
  });

  it("refuses a malformed report and names the field", async () => {
    const { server, state } = serve(transport);
    const conn = await connect(server, "modern");
    const sent = (await conn.client.callTool({
      name: TOOLS.report,
      arguments: {
        report: { run: "x", finishedAt: "t", host: {}, results: [{ id: "a", verdict: "MAYBE" }] },
      },
    })) as CallToolResult;
    expect(sent.isError).toBe(true);
    expect(JSON.stringify(sent.content)).toContain("verdict");
    expect(state.reports).toEqual([]);
  });

  it("takes each row's keyword and party from the catalogue, not from the view, and refuses an id the catalogue does not have", async () => {
    const { server, state } = serve(transport);
    const conn = await connect(server, "modern");
    const row = { ...judgeProbes(goodObservation())[0]!, keyword: "MAY", party: "view" };
    const { run, reportToken } = (
      (await conn.client.callTool({ name: TOOLS.run, arguments: {} })) as CallToolResult
    ).structuredContent as { run: string; reportToken: string };
    const send = (results: object[]) =>
      conn.client.callTool({
        name: TOOLS.report,
        arguments: { report: { run, finishedAt: "t", host: {}, results }, token: reportToken },
      }) as Promise<CallToolResult>;
    expect((await send([{ ...row, id: "made-up/entry" }])).isError).toBe(true);
    expect(state.reports).toEqual([]);
    expect((await send([row])).isError).toBeFalsy();
    expect(state.reports[0]!.results[0]).toMatchObject({
      id: "host-context/initialize-hostcontext",
      keyword: "SHOULD",
      party: "host",
    });
  });

  it("tells a view only about its own run and its own document: another host's read, calls without a run and other runs' tokens are not counted", async () => {
    const { server } = serve(transport);
    const [a, b] = [await connect(server, "modern"), await connect(server, "modern")];
    const runOf = async (c: HostConnection) =>
      ((await c.client.callTool({ name: TOOLS.run, arguments: {} })) as CallToolResult)
        .structuredContent as { run: string };
    const runA = (await runOf(a)).run;
    const runB = (await runOf(b)).run;
    // Host A reads the view and forwards a model-only call without any run; host B does neither.
    const html = ((await a.client.readResource({ uri: VIEW_URI })).contents[0] as { text: string })
      .text;
    const readA = (JSON.parse(/<script[^>]*>(.*)<\/script>/.exec(html)![1]!) as { read: string })
      .read;
    await a.client.callTool({ name: TOOLS.modelOnly, arguments: {} });
    const ping = async (args: Record<string, unknown>) =>
      ((await b.client.callTool({ name: TOOLS.ping, arguments: args })) as CallToolResult)
        .structuredContent as unknown as ServerSeen;
    const seenB = await ping({ run: runB });
    expect(JSON.stringify(seenB)).not.toContain(runA);
    expect(seenB.toolCalls).not.toContain(TOOLS.modelOnly);
    const judged = (server: ServerSeen, readId?: string) =>
      judgeProbes({ ...goodObservation(), resultRun: runB, server, readId }).find(
        (p) => p.id === "resource/read-referenced",
      )!;
    expect(judged(seenB).verdict, "B never read the view").not.toBe("PASS");
    // B showing A's document: a real read, made for another run first (a cached copy, line 392).
    const shared = judged(await ping({ run: runA, read: readA }), readA);
    expect(shared.verdict).toBe("PASS");
    const borrowed = judged(await ping({ run: runB, read: readA }), readA);
    expect(borrowed.verdict).toBe("PASS");
    expect(borrowed.evidence).toContain(`first shown by run ${runA}`);
    // A document this server never served.
    expect(judged(await ping({ run: runB, read: "not-a-read" }), "not-a-read").verdict).toBe(
      "FAIL",
    );
  });

  it("as a negative control adds a second UI tool whose view declares the undeclared origin too, and leaves the ordinary view as it was", async () => {
    const { server } = serve(transport, "csp");
    const conn = await connect(server, "legacy");
    const { tools } = await conn.client.listTools();
    const control = tools.find((t) => t.name === CONTROL_TOOL);
    expect((control?._meta as { ui?: { resourceUri?: string } })?.ui?.resourceUri).toBe(
      CONTROL_VIEW_URI,
    );
    const csp = async (uri: string) => {
      const read = await conn.client.readResource({ uri });
      const item = read.contents[0] as { text: string; _meta?: { ui?: { csp?: unknown } } };
      return {
        csp: item._meta?.ui?.csp,
        config: JSON.parse(/<script[^>]*>(.*)<\/script>/.exec(item.text)![1]!),
      };
    };
    expect(await csp(CONTROL_VIEW_URI)).toEqual({
      csp: { connectDomains: [ORIGINS.declared, ORIGINS.undeclared] },
      config: {
        origins: ORIGINS,
        viewUri: CONTROL_VIEW_URI,
        negativeControl: "csp",
        read: expect.any(String),
      },
    });
    expect((await csp(VIEW_URI)).csp).toEqual({ connectDomains: [ORIGINS.declared] });
  });
});

/**
 * A minimal host around a real AppBridge: the UI tool called over a real connection, its result
 * delivered after initialized, and app calls through the visibility gate (TOOL-4, BRG-5).
 * `early` sends tool-input before the view says initialized: the broken host.
 */
async function runAgainstBridge(clientEra: ClientEra, early = false) {
  const { server, state } = serve("stdio");
  const conn = await connect(server, clientEra);
  const { tools } = await conn.client.listTools();
  const result = (await conn.client.callTool({ name: TOOLS.run, arguments: {} })) as CallToolResult;
  const read = await conn.client.readResource({ uri: VIEW_URI });
  const readId = configOf((read.contents[0] as { text: string }).text).read;
  const context = {
    theme: "dark" as const,
    displayMode: "inline" as const,
    availableDisplayModes: ["inline" as const, "fullscreen" as const],
    platform: "web" as const,
  };
  const bridge = new AppBridge(
    null,
    HOST_INFO,
    { serverTools: {}, openLinks: {} },
    { hostContext: context },
  );
  let mode: "inline" | "fullscreen" = "inline";
  bridge.onrequestdisplaymode = async ({ mode: wanted }) => {
    if (wanted === "inline" || wanted === "fullscreen") {
      mode = wanted;
      bridge.setHostContext({ ...context, displayMode: mode });
    }
    return { mode };
  };
  bridge.oncalltool = async (params) => {
    const tool = tools.find((t) => t.name === params.name);
    if (!tool || !decideVisibility(toolVisibility(tool), { kind: "app", sameServer: true }).allowed)
      return {
        isError: true,
        content: [{ type: "text", text: "Refused by the host: not visible to apps" }],
      };
    return (await conn.client.callTool({
      name: params.name,
      arguments: params.arguments,
    })) as CallToolResult;
  };
  const [hostSide, viewSide] = InMemoryTransport.createLinkedPair();
  bridge.oninitialized = () => {
    void (async () => {
      if (!early) await bridge.sendToolInput({ arguments: {} });
      await bridge.sendToolResult(result);
    })();
  };
  await bridge.connect(hostSide);
  let receive: (m: unknown) => void = () => {};
  viewSide.onmessage = (m) => receive(m);
  await viewSide.start();
  const session = new ConformanceSession({
    post: (m) => void viewSide.send(m as never),
    listen: (r) => {
      receive = r;
    },
    now: () => performance.now(),
    readId,
    resultTimeoutMs: 3000,
  });
  if (early) {
    // Before the view even asks ui/initialize: the host speaks first.
    await bridge.sendToolInput({ arguments: {} });
  }
  const report = await session.run();
  await bridge.close();
  return { report, state };
}

describe("the view's session against a real AppBridge host", () => {
  it.each(["modern", "legacy"] as const)(
    "over a %s connection, every probe it can see without a browser passes, and the rest say NOT OBSERVABLE",
    async (clientEra) => {
      const { report, state } = await runAgainstBridge(clientEra);
      const automatic = report.results.filter(isAutomatic);
      const pass = automatic.filter((p) => p.verdict === "PASS").map((p) => p.id);
      expect(automatic.filter((p) => p.verdict === "FAIL")).toEqual([]);
      expect(pass).toEqual(
        expect.arrayContaining([
          "host-context/initialize-hostcontext",
          "sandbox/no-messages-before-initialized",
          "lifecycle/tool-input",
          "lifecycle/tool-result",
          "lifecycle/tool-input-partial-stop",
          "display-mode/no-undeclared-mode",
          "display-mode/return-resulting-mode",
          "host-context/context-changed",
          "visibility/app-tool-call-guard",
          "transport/server-passthrough",
          "resource/read-referenced",
        ]),
      );
      for (const id of [
        "security/csp-block-undeclared",
        "dimensions/listen-size-changed",
        "security/sandbox-distinct-origin",
      ])
        expect(report.results.find((p) => p.id === id)?.verdict, id).toBe("NOT OBSERVABLE");
      expect(state.calls.map((c) => c.tool)).not.toContain(TOOLS.modelOnly);
      expect(report.host.name).toBe(HOST_INFO.name);
    },
  );

  it("a host that sends tool-input before initialized fails the order probes", async () => {
    const { report } = await runAgainstBridge("modern", true);
    const failed = report.results.filter((p) => p.verdict === "FAIL").map((p) => p.id);
    expect(failed).toContain("sandbox/no-messages-before-initialized");
    expect(
      report.results.find((p) => p.id === "sandbox/no-messages-before-initialized")!.evidence,
    ).toContain("ui/notifications/tool-input");
  });
});
