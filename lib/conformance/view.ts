/**
 * The conformance view's browser entry, bundled into view.html by scripts/view-documents.ts. It
 * wires `ConformanceSession` to `window.parent` (the sandbox proxy), supplies the probes only a
 * browser can run (CSP fetches and frames, beacons, `self.origin` and `window.top`, the viewport,
 * its own document as parsed), shows the verdicts as a table that follows the host's theme, sends
 * them to the server through the app-only `conformance_report` with its run's token, and offers
 * the operator's probes as buttons that never hold up the automatic ones.
 */
import {
  isAutomatic,
  judgeLink,
  offersLinks,
  TOOLS,
  type ConformanceReport,
  type FetchOutcome,
  type ProbeResult,
} from "./probes";
import { controlOutcome, NEGATIVE_CONTROL_NOTE } from "./control";
import { ConformanceSession } from "./session";
import { SERVER_JUDGED } from "./teardown";
import { rowName, statusLine } from "./summary";

/**
 * The document as it was parsed, taken before anything here changes it: while this script runs,
 * the parser has built everything up to it and nothing after (document.ts compares it with the
 * HTML the server served, serialised the same way).
 */
const LOADED = serialise(document);
/** This view's own script: what the parser builds after it is compared once parsing ends. */
const OWN_SCRIPT = document.currentScript;

/** A document as text: its doctype and its root element's markup. */
function serialise(doc: Document): string {
  return (doc.doctype ? `<!DOCTYPE ${doc.doctype.name}>` : "") + doc.documentElement.outerHTML;
}

/** Nodes this view adds itself (the CSP frame probe): never counted as the host's. */
const ownNodes = new WeakSet<Node>();

/** One node as markup: an element's outerHTML, a text node escaped as the HTML serialiser does. */
function markup(node: Node): string {
  if (node instanceof Element) return node.outerHTML;
  if (node.nodeType === Node.COMMENT_NODE) return `<!--${node.textContent ?? ""}-->`;
  const span = (node.ownerDocument ?? document).createElement("span");
  span.textContent = node.textContent;
  return span.innerHTML;
}

/**
 * Everything that follows `script` in tree order, as markup: its later siblings, then its parent's
 * closing tag and the parent's later siblings, up to the root. Served HTML and the loaded document
 * give the same text only if nothing was added, removed or rewritten after the view's script.
 */
function tailAfter(script: Node): string {
  let tail = "";
  for (let node: Node | null = script; node && node.parentNode; node = node.parentNode) {
    for (let next = node.nextSibling; next; next = next.nextSibling)
      if (!ownNodes.has(next)) tail += markup(next);
    if (node.parentNode instanceof Element) tail += `</${node.parentNode.localName}>`;
  }
  return tail;
}

/** Marks where the part compared once parsing ended begins, in both serialisations. */
const TAIL_MARK = "\n<!-- after the view's script, once parsing ended: -->\n";

/**
 * Nodes the parser or a script added after this view's script while the document was parsed and
 * that were gone again when parsing ended (a host script that removes itself): they are part of
 * what was delivered, so the comparison shows them.
 */
const addedAfter = new Set<Node>();
const follows = (node: Node | null) =>
  !!OWN_SCRIPT &&
  !!node &&
  (node === OWN_SCRIPT ||
    !!(OWN_SCRIPT.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING));
function noteAdded(records: MutationRecord[]) {
  for (const rec of records)
    for (const node of rec.addedNodes) {
      if (ownNodes.has(node)) continue;
      // Still in the document: its place says; already gone: the node before it said where it was.
      const after = node.isConnected
        ? follows(node)
        : follows(rec.previousSibling) || (rec.previousSibling === null && follows(rec.target));
      if (after) addedAfter.add(node);
    }
}

/** What followed the view's script once parsing ended (undefined until then). */
let tailWhenParsed: string | undefined;
function takeTail() {
  if (!OWN_SCRIPT) return;
  noteAdded(watcher.takeRecords());
  watcher.disconnect();
  const gone = [...addedAfter].filter((n) => !n.isConnected).map(markup);
  tailWhenParsed =
    tailAfter(OWN_SCRIPT) + (gone.length ? `<!-- added, then removed: -->${gone.join("")}` : "");
}
const watcher = new MutationObserver(noteAdded);
if (document.readyState === "loading") {
  watcher.observe(document, { childList: true, subtree: true });
  document.addEventListener("DOMContentLoaded", takeTail, { once: true });
} else takeTail();

/**
 * The document this view was parsed from: up to its script as the script started, then what
 * followed the script once parsing ended. Undefined while the document is still being parsed, or
 * when this script does not know its own element.
 */
function ownDocument(): string | undefined {
  return tailWhenParsed === undefined ? undefined : LOADED + TAIL_MARK + tailWhenParsed;
}

/**
 * Served HTML, parsed and serialised as `ownDocument` is: what came before this view's own script
 * (the last script element of the served HTML) as LOADED has it, then what follows the script. A
 * DOMParser document runs no script, so nothing in it can change it first.
 */
function normaliseDocument(html: string): string {
  const parsed = new DOMParser().parseFromString(html, "text/html");
  const script = parsed.scripts[parsed.scripts.length - 1];
  if (!script) return serialise(parsed);
  const tail = tailAfter(script);
  for (let node: Node | null = script; node && node !== parsed; node = node.parentNode)
    while (node.nextSibling) node.nextSibling.remove();
  return serialise(parsed) + TAIL_MARK + tail;
}

const $ = (id: string) => document.getElementById(id)!;

function readConfig(): {
  origins?: { declared: string; undeclared: string };
  viewUri?: string;
  negativeControl?: string;
  read?: string;
  noCsp?: boolean;
} {
  try {
    return JSON.parse($("conformance-config").textContent ?? "") as ReturnType<typeof readConfig>;
  } catch {
    return {};
  }
}

function applyTheme(ctx: Record<string, unknown>) {
  const root = document.documentElement;
  if (ctx.theme === "light" || ctx.theme === "dark") {
    root.setAttribute("data-theme", ctx.theme);
    root.style.colorScheme = ctx.theme;
  }
  const vars = (ctx.styles as { variables?: Record<string, string | undefined> } | undefined)
    ?.variables;
  for (const [name, value] of Object.entries(vars ?? {}))
    if (value !== undefined) root.style.setProperty(name, value);
}

const violations: { uri: string; directive: string }[] = [];
document.addEventListener("securitypolicyviolation", (e) => {
  violations.push({ uri: e.blockedURI, directive: e.effectiveDirective });
});

async function fetchProbe(url: string): Promise<FetchOutcome> {
  const origin = new URL(url).origin;
  const outcome: FetchOutcome = { url, ok: false, violations: [] };
  try {
    const res = await fetch(url, { cache: "no-store" });
    outcome.ok = res.ok;
    outcome.status = res.status;
  } catch (e) {
    outcome.error = (e as Error).message;
  }
  // The violation event is queued as a task: give it a moment to arrive.
  await new Promise((r) => setTimeout(r, 100));
  outcome.violations = violations.filter((v) => v.uri.startsWith(origin)).map((v) => v.directive);
  return outcome;
}

/** SBX-3: frame-src stays 'none' without frameDomains, so this frame must not load. */
async function frameProbe(url: string) {
  const frame = document.createElement("iframe");
  frame.title = "CSP frame probe (should stay empty)";
  frame.hidden = true;
  frame.src = url;
  ownNodes.add(frame);
  document.body.append(frame);
  const origin = new URL(url).origin;
  const started = performance.now();
  while (performance.now() - started < 1000) {
    if (violations.some((v) => v.uri.startsWith(origin) && /^(frame|child)-src/.test(v.directive)))
      break;
    await new Promise((r) => setTimeout(r, 50));
  }
  frame.remove();
  return {
    url,
    violations: violations
      .filter((v) => v.uri.startsWith(origin) && /^(frame|child)-src/.test(v.directive))
      .map((v) => v.directive),
  };
}

/**
 * SBX-2 from inside. `self.origin`, not `location.origin`: a document the proxy wrote into its
 * frame (document.write or srcdoc) has the URL about:blank or about:srcdoc, whose location says
 * "null" while the document really runs with the proxy's origin.
 */
function tryTop() {
  const selfOrigin = self.origin;
  const ancestorOrigins = location.ancestorOrigins ? [...location.ancestorOrigins] : undefined;
  try {
    // A view sharing the host page's origin could read this: it MUST throw (SBX-2).
    const title = window.top!.document.title;
    return {
      reachable: true,
      detail: `window.top.document was readable (title ${JSON.stringify(title)})`,
      selfOrigin,
      ancestorOrigins,
    };
  } catch (e) {
    return {
      reachable: false,
      detail: `window.top.document threw ${(e as Error).name}`,
      selfOrigin,
      ancestorOrigins,
    };
  }
}

/**
 * Resolves with the viewport once each dimension given is reached (±2 px), or after `ms` with
 * whatever it is. Resize events and a timer, not animation frames: Chromium runs no animation
 * frame in a cross-origin frame that is off screen, so a view the host renders below the fold (a
 * tall report above it, a person who has not scrolled yet) would wait for ever and never call its
 * tools.
 */
function waitForSize(
  size: { width?: number; height: number },
  ms: number,
): Promise<{ width: number; height: number }> {
  const near = (seen: number, want?: number) => want === undefined || Math.abs(seen - want) <= 2;
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      removeEventListener("resize", onResize);
      resolve(viewport());
    };
    const onResize = () => {
      if (near(innerHeight, size.height) && near(innerWidth, size.width)) done();
    };
    const timer = setTimeout(done, ms);
    addEventListener("resize", onResize);
    onResize();
  });
}

const viewport = () => ({ width: innerWidth, height: innerHeight });

function logLine(line: string) {
  const li = document.createElement("li");
  li.textContent = line;
  $("log").append(li);
}

/** Verdicts as one accessible table: caption, column headers, one row per catalogue id. */
function table(results: ProbeResult[], caption: string) {
  const t = document.createElement("table");
  t.setAttribute("data-testid", "conformance-table");
  t.createCaption().textContent = caption;
  const head = t.createTHead().insertRow();
  for (const h of ["Catalogue id", "Verdict", "Keyword", "Rules", "Evidence"]) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = h;
    head.append(th);
  }
  const body = t.createTBody();
  for (const r of results) {
    const row = body.insertRow();
    row.dataset.probe = rowName(r);
    row.dataset.keyword = r.keyword;
    row.dataset.verdict = r.verdict;
    row.dataset.kind = r.needsPerson
      ? "person"
      : isAutomatic(r)
        ? "automatic"
        : SERVER_JUDGED.has(r.id)
          ? "server"
          : "unobservable";
    const id = document.createElement("th");
    id.scope = "row";
    id.textContent = rowName(r) + (r.needsPerson ? " (operator)" : "");
    row.append(id);
    const verdict = row.insertCell();
    verdict.className = "verdict";
    verdict.dataset.verdict = r.verdict;
    verdict.textContent = r.verdict;
    row.insertCell().textContent = r.keyword;
    row.insertCell().textContent = r.rules.join(", ");
    row.insertCell().textContent = r.evidence;
  }
  return t;
}

/** The probes first; what the view cannot see folded below, one click away, never left out. */
function render(results: ProbeResult[]) {
  // The teardown rows are judged by the server after the view has gone: shown with the probes.
  const shown = (r: ProbeResult) => isAutomatic(r) || r.needsPerson || SERVER_JUDGED.has(r.id);
  const seen = results.filter(shown);
  const unseen = results.filter((r) => !shown(r));
  const details = document.createElement("details");
  const summary = document.createElement("summary");
  summary.textContent = `What this view cannot see (${unseen.length} requirements, NOT OBSERVABLE)`;
  details.append(
    summary,
    table(unseen, "Requirements a view cannot observe from inside its frame, and why"),
  );
  $("results").replaceChildren(table(seen, `Probe verdicts. ${statusLine(seen)}`), details);
}

function reportSize() {
  session.notify("ui/notifications/size-changed", {
    height: Math.ceil(document.documentElement.scrollHeight),
  });
}

const config = readConfig();

/**
 * BRG-3's beacons (teardown.ts): navigator.sendBeacon, which the browser still sends while the
 * frame is going away. A CSP that blocks the declared origin blocks it too; the violation event
 * is queued as a task, so it is given a moment to arrive.
 */
async function beacon(url: string) {
  const origin = new URL(url).origin;
  const before = violations.length;
  let queued = false;
  try {
    queued = navigator.sendBeacon(url);
  } catch {
    queued = false;
  }
  await new Promise((r) => setTimeout(r, 100));
  return {
    queued,
    violations: violations
      .slice(before)
      .filter((v) => v.uri.startsWith(origin))
      .map((v) => v.directive),
  };
}

if (config.negativeControl) {
  // Said first and plainly: this run's FAILs are the point, not a finding about the host; and
  // on a host that blocks everything the control proves nothing, which the note says as well.
  const note = document.createElement("p");
  note.dataset.testid = "negative-control";
  note.textContent = NEGATIVE_CONTROL_NOTE;
  document.querySelector("h1")!.after(note);
}
const session = new ConformanceSession({
  post: (m) => window.parent.postMessage(m, "*"),
  listen: (receive) =>
    window.addEventListener("message", (e) => {
      // Only the parent (the proxy, relaying the host) speaks to this view.
      if (e.source === window.parent) receive(e.data);
    }),
  now: () => performance.now(),
  probeOrigins: config.origins,
  viewUri: config.viewUri,
  readId: config.read,
  noCsp: config.noCsp,
  selfOrigin: self.origin,
  ownDocument,
  normaliseDocument,
  fetchProbe,
  frameProbe,
  tryTop,
  viewport,
  waitForSize,
  onContext: applyTheme,
  beacon,
  log: logLine,
});
// The frame is going: if teardown has not reached the view (or was not answered), say so.
addEventListener("pagehide", () => void session.pageHide());

let report: ConformanceReport | undefined;

async function send(r: ConformanceReport) {
  const sent = await session.callTool(TOOLS.report, { report: r, token: session.reportToken });
  logLine(sent.ok ? "report sent to the server" : `the report was not sent: ${sent.detail}`);
  return sent.ok;
}

async function main() {
  const r: ConformanceReport = {
    ...(await session.run()),
    ...(config.negativeControl === "csp" ? { negativeControl: "csp" as const } : {}),
  };
  report = r;
  render(r.results);
  const status = $("status");
  status.dataset.state = "done";
  // By strength: a failed MUST apart from SHOULD and MAY; NOT OBSERVABLE is never a failure.
  status.textContent = `Automatic probes finished. ${statusLine(r.results.filter(isAutomatic))}.${r.negativeControl ? ` ${controlOutcome(r.results).text}` : ""}`;
  // BRG-4: a host that does not advertise openLinks opens no link; the button stays off and the
  // row says why.
  ($("open-link") as HTMLButtonElement).disabled = !offersLinks(session.observation);
  reportSize();
  const sent = await send(r);
  status.dataset.sent = String(sent);
}

$("open-link").addEventListener("click", async () => {
  if (!report) return;
  const origin = config.origins?.declared;
  if (!origin) return;
  const url = `${origin}/probe/link?run=${encodeURIComponent(report.run)}`;
  const answer = await session.request("ui/open-link", { url }, 120_000);
  // Give the opened page a moment to load before asking the server whether it was served.
  await new Promise((r) => setTimeout(r, 1500));
  const seen = await session.callTool(TOOLS.ping, { run: report.run });
  const hits = (seen.structured as { hits?: string[] } | undefined)?.hits ?? [];
  const result = judgeLink(
    {
      ok: !answer.error && !(answer.result as { isError?: boolean } | undefined)?.isError,
      detail: answer.error ?? JSON.stringify(answer.result),
    },
    hits.includes("link"),
  );
  report = { ...report, results: report.results.map((p) => (p.id === result.id ? result : p)) };
  render(report.results);
  reportSize();
  await send(report);
});

void main();
