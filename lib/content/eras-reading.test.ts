import { readFileSync } from "node:fs";
import path from "node:path";
import { EXTENSION_ID } from "@modelcontextprotocol/ext-apps/server";
import { InMemoryTransport } from "@modelcontextprotocol/client";
import { McpServer } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { describe, expect, it } from "vitest";
import { connectServer, HostConnectError } from "../host/connect";
import { stdioServer } from "../host/test-servers";

// Claims of the two negotiation lessons and the negotiation bank that an independent reading
// checked against the core's versioning page (compatibility matrix), the 2025-11-25 schema and
// the published example servers, kept from drifting back (issue #19, item 4).
const root = path.resolve(import.meta.dirname, "../..");
const lesson = (slug: string) =>
  readFileSync(path.join(root, "content/checklist", `${slug}.mdx`), "utf8");
const ERAS = lesson("two-protocol-eras");
const CHANGED = lesson("what-changed-in-2026-07-28");

interface Question {
  id: string;
  stem: string;
  examPoints?: number[];
  options?: { id: string; text: string; explanation: string }[];
  explanation?: string;
  explanations?: { true: string; false: string };
}
const bank = JSON.parse(
  readFileSync(path.join(root, "content/quizzes/negotiation.json"), "utf8"),
) as { questions: Question[] };
const question = (id: string): Question => {
  const q = bank.questions.find((x) => x.id === id);
  if (!q) throw new Error(`no question ${id}`);
  return q;
};
/** Every sentence a learner can read in a question: stem, options and explanations. */
const textsOf = (q: Question): string[] => [
  q.stem,
  ...(q.options ?? []).flatMap((o) => [o.text, o.explanation]),
  ...(q.explanation ? [q.explanation] : []),
  ...(q.explanations ? [q.explanations.true, q.explanations.false] : []),
];

/** The body of the section whose heading carries `{/*id*\/}`, up to the next heading. */
function section(text: string, id: string): string {
  const start = text.indexOf(`{/*${id}*/}`);
  if (start < 0) throw new Error(`no section ${id}`);
  const rest = text.slice(start);
  const next = rest.slice(1).search(/\n#{2,4} /);
  return next < 0 ? rest : rest.slice(0, next + 1);
}

const paragraphs = (text: string) => text.split(/\n\s*\n/);

describe("two-protocol-eras against the core's compatibility matrix", () => {
  it("does not say a legacy server always refuses a modern request: it may reject, stay silent or process it", () => {
    const compat = section(ERAS, "compatibility");
    const row = compat.split("\n").find((l) => /^\| modern only \| legacy only \|/.test(l));
    expect(row).toBeDefined();
    expect(row).not.toMatch(/does not accept the modern version/);
    expect(row).toMatch(/reject/);
    expect(row).toMatch(/silent/);
    expect(row).toMatch(/process|handle/);
  });

  it("gives the published example's refusal as HTTP 400 with -32000, not the modern -32022", () => {
    const wild = section(ERAS, "in-the-wild");
    const bullet = paragraphs(wild)
      .flatMap((p) => p.split("\n- "))
      .find((b) => b.includes("Unsupported protocol version"));
    expect(bullet).toBeDefined();
    expect(bullet).toMatch(/`400`/);
    expect(bullet).toMatch(/-32000/);
    expect(bullet).toMatch(/not the modern `-32022`/);
  });

  it("cites CSP-6 (wildcard subdomains), not CSP-4 (no csp at all), for the map example's wildcards", () => {
    const wild = section(ERAS, "in-the-wild");
    const bullet = wild.split("\n- ").find((b) => b.includes("wildcard"));
    expect(bullet).toBeDefined();
    expect(bullet).toMatch(/<RuleRef id="CSP-6" \/>/);
    expect(bullet).not.toMatch(/<RuleRef id="CSP-4" \/>/);
  });
});

describe("capabilities.extensions in a legacy initialize", () => {
  it.each([
    ["two-protocol-eras", ERAS, "three-kinds"],
    ["what-changed-in-2026-07-28", CHANGED, "before"],
  ])(
    "%s labels it the Apps specification's mechanism: the 2025-11-25 core schema has no extensions field",
    (_slug, text, id) => {
      const body = section(text, id);
      const claim = paragraphs(body).find((p) => /no `extensions` field/.test(p));
      expect(claim).toBeDefined();
      expect(claim).toMatch(/2025-11-25/);
      expect(claim).toMatch(/Apps specification/);
      expect(claim).toMatch(/changelog/);
    },
  );
});

describe("the negotiation bank", () => {
  it("never says -32602 is only for a missing _meta key (it is Invalid params: unknown tool, missing resource too)", () => {
    const claims = bank.questions.flatMap((q) =>
      textsOf(q)
        .filter((t) => /-32602 is for|-32602 is only for/.test(t))
        .map((t) => `${q.id}: ${t}`),
    );
    expect(claims).toEqual([]);
  });

  it("never says no request succeeds between a modern-only client and a legacy server (the server may even process one)", () => {
    const claims = bank.questions.flatMap((q) =>
      textsOf(q)
        .filter((t) => /no request succeeds/.test(t))
        .map((t) => `${q.id}: ${t}`),
    );
    expect(claims).toEqual([]);
    for (const id of ["neg-era-matrix", "neg-select-two-matrix"]) {
      expect(textsOf(question(id)).join(" ")).toMatch(/silent|never answer/);
    }
  });

  it("does not file an unknown tool or a missing resource under malformed requests (the tools page lists an unknown tool apart from a malformed one; both get -32602)", () => {
    const claims = bank.questions.flatMap((q) =>
      textsOf(q)
        .filter((t) => /malformed request[^.]*(unknown tool|resource that does not exist)/.test(t))
        .map((t) => `${q.id}: ${t}`),
    );
    expect(claims).toEqual([]);
  });

  it("describes a legacy-only example server by its era, not as one that 'only answers initialize' (it answers tools/list and tools/call in its session)", () => {
    const leaning = bank.questions.filter((q) => /only answers `initialize`/.test(q.stem));
    expect(leaning.map((q) => q.id)).toEqual([]);
  });

  it("has stems that stand alone, never pointing at another question ('the same server')", () => {
    const leaning = bank.questions.filter((q) => /^(The|This) same\b/.test(q.stem));
    expect(leaning.map((q) => q.id)).toEqual([]);
  });

  it("asks the mime-types question of a host whose rule the stem does not make ambiguous", () => {
    const q = question("neg-predict-mime-types-without-profile");
    // The review checklist's negotiation bullet names only the identifier, not the mime type, so
    // "a host that follows the checklist" could defensibly render.
    expect(q.stem).not.toMatch(/follows the (review )?checklist/);
    const key = q.options?.find((o) => o.id === "text");
    expect(key?.text).not.toMatch(/Apps is not declared/);
  });

  it("tags exam point 1 (identifier, negotiated per request) only on questions about it", () => {
    for (const id of ["neg-era-matrix", "neg-tf-legacy-server-declaration"]) {
      expect(question(id).examPoints ?? []).not.toContain(1);
    }
  });
});

describe("the declare-in-code sample's claims about the 2.4 server SDK", () => {
  // The same shape as the lesson's sample: the extension in the McpServer capabilities, served
  // by serveStdio with legacy "serve" (dual-era), reached by real SDK clients of each era.
  const factory = () =>
    new McpServer(
      { name: "ride-planner", version: "1.0.0" },
      { capabilities: { tools: {}, extensions: { [EXTENSION_ID]: {} } } },
    );

  it("reports the extension in server/discover, and also in a legacy initialize result", async () => {
    const server = stdioServer(factory, "dual");
    try {
      const modern = await connectServer({
        clientEra: "modern",
        transport: server.transport,
        key: "m",
      });
      expect(modern.era).toBe("modern");
      expect(modern.discover?.capabilities.extensions).toEqual({ [EXTENSION_ID]: {} });
      await modern.close();
      const legacy = await connectServer({
        clientEra: "legacy",
        transport: server.transport,
        key: "l",
      });
      expect(legacy.era).toBe("legacy");
      expect(legacy.serverCapabilities?.extensions).toEqual({ [EXTENSION_ID]: {} });
      await legacy.close();
    } finally {
      await server.close();
    }
  });

  it('serves a legacy initialize without any legacy option too: "serve" is serveStdio\'s default, so the sample only spells it out', async () => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const handle = serveStdio(factory, { transport: serverSide });
    try {
      const legacy = await connectServer({
        clientEra: "legacy",
        transport: () => clientSide,
        key: "d",
      });
      expect(legacy.era).toBe("legacy");
      await legacy.close();
    } finally {
      await handle.close();
    }
    const declare = section(CHANGED, "declare-in-code");
    expect(declare).toMatch(/`legacy: "serve"`[^.]*default/);
  });

  it('with legacy "reject", names its versions in the error a legacy client gets', async () => {
    const server = stdioServer(factory, "modern");
    try {
      const err = await connectServer({
        clientEra: "legacy",
        transport: server.transport,
        key: "r",
      }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(HostConnectError);
      expect((err as HostConnectError).refusal).toMatch(/2026-07-28/);
    } finally {
      await server.close();
    }
  });
});
