/**
 * Judging one real tools/call (issue #21, item 6): the answer, useful text content (OUT-1),
 * structuredContent repeated as text (core server/tools line 500) and against outputSchema (line
 * 514). SDK-free and pure, so the page's tool runner uses it as the CLI's --call does.
 */
import type { CallObservation } from "./collect";
import type { ItemStatus, ReportItem } from "./items";

/** The lesson on content, structuredContent and _meta (report.ts LESSONS.channels). */
const CHANNELS_LESSON = "/lessons/result-channels-and-annotations#three-channels";

const json = (v: unknown) => JSON.stringify(v);
const asRecord = (v: unknown): Record<string, unknown> | undefined =>
  typeof v === "object" && v !== null && !Array.isArray(v)
    ? (v as Record<string, unknown>)
    : undefined;

/** JSON with object keys sorted, so two values compare equal whatever their key order. */
const canonical = (v: unknown): string =>
  JSON.stringify(v, (_k, x: unknown) =>
    x && typeof x === "object" && !Array.isArray(x)
      ? Object.fromEntries(
          Object.entries(x as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)),
        )
      : x,
  );

const clip = (t: string, n = 160) => (t.length > n ? `${t.slice(0, n)}…` : t);

/**
 * Items for the one tools/call a person asked for (`--call`, issue #21 item 6): the answer, useful
 * text content (OUT-1), structuredContent repeated as text (core SHOULD) and checked against
 * outputSchema (core MUST). The CLI's --call and the page's Run share it.
 */
export function judgeCall(c: CallObservation): ReportItem[] {
  const name = c.tool;
  const items: ReportItem[] = [];
  const add = (i: Omit<ReportItem, "tool" | "id" | "lesson"> & { id: string }) =>
    items.push({ ...i, id: `${i.id}:${name}`, tool: name, lesson: CHANNELS_LESSON });
  const asked = `tools/call ${json(name)} with arguments ${json(c.args)}`;
  const o = c.outcome;
  const result = o.kind === "result" ? o.result : undefined;
  {
    let status: ItemStatus;
    let evidence: string;
    if (o.kind === "no-answer") {
      status = "fail";
      evidence = `${asked} got no answer: ${o.message}`;
    } else if (o.kind === "error") {
      const err = asRecord(o.error);
      // Protocol errors are allowed (unknown tool, malformed request, server error), so a warning:
      // core server/tools lines 738-779 put failures a model can act on in an isError result.
      status = "warning";
      evidence =
        `${asked} was answered with the protocol error ${json(o.error)}` +
        (err?.code === -32602
          ? ": invalid params, so check --args against the tool's inputSchema"
          : ". Core server/tools (Error Handling, lines 738-779) keeps protocol errors for unknown tools, malformed requests and server errors; an API, input or business-logic failure belongs in a result with isError: true, which the model can act on");
    } else {
      const content = Array.isArray(result!.content) ? result!.content : undefined;
      const types = content?.map((x) => String(asRecord(x)?.type)) ?? [];
      status = result!.isError === true ? "warning" : "pass";
      evidence =
        `${asked} returned ${content ? `${content.length} content item(s)${types.length ? ` (${types.join(", ")})` : ""}` : "no content array"}` +
        `${"structuredContent" in result! ? ", structuredContent" : ""}` +
        (status === "warning"
          ? `, with isError: true: the tool reported its own failure for these arguments, so the items below judge an error result`
          : "");
    }
    add({
      id: "call",
      title: "The tool asked for (--call) answers with a result",
      status,
      evidence,
      ruleIds: ["OUT-1"],
      source: "review",
    });
  }
  if (!result) {
    add({
      id: "text-fallback",
      title: "The tool returns useful text content",
      status: "not-checkable",
      evidence: `${asked} returned no result to judge (see the call item)`,
      ruleIds: ["OUT-1"],
      source: "review",
    });
    return items;
  }
  {
    const content = result.content;
    const texts = Array.isArray(content)
      ? content
          .map((x) => asRecord(x))
          .filter((x) => x?.type === "text" && typeof x.text === "string")
          .map((x) => x!.text as string)
      : [];
    const useful = texts.filter((t) => t.trim() !== "");
    add({
      id: "text-fallback",
      title: "The tool returns useful text content",
      status: useful.length ? "pass" : "fail",
      evidence: !Array.isArray(content)
        ? `content is ${content === undefined ? "missing" : json(content)}, not a list: a host without the view, and the model, get nothing to read (the Apps spec: tools MUST return a meaningful content array even when UI is available)`
        : useful.length
          ? `${useful.length} text block(s); the first: ${json(clip(useful[0]!))}`
          : `content ${clip(json(content), 240)} has no text block with any text: a host without the view, and the model, get nothing to read (the Apps spec: tools MUST return a meaningful content array even when UI is available)`,
      ruleIds: ["OUT-1"],
      source: "review",
    });
  }
  if ("structuredContent" in result) {
    const want = canonical(result.structuredContent);
    const texts = (Array.isArray(result.content) ? result.content : [])
      .map((x) => asRecord(x))
      .filter((x) => x?.type === "text" && typeof x.text === "string")
      .map((x) => x!.text as string);
    const repeated = texts.some((t) => {
      try {
        return canonical(JSON.parse(t)) === want;
      } catch {
        return false;
      }
    });
    add({
      id: "structured-as-text",
      title: "structuredContent is also returned as JSON text",
      status: repeated ? "pass" : "warning",
      evidence: repeated
        ? "a text block holds the same JSON as structuredContent"
        : `no text block holds structuredContent ${clip(json(result.structuredContent))} as JSON: core server/tools line 500 says a tool returning structured content SHOULD also return it serialized in a text block, for clients that read only content. OUT-2: keep that data model-safe, or give a summary on purpose`,
      ruleIds: ["OUT-2"],
      source: "core",
    });
  }
  if (c.outputSchema !== undefined) {
    const problems = c.schemaProblems;
    add({
      id: "output-schema-match",
      title: "structuredContent conforms to the tool's outputSchema",
      status: !("structuredContent" in result)
        ? "fail"
        : problems === undefined
          ? "not-checkable"
          : problems.length
            ? "fail"
            : "pass",
      evidence: !("structuredContent" in result)
        ? `the tool declares an outputSchema but returned no structuredContent: core server/tools line 514, servers MUST provide structured results that conform to it`
        : problems === undefined
          ? "not validated here (the command-line review validates it)"
          : problems.length
            ? `structuredContent ${clip(json(result.structuredContent))} does not conform to outputSchema ${clip(json(c.outputSchema))}: ${problems.join("; ")} (core server/tools line 514: MUST conform)`
            : `structuredContent conforms to outputSchema ${clip(json(c.outputSchema))}`,
      ruleIds: ["OUT-2"],
      source: "core",
    });
  }
  return items;
}
