// Which of a view's loads its declared CSP would block: a declared source (`https://cdn.example.com`,
// `https://*.example.com`) matched against an origin, and the loads no list allows (CSP-2, CSP-4).
import type { ViewLoad } from "./static-view-findings";

interface SourceMatcher {
  scheme?: string;
  host: string;
  wildcard: boolean;
  port?: string;
}

const defaultPort = (scheme: string) => (scheme === "https" || scheme === "wss" ? "443" : "80");
/** ws and wss are matched as http and https are (CSP Level 3 scheme-part matching). */
const httpish = (scheme: string) =>
  scheme === "ws" ? "http" : scheme === "wss" ? "https" : scheme;

function parseSource(entry: string): SourceMatcher | undefined {
  const m = /^(?:([a-z][a-z0-9+.-]*):\/\/)?(\*\.)?([a-z0-9.-]+)(?::(\d+|\*))?\/?$/i.exec(
    entry.trim(),
  );
  if (!m) return undefined;
  return {
    scheme: m[1]?.toLowerCase(),
    wildcard: !!m[2],
    host: m[3]!.toLowerCase(),
    port: m[4],
  };
}

/** Whether a declared CSP source (`https://cdn.example.com`, `https://*.example.com`) allows `origin`. */
export function sourceAllows(entry: string, origin: string): boolean {
  const source = parseSource(entry);
  if (!source) return false;
  let u: URL;
  try {
    u = new URL(origin);
  } catch {
    return false;
  }
  const scheme = u.protocol.slice(0, -1).toLowerCase();
  if (source.scheme) {
    const want = httpish(source.scheme);
    const got = httpish(scheme);
    // An http source also allows https (an upgrade); https allows only https.
    if (!(want === got || (want === "http" && got === "https"))) return false;
  }
  const host = u.hostname.toLowerCase();
  if (source.wildcard ? !host.endsWith(`.${source.host}`) : host !== source.host) return false;
  if (source.port === "*") return true;
  const port = u.port || defaultPort(scheme);
  const wantPort =
    source.port ?? (source.scheme ? defaultPort(source.scheme) : defaultPort(scheme));
  return port === wantPort || (!source.port && !u.port);
}

export interface UndeclaredLoad extends ViewLoad {
  /** Why it would be blocked, in a sentence. */
  reason: string;
}

/**
 * The loads the declared CSP would block: with no `csp` at all (CSP-4) every other origin is
 * blocked; with one, an origin must be in the list CSP-2 names for that kind of load.
 */
export function undeclaredLoads(
  loads: ViewLoad[],
  cspDeclared: boolean,
  csp: unknown,
): UndeclaredLoad[] {
  const lists = typeof csp === "object" && csp !== null ? (csp as Record<string, unknown>) : {};
  const out: UndeclaredLoad[] = [];
  for (const load of loads) {
    if (!cspDeclared) {
      out.push({
        ...load,
        reason: "no csp declared, so the host's default policy allows no other origin",
      });
      continue;
    }
    const list = lists[load.list];
    const entries = Array.isArray(list)
      ? list.filter((e): e is string => typeof e === "string")
      : [];
    if (!entries.some((e) => sourceAllows(e, load.origin)))
      out.push({ ...load, reason: `not in csp.${load.list}` });
  }
  return out;
}
