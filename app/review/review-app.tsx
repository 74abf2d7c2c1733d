"use client";

import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from "react";
import { DecisionTable } from "@/app/_components/decision-table";
import { ServerText } from "@/app/_components/server-text";
import { RuleRef } from "@/app/_components/rule-ref";
import { decideVisibility, toolVisibility } from "@/lib/decide/visibility";
import type { UiToolReview } from "@/lib/host/inspect";
import type { BrowserReviewResult } from "@/lib/review/browser";
import type { ReviewInput } from "@/lib/review/collect";
import {
  LazyToolRunner as ToolRunner,
  LazyWorksInTable as WorksInTable,
} from "./lazy-result-parts";
import { ReportItems } from "./report-items";
import type { WorksInHost } from "@/lib/review/works-in-hosts";
import { checkServerUrl, URL_FIELD_LABEL, type ReachProblem } from "@/lib/review/reach";
import type { Report, ReportItem } from "@/lib/review/report";
import { withRenderedItems } from "@/lib/review/rendered-items";
import { wireVisibility } from "@/lib/review/wire-read";
import { COLLECT_STEP_LABELS, COLLECT_STEPS, type CollectStep } from "@/lib/review/steps";

const TOKEN_KEY = "mcp-apps-academy:review-token";
const DEFAULT_TIMEOUT_S = 20;

/** What the learner connected to, kept in memory only (the token never leaves this component). */
interface ReviewTarget {
  url: string;
  token?: string;
}

type Phase =
  | { kind: "idle" }
  | { kind: "running"; step: CollectStep | "load" }
  | { kind: "done"; target: ReviewTarget; result: Extract<BrowserReviewResult, { ok: true }> }
  | { kind: "failed"; problem: ReachProblem };

/** A remembered token, tied to the origin it was given for (only when the learner asked). */
function readRemembered(): { origin: string; token: string } | undefined {
  try {
    const v = JSON.parse(localStorage.getItem(TOKEN_KEY) ?? "null") as unknown;
    if (
      v &&
      typeof v === "object" &&
      typeof (v as { origin?: unknown }).origin === "string" &&
      typeof (v as { token?: unknown }).token === "string"
    )
      return v as { origin: string; token: string };
  } catch {
    // Unreadable or blocked storage: nothing remembered.
  }
  return undefined;
}

function download(name: string, type: string, text: string) {
  const href = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement("a");
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

export function ReviewApp({ hosts }: { hosts?: readonly WorksInHost[] }) {
  const [url, setUrl] = useState("");
  const [token, setToken] = useState("");
  const [remember, setRemember] = useState(false);
  const [timeoutS, setTimeoutS] = useState(String(DEFAULT_TIMEOUT_S));
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const errorHeading = useRef<HTMLHeadingElement>(null);
  const ids = useId();

  useEffect(() => {
    if (phase.kind === "done") resultHeading.current?.focus();
    if (phase.kind === "failed") errorHeading.current?.focus();
  }, [phase.kind]);

  const running = phase.kind === "running";

  // Offer a remembered token once the URL names the origin it was remembered for.
  function onUrlChange(value: string) {
    setUrl(value);
    const saved = readRemembered();
    if (!saved) return;
    try {
      if (new URL(value.trim()).origin !== saved.origin) return;
    } catch {
      return;
    }
    setToken((t) => t || saved.token);
    setRemember(true);
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (running) return;
    const checked = checkServerUrl(url);
    if (!checked.ok) {
      setPhase({ kind: "failed", problem: checked.problem });
      return;
    }
    const target: ReviewTarget = {
      url: checked.url.href,
      ...(token.trim() ? { token: token.trim() } : {}),
    };
    try {
      if (remember && target.token)
        localStorage.setItem(
          TOKEN_KEY,
          JSON.stringify({ origin: checked.url.origin, token: target.token }),
        );
      else localStorage.removeItem(TOKEN_KEY);
    } catch {
      // Storage blocked: the token is simply not remembered.
    }
    setPhase({ kind: "running", step: "load" });
    let reviewInBrowser: (typeof import("@/lib/review/browser"))["reviewInBrowser"];
    try {
      ({ reviewInBrowser } = await import("@/lib/review/browser"));
    } catch (e) {
      setPhase({
        kind: "failed",
        problem: {
          kind: "other",
          title: "The review code did not load",
          message: `${e instanceof Error ? e.message : String(e)}. Check the connection to this site and reload the page.`,
          fixes: [],
        },
      });
      return;
    }
    const result = await reviewInBrowser({
      url: target.url,
      ...(target.token ? { token: target.token } : {}),
      // An empty or unusable entry falls back to the default rather than blocking the review.
      timeoutMs:
        (Number(timeoutS) > 0 ? Math.min(Number(timeoutS), 300) : DEFAULT_TIMEOUT_S) * 1000,
      appOrigin: window.location.origin,
      ...(hosts ? { hosts } : {}),
      onStep: (step) => setPhase({ kind: "running", step }),
    });
    setPhase(
      result.ok ? { kind: "done", target, result } : { kind: "failed", problem: result.problem },
    );
  }

  const urlError = phase.kind === "failed" && phase.problem.field === "url";
  return (
    <div className="review" data-testid="review-app">
      <form className="review-form" onSubmit={onSubmit} aria-busy={running}>
        <div className="review-field">
          <label htmlFor={`${ids}-url`}>{URL_FIELD_LABEL}</label>
          <input
            id={`${ids}-url`}
            name="url"
            type="text"
            inputMode="url"
            autoComplete="url"
            spellCheck={false}
            placeholder="http://localhost:3001/mcp"
            value={url}
            onChange={(e) => onUrlChange(e.target.value)}
            aria-invalid={urlError || undefined}
            aria-describedby={urlError ? `${ids}-error` : `${ids}-url-hint`}
          />
          <span id={`${ids}-url-hint`} className="muted review-hint">
            The server&apos;s Streamable HTTP endpoint, usually ending in <code>/mcp</code>.
          </span>
        </div>
        <div className="review-field">
          <label htmlFor={`${ids}-token`}>Bearer token (optional)</label>
          <input
            id={`${ids}-token`}
            name="token"
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={token}
            onChange={(e) => setToken(e.target.value)}
            aria-describedby={`${ids}-token-hint`}
          />
          <span id={`${ids}-token-hint`} className="muted review-hint">
            Sent as <code>Authorization: Bearer …</code> to this server only, never in the URL.
          </span>
          <label className="review-check">
            <input
              type="checkbox"
              checked={remember}
              onChange={(e) => setRemember(e.target.checked)}
            />{" "}
            Remember the token in this browser for this server&apos;s origin
          </label>
        </div>
        <div className="review-field review-field-narrow">
          <label htmlFor={`${ids}-timeout`}>Time-out (seconds)</label>
          <input
            id={`${ids}-timeout`}
            name="timeout"
            type="number"
            min={1}
            max={300}
            value={timeoutS}
            onChange={(e) => setTimeoutS(e.target.value)}
          />
        </div>
        <div className="review-submit">
          <button type="submit" disabled={running}>
            {running ? "Reviewing…" : "Connect and review"}
          </button>
        </div>
      </form>

      <ReviewProgress phase={phase} />

      {phase.kind === "failed" ? (
        <ReachError problem={phase.problem} id={`${ids}-error`} headingRef={errorHeading} />
      ) : null}
      {phase.kind === "done" ? (
        <ReviewResult target={phase.target} result={phase.result} headingRef={resultHeading} />
      ) : null}
    </div>
  );
}

function ReviewProgress({ phase }: { phase: Phase }) {
  const current = phase.kind === "running" ? phase.step : undefined;
  const steps: (CollectStep | "load")[] = ["load", ...COLLECT_STEPS];
  const at = current ? steps.indexOf(current) : -1;
  return (
    <div role="status" aria-live="polite" className="review-progress" data-testid="review-progress">
      {current ? (
        <>
          <p>
            Step {at + 1} of {steps.length}:{" "}
            <span data-testid="review-step" data-step={current}>
              {current === "load"
                ? "Loading the host and the checklist"
                : COLLECT_STEP_LABELS[current]}
            </span>
            …
          </p>
          <div className="progress-bar" aria-hidden="true">
            <span style={{ width: `${Math.round(((at + 0.5) / steps.length) * 100)}%` }} />
          </div>
        </>
      ) : null}
    </div>
  );
}

function ReachError({
  problem,
  id,
  headingRef,
}: {
  problem: ReachProblem;
  id: string;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
}) {
  return (
    <section
      className="review-error"
      id={id}
      data-testid="review-error"
      data-kind={problem.kind}
      aria-labelledby={`${id}-h`}
    >
      <h2 id={`${id}-h`} tabIndex={-1} ref={headingRef}>
        {problem.title}
      </h2>
      <p>{problem.message}</p>
      {problem.fixes.length ? (
        <ul>
          {problem.fixes.map((f) => (
            <li key={f}>
              <code>{f}</code>
            </li>
          ))}
        </ul>
      ) : null}
      {problem.cli ? (
        <p>
          From a terminal (no CORS there): <code data-testid="review-cli">{problem.cli}</code>
        </p>
      ) : null}
    </section>
  );
}

function ReviewResult({
  target,
  result,
  headingRef,
}: {
  target: ReviewTarget;
  result: Extract<BrowserReviewResult, { ok: true }>;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
}) {
  const { input } = result;
  const r = input.review;
  // A Preview or a Run judges the view itself: its items replace the report's static ones (the
  // "needs a browser" item among them), in the counts and the downloads too, as --render does.
  const [rendered, setRendered] = useState<Record<string, ReportItem[]>>({});
  const report = useMemo(
    () => withRenderedItems(result.report, Object.values(rendered).flat()),
    [result.report, rendered],
  );
  const staticIds = useMemo(() => new Set(result.report.items.map((i) => i.id)), [result.report]);
  const onViewChecks = useCallback(
    (tool: string, items: ReportItem[]) => setRendered((prev) => ({ ...prev, [tool]: items })),
    [],
  );
  const host = (() => {
    try {
      return new URL(target.url).host.replace(/[^\w.-]+/g, "_");
    } catch {
      return "server";
    }
  })();
  const serverItems = report.items.filter((i) => i.tool === undefined);
  return (
    <div className="review-result" data-testid="review-result">
      <section aria-labelledby="review-summary-h" className="card">
        <h2 id="review-summary-h" tabIndex={-1} ref={headingRef}>
          <ServerText text={report.server.name ?? "(unnamed server)"} />{" "}
          <ServerText text={report.server.version ?? ""} />
        </h2>
        <dl className="review-facts">
          <dt>Era</dt>
          <dd data-testid="review-era" data-era={report.era}>
            {report.era}
            {report.protocolVersion ? ` (${report.protocolVersion})` : ""},{" "}
            {report.eraSource === "probe" ? "detected by a dual-era probe" : report.eraSource}
          </dd>
          <dt>Server</dt>
          <dd>
            <code>{target.url}</code>
          </dd>
          <dt>Checklist</dt>
          <dd data-testid="review-counts">
            {report.counts.pass} pass, {report.counts.fail} fail, {report.counts.warning}{" "}
            warning(s), {report.counts["not-checkable"]} not checkable from outside
          </dd>
        </dl>
        <div className="review-exports">
          <button
            type="button"
            className="secondary"
            onClick={() =>
              download(
                `mcp-apps-review-${host}.json`,
                "application/json",
                JSON.stringify(
                  result.worksIn ? { ...report, worksIn: result.worksIn } : report,
                  null,
                  2,
                ),
              )
            }
          >
            Download JSON
          </button>
          <button
            type="button"
            className="secondary"
            onClick={() =>
              // The formatter loads on demand: it is not in /review's first load.
              void import("@/lib/review/report-format").then(({ formatReportMarkdown }) =>
                download(
                  `mcp-apps-review-${host}.md`,
                  "text/markdown",
                  formatReportMarkdown(report, window.location.origin),
                ),
              )
            }
          >
            Download Markdown
          </button>
        </div>
        <details>
          <summary>Server capabilities</summary>
          <pre tabIndex={0} data-testid="review-capabilities">
            {JSON.stringify(r.serverCapabilities ?? {}, null, 2)}
          </pre>
        </details>
      </section>

      <section aria-labelledby="review-server-items-h">
        <h2 id="review-server-items-h">Checklist: the server</h2>
        <ReportItems items={serverItems} caption="Server-level checklist items" />
      </section>

      {result.worksIn && <WorksInTable worksIn={result.worksIn} />}

      <ToolsTable input={input} />
      <ResourcesTable input={input} />

      {r.uiTools.map((t) => (
        <UiToolSection
          key={t.name}
          tool={t}
          // Rendered items replace their static rows in place; the ones the review lacked are shown
          // under the view, not added here: rows inserted above a running view would push it down,
          // and a view pushed off screen gets no animation frames (it could not size itself).
          items={report.items.filter((i) => i.tool === t.name && staticIds.has(i.id))}
          target={target}
          era={report.era}
          onViewChecks={onViewChecks}
        />
      ))}

      {r.tools
        .filter((tool) => !r.uiTools.some((u) => u.name === tool.name))
        .map((tool) => (
          <PlainToolSection
            key={tool.name}
            name={tool.name}
            items={report.items.filter((i) => i.tool === tool.name)}
          />
        ))}
    </div>
  );
}

/** A tool without a view still gets its checklist: visibility, annotations, outputSchema (issue #21). */
function PlainToolSection({ name, items }: { name: string; items: ReportItem[] }) {
  if (!items.length) return null;
  const h = `review-plain-tool-${name.replace(/[^\w-]/g, "_")}`;
  return (
    <section
      aria-labelledby={h}
      className="review-tool"
      data-testid="review-plain-tool"
      data-tool={name}
    >
      <h2 id={h}>
        Tool <ServerText text={name} code /> (no view)
      </h2>
      <ReportItems items={items} caption={`Checklist items for ${name}`} />
    </section>
  );
}

function keyLabel(t: UiToolReview) {
  if (t.uriKey === "nested") return <code>_meta.ui.resourceUri</code>;
  if (t.uriKey === "flat")
    return (
      <>
        <code>_meta[&quot;ui/resourceUri&quot;]</code>{" "}
        <span className="review-deprecated">deprecated</span>
      </>
    );
  return (
    <>
      <code>_meta.ui.resourceUri</code> and <code>_meta[&quot;ui/resourceUri&quot;]</code>{" "}
      <span className="review-deprecated">flat key deprecated</span>
    </>
  );
}

function ToolsTable({ input }: { input: ReviewInput }) {
  const r = input.review;
  const agent = r.tools.filter(
    (t) => decideVisibility(toolVisibility(t), { kind: "model" }).allowed,
  );
  return (
    <section aria-labelledby="review-tools-h">
      <h2 id="review-tools-h">Tools ({r.tools.length})</h2>
      <p data-testid="review-agent-tools">
        The agent&apos;s tool list ({agent.length}):{" "}
        {agent.length
          ? agent.map((t, i) => (
              <span key={t.name}>
                {i ? ", " : ""}
                <ServerText text={t.name} code />
              </span>
            ))
          : "none"}
        . A tool whose <code>visibility</code> lacks <code>&quot;model&quot;</code> is left out{" "}
        <RuleRef id="TOOL-3" />.
      </p>
      {/* Focusable: at 375 px the table scrolls sideways, and keys must reach it (axe). */}
      <div className="table-scroll" role="region" aria-label="Tools listed" tabIndex={0}>
        <table data-testid="review-tools">
          <caption className="visually-hidden">Every tool the server lists</caption>
          <thead>
            <tr>
              <th scope="col">Tool</th>
              <th scope="col">Visibility</th>
              <th scope="col">Agent sees it</th>
              <th scope="col">View</th>
              <th scope="col">Named by</th>
            </tr>
          </thead>
          <tbody>
            {r.tools.map((tool) => {
              const ui = r.uiTools.find((u) => u.name === tool.name);
              const visibility = toolVisibility(tool);
              const seen = decideVisibility(visibility, { kind: "model" });
              // Shown as the server sent it: the parse drops unknown values (issue #21).
              const sent = wireVisibility(r.onWire?.tools.find((t) => t.name === tool.name));
              return (
                <tr key={tool.name} data-tool={tool.name} data-agent={seen.allowed ? "yes" : "no"}>
                  <th scope="row">
                    <ServerText text={tool.name} code />
                  </th>
                  <td>
                    {sent.kind !== "absent" ? (
                      <code>{JSON.stringify(sent.sent)}</code>
                    ) : (
                      <span className="muted">omitted</span>
                    )}
                  </td>
                  <td>{seen.allowed ? "yes" : "no"}</td>
                  <td>
                    {ui ? <code>{ui.resourceUri}</code> : <span className="muted">no view</span>}
                  </td>
                  <td>{ui ? keyLabel(ui) : ""}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function ResourcesTable({ input }: { input: ReviewInput }) {
  const resources = input.review.resources;
  return (
    <section aria-labelledby="review-resources-h">
      <h2 id="review-resources-h">Resources ({resources.length})</h2>
      {resources.length ? (
        <div className="table-scroll" role="region" aria-label="Resources listed" tabIndex={0}>
          <table data-testid="review-resources">
            <caption className="visually-hidden">Every resource the server lists</caption>
            <thead>
              <tr>
                <th scope="col">URI</th>
                <th scope="col">Name</th>
                <th scope="col">mimeType</th>
              </tr>
            </thead>
            <tbody>
              {resources.map((res) => (
                <tr key={res.uri}>
                  <th scope="row">
                    <ServerText text={res.uri} code />
                  </th>
                  <td>
                    <ServerText text={res.name} />
                  </td>
                  <td>
                    {res.mimeType ? (
                      <code>{res.mimeType}</code>
                    ) : (
                      <span className="muted">none</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="muted">The server lists no resources.</p>
      )}
    </section>
  );
}

function UiToolSection({
  tool,
  items,
  target,
  era,
  onViewChecks,
}: {
  tool: UiToolReview;
  items: ReportItem[];
  /** The server, for the tool runner (it opens its own connection). */
  target: ReviewTarget;
  era: Report["era"];
  onViewChecks: (tool: string, items: ReportItem[]) => void;
}) {
  const h = `review-tool-${tool.name.replace(/[^\w-]/g, "_")}`;
  return (
    <section
      aria-labelledby={h}
      className="review-tool"
      data-testid="review-ui-tool"
      data-tool={tool.name}
    >
      <h2 id={h}>
        UI tool <ServerText text={tool.name} code />
      </h2>
      <p>
        View <ServerText text={tool.resourceUri} code />, named by {keyLabel(tool)}.
      </p>
      <h3>Decision table</h3>
      <DecisionTable decision={tool.decision} rule={(id) => <RuleRef id={id} />} />
      <h3>Checklist</h3>
      <ReportItems items={items} caption={`Checklist items for ${tool.name}`} />
      <ToolRunner
        target={target}
        era={era}
        tool={tool}
        onViewChecks={(items: ReportItem[]) => onViewChecks(tool.name, items)}
      />
    </section>
  );
}
