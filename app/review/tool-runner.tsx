"use client";

import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from "react";
import type { Tool } from "@modelcontextprotocol/client";
import { pageHostContext } from "@/app/_components/page-host-context";
import { ConsentDialog, useConsentPrompt } from "@/app/_components/consent-dialog";
import { linkDestination } from "@/lib/review/link-destination";
import {
  argumentsFrom,
  formFromSchema,
  initialValues,
  optionValue,
  WHOLE_FIELD,
  type FormField,
  type RawValues,
} from "@/lib/review/input-form";
import type { AppCallRecord, LiveView } from "@/lib/review/live-view";
import type { ReportItem } from "@/lib/review/report";
import type { TraceEntry } from "@/lib/simulator/trace";
import { GrantedPermissions, PermissionDialog, usePermissionQuestion } from "./permission-dialog";
import { ReportItems } from "./report-items";
import { ViewChecks } from "./view-checks";
import "./tool-runner.css";

/** The server as the review page has it; the runner opens a connection of its own with it. */
export interface RunnerTarget {
  url: string;
  /** Sent as `Authorization: Bearer <token>`. */
  token?: string;
}

interface Props {
  target: RunnerTarget;
  /** The era the review found; the runner's connection opens in it (NEG-6). */
  era?: "modern" | "legacy";
  /** The UI tool as the review found it. */
  tool: { name: string; tool: Tool };
  /** The rendered view's own checks, each time they change (the review's report takes them). */
  onViewChecks?: (items: ReportItem[]) => void;
}

/** How often a live session redraws while messages stream in. */
const REDRAW_MS = 200;
/** How long a view may take to finish its handshake: real views took up to 2.1 s. */
const DEFAULT_HANDSHAKE_S = 10;
/** Log rows drawn at once (the newest). */
const LOG_ROWS = 300;

/** The runner's own field, apart from the tool's arguments. */
const HANDSHAKE_FIELD = "(handshake time-out)";

/** A view's ui/open-link, put to the reader (consent prompts have their own dialog). */
interface Question {
  text: string;
  detail: string;
  resolve: (answer: "allow" | "deny") => void;
}

/**
 * One UI tool of a real server: a form from its `inputSchema`, the real call, and the real view
 * in the sandbox proxy with a bridge that serves it (lib/review/live-view, loaded on Run).
 */
export function ToolRunner({ target, era, tool, onViewChecks }: Props) {
  const id = useId();
  const form = useMemo(() => formFromSchema(tool.tool.inputSchema), [tool.tool.inputSchema]);
  const [values, setValues] = useState<RawValues>(() => initialValues(form));
  const [errors, setErrors] = useState<{ field: string; message: string }[]>([]);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [snapshot, setSnapshot] = useState<Snapshot | null>(null);
  const [fullscreen, setFullscreen] = useState(false);
  const [observeSeconds, setObserveSeconds] = useState("10");
  const [handshakeSeconds, setHandshakeSeconds] = useState(String(DEFAULT_HANDSHAKE_S));
  const [observing, setObserving] = useState<{ until: number } | null>(null);
  const [observed, setObserved] = useState<AppCallRecord[] | null>(null);
  const [filter, setFilter] = useState("");
  const [questions, setQuestions] = useState<Question[]>([]);
  const frame = useRef<HTMLDivElement>(null);
  const session = useRef<LiveView | null>(null);
  const always = useRef(new Set<string>());
  const dialog = useRef<HTMLDialogElement>(null);
  const firstButton = useRef<HTMLButtonElement>(null);
  const generation = useRef(0);
  // BRG-5: the live view's ConsentQueue asks one question at a time; the page shows it.
  const consent = useConsentPrompt();
  const { ask: askPerson, answer: answerPerson } = consent;
  const permissions = usePermissionQuestion();
  const cancelPermissions = permissions.cancel;

  const asking = questions[0];
  useEffect(() => {
    if (asking) {
      if (!dialog.current?.open) dialog.current?.showModal();
      firstButton.current?.focus();
    } else if (dialog.current?.open) dialog.current.close();
  }, [asking]);

  const askUser = useCallback(
    (q: Omit<Question, "resolve">) =>
      new Promise<"allow" | "deny">((resolve) =>
        setQuestions((list) => [...list, { ...q, resolve }]),
      ),
    [],
  );
  const answer = (a: "allow" | "deny") => {
    setQuestions(([first, ...rest]) => {
      first?.resolve(a);
      return rest;
    });
  };

  const closeSession = useCallback(async () => {
    generation.current++;
    const s = session.current;
    session.current = null;
    always.current.clear();
    cancelPermissions();
    setQuestions((list) => {
      for (const q of list) q.resolve("deny");
      return [];
    });
    answerPerson("deny");
    setFullscreen(false);
    if (s) await s.dispose();
    return s;
  }, [answerPerson, cancelPermissions]);
  useEffect(() => () => void closeSession(), [closeSession]);

  /** Runs the tool for real, or (`preview`) renders its view with a sample result, calling nothing. */
  const run = async (event: FormEvent | null, preview = false) => {
    event?.preventDefault();
    const parsed = argumentsFrom(form, values);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    const seconds = Number(handshakeSeconds);
    if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 120) {
      setErrors([
        { field: HANDSHAKE_FIELD, message: "The handshake time-out must be 1 to 120 seconds" },
      ]);
      return;
    }
    const handshakeMs = seconds * 1000;
    setErrors([]);
    setProblem(null);
    setObserved(null);
    setBusy(true);
    await closeSession();
    setSnapshot(null);
    const mine = generation.current;
    try {
      const [{ startLiveView, connectForView }, { sandboxOriginFor }, { sampleResultFor }] =
        await Promise.all([
          import("@/lib/review/live-view"),
          import("@/lib/simulator/browser/origins"),
          import("@/lib/review/sample-result"),
        ]);
      const token = target.token?.trim();
      const connection = await connectForView(
        target.url,
        token ? { Authorization: `Bearer ${token}` } : undefined,
        era,
      );
      if (mine !== generation.current) {
        await connection.close();
        return;
      }
      let timer = 0;
      const hostOrigin = window.location.origin;
      const view = await startLiveView({
        connection,
        ownsConnection: true,
        tool: tool.tool,
        arguments: parsed.arguments,
        ...(preview ? { sampleResult: sampleResultFor(tool.tool) } : {}),
        initTimeoutMs: handshakeMs,
        container: frame.current!,
        hostOrigin,
        sandboxOrigin: sandboxOriginFor(hostOrigin, process.env.NEXT_PUBLIC_SANDBOX_ORIGIN),
        hostContext: pageHostContext(),
        // PERM-2: asked anew on every Run; nothing is remembered between runs.
        askPermissions: async (question) =>
          mine === generation.current ? permissions.ask(question, new URL(target.url).origin) : [],
        askConsent: async (request) => {
          if (mine !== generation.current) return "deny";
          if (always.current.has(request.tool)) return "allow";
          const a = await askPerson(request);
          if (a !== "always") return a;
          always.current.add(request.tool);
          return "allow";
        },
        confirmOpenLink: async (url) =>
          mine === generation.current &&
          (await askUser({ text: "The view asks to open a link", detail: url })) !== "deny",
        onDisplayMode: (mode) => setFullscreen(mode === "fullscreen"),
        onChange: (v) => {
          if (mine !== generation.current || timer) return;
          timer = window.setTimeout(() => {
            timer = 0;
            if (mine === generation.current) setSnapshot(snap(v));
          }, REDRAW_MS);
        },
      });
      if (mine !== generation.current) {
        await view.dispose();
        return;
      }
      session.current = view;
      setSnapshot(snap(view));
    } catch (e) {
      if (mine === generation.current) setProblem(e instanceof Error ? e.message : String(e));
    } finally {
      if (mine === generation.current) setBusy(false);
    }
  };

  const leaveFullscreen = useCallback(() => {
    setFullscreen(false);
    session.current?.setDisplayMode("inline");
  }, []);
  useEffect(() => {
    if (!fullscreen) return;
    const onKey = (e: KeyboardEvent) => {
      // Escape in an open prompt answers the prompt, not the full screen view.
      if (e.key === "Escape" && !document.querySelector("dialog[open]")) leaveFullscreen();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [fullscreen, leaveFullscreen]);

  const observe = async () => {
    const s = session.current;
    const seconds = Number(observeSeconds);
    if (!s || !Number.isFinite(seconds) || seconds <= 0) return;
    const ms = Math.min(seconds, 600) * 1000;
    setObserved(null);
    setObserving({ until: Date.now() + ms });
    const calls = await s.observe(ms);
    if (session.current === s) {
      setObserved(calls);
      setObserving(null);
    }
  };

  const fieldId = (name: string) => `${id}-f-${name.replace(/[^\w-]/g, "_")}`;
  const errorFor = (name: string) => errors.find((e) => e.field === name);
  const log = snapshot?.log ?? [];
  const shown = filter
    ? log.filter((e) => rowText(e).toLowerCase().includes(filter.toLowerCase()))
    : log;

  return (
    <section className="tool-runner" data-testid="tool-runner" aria-label={`Run ${tool.name}`}>
      <h3>Run it</h3>
      <form onSubmit={(e) => void run(e)} noValidate data-testid="tool-form">
        {form.fields.length === 0 ? (
          <p className="muted">This tool takes no arguments.</p>
        ) : (
          form.fields.map((f) => (
            <Field
              key={f.name}
              field={f}
              id={fieldId(f.name)}
              value={values[f.name]}
              error={errorFor(f.name)?.message}
              onChange={(v) => setValues((old) => ({ ...old, [f.name]: v }))}
            />
          ))
        )}
        <div className="runner-field runner-narrow">
          <label htmlFor={fieldId(HANDSHAKE_FIELD)}>Handshake time-out (seconds)</label>
          <input
            id={fieldId(HANDSHAKE_FIELD)}
            type="number"
            min={1}
            max={120}
            value={handshakeSeconds}
            onChange={(e) => setHandshakeSeconds(e.target.value)}
            aria-invalid={errorFor(HANDSHAKE_FIELD) ? true : undefined}
            aria-describedby={`${fieldId(HANDSHAKE_FIELD)}-hint`}
            data-testid="handshake-timeout"
          />
          <span id={`${fieldId(HANDSHAKE_FIELD)}-hint`} className="muted runner-hint">
            How long the view may take to send ui/notifications/initialized before the host reports
            it as never initialised.
          </span>
        </div>
        {errors.length ? (
          <div role="alert" className="runner-errors" data-testid="form-errors">
            <ul>
              {errors.map((e) => (
                <li key={e.field}>
                  <a href={`#${fieldId(e.field)}`}>{e.message}</a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <p>
          <button type="submit" disabled={busy} data-testid="run-tool">
            {busy ? "Running…" : snapshot ? `Run ${tool.name} again` : `Run ${tool.name}`}
          </button>{" "}
          <button
            type="button"
            className="secondary"
            disabled={busy}
            onClick={() => void run(null, true)}
            data-testid="preview-tool"
          >
            Preview the view without calling
          </button>{" "}
          {snapshot ? (
            <button
              type="button"
              className="secondary"
              onClick={() => {
                // The last picture: the teardown request and the view's answer (BRG-3) included.
                void closeSession().then((s) => {
                  if (s) setSnapshot(snap(s));
                });
              }}
            >
              Close the view
            </button>
          ) : null}
        </p>
      </form>
      {problem ? (
        <p role="alert" className="notice" data-testid="runner-problem">
          {problem}
        </p>
      ) : null}
      {snapshot ? <Status s={snapshot} /> : null}
      <GrantedPermissions grant={snapshot?.permissions} />
      <div
        ref={frame}
        className={fullscreen ? "runner-frame fullscreen" : "runner-frame"}
        data-testid="review-view"
        data-state={snapshot?.state ?? "idle"}
      >
        {fullscreen ? (
          <button type="button" className="secondary runner-exit" onClick={leaveFullscreen}>
            Leave full screen (Escape)
          </button>
        ) : null}
      </div>
      {/* After the view, not above it: a view pushed below the fold gets no animation frames from
          Chromium (off-screen cross-origin frame), so an ext-apps view could not report its size
          or finish work that waits for a frame until the person scrolled to it. */}
      {snapshot?.callItems?.length ? (
        <ReportItems
          items={snapshot.callItems}
          caption="The result, judged as the review's --call judges it"
          captionShown
          testId="call-items"
          statusLabel={CALL_STATUS}
        />
      ) : null}
      {snapshot && snapshot.state !== "calling" && snapshot.state !== "text" ? (
        <ViewChecks
          tool={tool.name}
          log={snapshot.log}
          state={snapshot.state}
          failures={snapshot.failures}
          startedAt={snapshot.startedAt}
          {...(onViewChecks ? { onItems: onViewChecks } : {})}
          {...(snapshot.initMs !== undefined ? { initMs: snapshot.initMs } : {})}
        />
      ) : null}
      {snapshot ? (
        <>
          <section aria-label="App-initiated calls" className="runner-block">
            <h4>App-initiated calls</h4>
            <p>
              <label>
                Observe for{" "}
                <input
                  type="number"
                  min={1}
                  max={600}
                  value={observeSeconds}
                  onChange={(e) => setObserveSeconds(e.target.value)}
                  className="runner-seconds"
                  data-testid="observe-seconds"
                />{" "}
                seconds
              </label>{" "}
              <button
                type="button"
                className="secondary"
                onClick={() => void observe()}
                disabled={!!observing || !OBSERVABLE.has(snapshot.state)}
                data-testid="observe"
              >
                {observing ? "Observing…" : "Observe"}
              </button>
            </p>
            {observing ? (
              <p role="status" className="muted">
                Logging every call the view places until{" "}
                {new Date(observing.until).toLocaleTimeString()}.
              </p>
            ) : null}
            {observed ? (
              <div data-testid="observe-results" role="status">
                <p>
                  {observed.length} app-initiated call{observed.length === 1 ? "" : "s"} in the
                  window.
                </p>
                <CallList calls={observed} />
              </div>
            ) : null}
            <details>
              <summary>All app-initiated calls ({snapshot.appCalls.length})</summary>
              <CallList calls={snapshot.appCalls} testId="app-calls" />
            </details>
            <ToolSights s={snapshot} />
          </section>
          {snapshot.links.length || snapshot.messages.length || snapshot.logs.length ? (
            <section aria-label="What the view sent" className="runner-block">
              <h4>What the view sent</h4>
              <ul data-testid="view-records">
                {snapshot.links.map((l) => (
                  <li key={`l${l.at}`}>
                    {fmt(l.at)} ui/open-link <code>{l.url}</code>: {l.reason}
                  </li>
                ))}
                {snapshot.messages.map((m) => (
                  <li key={`m${m.at}${m.method}`}>
                    {fmt(m.at)} {m.method}: <code>{JSON.stringify(m.params).slice(0, 300)}</code>
                  </li>
                ))}
                {snapshot.logs.map((l, i) => (
                  <li key={`g${l.at}-${i}`}>
                    {fmt(l.at)} notifications/message ({l.level}):{" "}
                    <code>{JSON.stringify(l.data).slice(0, 300)}</code>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <details className="runner-block">
            <summary>Message log ({log.length})</summary>
            <p>
              <label>
                Filter{" "}
                <input
                  type="search"
                  value={filter}
                  onChange={(e) => setFilter(e.target.value)}
                  data-testid="log-filter"
                />
              </label>
            </p>
            <div className="table-scroll">
              <table className="runner-log" data-testid="message-log">
                <caption className="visually-hidden">Every message, with its time</caption>
                <thead>
                  <tr>
                    <th scope="col">ms</th>
                    <th scope="col">Link</th>
                    <th scope="col">What</th>
                    <th scope="col">Status</th>
                  </tr>
                </thead>
                <tbody>
                  {shown.slice(-LOG_ROWS).map((e) => (
                    <tr key={e.seq} data-status={e.status}>
                      <td>{e.at}</td>
                      <td>
                        {e.from} → {e.to}
                      </td>
                      <td>
                        {e.method ? <code>{e.method}</code> : null}
                        {e.method && e.note ? " " : null}
                        {e.note ?? (e.method ? null : e.kind)}
                      </td>
                      <td>{e.status}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      ) : null}
      <PermissionDialog asking={permissions.asking} onAnswer={permissions.answer} />
      <dialog
        ref={dialog}
        aria-labelledby={`${id}-q`}
        className="runner-dialog"
        data-testid="link-dialog"
        onCancel={(e) => {
          e.preventDefault();
          answer("deny");
        }}
      >
        <h2 id={`${id}-q`}>{asking?.text}</h2>
        {asking ? <LinkDetail url={asking.detail} /> : null}
        <p>
          <button type="button" ref={firstButton} onClick={() => answer("allow")}>
            Open the link
          </button>{" "}
          <button type="button" className="secondary" onClick={() => answer("deny")}>
            Don&apos;t open it
          </button>
          {questions.length > 1 ? (
            <span className="muted"> ({questions.length - 1} more waiting)</span>
          ) : null}
        </p>
        <p className="muted">
          A host should open a view&apos;s link (BRG-4); this one asks you first. Escape declines.
        </p>
      </dialog>
      <ConsentDialog
        request={consent.request}
        onAnswer={answerPerson}
        offerAlways
        note="Nothing reaches the server unless you allow it (BRG-5; asking is this host's policy)."
      />
    </section>
  );
}

/** What the page draws of a session: copies, so React sees each change. */
interface Snapshot {
  state: LiveView["state"];
  reason?: string;
  initMs?: number;
  failures: LiveView["failures"];
  appCalls: AppCallRecord[];
  tools: LiveView["tools"];
  links: LiveView["links"];
  messages: LiveView["messages"];
  logs: LiveView["logs"];
  log: TraceEntry[];
  toolResult?: LiveView["toolResult"];
  callItems?: LiveView["callItems"];
  /** `performance.now()` at the session's start. */
  startedAt: number;
  cspHeader?: string;
  permissions?: LiveView["permissions"];
}

function snap(v: LiveView): Snapshot {
  return {
    state: v.state,
    reason: v.reason,
    initMs: v.timings.initMs,
    failures: [...v.failures],
    appCalls: [...v.appCalls],
    tools: v.tools,
    links: [...v.links],
    messages: [...v.messages],
    logs: [...v.logs],
    log: [...v.trace.entries],
    toolResult: v.toolResult,
    callItems: v.callItems,
    startedAt: v.timings.start,
    cspHeader: v.cspHeader,
    permissions: v.permissions,
  };
}

/** States in which a view can still place calls. */
const OBSERVABLE = new Set<LiveView["state"]>(["loading", "initialized", "failed"]);

const fmt = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function rowText(e: TraceEntry): string {
  return `${e.from} ${e.to} ${e.method ?? ""} ${e.note ?? ""} ${e.status} ${e.kind}`;
}

const STATE_TEXT: Record<LiveView["state"], string> = {
  calling: "Calling the tool…",
  "asking-permissions": "The view requested permissions: waiting for your answer…",
  loading: "Loading the view in the sandbox proxy…",
  initialized: "The view is running.",
  text: "Not rendered.",
  failed: "The view failed.",
  "torn-down": "The view was torn down.",
  closed: "The view is closed.",
};

const CALL_STATUS: Record<ReportItem["status"], string> = {
  pass: "pass",
  fail: "fail",
  warning: "warning",
  "not-checkable": "not checked here",
};

function Status({ s }: { s: Snapshot }) {
  return (
    <div className="runner-status" data-testid="runner-status" data-state={s.state}>
      <p role="status">
        {STATE_TEXT[s.state]}
        {s.initMs !== undefined ? ` Initialised in ${s.initMs} ms.` : ""}
        {s.reason ? ` ${s.reason}` : ""}
      </p>
      {s.toolResult ? (
        <details>
          <summary>The tool&apos;s result{s.toolResult.isError ? " (isError: true)" : ""}</summary>
          <pre tabIndex={0} data-testid="tool-result">
            {JSON.stringify(s.toolResult, null, 2).slice(0, 4000)}
          </pre>
        </details>
      ) : null}
      {s.failures.length ? (
        <ul className="runner-failures" data-testid="view-failures">
          {s.failures.map((f, i) => (
            <li key={i} data-kind={f.kind}>
              {f.message} <span className="muted">({f.ruleIds.join(", ")})</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function CallList({ calls, testId }: { calls: AppCallRecord[]; testId?: string }) {
  if (!calls.length) return <p className="muted">None.</p>;
  return (
    <ul className="runner-calls" data-testid={testId}>
      {calls.map((c, i) => (
        <li key={`${c.at}-${i}`} data-outcome={c.outcome} data-target={c.target}>
          {fmt(c.at)} <code>{c.method}</code> <code>{c.target}</code> — {c.outcome}: {c.reason}
          {c.detail ? ` (${c.detail})` : ""}
        </li>
      ))}
    </ul>
  );
}

function ToolSights({ s }: { s: Snapshot }) {
  const hidden = s.tools.filter((t) => !t.agentListed);
  if (!hidden.length) return null;
  return (
    <p data-testid="hidden-tools">
      Hidden from the agent&apos;s tool list:{" "}
      {hidden.map((t, i) => (
        <span key={t.name}>
          {i ? ", " : ""}
          <code>{t.name}</code>
          {t.appCallable ? " (this view may call it)" : " (no one may call it)"}
        </span>
      ))}
      .
    </p>
  );
}

function Field({
  field: f,
  id,
  value,
  error,
  onChange,
}: {
  field: FormField;
  id: string;
  value: string | boolean | undefined;
  error?: string;
  onChange: (v: string | boolean) => void;
}) {
  const hint = `${id}-hint`;
  const label = f.name === WHOLE_FIELD ? "Arguments (JSON object)" : (f.title ?? f.name);
  const described = [f.description ? hint : null, error ? `${id}-err` : null]
    .filter(Boolean)
    .join(" ");
  const common = {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-required": f.required || undefined,
    "aria-describedby": described || undefined,
  };
  const text = typeof value === "string" ? value : "";
  let control;
  switch (f.kind) {
    case "boolean":
      control = (
        <input
          type="checkbox"
          {...common}
          checked={value === true}
          onChange={(e) => onChange(e.target.checked)}
        />
      );
      break;
    case "enum":
      control = (
        <select {...common} value={text} onChange={(e) => onChange(e.target.value)}>
          {!f.required || f.default === undefined ? <option value="">(not set)</option> : null}
          {f.options.map((o) => (
            <option key={optionValue(o)} value={optionValue(o)}>
              {String(o)}
            </option>
          ))}
        </select>
      );
      break;
    case "number":
    case "integer":
      control = (
        <input
          type="text"
          inputMode={f.kind === "integer" ? "numeric" : "decimal"}
          {...common}
          value={text}
          onChange={(e) => onChange(e.target.value)}
        />
      );
      break;
    case "string":
      control = f.multiline ? (
        <textarea rows={2} {...common} value={text} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input type="text" {...common} value={text} onChange={(e) => onChange(e.target.value)} />
      );
      break;
    case "string-array":
      control = (
        <textarea rows={3} {...common} value={text} onChange={(e) => onChange(e.target.value)} />
      );
      break;
    default:
      control = (
        <textarea
          rows={4}
          className="runner-json"
          {...common}
          value={text}
          onChange={(e) => onChange(e.target.value)}
        />
      );
  }
  return (
    <div className="runner-field" data-field={f.name}>
      <label htmlFor={id}>
        {label}
        {f.required ? <span className="runner-required"> (required)</span> : null}
        {f.kind === "string-array" ? <span className="muted"> (one per line)</span> : null}
        {f.kind === "json" ? <span className="muted"> (JSON)</span> : null}
      </label>
      {control}
      {f.description ? (
        <span id={hint} className="muted runner-hint">
          {f.description}
        </span>
      ) : null}
      {error ? (
        <span id={`${id}-err`} className="runner-error">
          {error}
        </span>
      ) : null}
    </div>
  );
}

/**
 * The URL a view asks to open, with what it really opens: user info before an `@` highlighted
 * (it reads like a site but is not one), the host name as the browser contacts it, and hidden
 * characters marked (issue #25: `https://accounts.example.com@evil…` looked like the real site).
 */
function LinkDetail({ url }: { url: string }) {
  const d = linkDestination(url);
  return (
    <>
      <p>
        <code data-testid="link-url">
          {d.parts.map((p, i) =>
            p.kind === "userinfo" ? (
              <mark key={i} data-testid="link-userinfo">
                {p.text}
              </mark>
            ) : p.kind === "host" ? (
              <strong key={i}>{p.text}</strong>
            ) : (
              <span key={i}>{p.text}</span>
            ),
          )}
        </code>
      </p>
      {d.host ? (
        <p data-testid="link-host">
          Opens <strong>{d.host}</strong>.
        </p>
      ) : null}
      {d.warnings.length ? (
        <ul className="runner-link-warnings" data-testid="link-warnings">
          {d.warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
