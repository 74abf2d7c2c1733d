/**
 * The conformance kit's vocabulary: a row (one verdict on one catalogue entry), a report, and what
 * a view observes of its host and hears from the server. Types only.
 */
import type { CATALOGUE, CatalogueId } from "./catalogue";
import type { DocumentComparison } from "./document";

export type Verdict = "PASS" | "FAIL" | "NOT OBSERVABLE";
/** A catalogue entry's RFC 2119 keyword, as content/spec writes it. */
type Keyword = (typeof CATALOGUE)[CatalogueId]["keyword"];
/** Who a catalogue entry binds: the rows here are all host- or proxy-directed. */
type Party = (typeof CATALOGUE)[CatalogueId]["party"];

export interface ProbeResult {
  /** The catalogue entry's id, e.g. `sandbox/no-messages-before-initialized`. */
  id: CatalogueId;
  /** When one entry has several rows (height and width): which one this is. */
  probe?: string;
  /** The entry's keyword and party, from the catalogue (never from the view's say-so). */
  keyword: Keyword;
  party: Party;
  verdict: Verdict;
  evidence: string;
  /** Rule IDs of `lib/rules/data.ts` the verdict rests on. */
  rules: string[];
  /** A probe that waits for the operator (a button in the view), not run automatically. */
  needsPerson?: boolean;
  /** A requirement this view cannot observe from inside its frame (the reason is the evidence). */
  unseen?: boolean;
}

export interface ConformanceReport {
  /** The run's token: the one the conformance server issued with the UI tool's result. */
  run: string;
  /** ISO time the view finished its automatic probes. */
  finishedAt: string;
  host: { name?: string; version?: string; protocolVersion?: string };
  /** Set by the negative control's view: its CSP FAILs are the point (control.ts). */
  negativeControl?: "csp";
  results: ProbeResult[];
}

/** One message from the host (through the proxy) as the view received it, in order. */
export interface InboundRecord {
  /** 0-based position among everything the view received. */
  seq: number;
  /** ms since the view started. */
  at: number;
  kind: "request" | "notification" | "response";
  method?: string;
  /** True when it arrived before the view posted `ui/notifications/initialized`. */
  beforeInitialized: boolean;
  /** For a response: which of the view's requests it answers. */
  answers?: string;
  /** The display mode a `host-context-changed` carried, if any. */
  displayMode?: string;
}

export interface FetchOutcome {
  url: string;
  ok: boolean;
  status?: number;
  error?: string;
  /** `securitypolicyviolation` events whose blocked URI is this origin (directive names). */
  violations: string[];
}

/**
 * What the conformance server says it saw for this run (the app-only `conformance_ping`), scoped
 * to it: nothing another run or host did is counted.
 */
export interface ServerSeen {
  /** Tools the server was called with carrying this run, in order. */
  toolCalls: string[];
  /** Probe endpoints the server answered for this run: `declared`, `undeclared`, `link`, … */
  hits: string[];
  /** Whether the server issued this run with a UI tool's result. */
  runIssued: boolean;
  /**
   * The read the view's document names: whether this server served it, for which URI, the run
   * that first showed it, and (when asked) the document as served.
   */
  read?: { served: false } | { served: true; uri: string; firstRun?: string; document?: string };
}

/** What the size probe asked for and what the view's viewport became (BRG-7). */
interface SizeObservation {
  requestedHeight: number;
  observedHeight?: number;
  /** Asked only when the host's width is flexible (no fixed `containerDimensions.width`). */
  requestedWidth?: number;
  observedWidth?: number;
  /** Why the width was not asked. */
  widthSkipped?: string;
  waitedMs: number;
}

export interface Observation {
  /** The resource this view was read from (the negative control has its own). */
  viewUri?: string;
  /** The id of the resources/read this document came from (in its settings). */
  readId?: string;
  /** This view's resource declares no csp (conformance_run_default_csp): it checks the default. */
  noCsp?: boolean;
  init?:
    | {
        ok: true;
        protocolVersion?: unknown;
        hostInfo?: { name?: string; version?: string };
        hostCapabilities?: Record<string, unknown>;
        hostContext?: Record<string, unknown>;
      }
    | { ok: false; error: string };
  inbound: InboundRecord[];
  /** The tool-result's `structuredContent.run`, when one arrived. */
  resultRun?: string;
  csp?: { declared: FetchOutcome; undeclared: FetchOutcome };
  /** An iframe of the declared origin, which frame-src 'none' must block (SBX-3). */
  frame?: { url: string; violations: string[] };
  /**
   * SBX-2: whether the host page's document could be read, the view's `self.origin`, and
   * `location.ancestorOrigins` where the browser offers it (the proxy's origin first).
   */
  top?: { reachable: boolean; detail: string; selfOrigin?: string; ancestorOrigins?: string[] };
  size?: { skipped: string } | SizeObservation;
  displayMode?:
    | { skipped: string }
    | {
        requested: string;
        answer?: unknown;
        error?: string;
        hostModes: string[];
        viewModes: string[];
        /** The mode the host context says after the answer (context-changed or unchanged). */
        modeAfter?: string;
      };
  /**
   * The test beacon to the server's declared origin (sent during the probes): whether the browser
   * queued it and any CSP violation it caused. It says whether the view's end can be heard.
   */
  beacon?: { url: string; queued: boolean; violations: string[] };
  /**
   * The view whose resource declares no csp (CSP-4): a fetch to the declared probe origin, one to
   * the view's own origin (absent when that origin is opaque) and a frame of the declared origin,
   * each of which the spec's default blocks.
   */
  defaultCsp?: {
    declared: FetchOutcome;
    self?: FetchOutcome;
    frame?: { url: string; violations: string[] };
  };
  /** The view's document compared with the HTML the server served for its read (document.ts). */
  document?: DocumentComparison;
  /** Why the document was not compared although the server handed it back. */
  documentUnseen?: string;
  modelOnlyCall?: { refused: boolean; detail: string };
  appOnlyCall?: { ok: boolean; detail: string };
  server?: ServerSeen;
}
