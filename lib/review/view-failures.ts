import { visibleText } from "../host/visible-text";
import { CSP_KEYS, type CspKey } from "../decide/vocabulary";
import { isEvalProbe } from "./eval-probe";

/**
 * Why a real server's view did not work, told apart: the browser blocked a load under the view's
 * CSP, the view never finished its handshake, or an origin the view declared could not be
 * reached. Pure: built from what the sandbox document reported and what the host waited for.
 */
export type ViewFailure =
  | {
      kind: "csp-blocked";
      directive: string;
      blockedURI: string;
      /**
       * A refused eval the host found, at the place the browser named, to be a library's feature
       * probe (lib/review/eval-probe): caught by the view, so harmless.
       */
      probe?: true;
      ruleIds: string[];
      message: string;
    }
  | {
      kind: "init-timeout";
      waitedMs: number;
      stage: InitStage;
      /** Observed: the view's HTML has no script element at all (the likely cause). */
      scriptless?: boolean;
      ruleIds: string[];
      message: string;
    }
  | {
      kind: "network";
      url: string;
      origin: string;
      via: string;
      ruleIds: string[];
      message: string;
    };

/** How far the handshake got before the host stopped waiting. */
export type InitStage = "no-proxy-ready" | "no-ui-initialize" | "no-initialized";

/** A report from the sandbox document (our instrumentation, not MCP Apps). */
export interface SandboxReport {
  type: string;
  [key: string]: unknown;
}

const str = (v: unknown) => (typeof v === "string" ? v : "");

function originOf(url: string): string | undefined {
  try {
    const u = new URL(url);
    return u.origin === "null" ? undefined : u.origin;
  } catch {
    return undefined;
  }
}

/** The declared lists that name `origin` (the effective CSP the view was rendered with). */
export function declaredIn(
  origin: string,
  csp: Partial<Record<CspKey, readonly string[]>> | undefined,
): CspKey[] {
  if (!csp) return [];
  return CSP_KEYS.filter((k) =>
    (csp[k] ?? []).some((d) => {
      if (d === origin) return true;
      // resourceDomains may use a wildcard subdomain (CSP-6): https://*.example.com
      const m = /^(https?:)\/\/\*\.(.+)$/.exec(d);
      if (!m) return false;
      const o = originOf(origin);
      if (!o) return false;
      const u = new URL(o);
      return u.protocol === m[1] && u.host.endsWith(`.${m[2]}`);
    }),
  );
}

/**
 * The failures in the sandbox document's reports. A blocked load reports a violation and (for an
 * element or a fetch) an error too: the violation explains it, so that error is not counted again.
 * A failed load from an origin the view declared is a network failure: the policy let it through
 * and the network (or the origin's CORS, CSP-6) did not deliver. A failed load from an origin it
 * did not declare and without a violation is left out: the view's own origin is the sandbox.
 */
/**
 * Said before every failure built from the sandbox document's reports: that document shares the
 * view's origin, so the view could forge any report (a "blocked" request it never made). The
 * simulator labels these reports the same way.
 */
export const REPORTED = "Reported by the sandbox document (the view could forge it): ";

export function failuresFrom(
  reports: readonly SandboxReport[],
  csp: Partial<Record<CspKey, readonly string[]>> | undefined,
  /** The view's HTML as written into the sandbox: a refused eval is looked up in it. */
  html?: string,
): ViewFailure[] {
  const out: ViewFailure[] = [];
  const blocked = new Set<string>();
  for (const r of reports) {
    if (r.type !== "csp-violation" || r.disposition === "report") continue;
    const directive = str(r.directive);
    const blockedURI = str(r.blockedURI);
    // Each refused eval is its own: a probe and a real use of eval are told apart by their place.
    const key = `${directive} ${blockedURI}${blockedURI === "eval" ? ` ${String(r.line)}:${String(r.column)}` : ""}`;
    if (blocked.has(key)) continue;
    blocked.add(key);
    blocked.add(blockedURI);
    const origin = originOf(blockedURI);
    if (origin) blocked.add(origin);
    const probe =
      blockedURI === "eval" && html !== undefined && isEvalProbe(html, r.line, r.column);
    out.push({
      kind: "csp-blocked",
      directive,
      blockedURI,
      ...(probe ? { probe: true as const } : {}),
      ruleIds: csp ? ["CSP-2", "CSP-3", "CSP-6"] : ["CSP-4", "CSP-6"],
      message: `${REPORTED}Blocked by the view's CSP (${directive}): ${visibleText(blockedURI) || "an inline resource"}. ${
        origin
          ? `Declare ${origin} in _meta.ui.csp.${directive.startsWith("connect") ? "connectDomains" : directive.startsWith("frame") ? "frameDomains" : "resourceDomains"} if the view needs it.`
          : probe
            ? `At line ${String(r.line)}, column ${String(r.column)} of its script the view runs a feature probe: new Function("") inside a try, as zod (bundled with ext-apps' App) does to learn whether code from strings is allowed. No MCP Apps policy allows it, the view catches the refusal and carries on: harmless.`
            : blockedURI === "eval" || blockedURI === "wasm-eval"
              ? "The view evaluated code from a string (eval, new Function or WebAssembly compilation); no MCP Apps policy allows that, so the browser refused it. Libraries often probe for it and carry on without."
              : "The browser reported the violation and refused it."
      }`,
    });
  }
  const seen = new Set<string>();
  for (const r of reports) {
    if (r.type !== "network-error") continue;
    const url = str(r.url);
    const origin = originOf(url);
    if (!origin || blocked.has(url) || blocked.has(origin) || seen.has(url)) continue;
    const lists = declaredIn(origin, csp);
    if (lists.length === 0) continue;
    seen.add(url);
    out.push({
      kind: "network",
      url,
      origin,
      via: str(r.via) || "load",
      ruleIds: ["CSP-6"],
      message: `${REPORTED}Network failure of a declared origin: ${origin} (declared in ${lists.join(", ")}) did not deliver ${visibleText(url)}${
        r.message ? ` (${visibleText(str(r.message))})` : ""
      }. The policy allowed it; the server was unreachable or refused the sandbox origin (a declared origin still obeys CORS).`,
    });
  }
  return out;
}

/**
 * Whether an HTML document has a script element. A view starts its handshake from a script
 * (BRG-2); a document without one can never send ui/initialize. Read from the markup as sent, so it
 * is an observation about the document, not a guess about the view's code.
 */
export function hasScriptElement(html: string): boolean {
  return /<script[\s>/]/i.test(html);
}

/**
 * The time-out failure, with how long the host waited and how far the handshake got; when the
 * proxy took the document and the document has no script at all, that is said as the likely cause.
 */
export function initTimeout(
  waitedMs: number,
  stage: InitStage,
  observed: { scriptless?: boolean } = {},
): ViewFailure {
  const what =
    stage === "no-proxy-ready"
      ? "the sandbox proxy never said sandbox-proxy-ready"
      : stage === "no-ui-initialize"
        ? "the view never sent ui/initialize"
        : "the view sent ui/initialize but never ui/notifications/initialized";
  const scriptless = stage !== "no-proxy-ready" && observed.scriptless === true;
  return {
    kind: "init-timeout",
    waitedMs,
    stage,
    ...(scriptless ? { scriptless } : {}),
    ruleIds: stage === "no-proxy-ready" ? ["SBX-3"] : ["BRG-2", "SBX-5"],
    message: `Never initialized: ${what} within ${Math.round(waitedMs)} ms, so the host sent it no tool input or result (it sends nothing before initialized).${
      scriptless
        ? " The view's HTML has no <script> element, so nothing in it could start the handshake: likely the cause (a placeholder document, or a build that left its script out)."
        : ""
    }`,
  };
}
