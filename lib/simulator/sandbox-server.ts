// Server-only: the sandbox proxy's authority. Imported by the route handlers and proxy.ts, never by
// browser code (it holds the per-process signing secret).
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { CSP_KEYS } from "./constants";
import { buildCspHeader, DEFAULT_CSP_HEADER, parseOrigin, type CspDomains } from "../decide/csp";
import { DEFAULT_SANDBOX_HOSTNAME, RUN_ID_PATTERN } from "../host/view/origins";

/**
 * A secret made when the server process starts and never leaves it. Kept on globalThis so every
 * route bundle of the one process signs and checks with the same key.
 */
const KEY = Symbol.for("academy.sandbox-secret");
function secret(): Buffer {
  const g = globalThis as unknown as Record<symbol, Buffer | undefined>;
  return (g[KEY] ??= randomBytes(32));
}

/** How long an issued proxy URL may be loaded (a spare may wait a while for its run). */
export const TOKEN_LIFETIME_MS = 30 * 60 * 1000;

/** The configured sandbox hostname (e.g. "sandbox.example.org"), or sandbox.localhost. */
function sandboxHostname(): string {
  const configured = process.env.NEXT_PUBLIC_SANDBOX_ORIGIN;
  return configured ? new URL(configured).hostname : DEFAULT_SANDBOX_HOSTNAME;
}

/**
 * Whether `hostname` is the sandbox or one run's origin under it (`r-<id>.sandbox…`). Those names
 * serve the sandbox documents and nothing else.
 */
export function isSandboxHostname(hostname: string): boolean {
  const base = sandboxHostname();
  return hostname === base || hostname.endsWith(`.${base}`);
}

/** The run id in a per-run sandbox hostname (`r-<id>.<sandbox>`), or undefined. */
export function runIdOfHostname(hostname: string): string | undefined {
  const base = sandboxHostname();
  if (!hostname.endsWith(`.${base}`)) return undefined;
  const label = hostname.slice(0, -base.length - 1);
  const m = /^r-([a-z0-9]+)$/.exec(label);
  return m && RUN_ID_PATTERN.test(m[1]!) ? m[1] : undefined;
}

/**
 * The app's own origin, from configuration (APP_ORIGIN), never from a query: by default
 * http(s)://localhost on the port this request came in on, which is where the course is served.
 */
export function appOrigin(requestUrl: URL, hostHeader: string | null): string {
  const configured = process.env.APP_ORIGIN ?? process.env.NEXT_PUBLIC_APP_ORIGIN;
  if (configured) return new URL(configured).origin;
  const port = (hostHeader ?? requestUrl.host).match(/:(\d+)$/)?.[1];
  return `${requestUrl.protocol}//localhost${port ? `:${port}` : ""}`;
}

/**
 * Builds the view's CSP from the effective domains the host decided (CSP-2..4), validating every
 * origin again: the header must never contain anything but origins and fixed keywords.
 */
export function cspHeaderFrom(param: string | null): { header: string } | { error: string } {
  if (param === null || param === "") return { header: DEFAULT_CSP_HEADER };
  let raw: unknown;
  try {
    raw = JSON.parse(param);
  } catch {
    return { error: "csp is not JSON" };
  }
  if (typeof raw !== "object" || raw === null || Array.isArray(raw))
    return { error: "csp is not an object" };
  const domains: CspDomains = {
    connectDomains: [],
    resourceDomains: [],
    frameDomains: [],
    baseUriDomains: [],
  };
  for (const key of CSP_KEYS) {
    const list = (raw as Record<string, unknown>)[key];
    if (list === undefined) continue;
    if (!Array.isArray(list)) return { error: `${key} is not a list` };
    for (const value of list) {
      const parsed = parseOrigin(value);
      if (!parsed.ok) return { error: parsed.reason };
      domains[key].push(parsed.origin);
    }
  }
  return { header: buildCspHeader(domains) };
}

export interface ProxyGrant {
  /** The app origin the proxy talks to (its only parent). */
  host: string;
  /** The run this proxy serves; its hostname is r-<run>.<sandbox>. */
  run: string;
  /** The effective CSP domains as the host decided them (JSON), or "" for the restrictive default. */
  csp: string;
  /** Expiry, ms since the epoch. */
  exp: number;
}

function mac(g: ProxyGrant): string {
  return createHmac("sha256", secret())
    .update(["academy-proxy-v1", g.host, g.run, g.csp, String(g.exp)].join("\n"))
    .digest("base64url");
}

/** Signs a proxy grant: the token a proxy URL must carry (CSP-3: the policy is the host's). */
export function signGrant(g: ProxyGrant): string {
  return mac(g);
}

/** True when `token` was issued by this process for exactly this grant and it has not expired. */
export function verifyGrant(g: ProxyGrant, token: string | null, now = Date.now()): boolean {
  if (!token || !Number.isFinite(g.exp) || g.exp < now) return false;
  const want = Buffer.from(mac(g));
  const got = Buffer.from(token);
  return want.length === got.length && timingSafeEqual(want, got);
}

/**
 * Tokens already spent, with their expiry, shared by every route bundle of this process (like the
 * secret). One run's proxy is loaded once; the spare proxy is loaded ahead once and then taken
 * as it is, never reloaded. So a second load of a signed URL is never the host's doing: it is a
 * view reloading its proxy, or someone replaying an address they saw.
 */
const SPENT = Symbol.for("academy.sandbox-spent-tokens");
function spentTokens(): Map<string, number> {
  const g = globalThis as unknown as Record<symbol, Map<string, number> | undefined>;
  return (g[SPENT] ??= new Map());
}

/**
 * Marks a verified token as used and says whether this was its first use. A proxy URL serves one
 * load (SBX-3: the host sends the view's HTML once, to the proxy document it loaded for the run),
 * so a replay is refused rather than caught afterwards. Entries are dropped once their token has
 * expired, since an expired token fails verifyGrant anyway; so memory holds about the tokens
 * issued in the last TOKEN_LIFETIME_MS, which the token route's rate limit bounds.
 */
export function spendToken(token: string, exp: number, now = Date.now()): boolean {
  const spent = spentTokens();
  // Prune from the front: a Map keeps insertion order, and tokens are spent soon after they are
  // issued with a fixed lifetime, so the oldest entries expire first. Stopping at the first live
  // entry visits each expired token about once: O(1) amortized per load, where a full pass over
  // every unexpired token ran on each load once 256 were held. An expired entry stuck behind a
  // live one waits a little longer; it fails verifyGrant anyway.
  for (const [t, e] of spent) {
    if (e >= now) break;
    spent.delete(t);
  }
  if (spent.has(token)) return false;
  spent.set(token, exp);
  return true;
}

/**
 * How many proxy tokens this process mints: a bucket of MINT_BURST that refills MINT_PER_SECOND.
 * A page mints one per run and one per spare proxy, a few a second at the most; a client that
 * fakes the Origin header (only browsers cannot) could otherwise mint without end, and every
 * minted token that is spent is held until it expires.
 */
export const MINT_BURST = 300;
export const MINT_PER_SECOND = 20;
const MINT = Symbol.for("academy.sandbox-mint-bucket");

/** Takes one token from the mint bucket: 0 when allowed, else the seconds until one is free. */
export function takeMintAllowance(now = Date.now()): number {
  const g = globalThis as unknown as Record<symbol, { level: number; at: number } | undefined>;
  const bucket = (g[MINT] ??= { level: MINT_BURST, at: now });
  bucket.level = Math.min(MINT_BURST, bucket.level + ((now - bucket.at) / 1000) * MINT_PER_SECOND);
  bucket.at = now;
  if (bucket.level >= 1) {
    bucket.level -= 1;
    return 0;
  }
  return Math.ceil((1 - bucket.level) / MINT_PER_SECOND);
}

/** The CSP every other response on a sandbox hostname carries: nothing may load or frame it. */
export const SANDBOX_DEFAULT_CSP = "default-src 'none'; frame-ancestors 'none'";
