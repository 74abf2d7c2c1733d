// What the static checks of a view find: the loads of other origins, eval uses, display-mode
// requests and reads, how much of the document was read, and what was counted without being kept.

/** Which `_meta.ui.csp` list governs a load (CSP-2). */
export type CspList = "connectDomains" | "resourceDomains" | "frameDomains" | "baseUriDomains";

/** One absolute URL the view loads or fetches, and where it appears. */
export interface ViewLoad {
  /** `https://cdn.example.com` (ws/wss kept as written). */
  origin: string;
  url: string;
  list: CspList;
  /** What loads it, e.g. `<script src>`, `fetch()`, CSS `url()`. */
  via: string;
  /** 1-based line in the HTML document. */
  line: number;
}

export interface EvalUse {
  what: "eval(" | "new Function(";
  line: number;
  excerpt: string;
  /**
   * A feature test: `new Function("")` (an empty body) inside a `try`, as zod and others run to
   * learn whether the page allows it; under a spec host's CSP it throws, is caught, and the
   * library takes its other path.
   */
  probe: boolean;
}

interface DisplayModeUse {
  /** Where the view asks for a display mode (`.requestDisplayMode(` or a hand-built request). */
  requests: number[];
  /** Lines that read `availableDisplayModes` (not as an object key being declared). */
  reads: number[];
}

/** How much of the document the checks read, and why not all of it when they stopped short. */
export interface StaticViewReading {
  /** The document's length, in characters. */
  length: number;
  /** How many of them were read: all of them unless the checks stopped short. */
  read: number;
  /** The line the reading ended on: the last line when all was read. */
  line: number;
  /** Why the checks stopped short: the document is longer than maxChars, or the deadline passed. */
  stopped?: "size" | "deadline";
}

export interface StaticViewFindings {
  /** The first load of each origin by each means (`<img src>`, `fetch()`…), in document order. */
  loads: ViewLoad[];
  evals: EvalUse[];
  displayModes: DisplayModeUse;
  reading: StaticViewReading;
  /** Findings past maxFindings: counted, not kept (so a dropped load is not checked against the CSP). */
  dropped: { loads: number; evals: number; requests: number; reads: number };
}
