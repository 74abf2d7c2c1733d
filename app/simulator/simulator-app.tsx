"use client";

import { usePathname, useSearchParams } from "next/navigation";
import {
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { checkOrigins, prewarmSandbox, sandboxOriginFor } from "@/lib/simulator/browser/origins";
import { ProxyPool } from "@/lib/simulator/browser/proxy-pool";
import { policyFor, tokenIssuer } from "@/lib/simulator/browser/proxy-ticket";
import type { BrowserRun } from "@/lib/simulator/browser/run-in-browser";
import type { PageContext } from "@/lib/simulator/host";
import { pageHostContext, pageTheme } from "@/app/_components/page-host-context";
import { ROWS } from "@/lib/simulator/constants";
import { previewDecision } from "@/lib/simulator/preview";
import type { Scenario } from "@/lib/simulator/scenario";
import { resolvePorts, ScenarioError } from "@/lib/simulator/scenario-core";
import { locateJsonPath } from "@/lib/simulator/json-position";
import type { TraceEntry } from "@/lib/simulator/trace";
import { useAppStore } from "../_components/store-provider";
import { installAutomationHook } from "./automation-hook";
import {
  CspPanel,
  DecisionTable,
  RuleLink,
  RunLabel,
  runAttributes,
  Sequence,
  type RunTag,
} from "./panels";
import { Prediction, type Predictions } from "./prediction";
import { ScenarioForm } from "./scenario-form";
import { VerdictSummary } from "./verdict-summary";
import { ToolCallPanel } from "./tool-call-panel";
import { ConversationPanel } from "./conversation-panel";
import { getRule } from "@/lib/rules";
import { ConsentDialog, useConsentPrompt } from "../_components/consent-dialog";
import "./simulator.css";

/**
 * The scenario schema (zod, with its messages) and share links are not in the page's first load:
 * they load when first needed (the JSON editor, a shared link, copying a link) or once the page
 * has loaded, whichever comes first.
 */
let scenarioModule: typeof import("@/lib/simulator/scenario") | undefined;
const loadScenarioModule = () =>
  import("@/lib/simulator/scenario").then((m) => (scenarioModule = m));
const loadShare = () => import("@/lib/simulator/share");

/**
 * The runner (the SDK, the host and the proxy plumbing) loads with the first run; once loaded, a
 * run starts without waiting a turn for it, in the very event handler that asked for it.
 */
let runnerModule: typeof import("@/lib/simulator/browser/run-in-browser") | undefined;
const loadRunner = () =>
  import("@/lib/simulator/browser/run-in-browser").then((m) => (runnerModule = m));

/** While a run goes on, its live sequence is drawn at most this often. */
const LIVE_TRACE_MS = 250;

/** A text field re-runs once typing pauses this long (or on Enter or leaving the field). */
const TYPING_PAUSE_MS = 700;

/** Fields whose every keystroke changes the scenario; their runs wait for a pause. */
function isTyping(target: EventTarget): boolean {
  if (target instanceof HTMLTextAreaElement) return true;
  return target instanceof HTMLInputElement && !["checkbox", "radio"].includes(target.type);
}

/** The page's theme and colours, as the host context a view is given. */
const pageContext = (): PageContext => pageHostContext();

type Status = "idle" | "running" | "done" | "error";

interface Props {
  presets: Scenario[];
  /** Rule ID → slug of the first lesson that teaches it. */
  lessonFor: Record<string, string>;
}

const linkProblem = (message: string) =>
  `This link's scenario could not be used: ${message}. Showing the default scenario instead; your saved progress is untouched.`;

/** The scenario a link carries in its fragment (`#s=`), if any; read asynchronously. */
function fragmentLink(): string | null {
  if (typeof window === "undefined") return null;
  return new URLSearchParams(window.location.hash.slice(1)).get("s");
}

/** The preset a scenario came from: the one with its id, else the default. */
function presetIdFor(presets: Scenario[], s: Scenario, fallback: Scenario): string {
  return presets.some((p) => p.id === s.id) ? s.id : fallback.id;
}

function initial(
  presets: Scenario[],
  params: URLSearchParams,
): { scenario: Scenario; presetId: string; message: string | null; legacyLink?: string } {
  const fallback = presets.find((p) => p.id === "happy-path") ?? presets[0]!;
  // Links written before the fragment form carried the scenario in ?s=; they still open, read
  // (like a `#s=` link) once the page has the parser.
  const shared = params.get("s");
  if (shared)
    return { scenario: fallback, presetId: fallback.id, message: null, legacyLink: shared };
  const id = params.get("preset");
  const preset = id ? presets.find((p) => p.id === id) : undefined;
  if (id && !preset)
    return {
      scenario: fallback,
      presetId: fallback.id,
      message: `There is no preset named "${id}". Showing the default scenario instead.`,
    };
  return { scenario: preset ?? fallback, presetId: (preset ?? fallback).id, message: null };
}

/** The simulator page: edit a scenario, see the table at once, and watch the real run. */
export function SimulatorApp({ presets, lessonFor }: Props) {
  const params = useSearchParams();
  const pathname = usePathname();
  const [start] = useState(() => initial(presets, new URLSearchParams(params.toString())));
  const fallback = presets.find((p) => p.id === "happy-path") ?? presets[0]!;
  const [scenario, setScenario] = useState<Scenario>(start.scenario);
  const [presetId, setPresetId] = useState(start.presetId);
  const [linkMessage, setLinkMessage] = useState<string | null>(start.message);
  // A `#s=` link is decoded asynchronously (it is compressed); nothing runs until it is read.
  const [linkPending, setLinkPending] = useState(
    () => fragmentLink() !== null || start.legacyLink !== undefined,
  );
  const [run, setRun] = useState<BrowserRun | null>(null);
  // The scenario the shown run was made for, and its number: any other scenario means the
  // shown results are the previous scenario's.
  const [runFor, setRunFor] = useState<Scenario | null>(null);
  const [runN, setRunN] = useState(0);
  const [status, setStatus] = useState<Status>("idle");
  const [runCount, setRunCount] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [trace, setTrace] = useState<TraceEntry[]>([]);
  // BRG-5: the host's ConsentQueue asks one question at a time; the page shows it.
  const consent = useConsentPrompt();
  const { ask: askPerson, answer: answerPerson } = consent;
  const [predicting, setPredicting] = useState(false);
  const [predictions, setPredictions] = useState<Predictions>({ rows: {}, outcome: undefined });
  const [graded, setGraded] = useState<Predictions | null>(null);
  const [copied, setCopied] = useState(false);
  // Bumped when the scenario is replaced from outside the form, so the form re-reads it.
  const [formKey, setFormKey] = useState(0);
  const recordAnswer = useAppStore((s) => s.recordAnswer);
  const container = useRef<HTMLDivElement>(null);
  /** A sandbox proxy loaded ahead for the next run (same CSP), created once the view area exists. */
  const pool = useRef<ProxyPool | null>(null);
  const current = useRef<BrowserRun | null>(null);
  const generation = useRef(0);
  /** Aborted when the next run starts: the run still on its way hides its view at once. */
  const inFlight = useRef<AbortController | null>(null);
  const runs = useRef(0);
  /** How the next scenario change should start its run: at once, or after a typing pause. */
  const nextRun = useRef<"now" | "pause">("now");
  /** The scenario as the learner last changed it, ahead of React's render of it. */
  const latest = useRef<Scenario>(start.scenario);
  /** A run waiting for a typing pause. */
  const pendingRun = useRef<number | undefined>(undefined);
  /** True while no change may start a run: predicting first, a link being read, no theme yet. */
  const runsHeld = useRef(true);
  // The page's theme: when it changes, the live view is sent the new host context (no new run).
  const [theme, setTheme] = useState<"light" | "dark" | null>(null);
  const themeKnown = theme !== null;

  const preview = useMemo(
    () =>
      previewDecision(
        resolvePorts(
          scenario,
          typeof window === "undefined" ? "3000" : window.location.port || "80",
        ),
      ),
    [scenario],
  );
  const fresh = run !== null && runFor === scenario;
  // The real run's table once it matches the scenario; until then the instant preview.
  const decision = fresh && run.decision ? run.decision : preview;
  const tag: RunTag | null =
    run && runFor ? { n: runN, title: runFor.title, stale: runFor !== scenario } : null;
  // A grading belongs to the run it graded: once the scenario changes it no longer applies.
  const gradedNow = graded && fresh ? graded : null;
  // While predicting, no result is shown until the prediction is graded.
  const hideResults = predicting && !gradedNow;

  const execute = useCallback(
    async (s: Scenario, predicted?: Predictions) => {
      if (!container.current) return;
      const mine = ++generation.current;
      const n = ++runs.current;
      inFlight.current?.abort();
      const superseded = new AbortController();
      inFlight.current = superseded;
      // A question left open by the previous run is answered "deny": that run is gone.
      answerPerson("deny");
      // The previous view is torn down (ui/resource-teardown, BRG-3) while the new agent turn
      // runs; its late messages (the answer) stay its own run's business (runInBrowser).
      const replacing = current.current ?? undefined;
      const previous = replacing?.dispose();
      current.current = null;
      // Clearing the previous run's panels is a transition: the change's own render (the table)
      // goes first, and this one is drawn while the proxy and the view work, not in their path.
      startTransition(() => {
        setRun(null);
        setRunFor(null);
        setTrace([]);
        setError(null);
        setGraded(null);
        setStatus("running");
        setRunCount(n);
      });
      try {
        const { runInBrowser } = runnerModule ?? (await loadRunner());
        const hostOrigin = window.location.origin;
        const context = pageContext();
        let collected: readonly TraceEntry[] = [];
        let frame = 0;
        const r = await runInBrowser(resolvePorts(s, window.location.port || "80"), {
          timeoutMs: 4000,
          beforeRender: previous,
          replacing,
          superseded: superseded.signal,
          container: container.current,
          pool: pool.current ?? undefined,
          hostOrigin,
          sandboxOrigin: sandboxOriginFor(hostOrigin, process.env.NEXT_PUBLIC_SANDBOX_ORIGIN),
          hostContext: context,
          // BRG-5: the host queues requests (SimHost's ConsentQueue); the page shows one at a time.
          askConsent: async (request) => {
            if (mine !== generation.current) return "deny";
            const a = await askPerson(request);
            return a === "always" ? "allow" : a;
          },
          // A breach or a limit can end a run after it returned: show its new outcome.
          onChange: (changed) => {
            if (mine === generation.current) setRun({ ...changed });
          },
          // Batched, at most every LIVE_TRACE_MS while the run goes on: a flood of rejected
          // messages must not freeze the page, and drawing the sequence must stay out of the
          // bridge's path (a quick run draws it once, when it has settled).
          onTrace: (_e, all) => {
            // The run's own bounded trace (older entries summarised), not an unbounded copy.
            collected = all;
            if (!frame && mine === generation.current) {
              frame = window.setTimeout(() => {
                frame = 0;
                if (mine === generation.current) setTrace([...collected]);
              }, LIVE_TRACE_MS);
            }
          },
        });
        if (mine !== generation.current) {
          await r.dispose();
          return;
        }
        current.current = r;
        // The page's theme changed while this run was on its way: its view follows now.
        if (pageTheme() !== context.theme) r.setHostContext(pageContext());
        window.clearTimeout(frame);
        frame = 0;
        setTrace([...collected]);
        setRun(r);
        setRunFor(s);
        setRunN(n);
        setStatus("done");
        if (predicted && r.decision) {
          setGraded(predicted);
          const allRight =
            ROWS.every(
              (row) => predicted.rows[row] === r.decision!.rows.find((x) => x.row === row)?.verdict,
            ) && predicted.outcome === r.outcome;
          recordAnswer(`simulator:${s.id}`, allRight);
        }
      } catch (e) {
        if (mine === generation.current) {
          setError((e as Error).message);
          setStatus("error");
        }
      }
      // Once the run has settled, not in its path: the default policy's spare, if it was taken.
      if (mine === generation.current) pool.current?.keepReady();
    },
    [recordAnswer, askPerson, answerPerson],
  );

  // Re-run on every change (unless the learner is predicting first, or a link is being read).
  // A change starts its run in the input's own event handler (changeScenario, below), with the
  // new scenario computed there, not after React has rendered it: the previous view's teardown
  // and the new agent turn overlap the table's render. Typing in a text field waits for a pause,
  // Enter or leaving the field: runs follow intent, not keystrokes, while the table still follows
  // every keystroke. Only a run held back (the first one, after a link is read, after predicting)
  // starts here, once it may; a new theme starts none (it goes to the live view, below).
  useLayoutEffect(() => {
    runsHeld.current = predicting || linkPending || !themeKnown;
    if (runsHeld.current) return;
    // On a task of its own (a message, not a timer, so it is not held back behind the paint), so
    // the table's preview is in the DOM first.
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      window.clearTimeout(pendingRun.current);
      void execute(latest.current);
    };
    channel.port2.postMessage(null);
    return () => channel.port1.close();
  }, [predicting, linkPending, themeKnown, execute]);

  // A new theme goes to the live view as a host-context change; the run is not repeated.
  useEffect(() => {
    if (theme !== null) current.current?.setHostContext(pageContext());
  }, [theme]);
  useEffect(() => () => window.clearTimeout(pendingRun.current), []);

  /** Starts the run for the latest scenario now, or after a typing pause. */
  const runLatest = useCallback(
    (how: "now" | "pause") => {
      window.clearTimeout(pendingRun.current);
      pendingRun.current = undefined;
      if (runsHeld.current) return;
      const start = () => {
        pendingRun.current = undefined;
        if (!runsHeld.current) void execute(latest.current);
      };
      if (how === "pause") pendingRun.current = window.setTimeout(start, TYPING_PAUSE_MS);
      else start();
    },
    [execute],
  );

  /** Starts a run that is waiting for a typing pause, at once (Enter, or leaving the field). */
  const flushRun = useCallback(() => {
    if (pendingRun.current !== undefined) runLatest("now");
  }, [runLatest]);

  /**
   * Every change of the scenario by the learner goes through here, from the input's event
   * handler: the new scenario is shown (React renders it) and its run starts at once, or after a
   * typing pause when the change came from a text field.
   */
  const changeScenario = useCallback(
    (next: Scenario) => {
      latest.current = next;
      setScenario(next);
      const how = nextRun.current;
      nextRun.current = "now";
      runLatest(how);
    },
    [runLatest],
  );

  // Follow the page's theme (a saved choice on <html data-theme>, or the system's).
  useLayoutEffect(() => {
    const read = () => setTheme(pageTheme());
    read();
    const media = window.matchMedia("(prefers-color-scheme: dark)");
    media.addEventListener("change", read);
    const observer = new MutationObserver(read);
    observer.observe(document.documentElement, { attributeFilter: ["data-theme"] });
    return () => {
      media.removeEventListener("change", read);
      observer.disconnect();
    };
  }, []);

  // Open a `#s=` link (or an old `?s=` one): decode it, then let the first run start.
  useEffect(() => {
    const value = fragmentLink();
    const legacy = start.legacyLink;
    if (value === null && legacy === undefined) return;
    let live = true;
    void loadShare()
      .then((share) =>
        value !== null ? share.decodeScenarioLink(value) : share.decodeScenario(legacy!),
      )
      .then((r) => {
        if (!live) return;
        if (r.ok) {
          // Its run starts once linkPending is false (the layout effect above).
          latest.current = r.scenario;
          setScenario(r.scenario);
          setPresetId(presetIdFor(presets, r.scenario, fallback));
          setFormKey((k) => k + 1);
        } else setLinkMessage(linkProblem(r.message));
        setLinkPending(false);
      });
    return () => {
      live = false;
    };
  }, [presets, fallback, start.legacyLink]);

  // The parser, once the page has loaded (or sooner, if the learner reaches for it).
  useEffect(() => {
    const preload = () => void loadScenarioModule();
    if (document.readyState === "complete") preload();
    else window.addEventListener("load", preload, { once: true });
    return () => window.removeEventListener("load", preload);
  }, []);

  const presetNow = presets.find((p) => p.id === presetId);
  const edited = useMemo(
    () => !presetNow || JSON.stringify(presetNow) !== JSON.stringify(scenario),
    [presetNow, scenario],
  );

  // Keep the address in step, a little later: Next.js follows replaceState with a render of
  // every component that reads the URL, which would otherwise delay the run by 10–15 ms. An
  // unedited preset is named; an edited scenario travels in the fragment, compressed, so it never
  // reaches the server however long it is.
  useEffect(() => {
    if (linkPending) return;
    let live = true;
    const t = setTimeout(() => {
      const write = (url: string) => {
        if (
          live &&
          url !== window.location.pathname + window.location.search + window.location.hash
        )
          window.history.replaceState(null, "", url);
      };
      if (!edited && presetNow) write(`${pathname}?preset=${presetNow.id}`);
      else
        void loadShare()
          .then((share) => share.encodeScenarioLink(scenario))
          .then((link) => write(`${pathname}#s=${link}`));
    }, 300);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [scenario, edited, presetNow, pathname, linkPending]);

  useEffect(() => () => void current.current?.dispose(), []);
  useEffect(() => {
    const hostOrigin = window.location.origin;
    const sandboxOrigin = sandboxOriginFor(hostOrigin, process.env.NEXT_PUBLIC_SANDBOX_ORIGIN);
    if (!checkOrigins(hostOrigin, sandboxOrigin).ok) return;
    return prewarmSandbox(document.body, sandboxOrigin);
  }, []);
  useEffect(() => {
    if (!container.current) return;
    const hostOrigin = window.location.origin;
    const sandboxOrigin = sandboxOriginFor(hostOrigin, process.env.NEXT_PUBLIC_SANDBOX_ORIGIN);
    // A spare for the restrictive default CSP with no permission (a view that declares nothing)
    // is kept ready after every run, whatever the last run's policy was.
    const p = new ProxyPool(container.current, {
      keep: checkOrigins(hostOrigin, sandboxOrigin).ok
        ? { policy: policyFor(undefined, []), issue: tokenIssuer(hostOrigin, sandboxOrigin) }
        : undefined,
    });
    pool.current = p;
    return () => {
      pool.current = null;
      p.discard();
    };
  }, []);

  const update = useCallback(
    (fn: (s: Scenario) => Scenario) => {
      const next = fn(latest.current);
      const parsed = scenarioModule?.scenarioSchema.safeParse(next);
      changeScenario(parsed?.success ? parsed.data : next);
    },
    [changeScenario],
  );

  const replaceScenario = useCallback(
    (s: Scenario) => {
      nextRun.current = "now";
      setFormKey((k) => k + 1);
      changeScenario(s);
    },
    [changeScenario],
  );

  useEffect(
    () => installAutomationHook(presets, () => container.current, replaceScenario),
    [presets, replaceScenario],
  );

  const choosePreset = (id: string) => {
    const p = presets.find((x) => x.id === id);
    if (!p) return;
    setPresetId(id);
    setLinkMessage(null);
    replaceScenario(p);
  };

  const predictionComplete =
    ROWS.every((row) => predictions.rows[row] !== undefined) && predictions.outcome !== undefined;
  const groups = ROWS.map((row) => ({ row, items: presets.filter((p) => p.row === row) }));
  const outcome = fresh ? run.outcome : undefined;

  return (
    <div className="simulator">
      {linkMessage ? (
        <p role="alert" className="notice" data-testid="link-message">
          {linkMessage}
        </p>
      ) : null}
      <VerdictSummary
        decision={decision}
        outcome={outcome ?? decision.outcome}
        confirmed={fresh}
        hidden={hideResults}
        running={status === "running"}
      />
      <div className="sim-toolbar">
        <label>
          Preset{" "}
          <select
            value={presetId}
            onChange={(e) => choosePreset(e.target.value)}
            data-testid="preset-select"
          >
            {groups.map((g) => (
              <optgroup key={g.row} label={g.row}>
                {g.items.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.title}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </label>{" "}
        <button
          type="button"
          onClick={() => {
            // A run waiting for a typing pause is this run.
            window.clearTimeout(pendingRun.current);
            pendingRun.current = undefined;
            void execute(latest.current, predicting ? predictions : undefined);
          }}
          disabled={status === "running" || (predicting && !predictionComplete)}
          data-testid="run"
        >
          {predicting
            ? "Run and grade my prediction"
            : status === "running"
              ? "Running…"
              : "Run again"}
        </button>{" "}
        <button
          type="button"
          className="secondary"
          onClick={() => presetNow && replaceScenario(presetNow)}
        >
          Reset to preset
        </button>{" "}
        <button
          type="button"
          className="secondary"
          onClick={() => {
            void loadShare()
              .then((share) => share.encodeScenarioLink(scenario))
              .then((link) =>
                navigator.clipboard?.writeText(
                  new URL(`${pathname}#s=${link}`, window.location.href).href,
                ),
              )
              .then(
                () => setCopied(true),
                () => setCopied(false),
              );
          }}
        >
          Copy share link
        </button>
        {copied ? <span role="status"> Link copied.</span> : null}
      </div>
      {presetNow && edited ? (
        <p className="muted" data-testid="edited-from">
          Edited from preset “{presetNow.title}”.
        </p>
      ) : presetNow ? (
        <p className="muted">{presetNow.description}</p>
      ) : null}
      <details className="sim-panel" data-testid="preset-list">
        <summary>All presets, by decision row ({presets.length})</summary>
        {groups.map((g) =>
          g.items.length ? (
            <section key={g.row} aria-label={`Presets about ${g.row}`}>
              <h3>
                <code>{g.row}</code>
              </h3>
              <ul className="sim-preset-list">
                {g.items.map((p) => (
                  <li key={p.id}>
                    <button
                      type="button"
                      className="linklike"
                      aria-current={p.id === presetId ? "true" : undefined}
                      onClick={() => choosePreset(p.id)}
                    >
                      {p.title}
                    </button>
                    <span className="muted"> — {p.description}</span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null,
        )}
      </details>

      <div className="sim-columns">
        <div
          className="sim-left"
          // Text fields wait for a pause before re-running; anything else runs at once.
          onChangeCapture={(e) => {
            nextRun.current = isTyping(e.target) ? "pause" : "now";
          }}
          onClickCapture={(e) => {
            if (!isTyping(e.target)) nextRun.current = "now";
          }}
          onBlur={(e) => {
            if (isTyping(e.target)) flushRun();
          }}
          onKeyDown={(e) => {
            if (e.key === "Enter" && e.target instanceof HTMLInputElement && isTyping(e.target))
              flushRun();
          }}
        >
          <details open className="sim-panel">
            <summary>Scenario controls</summary>
            <ScenarioForm key={formKey} scenario={scenario} update={update} />
          </details>
          <JsonEditor
            key={formKey}
            scenario={scenario}
            onApply={(s) => {
              // The textarea's change marked this as typing: its run waits for a pause.
              nextRun.current = "pause";
              changeScenario(s);
            }}
            onBlurApplied={() => setFormKey((k) => k + 1)}
          />
        </div>
        <div className="sim-right">
          <Prediction
            enabled={predicting}
            onToggle={(on) => {
              setPredicting(on);
              setGraded(null);
            }}
            predictions={predictions}
            onChange={setPredictions}
            graded={gradedNow}
            complete={predictionComplete}
            decision={run?.decision}
            outcome={run?.outcome}
          />
          <section aria-labelledby="sim-table-heading" id="sim-table" className="sim-anchor">
            {!hideResults ? (
              <>
                <h2 id="sim-table-heading">Decision table</h2>
                <DecisionTable
                  decision={decision}
                  pending={status === "running"}
                  lessonFor={lessonFor}
                />
              </>
            ) : (
              <>
                <h2 id="sim-table-heading">Decision table</h2>
                <p className="muted">
                  The table, and every result of the run, is hidden while you predict. Make your
                  choices, then run.
                </p>
              </>
            )}
          </section>
          <div
            aria-live="polite"
            data-testid="run-status"
            data-status={status}
            data-run={runCount}
            data-result-in-view={run?.timings.resultInView}
            data-run-start={run?.timings.start}
            data-proxy-load={run?.timings.proxyLoad}
            data-proxy-preloaded={run ? String(run.proxyPreloaded ?? false) : undefined}
          >
            {status === "running" ? (
              <p>Running the scenario through the real server, host and sandbox…</p>
            ) : null}
            {error ? <p role="alert">The run failed: {error}</p> : null}
            {run?.reason && !hideResults ? <p role="alert">{run.reason}</p> : null}
          </div>
          {run && tag && !hideResults ? (
            <p>
              Outcome of run {tag.n}
              {tag.stale ? " (the previous scenario)" : ""}:{" "}
              <strong data-outcome={run.outcome}>{run.outcome}</strong>
              {run.era ? (
                <>
                  {" "}
                  · session era:{" "}
                  <strong data-era={run.era.session}>
                    {run.era.session} ({run.era.protocolVersion ?? "unknown version"})
                  </strong>{" "}
                  <span className="muted">
                    — {run.era.client} client, {run.era.server} server,{" "}
                    {run.era.source === "pinned" ? "pinned by the client" : "detected by probing"}{" "}
                    <RuleLink id="NEG-6" lessonFor={lessonFor} />
                  </span>
                </>
              ) : null}
              {run.appCall ? (
                <>
                  {" "}
                  · view&apos;s call: <strong data-app-call={run.appCall}>{run.appCall}</strong>
                </>
              ) : null}
            </p>
          ) : null}
          {!hideResults ? (
            <div className="sim-outcome">
              <section
                aria-labelledby="agent-tools"
                className="sim-panel"
                data-testid="agent-tools-panel"
                {...(tag ? runAttributes(tag) : {})}
              >
                <h2 id="agent-tools">The agent&apos;s tool list</h2>
                {run && tag ? (
                  <>
                    <RunLabel tag={tag} />
                    <ul data-testid="agent-tools">
                      {run.agentTools.map((t) => (
                        <li key={`${t.server}:${t.name}`} data-listed={t.listed}>
                          <code>{t.name}</code> (
                          {t.server === "main" ? "view's server" : "second server"}):{" "}
                          {t.listed ? "listed" : "hidden"}{" "}
                          <span className="muted">— {t.reason}</span>
                        </li>
                      ))}
                    </ul>
                  </>
                ) : (
                  <p className="muted">Appears after the run.</p>
                )}
              </section>
              {run?.outcome === "text" && run.toolResult && tag ? (
                <section aria-labelledby="fallback" className="sim-panel" {...runAttributes(tag)}>
                  <h2 id="fallback">What the agent receives instead</h2>
                  <RunLabel tag={tag} />
                  <pre data-testid="text-fallback" tabIndex={0}>
                    {JSON.stringify(run.toolResult.content, null, 2)}
                  </pre>
                  <p className="muted">
                    The tool&apos;s text content, as for any tool without a view{" "}
                    <RuleLink id="OUT-1" lessonFor={lessonFor} />.
                  </p>
                </section>
              ) : null}
            </div>
          ) : null}
          <section
            aria-labelledby="sim-view-heading"
            id="sim-view"
            className="sim-panel sim-anchor"
            data-testid="view-panel"
            hidden={hideResults}
            {...(tag ? runAttributes(tag) : {})}
          >
            <h2 id="sim-view-heading">The view</h2>
            {tag ? <RunLabel tag={tag} /> : null}
            {tag && !run?.proxyUrl ? <p className="muted">This run rendered no view.</p> : null}
            {run && tag && run.proxyUrl && runFor?.toolCall ? (
              <ToolCallPanel key={tag.n} run={run} lessonFor={lessonFor} />
            ) : null}
            <div ref={container} className="sim-view" data-testid="view-container" />
          </section>
          {run?.conversation && run.proxyUrl && !hideResults ? (
            <ConversationPanel conversation={run.conversation} lessonFor={lessonFor} />
          ) : null}
          {run && runFor && tag && !hideResults ? (
            <CspPanel run={run} requested={runFor.resource.csp} tag={tag} />
          ) : null}
          {trace.length && !hideResults ? (
            <Sequence
              key={runCount}
              trace={trace}
              lessonFor={lessonFor}
              tag={
                tag ?? {
                  n: runCount,
                  title: scenario.title,
                  stale: false,
                }
              }
            />
          ) : null}
        </div>
      </div>

      <ConsentDialog
        request={consent.request}
        onAnswer={answerPerson}
        note={
          <>
            The host asks before anything reaches the server (BRG-5: {getRule("BRG-5").title};
            asking is this host&apos;s policy).
          </>
        }
      />
    </div>
  );
}

/** Names each problem of the editor's text, with where it is: unknown keys first, as such. */
function describeEditorError(text: string, err: unknown): string {
  if (!(err instanceof ScenarioError)) return (err as Error).message;
  if (err.field === "JSON" || err.field === "version") return `${err.field}: ${err.detail}`;
  return err.issues
    .slice(0, 5)
    .map((i) => {
      // A missing field has no place of its own: point at the object that lacks it.
      const at =
        (i.path && locateJsonPath(text, i.path)) ??
        (i.path && locateJsonPath(text, i.path.slice(0, -1)));
      const where = at ? ` (line ${at.line}, column ${at.column})` : "";
      return i.unknownKey
        ? `${i.detail}${where}: the scenario format has no such key`
        : `${i.field}: ${i.detail}${where}`;
    })
    .join("\n");
}

/** The whole scenario as JSON, validated as you type; a valid edit replaces the scenario. */
function JsonEditor({
  scenario,
  onApply,
  onBlurApplied,
}: {
  scenario: Scenario;
  onApply: (s: Scenario) => void;
  onBlurApplied: () => void;
}) {
  const serialized = JSON.stringify(scenario, null, 2);
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const text = draft ?? serialized;
  return (
    <details className="sim-panel">
      <summary>Scenario as JSON</summary>
      <label htmlFor="sim-json" className="visually-hidden">
        Scenario JSON
      </label>
      <textarea
        id="sim-json"
        data-testid="json-editor"
        rows={18}
        spellCheck={false}
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "sim-json-error" : undefined}
        onBlur={() => {
          // A valid edit is reformatted, and the form re-read, once the learner leaves the editor.
          if (!error && draft !== null) onBlurApplied();
        }}
        onChange={(e) => {
          const text = e.target.value;
          setDraft(text);
          // In order: every edit waits for the same module, so the last edit is applied last.
          void loadScenarioModule().then((m) => {
            try {
              const s = m.parseScenario(text, "editor");
              setError(null);
              onApply(s);
            } catch (err) {
              setError(describeEditorError(text, err));
            }
          });
        }}
      />
      {error ? (
        <p id="sim-json-error" role="alert" className="sim-error" data-testid="json-error">
          {error}
        </p>
      ) : null}
    </details>
  );
}
